import { getRelease } from '@/lib/data/releases';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases/{public_id}: one approved release with every field, its movies, label,
 * censorship events, pictures, videos and buying links (ReleaseDetail; durations in seconds).
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/releases.ts getRelease.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getRelease(publicId));
});
