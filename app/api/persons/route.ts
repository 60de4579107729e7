import { listPersons } from '@/lib/data/persons';
import { route } from '@/lib/api/route';
import { jsonResponse, searchPageOf, simpleListQuery } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/persons: one page of persons by name. Query: `q` (name words, case- and
 * accent-insensitive), `cursor`, `limit` 1-100 (default 48).
 * 200 `{ items: PersonListItem[], next_cursor, close? }` (`close`: CloseMatch when q's words found few
 * persons and close spellings were searched too); 400 `{ error }` for a bad parameter.
 * Data source: lib/data/persons.ts listPersons.
 */
export const GET = route({
  method: 'GET',
  path: '/api/persons',
  summary: 'Persons by name',
  tags: ['catalogue'],
  auth: 'public',
  query: simpleListQuery(48),
  responses: {
    200: jsonResponse(
      'A page of PersonListItem; close: close spelling matches were searched too',
      searchPageOf('PersonListItem'),
    ),
  },
  handler: async ({ query }) => listPersons({ q: query.q }, { cursor: query.cursor, limit: query.limit }),
});
