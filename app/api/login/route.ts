import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { describedText, dto, errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { clientIp, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { PENDING_COOKIE, pendingIdentity } from '@/lib/auth/social';
import { login } from '@/lib/data/auth';
import { sessionActor } from '@/lib/data/sessions';
import { getOwnAccount } from '@/lib/data/users';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/login: logs in with `{ email, password }` (JSON) from this site (`Origin` checked).
 * 200 `{ user: OwnAccount }` and the session cookie (HttpOnly, SameSite=Lax, Secure in
 * production, SESSION_DAYS days); 400 `{ error, fields: { field: message key } }` (`_form:
 * credentialsIncorrect` for any wrong pair, `email: emailRequired`); 429 `{ error }` with
 * `Retry-After` (seconds); 403 from another origin. With a Facebook or Google account waiting in the
 * `discshelf_social` cookie ("user not found", then "link"), a successful login links it:
 * `linked: provider`, or `link_error: 'socialAlreadyLinked'` when the provider account or this
 * user's account of that provider is linked elsewhere. Data: lib/data/auth.ts login.
 */
export const POST = route({
  method: 'POST',
  path: '/api/login',
  summary: 'Logs in with e-mail and password (sets the session cookie)',
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({
    email: describedText('E-mail address of the account'),
    password: describedText("The account's password"),
  }),
  responses: {
    200: jsonResponse(
      'Logged in; Set-Cookie discshelf_session',
      z.object({ user: dto('OwnAccount'), linked: z.string().optional(), link_error: z.string().optional() }),
    ),
    400: invalidResponseDoc,
    429: jsonResponse('Too many attempts (Retry-After)', errorSchema),
  },
  handler: async ({ request, body }) => {
    const pending = await pendingIdentity(request);
    const r = await login(body, { ip: clientIp(request), userAgent: request.headers.get('user-agent'), link: pending });
    if (!r.ok) {
      if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
      return { ok: false, errors: r.errors };
    }
    const actor = await sessionActor(r.token);
    const user = actor ? await getOwnAccount(actor) : null;
    const linkResult =
      !pending || !r.link
        ? {}
        : r.link === 'taken'
          ? { link_error: 'socialAlreadyLinked' }
          : { linked: pending.provider };
    const res = NextResponse.json({ user, ...linkResult }, { headers: { 'cache-control': 'no-store' } });
    res.cookies.set(SESSION_COOKIE, r.token, sessionCookieOptions(r.expiresAt));
    if (pending) res.cookies.set(PENDING_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
