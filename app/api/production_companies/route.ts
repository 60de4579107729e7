import { listProductionCompanies } from '@/lib/data/companies';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, simpleListQuery } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/production_companies: one page of production companies by name with movie counts.
 * Query: `q`, `cursor`, `limit` 1-100 (default 48). 200 `{ items: CompanyListItem[], next_cursor }`;
 * 400 `{ error }`. Data source: lib/data/companies.ts listProductionCompanies.
 */
export const GET = route({
  method: 'GET',
  path: '/api/production_companies',
  summary: 'Production companies by name with movie counts',
  tags: ['catalogue'],
  auth: 'public',
  query: simpleListQuery(48),
  responses: { 200: jsonResponse('A page of CompanyListItem', pageOf('CompanyListItem')) },
  handler: async ({ query }) => listProductionCompanies({ q: query.q }, { cursor: query.cursor, limit: query.limit }),
});
