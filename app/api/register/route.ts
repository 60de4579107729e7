import { NextResponse } from 'next/server';
import { verifyBotCheck } from '@/lib/auth/bot-check';
import { assertSameOrigin, clientIp, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { register } from '@/lib/data/auth';
import { AppError, withApiErrors } from '@/lib/errors';
import { bodyText, json, jsonBody } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/register: creates an account from `{ name, email, password, password2, country,
 * altcha }` (JSON; `country` a country id or ""; `altcha` the solved bot-check payload) sent from
 * this site, and logs it in. 200 `{ user: PublicUser }` and the session cookie; 400 `{ error,
 * fields }` with message keys (`_form: captchaMissing | captchaInvalid`, `email: emailInUse`,
 * `password: passwordCommon`, the form rules); 429 with `Retry-After` after 3 registrations a
 * day from one IP. Data: lib/data/auth.ts register.
 */
export const POST = withApiErrors(async (request: Request) => {
  assertSameOrigin(request);
  const body = await jsonBody(request);
  const bot = await verifyBotCheck(bodyText(body, 'altcha'));
  if (bot !== 'ok') return json({ error: 'invalid', fields: { _form: bot === 'missing' ? 'captchaMissing' : 'captchaInvalid' } }, 400);
  const input = { name: bodyText(body, 'name'), email: bodyText(body, 'email'), password: bodyText(body, 'password'), password2: bodyText(body, 'password2'), country: bodyText(body, 'country') };
  const r = await register(input, { ip: clientIp(request), userAgent: request.headers.get('user-agent') });
  if (!r.ok) {
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return json({ error: 'invalid', fields: r.errors }, 400);
  }
  const res = NextResponse.json({ user: r.user }, { headers: { 'cache-control': 'no-store' } });
  res.cookies.set(SESSION_COOKIE, r.token, sessionCookieOptions(r.expiresAt));
  return res;
});
