import { getLabel } from '@/lib/data/labels';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels/{public_id}: one label with its release count and label groups (LabelDetail);
 * its releases are `GET /api/releases?label={public_id}`.
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/labels.ts getLabel.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getLabel(publicId));
});
