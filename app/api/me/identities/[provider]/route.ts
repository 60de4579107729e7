import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { accountFields, errorSchema, invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { sessionCookieOptions } from '@/lib/auth/request';
import { LINK_COOKIE, LINK_SECONDS } from '@/lib/auth/link-grant';
import { isSocialProvider } from '@/lib/auth/social-providers';
import { grantIdentityLink, unlinkIdentity } from '@/lib/data/linked-identities';

export const dynamic = 'force-dynamic';

const providerParams = z.object({
  provider: z
    .string()
    .refine(isSocialProvider)
    .meta({ override: { enum: ['facebook', 'google'] } }),
});

const currentBody = z.object({
  current: accountFields.current,
});

/**
 * POST /api/me/identities/{facebook|google}: `{ current }` confirms the user (the password, or
 * for an account without one a login within the last 10 minutes) before linking that provider:
 * 200 `{ ok: true }` with the encrypted `discshelf_link` cookie (10 minutes), after which the
 * browser goes through the provider login and /api/social/complete links the provider account.
 * 400 `{ fields: { current: credentialsIncorrect | reauthFreshLogin } }`; 429 after 5 wrong
 * passwords; 404 for another provider name. Data: lib/data/linked-identities.ts
 * grantIdentityLink, which checks the password itself; the grant is a sealed cookie, not a row,
 * and /api/social/complete links only with it.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/identities/{provider}',
  summary: 'Confirms the password before linking a Facebook or Google account (sets a 10-minute link grant)',
  tags: ['accounts'],
  auth: 'member',
  params: providerParams,
  body: currentBody,
  responses: {
    200: jsonResponse('Confirmed; Set-Cookie discshelf_link', okSchema),
    400: invalidResponseDoc,
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, params, body }) => {
    if (!isSocialProvider(params.provider)) return null;
    const granted = await grantIdentityLink(actor, params.provider, body.current);
    if (!granted.ok) return granted;
    const res = NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
    res.cookies.set(LINK_COOKIE, granted.grant, sessionCookieOptions(new Date(Date.now() + LINK_SECONDS * 1000)));
    return res;
  },
});

/**
 * DELETE /api/me/identities/{facebook|google}: `{ current }` (the password, or for an account
 * without one a login within the last 10 minutes) unlinks that provider account from the
 * logged-in user. 200 `{ ok: true }`; 400 `{ error: 'invalid', fields }`: `current:
 * credentialsIncorrect | reauthFreshLogin`, or `_form: unlinkRefused` when it is not linked or is
 * the account's only way to log in (no password, no other provider); 429 after 5 wrong passwords;
 * 404 for another provider name; 401 / 403 as every write. Data: lib/data/linked-identities.ts
 * unlinkIdentity, which checks the password itself.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/identities/{provider}',
  summary: 'Unlinks a Facebook or Google account from the caller; needs the current password',
  tags: ['accounts'],
  auth: 'member',
  params: providerParams,
  body: currentBody,
  bodyOptional: true,
  responses: {
    200: jsonResponse('Unlinked', okSchema),
    400: invalidResponseDoc,
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, params, body }) => {
    if (!isSocialProvider(params.provider)) return null;
    const r = await unlinkIdentity(actor, params.provider, body.current);
    return r.ok ? { ok: true } : r;
  },
});
