import { requireWriter } from '@/lib/auth/request';
import { revokeApiToken } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { json, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/** DELETE /api/me/tokens/{id}: revokes one of the logged-in user's API tokens. 200 `{ ok: true }`; 404 when not theirs. */
export const DELETE = withApiErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const actor = await requireWriter(request);
  const id = Number((await context.params).id);
  if (!Number.isSafeInteger(id) || id < 1) return notFound();
  return (await revokeApiToken(actor, id)) ? json({ ok: true }) : notFound();
});
