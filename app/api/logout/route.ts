import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { jsonResponse, okSchema } from '@/lib/api/schemas';
import { requestCookie, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { endSession } from '@/lib/data/sessions';

export const dynamic = 'force-dynamic';

/**
 * POST /api/logout: ends the session of the session cookie on the server and clears the cookie
 * (a successful logout leaves no user logged in). 200 `{ ok: true }` also when there was no session;
 * 403 from another origin.
 */
export const POST = route({
  method: 'POST',
  path: '/api/logout',
  summary: 'Ends the session of the session cookie and clears the cookie',
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  responses: { 200: jsonResponse('Logged out', okSchema) },
  handler: async ({ request }) => {
    await endSession(requestCookie(request, SESSION_COOKIE));
    const res = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
    res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
