import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, json, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/production_companies/{public_id}: one company (CompanyListItem) with the first page of
 * its titles, newest first: `{ ...company, titles: { items: TitleListItem[], next_cursor } }`.
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/companies.ts.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const company = await getProductionCompany(publicId);
  if (!company) return notFound();
  const titles = await listCompanyTitles(publicId, null, 24);
  return json({ ...company, titles });
});
