import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import {
  accountFields,
  dto,
  errorSchema,
  invalidResponseDoc,
  jsonResponse,
  okSchema,
  patchFlag,
  patchText,
} from '@/lib/api/schemas';
import { bearerToken, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { deleteAccount, getOwnAccount, updateProfile } from '@/lib/data/users';
import { apiMessage } from '@/lib/errors';
import { FLAG_FIELDS, MUNICIPALITY_MAX, SOCIAL_FIELDS, SOCIAL_URL_MAX } from '@/lib/validation/users';

export const dynamic = 'force-dynamic';

/** What each profile flag means when true. */
const FLAG_DOCS: Record<(typeof FLAG_FIELDS)[number], string> = {
  newsletter: 'Send me the newsletter',
  emailNotifications: 'Send me e-mail about my notifications',
  userEmail: 'Other members may send me e-mail through the site (the address stays hidden)',
  reviewNotifications: 'Notify me of comments on my reviews and of likes they get (notification types 3 and 6)',
  releaseNotifications: 'Notify me of new releases of movies on my want-to-see and wanted lists (notification type 11)',
};

/**
 * The profile as sent: texts and flags (true or "true"), parsed into lib/data/users.ts
 * updateProfile's input, which checks the values; a field left out keeps its stored value.
 */
const profileBody = z.object({
  country: patchText.meta({ description: 'Country id or "" (none)' }),
  municipality: patchText.meta({ description: `Municipality, at most ${MUNICIPALITY_MAX} characters` }),
  ...(Object.fromEntries(
    SOCIAL_FIELDS.map((k) => [
      k,
      patchText.meta({ description: `Web address (http or https), at most ${SOCIAL_URL_MAX} characters, or ""` }),
    ]),
  ) as Record<(typeof SOCIAL_FIELDS)[number], typeof patchText>),
  ...(Object.fromEntries(FLAG_FIELDS.map((k) => [k, patchFlag.meta({ description: FLAG_DOCS[k] })])) as Record<
    (typeof FLAG_FIELDS)[number],
    typeof patchFlag
  >),
});

/**
 * GET /api/me: the logged-in user (session cookie or `Authorization: Bearer <API token>`):
 * 200 OwnAccount (public fields, settings, `email_hint`, `notifications_unseen_count`,
 * `own_pending_changes` (the caller's suggestions awaiting approval about existing entries); for
 * admins `pending_changes_count`, the change requests waiting; never the e-mail address or the
 * password hash). 401 `{ error }` without a valid session, and the session cookie is cleared.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me',
  summary: 'The logged-in user (a 401 also clears the session cookie)',
  tags: ['accounts'],
  // public: the 401 of a visitor is answered here, with the cookie cleared.
  auth: 'public',
  responses: {
    200: jsonResponse('OwnAccount', dto('OwnAccount')),
    401: jsonResponse('Not logged in; the session cookie is cleared', errorSchema),
  },
  handler: async ({ request, viewer }) => {
    const actor = await viewer();
    const user = actor ? await getOwnAccount(actor) : null;
    if (user) return user;
    const res = NextResponse.json(
      { error: apiMessage('unauthorized'), code: 'unauthorized' },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
    if (!bearerToken(request)) res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});

/**
 * PATCH /api/me: saves "edit my data" — `{ country, municipality, facebookUrl, instagramUrl,
 * youtubeUrl, tiktokUrl, xUrl, newsletter, emailNotifications, userEmail, reviewNotifications,
 * releaseNotifications }` (all given; URLs http(s), "" for none). 200 OwnAccount; 400 `{ error,
 * fields }` (`_form: nothingToUpdate` when nothing changed); 401 without a session; 403 from
 * another origin. Data: lib/data/users.ts updateProfile.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/me',
  summary: '"Edit my data": country, municipality, social links, flags',
  tags: ['accounts'],
  auth: 'member',
  body: profileBody,
  responses: { 200: jsonResponse('OwnAccount', dto('OwnAccount')), 400: invalidResponseDoc },
  handler: async ({ actor, body }) => {
    const r = await updateProfile(actor, body);
    return r.ok ? r.account : r;
  },
});

/**
 * DELETE /api/me: deletes the logged-in account and everything that belongs to it
 * (irreversible), in one transaction; the body must be `{ "confirm": true, "current": password }`
 * (an account without a password: a login within the last 10 minutes, `current` ""). 200
 * `{ ok: true }` and the session cookie cleared; 400 without the confirmation (`{ error }`) or
 * with a wrong password (`{ fields: { current: credentialsIncorrect | reauthFreshLogin } }`); 429
 * after 5 wrong passwords; 401 without a session. Data: lib/data/users.ts deleteAccount, which
 * checks the password itself.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me',
  summary: 'Deletes the logged-in account and everything that belongs to it; needs the current password',
  tags: ['accounts'],
  auth: 'member',
  body: z.object({
    confirm: z.literal(true, { error: 'bad_body' }),
    current: accountFields.current,
  }),
  responses: {
    200: jsonResponse('Deleted; the session cookie is cleared', okSchema),
    400: jsonResponse('No confirmation, or a wrong password (Invalid)', errorSchema),
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, body }) => {
    const deleted = await deleteAccount(actor, body.current);
    if (!deleted.ok) return deleted;
    const res = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
    res.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(null));
    return res;
  },
});
