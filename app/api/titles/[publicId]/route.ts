import { getTitle } from '@/lib/data/movies';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/titles/{public_id}: one title with cast/crew, releases (all formats), connections,
 * production companies, censorship events, pictures, videos and buying links (TitleDetail).
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/movies.ts getTitle.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getTitle(publicId));
});
