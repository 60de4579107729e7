/**
 * The toggle endpoints of movies (`/api/titles/{id}/toggles`), releases
 * (`/api/releases/{id}/toggles`), posts (`/api/posts/{id}/toggles`), comments
 * (`/api/comments/{id}/toggles`) and reviews (`/api/reviews/{id}/toggles`), one implementation for
 * all (reviews, posts and comments have the like toggle only). Data: lib/data/toggles.ts.
 */
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { setToggle, toggleState } from '@/lib/data/toggles';
import { isToggleKind, togglesFor, type LikeItem, type ToggleKind } from '@/lib/validation/toggles';
import { AppError, badParam } from '@/lib/errors';

/** The path segment of each item kind. */
const TOGGLE_PATHS: Record<LikeItem, string> = {
  movie: 'titles',
  release: 'releases',
  review: 'reviews',
  post: 'posts',
  comment: 'comments',
};

/**
 * Route handlers for one item kind:
 * - GET: `{ counts: { kind: number }, mine: { kind: boolean } | null }` (`mine` null for
 *   visitors); kinds HAVE `have`, WANTED `wanted`, `like` on releases, `seen`, `want_see`, `like`
 *   on movies. 404 for an unknown id.
 * - POST `{ kind, on }` (session cookie from this site, or a Bearer API token): sets the toggle,
 *   200 `{ kind, on, count }`; 400 for an unknown kind, one of the other item kind or a non-boolean
 *   `on`; 401 `{ error: 'You must be logged in to use this feature' }` without a valid session;
 *   403 from another origin or for a like of one's own review, post or comment; 404 for an unknown id.
 */
export function toggleRoutes(item: LikeItem) {
  const kinds = togglesFor(item);
  const path = `/api/${TOGGLE_PATHS[item]}/{publicId}/toggles`;
  const counts = z.record(z.string(), z.number());
  // Checked by the handler in this order: an unknown kind is a bad parameter `kind` (naming the
  // value), then a non-boolean `on` a bad body.
  const body = z.object({
    kind: z
      .unknown()
      .optional()
      .meta({ description: `One of: ${kinds.join(', ')}`, override: { type: 'string', enum: [...kinds] } }),
    on: z
      .unknown()
      .optional()
      .meta({ override: { type: 'boolean' } }),
  });
  return {
    GET: route({
      method: 'GET',
      path,
      summary: `Toggle counts of a ${item} and the caller's own toggles`,
      tags: ['toggles'],
      auth: 'public',
      params: publicIdParams,
      responses: {
        200: jsonResponse(
          'Counts, and mine (null for visitors)',
          z.object({ counts, mine: z.record(z.string(), z.boolean()).nullable() }),
        ),
      },
      handler: async ({ params, viewer }) => toggleState(await viewer(), { item, publicId: params.publicId }),
    }),
    POST: route({
      method: 'POST',
      path,
      summary: `Sets one of the caller's toggles of a ${item}`,
      description:
        'Limits per member: HAVE / WANTED / seen / want to see 60 a minute and 600 an hour, likes 30 a minute and ' +
        '300 an hour; past them 429 `action_limited` with Retry-After.',
      tags: ['toggles'],
      auth: 'member',
      params: publicIdParams,
      body,
      responses: {
        200: jsonResponse(
          'The toggle and its new count',
          z.object({ kind: z.string(), on: z.boolean(), count: z.number() }),
        ),
        429: jsonResponse('Toggle or like limit'),
      },
      handler: async ({ actor, params, body }) => {
        const kind: unknown = body.kind;
        if (!isToggleKind(kind) || !kinds.includes(kind as ToggleKind)) throw badParam('kind', String(kind ?? ''));
        if (typeof body.on !== 'boolean') throw new AppError('bad_body');
        const r = await setToggle(actor, { kind, item, publicId: params.publicId, on: body.on });
        return { kind, on: r.on, count: r.count };
      },
    }),
  };
}
