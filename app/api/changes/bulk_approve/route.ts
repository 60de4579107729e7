import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { approveChangeRequests } from '@/lib/data/change-requests';
import { bulkApproveSchema } from '@/lib/validation/changes';

export const dynamic = 'force-dynamic';

/**
 * POST /api/changes/bulk_approve (admins): `{ ids: [public id, …] }` (1-200), each approved in
 * its own transaction; one that cannot be (a conflict, no longer pending) is reported and the rest
 * go on. 200 `{ results: [{ public_id, ok, error }] }`. Data: approveChangeRequests.
 */
export const POST = route({
  method: 'POST',
  path: '/api/changes/bulk_approve',
  summary: 'Approves several change requests (admins)',
  tags: ['changes'],
  auth: 'admin',
  body: bulkApproveSchema,
  responses: {
    200: jsonResponse(
      'Per request: approved or the error code',
      z.object({
        results: z.array(z.object({ public_id: z.string(), ok: z.boolean(), error: z.string().nullable() })),
      }),
    ),
  },
  handler: async ({ actor, body }) => ({ results: await approveChangeRequests(actor, body.ids) }),
});
