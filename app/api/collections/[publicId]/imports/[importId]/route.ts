import { z } from 'zod';
import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, publicIdSchema } from '@/lib/api/schemas';
import { getImportJob, getImportReport } from '@/lib/data/collection-import';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/imports/{import_id}: the stored report of one of the caller's
 * imports into that collection (lib/data/collection-import.ts ImportReport), once its job is
 * done. 409 `{ error }` while the job is queued or running, or when it failed (its progress,
 * GET …/progress, says which); 401 for a visitor; 404 for anyone else's import or another
 * collection's.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/imports/{importId}',
  summary: "The stored report of one of the caller's imports",
  tags: ['collections'],
  auth: 'member',
  params: z.object({ publicId: publicIdSchema, importId: publicIdSchema }),
  responses: {
    200: jsonResponse('ImportReport'),
    409: jsonResponse('The import is still running, or it failed', errorSchema),
  },
  handler: async ({ actor, params }) => {
    const ref = { collection: params.publicId, importId: params.importId };
    const job = await getImportJob(actor, ref);
    if (!job) return null;
    if (job.status !== 'done') throw new AppError('import_not_done');
    return getImportReport(actor, ref);
  },
});
