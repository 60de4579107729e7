import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { getCollection, setCollectionDeleted, updateCollection } from '@/lib/data/collections';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, json, jsonBody, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string }> };

/**
 * GET /api/collections/{public_id}: one collection (CollectionDto); 404 when it does not exist or
 * is private or deleted and not the caller's. Data: lib/data/collections.ts getCollection.
 */
export const GET = withApiErrors(async (request: Request, context: Context) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getCollection(await actorFromRequest(request), publicId));
});

/**
 * PATCH /api/collections/{public_id}: saves the caller's collection (`name`, `description`,
 * `visibility`, `style`, `shortcut_default`, `picture` from GET …/pictures or '' for automatic;
 * `category` may only repeat the current one). 200 CollectionDto; 400 `{ error, fields }`
 * (categoryLocked, nothingToUpdate, shortcutTaken, …); 404 for another user's collection.
 */
export const PATCH = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const r = await updateCollection(actor, publicId, (await jsonBody(request)) as Parameters<typeof updateCollection>[2]);
  if (!r.ok && r.errors._form === 'notFound') return notFound();
  return r.ok ? json(r.collection) : json({ error: 'invalid', fields: r.errors }, 400);
});

/**
 * DELETE /api/collections/{public_id}: moves the caller's collection to the trash (undo with POST
 * …/restore). 200 `{ ok: true }`; 404 for another user's, an unknown or an already deleted one.
 */
export const DELETE = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return (await setCollectionDeleted(actor, publicId, true)) ? json({ ok: true }) : notFound();
});
