import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdSchema } from '@/lib/api/schemas';
import { getImportReport } from '@/lib/data/collection-import';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/imports/{import_id}: the stored report of one of the caller's
 * imports into that collection (lib/data/collection-import.ts ImportReport). 401 for a visitor;
 * 404 for anyone else's import or another collection's.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/imports/{importId}',
  summary: "The stored report of one of the caller's imports",
  tags: ['collections'],
  auth: 'member',
  params: z.object({ publicId: publicIdSchema, importId: publicIdSchema }),
  responses: { 200: jsonResponse('ImportReport') },
  handler: async ({ actor, params }) =>
    getImportReport(actor, { collection: params.publicId, importId: params.importId }),
});
