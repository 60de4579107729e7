import { assertSameOrigin } from '@/lib/auth/request';
import { redeemPasswordReset } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { bodyText, json, jsonBody } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/password_reset/redeem: `{ token, password, password2 }` sets a new password with a
 * reset link's token (single use, valid RESET_TOKEN_MINUTES); every session of the account ends.
 * 200 `{ ok: true }`; 400 `{ error, fields }` (`_form: resetInvalid` for an unknown, spent or
 * expired token; the password rules). Data: lib/data/users.ts redeemPasswordReset.
 */
export const POST = withApiErrors(async (request: Request) => {
  assertSameOrigin(request);
  const body = await jsonBody(request);
  const r = await redeemPasswordReset(bodyText(body, 'token'), bodyText(body, 'password'), bodyText(body, 'password2'));
  return r.ok ? json({ ok: true }) : json({ error: 'invalid', fields: r.errors }, 400);
});
