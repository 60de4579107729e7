/**
 * The toggle endpoints of movies (`/api/titles/{id}/toggles`) and releases
 * (`/api/releases/{id}/toggles`), one implementation for both. Data: lib/data/toggles.ts.
 */
import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { isToggleKind, setToggle, toggleState, togglesFor, type ToggleItem } from '@/lib/data/toggles';
import { AppError, badParam, withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, json, jsonBody, notFound } from './http';

type Context = { params: Promise<{ publicId: string }> };

/**
 * Route handlers for one item kind:
 * - GET: `{ counts: { kind: number }, mine: { kind: boolean } | null }` (`mine` null for
 *   visitors); kinds HAVE `have`, WANTED `wanted`, `like` on releases, `seen`, `want_see`, `like`
 *   on movies. 404 for an unknown id.
 * - POST `{ kind, on }` (session cookie from this site, or a Bearer API token): sets the toggle,
 *   200 `{ kind, on, count }`; 400 for an unknown kind, one of the other item kind or a non-boolean
 *   `on`; 401 `{ error: 'You must be logged in to use this feature' }` without a valid session;
 *   403 from another origin; 404 for an unknown id.
 */
export function toggleRoutes(item: ToggleItem) {
  return {
    GET: withApiErrors(async (request: Request, context: Context) => {
      const { publicId } = await context.params;
      if (!isPublicId(publicId)) return notFound();
      return itemOr404(await toggleState(await actorFromRequest(request), item, publicId));
    }),
    POST: withApiErrors(async (request: Request, context: Context) => {
      const actor = await requireWriter(request);
      const { publicId } = await context.params;
      if (!isPublicId(publicId)) return notFound();
      const body = await jsonBody(request);
      const kind = body.kind;
      if (!isToggleKind(kind) || !togglesFor(item).includes(kind)) throw badParam('kind', String(kind ?? ''));
      if (typeof body.on !== 'boolean') throw new AppError('bad_body');
      const r = await setToggle(actor, kind, item, publicId, body.on);
      if (!r.ok) return notFound();
      return json({ kind, on: r.on, count: r.count });
    }),
  };
}
