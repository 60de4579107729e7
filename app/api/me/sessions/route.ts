import { NextResponse } from 'next/server';
import { actorFromRequest, requireWriter, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { listSessions, revokeAllSessions } from '@/lib/data/users';
import { AppError, withApiErrors } from '@/lib/errors';
import { json } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/sessions: the logged-in user's sessions (SessionInfo: created, last used, expires,
 * browser, address; `current` marks this one), most recently used first. 401 without a session.
 */
export const GET = withApiErrors(async (request: Request) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  return json({ items: await listSessions(actor) });
});

/**
 * DELETE /api/me/sessions: "log out everywhere" — ends every session of the account, this one
 * too, and clears the cookie. 200 `{ ended }` (count); 401 without a session; 403 from another origin.
 */
export const DELETE = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const ended = await revokeAllSessions(actor);
  const res = NextResponse.json({ ended }, { headers: { 'cache-control': 'no-store' } });
  res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
  return res;
});
