import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { WANTED_OFFERS_SHOWN, wantedOffers } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/wanted_offers: the releases of the caller's wanted lists that other members offer
 * in public for-sale or for-trade lists: `{ items: [{ release: { public_id, name, format },
 * offers, for_sale, cheapest_eur }] }` (`cheapest_eur` a decimal string in euros at the value
 * rates, null when no offer has a price), the most recently offered first, at most 48. 401
 * without a session. Data: lib/data/collections.ts wantedOffers.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/wanted_offers',
  summary: "The caller's wanted releases that members offer",
  tags: ['collections'],
  auth: 'member',
  responses: {
    200: jsonResponse(
      `At most ${WANTED_OFFERS_SHOWN} releases`,
      z.object({ items: z.array(z.looseObject({}).meta({ description: 'WantedOffer (see lib/data)' })) }),
    ),
  },
  handler: async ({ actor }) => ({ items: await wantedOffers(actor) }),
});
