import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { LINK_COOKIE } from '@/lib/auth/link-grant';
import { clientIp, requestCookie, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import {
  PENDING_COOKIE,
  PENDING_SECONDS,
  sealPendingIdentity,
  takeTransitIdentity,
  TRANSIT_COOKIES,
} from '@/lib/auth/social';
import { identityUser, linkIdentity } from '@/lib/data/linked-identities';
import { createSession } from '@/lib/data/sessions';
import { safeNextPath, splitLocalePath } from '@/lib/next-path';

export const dynamic = 'force-dynamic';

/**
 * GET /api/social/complete?next=/path: where Auth.js returns after a Facebook or Google exchange
 * (lib/auth/social.ts). Reads the single-use transit cookie and deletes it, then 302:
 * - provider account linked to a user: logs that user in (session cookie) and goes to `next`;
 * - already logged in: with a link grant (`discshelf_link`, set by POST /api/me/identities/{provider}
 *   after the password or a fresh login) links the provider account to this user and goes to
 *   `next` (`?social_error=socialAlreadyLinked&provider=…` when it belongs to someone else);
 *   without one goes to `next` with `?social_error=linkNotConfirmed&provider=…` and links nothing
 *   (a provider account already linked to this user just goes to `next`);
 * - no user: keeps the account in the encrypted `discshelf_social` cookie (15 minutes) and goes to
 *   `/login?social={provider}&next=…` ("{provider} user not found": register or link);
 * - no valid transit cookie (expired, replayed, forged): `/login?error=social`.
 * `next` is a full path (`/fi/…` keeps the Finnish login page, whose own `next` is the path inside
 * the locale), same-origin only (lib/next-path.ts safeNextPath; anything else goes to `/`).
 */
export const GET = route({
  method: 'GET',
  path: '/api/social/complete',
  summary: 'Where Auth.js returns after a Facebook or Google exchange: logs in, links or asks to register (302)',
  tags: ['accounts'],
  auth: 'public',
  query: z.object({ next: z.string().optional().meta({ description: 'Path to go to afterwards (same site only)' }) }),
  responses: { 302: { description: 'Redirect to `next`, to the login page, or to `/login?error=social`' } },
  handler: async ({ request, query, viewer }) => {
    const next = safeNextPath(query.next ?? null);
    const { login, inner } = splitLocalePath(next);
    const identity = await takeTransitIdentity(request);
    const redirect = (to: string) => {
      const res = NextResponse.redirect(new URL(to, request.url), 302);
      for (const name of TRANSIT_COOKIES)
        if (request.headers.get('cookie')?.includes(name))
          res.cookies.set(name, '', {
            path: '/',
            expires: new Date(0),
            secure: name.startsWith('__Secure-'),
            httpOnly: true,
            sameSite: 'lax',
          });
      res.headers.set('cache-control', 'no-store');
      return res;
    };
    if (!identity) return redirect(`${login}?error=social&next=${encodeURIComponent(inner)}`);
    const actor = await viewer();
    if (actor) {
      const withError = (key: string) =>
        `${next}${next.includes('?') ? '&' : '?'}social_error=${key}&provider=${identity.provider}`;
      if ((await identityUser(identity.provider, identity.subject)) === actor.userId) return redirect(next);
      const linked = await linkIdentity(actor, identity, requestCookie(request, LINK_COOKIE));
      if (linked === 'unconfirmed') return redirect(withError('linkNotConfirmed'));
      const res = redirect(linked === 'taken' ? withError('socialAlreadyLinked') : next);
      res.cookies.set(LINK_COOKIE, '', sessionCookieOptions(null));
      return res;
    }
    const userId = await identityUser(identity.provider, identity.subject);
    if (userId === null) {
      const res = redirect(`${login}?social=${identity.provider}&next=${encodeURIComponent(inner)}`);
      res.cookies.set(PENDING_COOKIE, await sealPendingIdentity(identity), {
        ...sessionCookieOptions(new Date(Date.now() + PENDING_SECONDS * 1000)),
      });
      return res;
    }
    const session = await createSession(userId, {
      userAgent: request.headers.get('user-agent'),
      ip: clientIp(request),
    });
    const res = redirect(next);
    res.cookies.set(SESSION_COOKIE, session.token, sessionCookieOptions(session.expiresAt));
    return res;
  },
});
