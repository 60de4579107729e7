import { listTitles } from '@/lib/data/movies';
import { withApiErrors } from '@/lib/errors';
import { parsePaging, parseTitleListParams } from '@/lib/validation/listing';
import { badRequest, json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/titles: one page of movies and TV titles.
 * Query: the listing parameters (fo, co, fi, so, pc, la, q, cd, dr, dn, pr; lib/validation/listing.ts),
 * `cursor` (next_cursor of the previous page), `limit` 1-100 (default 24). `q` accepts `Title (year)` and `(year)`.
 * 200 `{ items: TitleListItem[], next_cursor: string | null }`; 400 `{ error }` for any bad parameter.
 * Data source: lib/data/movies.ts listTitles.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const parsed = parseTitleListParams(params, 'api');
  if (!parsed.ok) return badRequest(parsed.error);
  const { cursor, limit } = parsePaging(params, 24);
  return json(await listTitles(parsed.query, cursor, limit));
});
