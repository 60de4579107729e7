import { requireWriter } from '@/lib/auth/request';
import { revokeSession } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { json, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * DELETE /api/me/sessions/{id}: ends one of the logged-in user's sessions (another device).
 * 200 `{ ok: true }`; 404 when the id is not one of the user's sessions; 401 / 403 as for writes.
 */
export const DELETE = withApiErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const actor = await requireWriter(request);
  const id = Number((await context.params).id);
  if (!Number.isSafeInteger(id) || id < 1) return notFound();
  return (await revokeSession(actor, id)) ? json({ ok: true }) : notFound();
});
