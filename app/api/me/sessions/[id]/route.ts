import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, okSchema, rowIdSchema } from '@/lib/api/schemas';
import { revokeSession } from '@/lib/data/sessions';

export const dynamic = 'force-dynamic';

/**
 * DELETE /api/me/sessions/{id}: ends one of the logged-in user's sessions (another device).
 * 200 `{ ok: true }`; 404 when the id is not one of the user's sessions; 401 / 403 as for writes.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/sessions/{id}',
  summary: "Ends one of the caller's sessions",
  tags: ['accounts'],
  auth: 'member',
  params: z.object({ id: rowIdSchema }),
  responses: { 200: jsonResponse('Ended', okSchema) },
  handler: async ({ actor, params }) => {
    await revokeSession(actor, params.id);
    return { ok: true };
  },
});
