import { actorFromRequest } from '@/lib/auth/request';
import { pictureChoices } from '@/lib/data/collections';
import { AppError, withApiErrors } from '@/lib/errors';
import { isPublicId, json, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/pictures: the pictures the caller's collection may show
 * (distinct pictures of its 30 newest entries): `{ items: string[] }`. 401 without a session;
 * an unknown or another user's collection gives an empty list.
 */
export const GET = withApiErrors(async (request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return json({ items: await pictureChoices(actor, publicId) });
});
