import 'server-only';
/**
 * Who is making a request, for route handlers: the session cookie or a personal API token
 * (`Authorization: Bearer <token>`), checked against the database on every request (sessions
 * are revocable at once). Also the same-origin check of cookie-authenticated writes and the
 * client address used by the rate limits. Nothing here trusts `x-middleware-subrequest` or any
 * other header set by the proxy: the proxy is not a security boundary.
 */
import { AppError } from '@/lib/errors';
import type { Actor } from '@/lib/auth/actor';
import { apiTokenActor } from '@/lib/data/api-tokens';
import { sessionActor } from '@/lib/data/sessions';
import { forwardedEntries, trustedProxyCount } from '@/lib/server/forwarded';

/** Name of the session cookie (HttpOnly, SameSite=Lax, Secure in production; SESSION_DAYS long). */
export const SESSION_COOKIE = 'discshelf_session';

/** Cookie attributes of the session cookie; `expires` null clears it. */
export function sessionCookieOptions(expires: Date | null): {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  expires: Date;
} {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: process.env.NODE_ENV === 'production' && !process.env.INSECURE_COOKIES,
    path: '/',
    expires: expires ?? new Date(0),
  };
}

/** The value of one cookie of a request, or null. */
export function requestCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The bearer token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: Request): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{10,100})\s*$/i.exec(request.headers.get('authorization') ?? '');
  return m ? m[1] : null;
}

/**
 * The actor of a request: a valid bearer token wins (API clients), else the session cookie.
 * @returns null for a visitor (no credentials, or unknown, revoked or expired ones)
 */
export async function actorFromRequest(request: Request): Promise<Actor | null> {
  const bearer = bearerToken(request);
  if (bearer) return apiTokenActor(bearer);
  return sessionActor(requestCookie(request, SESSION_COOKIE));
}

/**
 * Checks that a state-changing request may act: it carries a valid session or API token, and a
 * cookie-authenticated one comes from this site (its `Origin` is the request's own origin or
 * SITE_URL's). API-token requests carry no cookie, so they need no origin check.
 * @throws AppError unauthorized (401) without valid credentials; bad_origin (403) for a
 *   cookie-authenticated request from another origin or with no Origin header
 */
export async function requireWriter(request: Request): Promise<Actor> {
  const bearer = bearerToken(request);
  if (!bearer) assertSameOrigin(request);
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  return actor;
}

/**
 * Refuses a cookie-carrying write from another site (CSRF defence in depth next to SameSite=Lax).
 * @throws AppError bad_origin (403)
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const allowed = new Set([new URL(request.url).origin]);
  if (process.env.SITE_URL) allowed.add(new URL(process.env.SITE_URL).origin);
  const host = request.headers.get('host');
  if (host) allowed.add(`${new URL(request.url).protocol}//${host}`);
  if (!origin || !allowed.has(origin)) throw new AppError('bad_origin');
}

/**
 * The client address for rate limits, from `X-Forwarded-For` as the app's HTTP server
 * (scripts/serve.ts, lib/server/forwarded.ts) leaves it: with TRUSTED_PROXIES = N it keeps only
 * the last N entries (those the trusted proxies appended) and appends the socket's address, so
 * the client is the entry N places before the last; with N = 0 (the default) the header is the
 * socket's address alone, whatever the client sent. With fewer entries than that (a request that
 * did not pass every proxy), the first entry. "unknown" without the header (a handler called
 * outside the server). The per-account login limit does not depend on the address at all.
 */
export function clientIp(request: Request): string {
  const entries = forwardedEntries(request.headers.get('x-forwarded-for') ?? undefined);
  if (!entries.length) return 'unknown';
  return entries[Math.max(0, entries.length - 1 - trustedProxyCount(process.env.TRUSTED_PROXIES))];
}
