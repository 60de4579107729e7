import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { COLLECTION_PAGE_SIZE, createCollection, listCollections } from '@/lib/data/collections';
import { badParam, withApiErrors } from '@/lib/errors';
import { COLLECTION_CATEGORIES, type CollectionCategory } from '@/lib/validation/collections';
import { parsePaging } from '@/lib/validation/listing';
import { isPublicId, json, jsonBody } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections: one page of collections, newest first: public ones, and the caller's own
 * private ones (without `user`, only collections with entries). Query: `user` (a user public id: that user's collections), `category` (`movies` or
 * `releases`), `deleted=1` (the caller's own deleted collections), `cursor`, `limit` 1-100
 * (default 48). 200 `{ items: CollectionDto[], next_cursor }`; 400 `{ error }` for a bad parameter.
 * Data: lib/data/collections.ts listCollections.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const user = params.get('user');
  if (user !== null && !isPublicId(user)) throw badParam('user', user.slice(0, 40));
  const category = params.get('category');
  if (category !== null && !(COLLECTION_CATEGORIES as readonly string[]).includes(category)) throw badParam('category', category.slice(0, 40));
  const deleted = params.get('deleted');
  if (deleted !== null && deleted !== '1' && deleted !== '0') throw badParam('deleted', deleted.slice(0, 40));
  const { cursor, limit } = parsePaging(params, COLLECTION_PAGE_SIZE);
  const viewer = await actorFromRequest(request);
  return json(await listCollections({ owner: user, category: category as CollectionCategory | null, deleted: deleted === '1' }, viewer, cursor, limit));
});

/**
 * POST /api/collections: creates a collection of the caller: `{ name, description, visibility
 * ('public'|'private'), category ('movies'|'releases', fixed afterwards), style (1-7),
 * shortcut_default }`. 200 CollectionDto; 400 `{ error, fields }` (message keys of `forms`:
 * required, maxLength, invalid, shortcutInvalid, shortcutTaken); 401 without a session; 403 from
 * another origin. Data: lib/data/collections.ts createCollection.
 */
export const POST = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const r = await createCollection(actor, (await jsonBody(request)) as Parameters<typeof createCollection>[1]);
  return r.ok ? json(r.collection) : json({ error: 'invalid', fields: r.errors }, 400);
});
