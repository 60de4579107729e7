import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdSchema } from '@/lib/api/schemas';
import { getImportJob } from '@/lib/data/collection-import';

export const dynamic = 'force-dynamic';

/** The answer: lib/data/collection-import.ts ImportJob. */
const importJobSchema = z.object({
  public_id: z.string(),
  file_name: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rows_done: z.number().int().meta({ description: 'Rows matched so far' }),
  rows_total: z.number().int().meta({ description: 'Rows of the file, unreadable ones included' }),
  error: z
    .enum(['interrupted', 'collectionGone', 'unexpected'])
    .nullable()
    .meta({ description: 'Why a failed job failed; null otherwise' }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  counts: z.looseObject({}).nullable().meta({
    description: 'ImportCounts once the job is done (rows, matched, added, already, ambiguous, …), else null',
  }),
});

/**
 * GET /api/collections/{public_id}/imports/{import_id}/progress: where one of the caller's import
 * jobs is, small enough to poll every second: `{ public_id, file_name, status (queued | running |
 * done | failed), rows_done, rows_total, error (interrupted | collectionGone | unexpected | null),
 * created_at, finished_at, counts (once done) }`. A job whose server process is gone (no heartbeat
 * for a minute) is answered failed, 'interrupted'. 401 for a visitor; 404 for anyone else's
 * import or another collection's. Data: lib/data/collection-import.ts getImportJob.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/imports/{importId}/progress',
  summary: "The progress of one of the caller's import jobs",
  tags: ['collections'],
  auth: 'member',
  params: z.object({ publicId: publicIdSchema, importId: publicIdSchema }),
  responses: { 200: jsonResponse('ImportJob', importJobSchema) },
  handler: async ({ actor, params }) => getImportJob(actor, { collection: params.publicId, importId: params.importId }),
});
