import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { addEntry, COLLECTION_PAGE_SIZE, listEntries } from '@/lib/data/collections';
import { AppError, withApiErrors } from '@/lib/errors';
import { parsePaging } from '@/lib/validation/listing';
import { bodyText, isPublicId, itemOr404, json, jsonBody, notFound } from '../../../_lib/http';
import { revalidateEntryItem } from '../../../_lib/entries';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string }> };

/**
 * GET /api/collections/{public_id}/entries: one page of the collection's entries, newest first
 * (`cursor`, `limit` 1-100, default 48): `{ items: CollectionEntryDto[], next_cursor }`. 404 when
 * the caller may not see the collection. Data: lib/data/collections.ts listEntries.
 */
export const GET = withApiErrors(async (request: Request, context: Context) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const { cursor, limit } = parsePaging(new URL(request.url).searchParams, COLLECTION_PAGE_SIZE);
  return itemOr404(await listEntries(await actorFromRequest(request), publicId, cursor, limit));
});

/**
 * POST /api/collections/{public_id}/entries: adds `{ movie: public_id }` or `{ release: public_id }`
 * to the caller's collection with the entry fields `comment`, `comment_language`, `price` (2
 * decimals), `currency` (EUR, GBP, USD, SEK), `condition` (1-6), `acquired_on` (YYYY-MM-DD),
 * `watched_method`. 200 CollectionEntryDto; 400 `{ error, fields }` (`_form`: categoryMismatchMovies,
 * categoryMismatchReleases, alreadyInCollection; field keys); 404 for another user's collection or
 * an unknown item; 401 / 403 as every write.
 */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const body = await jsonBody(request);
  const movie = bodyText(body, 'movie');
  const release = bodyText(body, 'release');
  if (!!movie === !!release || !isPublicId(movie || release)) throw new AppError('bad_body');
  const r = await addEntry(actor, publicId, { type: movie ? 'movie' : 'release', publicId: movie || release }, body as Parameters<typeof addEntry>[3]);
  if (!r.ok && r.errors._form === 'notFound') return notFound();
  if (r.ok) revalidateEntryItem(r.entry);
  return r.ok ? json(r.entry) : json({ error: 'invalid', fields: r.errors }, 400);
});
