import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { clientIp, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { PENDING_COOKIE, pendingIdentity } from '@/lib/auth/social';
import { hitLimit } from '@/lib/data/rate-limits';
import { registerSocialUser } from '@/lib/data/linked-identities';
import { createSession, sessionActor } from '@/lib/data/sessions';
import { getOwnAccount } from '@/lib/data/users';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/social/register: registers a new user from the Facebook or Google account waiting in
 * the `discshelf_social` cookie (after "{provider} user not found"), links it and logs the user in.
 * The provider's own login stands in for the bot check; the registration limit (5 attempts a day
 * per IP, failed ones too) applies. The provider must vouch for the e-mail address (Google's
 * `email_verified`; Facebook has no such claim, so a Facebook account cannot register one: it
 * links to an account made with the form instead). 200 `{ user: OwnAccount }` with the session
 * cookie; 400 `{ error, fields: { _form } }` with `socialExpired` (no pending account),
 * `socialEmailMissing`, `socialEmailUnverified`, `socialEmailInUse` (log in to link instead) or
 * `socialAlreadyLinked` (message keys of `forms`); 429 with `Retry-After`; 403 from another origin.
 */
export const POST = route({
  method: 'POST',
  path: '/api/social/register',
  summary: 'Registers a new user from the Facebook or Google account waiting in the discshelf_social cookie',
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  responses: {
    200: jsonResponse('Registered; Set-Cookie discshelf_session', z.object({ user: dto('OwnAccount').nullable() })),
    400: invalidResponseDoc,
    429: jsonResponse('Too many registrations from this address (Retry-After)', errorSchema),
  },
  handler: async ({ request }) => {
    const identity = await pendingIdentity(request);
    if (!identity) return { ok: false, errors: { _form: 'socialExpired' } };
    const ip = clientIp(request);
    const limit = await hitLimit('registerIp', ip);
    if (!limit.ok) throw new AppError('rate_limited', { seconds: limit.retryAfter });
    if (identity.email && !identity.emailVerified) return { ok: false, errors: { _form: 'socialEmailUnverified' } };
    const r = await registerSocialUser(identity);
    if (!r.ok) return { ok: false, errors: { _form: r.error } };
    const session = await createSession(r.userId, { userAgent: request.headers.get('user-agent'), ip });
    const actor = await sessionActor(session.token);
    const res = NextResponse.json(
      { user: actor ? await getOwnAccount(actor) : null },
      { headers: { 'cache-control': 'no-store' } },
    );
    res.cookies.set(SESSION_COOKIE, session.token, sessionCookieOptions(session.expiresAt));
    res.cookies.set(PENDING_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
