import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import { route } from '@/lib/api/route';
import { dto, jsonResponse, pageOf, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/production_companies/{public_id}: one company (CompanyListItem) with the first page of
 * its titles, newest first: `{ ...company, titles: { items: TitleListItem[], next_cursor } }`.
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/companies.ts.
 */
export const GET = route({
  method: 'GET',
  path: '/api/production_companies/{publicId}',
  summary: 'One production company with the first page of its titles',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: {
    200: jsonResponse(
      'CompanyListItem with titles',
      dto('CompanyListItem').extend({ titles: pageOf('TitleListItem') }),
    ),
  },
  handler: async ({ params }) => {
    const company = await getProductionCompany(params.publicId);
    if (!company) return null;
    const titles = await listCompanyTitles(params.publicId, { cursor: null, limit: 24 });
    return { ...company, titles };
  },
});
