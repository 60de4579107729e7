import { getPerson } from '@/lib/data/persons';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/persons/{public_id}: one person with credits
 * (`[{ role, character, title: { public_id, source_id, name, year } }]`; PersonDetail).
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/persons.ts getPerson.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getPerson(publicId));
});
