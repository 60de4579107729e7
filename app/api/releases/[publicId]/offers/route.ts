import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { OFFERS_SHOWN, releaseOffers } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases/{public_id}/offers: the members' offers of a release, the entries of public
 * for-sale (style 5) and for-trade (style 7) lists: `{ items: [{ style, price, currency,
 * condition, comment, added_at, collection: { public_id, name }, owner: { public_id, name } }],
 * for_sale, for_trade }` (price a decimal string in `currency`), for sale cheapest first in
 * euros, then for trade newest first, at most 48 of each; `for_sale` and `for_trade` count them
 * all. 404 for an unknown release. Data: lib/data/collections.ts releaseOffers.
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
      `At most ${OFFERS_SHOWN} offers of each kind, and the number of each`,
      z.object({
        items: z.array(z.looseObject({}).meta({ description: 'ReleaseOffer (see lib/data)' })),
        for_sale: z.number().int(),
        for_trade: z.number().int(),
      }),
    ),
  },
  handler: async ({ params }) => releaseOffers(params.publicId),
});
