import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, okSchema, rowIdSchema } from '@/lib/api/schemas';
import { revokeApiToken } from '@/lib/data/api-tokens';

export const dynamic = 'force-dynamic';

/** DELETE /api/me/tokens/{id}: revokes one of the logged-in user's API tokens. 200 `{ ok: true }`; 404 when not theirs. */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/tokens/{id}',
  summary: "Revokes one of the caller's API tokens",
  tags: ['accounts'],
  auth: 'member',
  params: z.object({ id: rowIdSchema }),
  responses: { 200: jsonResponse('Revoked', okSchema) },
  handler: async ({ actor, params }) => {
    await revokeApiToken(actor, params.id);
    return { ok: true };
  },
});
