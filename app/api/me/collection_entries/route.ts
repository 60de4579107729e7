import { requireWriter } from '@/lib/auth/request';
import { addEntry, createCollection, getCollection } from '@/lib/data/collections';
import { AppError, withApiErrors } from '@/lib/errors';
import { bodyText, isPublicId, json, jsonBody, notFound } from '../../_lib/http';
import { revalidateEntryItem } from '../../_lib/entries';

export const dynamic = 'force-dynamic';

/**
 * POST /api/me/collection_entries: the add-to-collection dialog's submit. Body: `{ movie } | {
 * release }` (public id), `collection` (one of the caller's collection public ids, or `new` with
 * `new_name`: a new public collection of the item's kind is created first), and the entry fields
 * of POST /api/collections/{id}/entries. 200 `{ collection: { public_id, name, style }, entry }`; 400
 * `{ error, fields }` (`collection: required`, `new_name` errors of the collection form, entry
 * errors, `_form` categoryMismatch…/alreadyInCollection); 404 for an unknown item or another
 * user's collection; 401 / 403 as every write.
 */
export const POST = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const body = await jsonBody(request);
  const movie = bodyText(body, 'movie');
  const release = bodyText(body, 'release');
  if (!!movie === !!release || !isPublicId(movie || release)) throw new AppError('bad_body');
  const item = { type: movie ? ('movie' as const) : ('release' as const), publicId: movie || release };
  let collection = bodyText(body, 'collection');
  if (!collection) return json({ error: 'invalid', fields: { collection: 'required' } }, 400);
  if (collection === 'new') {
    const created = await createCollection(actor, { name: bodyText(body, 'new_name'), category: movie ? 'movies' : 'releases' });
    if (!created.ok) return json({ error: 'invalid', fields: created.errors.name ? { new_name: created.errors.name } : created.errors }, 400);
    collection = created.collection.public_id;
  } else if (!isPublicId(collection)) return notFound();
  const r = await addEntry(actor, collection, item, body as Parameters<typeof addEntry>[3]);
  if (!r.ok && r.errors._form === 'notFound') return notFound();
  if (!r.ok) return json({ error: 'invalid', fields: r.errors }, 400);
  revalidateEntryItem(r.entry);
  const c = await getCollection(actor, collection);
  return json({ collection: { public_id: collection, name: c?.name ?? '', style: c?.style ?? 1 }, entry: r.entry });
});
