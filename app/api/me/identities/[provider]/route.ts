import { requireWriter } from '@/lib/auth/request';
import { isSocialProvider, unlinkIdentity } from '@/lib/data/social';
import { withApiErrors } from '@/lib/errors';
import { json, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * DELETE /api/me/identities/{facebook|google}: unlinks that provider account from the logged-in
 * user. 200 `{ ok: true }`; 400 `{ error: 'invalid', fields: { _form: 'unlinkRefused' } }` when it
 * is not linked or is the account's only way to log in (no password, no other provider); 404 for
 * another provider name; 401 / 403 as every write. Data: lib/data/social.ts unlinkIdentity.
 */
export const DELETE = withApiErrors(async (request: Request, context: { params: Promise<{ provider: string }> }) => {
  const actor = await requireWriter(request);
  const { provider } = await context.params;
  if (!isSocialProvider(provider)) return notFound();
  return (await unlinkIdentity(actor, provider)) ? json({ ok: true }) : json({ error: 'invalid', fields: { _form: 'unlinkRefused' } }, 400);
});
