import { getUser } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/{public_id}: one user's public fields (PublicUser); 404 `{ "error": "404 not
 * found" }` for an unknown id. Data: lib/data/users.ts getUser.
 */
export const GET = withApiErrors(async (_request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await getUser(publicId));
});
