import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { collectionsForItem } from '@/lib/data/collections';
import { isPublicId } from '@/lib/validation/listing';

export const dynamic = 'force-dynamic';

/** Exactly one of `movie` / `release`, a public id; else a bad parameter named after the one given (`release` when none). */
const itemQuery = z
  .object({
    movie: z.string().optional().meta({ description: 'Movie public id (or give release)' }),
    release: z.string().optional().meta({ description: 'Release public id (or give movie)' }),
  })
  .transform((v, ctx) => {
    const id = v.movie ?? v.release;
    if ((v.movie === undefined) === (v.release === undefined) || !id || !isPublicId(id)) {
      ctx.addIssue({ code: 'custom', path: [v.movie === undefined ? 'release' : 'movie'], message: 'bad_param' });
      return z.NEVER;
    }
    return { type: v.movie ? ('movie' as const) : ('release' as const), publicId: id };
  });

/**
 * GET /api/me/collections?movie={public_id} (or `release=`): the caller's live collections that can
 * take that item, each with `has_item` (the add-to-collection dialog's choices):
 * `{ items: { public_id, name, style, has_item }[] }`. 400 without exactly one valid item; 401
 * without a session. Data: lib/data/collections.ts collectionsForItem.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/collections',
  summary: "The caller's collections that can take a movie or release, with has_item",
  tags: ['collections'],
  auth: 'member',
  query: itemQuery,
  responses: {
    200: jsonResponse(
      'Choices',
      z.object({
        items: z.array(z.object({ public_id: z.string(), name: z.string(), style: z.number(), has_item: z.boolean() })),
      }),
    ),
  },
  handler: async ({ actor, query }) => ({ items: await collectionsForItem(actor, query) }),
});
