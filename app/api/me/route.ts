import { NextResponse } from 'next/server';
import { actorFromRequest, bearerToken, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { getOwnAccount } from '@/lib/data/users';
import { apiMessage, withApiErrors } from '@/lib/errors';
import { json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me: the logged-in user (session cookie or `Authorization: Bearer <API token>`):
 * 200 OwnAccount (public fields, settings, `email_hint`, `notifications_unseen_count`; never the
 * e-mail address or the password hash). 401 `{ error }` without a valid session, and the session
 * cookie is cleared (spec §4: a failed /me clears the remember cookie).
 */
export const GET = withApiErrors(async (request: Request) => {
  const actor = await actorFromRequest(request);
  const user = actor ? await getOwnAccount(actor) : null;
  if (user) return json(user);
  const res = NextResponse.json({ error: apiMessage('unauthorized') }, { status: 401, headers: { 'cache-control': 'no-store' } });
  if (!bearerToken(request)) res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
  return res;
});
