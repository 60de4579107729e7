import { z } from 'zod';
import { searchAll } from '@/lib/data/search';
import { route } from '@/lib/api/route';
import { closeMatchSchema, creditsMatchSchema, dto, errorSchema, jsonResponse, listQueryText } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/search?q=: the grouped result of the search dialog (SearchResult): up to 8 movies/TV
 * titles, releases, labels and persons, up to 8 reviews holding every word, `complex: true` when the query matched
 * more than SEARCH_CANDIDATE_LIMIT candidates ('Complex search warning'), and `close` (CloseMatch
 * `{ q, words }`, else null) when the words found few results and the groups include close
 * spelling matches (lib/data/search-words.ts), and `credits` (CreditsMatch `{ persons, title_words }`,
 * else null) when the words found no title and no person and the movies and releases were found
 * through cast and crew (lib/data/search-credits.ts).
 * `q` syntax: `Title (year)`, `(year)`, `Alien [4k]` (lib/search-query.ts).
 * 400 `{ error }` when q is missing, empty or longer than 200 characters.
 * Data source: lib/data/search.ts searchAll.
 */
export const GET = route({
  method: 'GET',
  path: '/api/search',
  summary: "The search dialog's grouped result: up to 8 per group",
  tags: ['catalogue'],
  auth: 'public',
  query: z.object({ q: listQueryText.pipe(z.string({ error: 'missing_query' })) }),
  responses: {
    200: jsonResponse(
      'SearchResult: { q, movies, releases, reviews, labels, persons, complex, close, credits }',
      dto('SearchResult').extend({ close: closeMatchSchema.nullable(), credits: creditsMatchSchema.nullable() }),
    ),
    400: jsonResponse('q missing, empty or too long', errorSchema),
  },
  handler: async ({ query }) => searchAll(query.q),
});
