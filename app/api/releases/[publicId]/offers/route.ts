import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { OFFERS_SHOWN, releaseOffers } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases/{public_id}/offers: the members' offers of a release, the entries of public
 * for-sale (style 5) and for-trade (style 7) lists: `{ items: [{ style, price, currency,
 * condition, comment, added_at, collection: { public_id, name }, owner: { public_id, name } }] }`
 * (price a decimal string in `currency`), for sale cheapest first in euros, then for trade newest
 * first, at most 48. 404 for an unknown release. Data: lib/data/collections.ts releaseOffers.
 */
export const GET = route({
  method: 'GET',
  path: '/api/releases/{publicId}/offers',
  summary: "The members' offers of a release (for sale, for trade)",
  tags: ['collections'],
  auth: 'public',
  params: publicIdParams,
  responses: {
    200: jsonResponse(
      `At most ${OFFERS_SHOWN} offers`,
      z.object({ items: z.array(z.looseObject({}).meta({ description: 'ReleaseOffer (see lib/data)' })) }),
    ),
  },
  handler: async ({ params }) => {
    const items = await releaseOffers(params.publicId);
    return items ? { items } : null;
  },
});
