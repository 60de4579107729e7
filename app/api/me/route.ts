import { NextResponse } from 'next/server';
import { actorFromRequest, bearerToken, requireWriter, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { deleteAccount, getOwnAccount, updateProfile } from '@/lib/data/users';
import { AppError, apiMessage, withApiErrors } from '@/lib/errors';
import { FLAG_FIELDS, SOCIAL_FIELDS } from '@/lib/validation/users';
import { bodyText, json, jsonBody } from '../_lib/http';

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

/**
 * PATCH /api/me: saves "edit my data" — `{ country, municipality, facebookUrl, instagramUrl,
 * youtubeUrl, tiktokUrl, xUrl, newsletter, emailNotifications, userEmail, reviewNotifications,
 * releaseNotifications }` (all given; URLs http(s), "" for none). 200 OwnAccount; 400 `{ error,
 * fields }` (`_form: nothingToUpdate` when nothing changed); 401 without a session; 403 from
 * another origin. Data: lib/data/users.ts updateProfile.
 */
export const PATCH = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const body = await jsonBody(request);
  const input: Record<string, string | boolean> = {};
  for (const k of ['country', 'municipality', ...SOCIAL_FIELDS]) input[k] = bodyText(body, k);
  for (const k of FLAG_FIELDS) input[k] = body[k] === true || body[k] === 'true';
  const r = await updateProfile(actor, input as Parameters<typeof updateProfile>[1]);
  return r.ok ? json(r.account) : json({ error: 'invalid', fields: r.errors }, 400);
});

/**
 * DELETE /api/me: deletes the logged-in account and everything that belongs to it (spec §4:
 * irreversible), in one transaction; the body must be `{ "confirm": true }`. 200 `{ ok: true }`
 * and the session cookie cleared; 400 without the confirmation; 401 without a session.
 */
export const DELETE = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const body = await jsonBody(request);
  if (body.confirm !== true) throw new AppError('bad_body');
  await deleteAccount(actor);
  const res = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
  res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
  return res;
});
