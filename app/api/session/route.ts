import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, jsonResponse } from '@/lib/api/schemas';
import { bearerToken, requestCookie, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { getOwnAccount } from '@/lib/data/users';

export const dynamic = 'force-dynamic';

/**
 * GET /api/session: who is looking, for the page's top bar: 200 `{ user: OwnAccount }` for a
 * logged-in member (the body of GET /api/me), 200 `{ user: null }` for a visitor, so that a
 * visitor's page makes no failing request. A session cookie that is no longer valid is cleared.
 * Data: lib/data/users.ts getOwnAccount.
 */
export const GET = route({
  method: 'GET',
  path: '/api/session',
  summary: 'The logged-in user, or null for a visitor',
  tags: ['accounts'],
  auth: 'public',
  responses: {
    200: jsonResponse('The member (OwnAccount) or null', z.object({ user: dto('OwnAccount').nullable() })),
  },
  handler: async ({ request, viewer }) => {
    const actor = await viewer();
    const user = actor ? await getOwnAccount(actor) : null;
    const res = NextResponse.json({ user }, { headers: { 'cache-control': 'no-store' } });
    if (!user && !bearerToken(request) && requestCookie(request, SESSION_COOKIE))
      res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
