import { searchAll } from '@/lib/data/search';
import { AppError, withApiErrors } from '@/lib/errors';
import { json, listQueryText } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/search?q=: the grouped result of the search dialog (SearchResult): up to 8 movies/TV
 * titles, releases, labels and persons, `reviews: []`, and `complex: true` when the query matched
 * more than SEARCH_CANDIDATE_LIMIT candidates ('Complex search warning').
 * `q` syntax: `Title (year)`, `(year)`, `Alien [4k]` (lib/search-query.ts).
 * 400 `{ error }` when q is missing, empty or longer than 200 characters.
 * Data source: lib/data/search.ts searchAll.
 */
export const GET = withApiErrors(async (request: Request) => {
  const q = listQueryText(new URL(request.url).searchParams);
  if (!q) throw new AppError('missing_query');
  return json(await searchAll(q));
});
