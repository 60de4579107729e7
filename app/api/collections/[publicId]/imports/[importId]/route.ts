import { actorFromRequest } from '@/lib/auth/request';
import { getImportReport } from '@/lib/data/collection-import';
import { AppError, withApiErrors } from '@/lib/errors';
import { isPublicId, json, notFound } from '../../../../_lib/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string; importId: string }> };

/**
 * GET /api/collections/{public_id}/imports/{import_id}: the stored report of one of the caller's
 * imports into that collection (lib/data/collection-import.ts ImportReport). 401 for a visitor;
 * 404 for anyone else's import or another collection's.
 */
export const GET = withApiErrors(async (request: Request, context: Context) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  const { publicId, importId } = await context.params;
  if (!isPublicId(publicId) || !isPublicId(importId)) return notFound();
  const report = await getImportReport(actor, publicId, importId);
  return report ? json(report) : notFound();
});
