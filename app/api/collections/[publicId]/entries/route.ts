import { z } from 'zod';
import { route } from '@/lib/api/route';
import {
  invalidResponseDoc,
  itemRefSchema,
  jsonResponse,
  listQueryText,
  pageOf,
  pagingQuery,
  publicIdParams,
} from '@/lib/api/schemas';
import { addEntry, COLLECTION_PAGE_SIZE, ENTRY_SORTS, listEntries } from '@/lib/data/collections';
import { entrySchema } from '@/lib/validation/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/entries: one page of the collection's entries (`cursor`,
 * `limit` 1-100, default 48): `{ items: CollectionEntryDto[], next_cursor }`; `q` keeps the
 * entries whose movie or release matches (the catalogue's search syntax: words, `(year)`,
 * `[format]`), `so` orders them: `added` (newest first, default), `name`, `acquired` (the
 * entry's date, newest first, undated last). 400 for another `so` or a cursor of another order; 404 when the caller may
 * not see the collection. Data: lib/data/collections.ts listEntries.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/entries',
  summary: "The collection's entries, newest first or by name or the entry's date, optionally searched",
  tags: ['collections'],
  auth: 'public',
  params: publicIdParams,
  query: z.object({
    q: listQueryText,
    so: z
      .enum(ENTRY_SORTS)
      .optional()
      .meta({ description: 'Order: added (default), name, acquired, price (highest first, in euros)' }),
    ...pagingQuery(COLLECTION_PAGE_SIZE),
  }),
  responses: { 200: jsonResponse('A page of CollectionEntryDto', pageOf('CollectionEntryDto')) },
  handler: async ({ params, query, viewer }) =>
    listEntries(await viewer(), {
      publicId: params.publicId,
      q: query.q,
      so: query.so,
      cursor: query.cursor,
      limit: query.limit,
    }),
});

/**
 * POST /api/collections/{public_id}/entries: adds `{ movie: public_id }` or `{ release: public_id }`
 * to the caller's collection with the entry fields `comment`, `comment_language`, `price` (2
 * decimals), `currency` (EUR, GBP, USD, SEK), `condition` (1-6), `acquired_on` (YYYY-MM-DD),
 * `watched_method`. 200 CollectionEntryDto; 400 `{ error, fields }` (`_form`: categoryMismatchMovies,
 * categoryMismatchReleases, alreadyInCollection; field keys); 404 for another user's collection or
 * an unknown item; 401 / 403 as every write.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/entries',
  summary: "Adds a movie or release to the caller's collection",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  body: z.intersection(itemRefSchema, entrySchema),
  responses: { 200: jsonResponse('CollectionEntryDto'), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => {
    const { item, ...entry } = body;
    const r = await addEntry(actor, { collection: params.publicId, item, ...entry });
    return r.ok ? r.entry : r;
  },
});
