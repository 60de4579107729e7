import { requireWriter } from '@/lib/auth/request';
import { changePassword } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { bodyText, json, jsonBody } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/me/password: `{ current, password, password2 }` changes the logged-in user's password
 * and ends every other session of the account. 200 `{ ok: true, sessions_ended }`; 400 `{ error,
 * fields }` (`current: credentialsIncorrect`, password rules, `password2: passwordsDoNotMatch`).
 */
export const POST = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const body = await jsonBody(request);
  if (bodyText(body, 'password') !== bodyText(body, 'password2')) return json({ error: 'invalid', fields: { password2: 'passwordsDoNotMatch' } }, 400);
  const r = await changePassword(actor, bodyText(body, 'current'), bodyText(body, 'password'));
  return r.ok ? json({ ok: true, sessions_ended: r.sessionsEnded }) : json({ error: 'invalid', fields: r.errors }, 400);
});
