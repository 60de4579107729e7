import { NextResponse } from 'next/server';
import { assertSameOrigin, requestCookie, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { endSession } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/logout: ends the session of the session cookie on the server and clears the cookie
 * (spec §7: success clears the user). 200 `{ ok: true }` also when there was no session;
 * 403 from another origin.
 */
export const POST = withApiErrors(async (request: Request) => {
  assertSameOrigin(request);
  await endSession(requestCookie(request, SESSION_COOKIE));
  const res = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
  res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
  return res;
});
