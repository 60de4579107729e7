import { actorFromRequest } from '@/lib/auth/request';
import { collectionsForItem } from '@/lib/data/collections';
import { AppError, withApiErrors } from '@/lib/errors';
import { isPublicId, json } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/collections?movie={public_id} (or `release=`): the caller's live collections that can
 * take that item, each with `has_item` (the add-to-collection dialog's choices):
 * `{ items: { public_id, name, style, has_item }[] }`. 400 without exactly one valid item; 401
 * without a session. Data: lib/data/collections.ts collectionsForItem.
 */
export const GET = withApiErrors(async (request: Request) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  const params = new URL(request.url).searchParams;
  const movie = params.get('movie');
  const release = params.get('release');
  const id = movie ?? release;
  if ((movie === null) === (release === null) || !id || !isPublicId(id)) throw new AppError('bad_param', { name: movie === null ? 'release' : 'movie', value: String(id ?? '').slice(0, 40) });
  return json({ items: await collectionsForItem(actor, { type: movie ? 'movie' : 'release', publicId: id }) });
});
