import { z } from 'zod';
import { route } from '@/lib/api/route';
import { accountFields, dto, errorSchema, formText, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { API_TOKEN_DAYS, createApiToken, listApiTokens } from '@/lib/data/api-tokens';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/tokens: the logged-in user's personal API tokens (ApiTokenInfo: name, created, last
 * used, expires, expired; never the tokens), newest first. 401 without a session.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/tokens',
  summary: "The caller's personal API tokens (names, dates and expiry)",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('Tokens', z.object({ items: z.array(dto('ApiTokenInfo')) })) },
  handler: async ({ actor }) => ({ items: await listApiTokens(actor) }),
});

/**
 * POST /api/me/tokens: `{ name, days?, current }` creates a personal API token for
 * `Authorization: Bearer <token>`, valid `days` (30, 90 or 365; default 90). `current` is the
 * account's password (re-authentication); an account without a password needs a login within
 * the last 10 minutes instead (`current: reauthFreshLogin`). 200 `{ id, token, expires_at }` —
 * the token is shown this once; 400 for a wrong password (`current: credentialsIncorrect`), a bad
 * name or lifetime, or when the account already has 10 unexpired tokens; 429 after 5 wrong
 * passwords (the account's login limit). Data: lib/data/api-tokens.ts createApiToken, which
 * checks the password itself.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/tokens',
  summary: 'Creates a personal API token (shown this once); needs the current password',
  tags: ['accounts'],
  auth: 'member',
  body: z.object({
    name: formText.meta({ description: '1-60 characters' }),
    days: formText.meta({ description: `Lifetime in days: ${API_TOKEN_DAYS.join(', ')} (default 90)` }),
    current: accountFields.current,
  }),
  responses: {
    200: jsonResponse('The new token', z.object({ id: z.number(), token: z.string(), expires_at: z.string() })),
    400: invalidResponseDoc,
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, body }) => {
    const days = body.days === '' ? null : Number(body.days);
    if (days !== null && !Number.isInteger(days)) return { ok: false, errors: { days: 'invalid' } };
    const made = await createApiToken(actor, { name: body.name, days, current: body.current });
    return made.ok ? { id: made.id, token: made.token, expires_at: made.expiresAt.toISOString() } : made;
  },
});
