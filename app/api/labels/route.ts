import { listLabels } from '@/lib/data/labels';
import { route } from '@/lib/api/route';
import { jsonResponse, searchPageOf, simpleListQuery } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels: one page of labels by name with release counts. Query: `q`, `cursor`,
 * `limit` 1-100 (default 48). 200 `{ items: LabelListItem[], next_cursor, close? }` (`close`: CloseMatch
 * when q's words found few labels and close spellings were searched too); 400 `{ error }`.
 * Data source: lib/data/labels.ts listLabels.
 */
export const GET = route({
  method: 'GET',
  path: '/api/labels',
  summary: 'Labels by name with release counts',
  tags: ['catalogue'],
  auth: 'public',
  query: simpleListQuery(48),
  responses: {
    200: jsonResponse(
      'A page of LabelListItem; close: close spelling matches were searched too',
      searchPageOf('LabelListItem'),
    ),
  },
  handler: async ({ query }) => listLabels({ q: query.q }, { cursor: query.cursor, limit: query.limit }),
});
