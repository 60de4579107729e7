import { listProductionCompanies } from '@/lib/data/companies';
import { withApiErrors } from '@/lib/errors';
import { parsePaging } from '@/lib/validation/listing';
import { json, listQueryText } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/production_companies: one page of production companies by name with movie counts.
 * Query: `q`, `cursor`, `limit` 1-100 (default 48). 200 `{ items: CompanyListItem[], next_cursor }`;
 * 400 `{ error }`. Data source: lib/data/companies.ts listProductionCompanies.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const q = listQueryText(params);
  const { cursor, limit } = parsePaging(params, 48);
  return json(await listProductionCompanies({ q }, cursor, limit));
});
