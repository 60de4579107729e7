import { z } from 'zod';
import { listTitles } from '@/lib/data/movies';
import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, listingQueryDoc, searchPageOf } from '@/lib/api/schemas';
import { parsePaging, parseTitleListParams } from '@/lib/validation/listing';
import { badRequest } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/titles: one page of movies and TV titles.
 * Query: the listing parameters (fo, co, fi, so, pc, la, q, cd, dr, dn, pr; lib/validation/listing.ts),
 * `cursor` (next_cursor of the previous page), `limit` 1-100 (default 24). `q` accepts `Title (year)` and `(year)`.
 * 200 `{ items: TitleListItem[], next_cursor: string | null, close? }` (`close`: CloseMatch when q's words found
 * few titles and close spellings were searched too); 400 `{ error }` for any bad parameter.
 * Data source: lib/data/movies.ts listTitles.
 */
export const GET = route({
  method: 'GET',
  path: '/api/titles',
  summary: 'Movies and TV titles',
  tags: ['catalogue'],
  auth: 'public',
  // Described here; parsed by lib/validation/listing.ts, which words each bad value's 400 itself.
  query: z.object({ ...listingQueryDoc }),
  responses: {
    200: jsonResponse(
      'A page of TitleListItem; close: close spelling matches were searched too',
      searchPageOf('TitleListItem'),
    ),
    400: jsonResponse('A bad parameter', errorSchema),
  },
  handler: async ({ searchParams }) => {
    const parsed = parseTitleListParams(searchParams, 'api');
    if (!parsed.ok) return badRequest(parsed.error);
    const { cursor, limit } = parsePaging(searchParams, 24);
    return listTitles(parsed.query, { cursor, limit });
  },
});
