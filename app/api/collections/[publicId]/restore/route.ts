import { requireWriter } from '@/lib/auth/request';
import { getCollection, setCollectionDeleted } from '@/lib/data/collections';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/collections/{public_id}/restore: takes the caller's collection out of the trash.
 * 200 CollectionDto; 404 for another user's, an unknown or a not deleted one.
 */
export const POST = withApiErrors(async (request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const actor = await requireWriter(request);
  const { publicId } = await context.params;
  if (!isPublicId(publicId) || !(await setCollectionDeleted(actor, publicId, false))) return notFound();
  return itemOr404(await getCollection(actor, publicId));
});
