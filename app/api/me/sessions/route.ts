import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, jsonResponse } from '@/lib/api/schemas';
import { SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { listSessions, logOutEverywhere } from '@/lib/data/sessions';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/sessions: the logged-in user's sessions (SessionInfo: created, last used, expires,
 * browser, address; `current` marks this one), most recently used first. 401 without a session.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/sessions',
  summary: "The caller's sessions, most recently used first",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('Sessions', z.object({ items: z.array(dto('SessionInfo')) })) },
  handler: async ({ actor }) => ({ items: await listSessions(actor) }),
});

/**
 * DELETE /api/me/sessions: "log out everywhere" — ends every session of the account, this one
 * too, revokes every personal API token, and clears the cookie. 200 `{ ended, tokens_revoked }`
 * (counts); 401 without a session; 403 from another origin.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/sessions',
  summary: 'Log out everywhere: ends every session, revokes every API token, clears the cookie',
  tags: ['accounts'],
  auth: 'member',
  responses: {
    200: jsonResponse('Sessions ended and tokens revoked', z.object({ ended: z.number(), tokens_revoked: z.number() })),
  },
  handler: async ({ actor }) => {
    const r = await logOutEverywhere(actor);
    const res = NextResponse.json(
      { ended: r.sessions, tokens_revoked: r.tokens },
      { headers: { 'cache-control': 'no-store' } },
    );
    res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
