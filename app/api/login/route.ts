import { NextResponse } from 'next/server';
import { assertSameOrigin, clientIp, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { login } from '@/lib/data/auth';
import { getOwnAccount, sessionActor } from '@/lib/data/users';
import { AppError, withApiErrors } from '@/lib/errors';
import { bodyText, json, jsonBody } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/login: logs in with `{ email, password }` (JSON) from this site (`Origin` checked).
 * 200 `{ user: OwnAccount }` and the session cookie (HttpOnly, SameSite=Lax, Secure in
 * production, SESSION_DAYS days); 400 `{ error, fields: { field: message key } }` (`_form:
 * credentialsIncorrect` for any wrong pair, `email: emailRequired`); 429 `{ error }` with
 * `Retry-After` (seconds); 403 from another origin. Data: lib/data/auth.ts login.
 */
export const POST = withApiErrors(async (request: Request) => {
  assertSameOrigin(request);
  const body = await jsonBody(request);
  const r = await login({ email: bodyText(body, 'email'), password: bodyText(body, 'password') }, { ip: clientIp(request), userAgent: request.headers.get('user-agent') });
  if (!r.ok) {
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return json({ error: 'invalid', fields: r.errors }, 400);
  }
  const actor = await sessionActor(r.token);
  const user = actor ? await getOwnAccount(actor) : null;
  const res = NextResponse.json({ user }, { headers: { 'cache-control': 'no-store' } });
  res.cookies.set(SESSION_COOKIE, r.token, sessionCookieOptions(r.expiresAt));
  return res;
});
