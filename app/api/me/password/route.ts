import { z } from 'zod';
import { route } from '@/lib/api/route';
import { accountFields, errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { changePassword } from '@/lib/data/users';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** A flag that is on unless sent as false or "false" ("also revoke my API tokens"). */
const onUnlessFalse = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(true)
  .transform((v) => v !== false && v !== 'false');

/**
 * POST /api/me/password: `{ current, password, password2, revoke_tokens? }` changes the logged-in
 * user's password, ends every other session of the account and, unless `revoke_tokens` is false,
 * revokes every personal API token. 200 `{ ok: true, sessions_ended, tokens_revoked }`; 400
 * `{ error, fields }` (`current: credentialsIncorrect`, password rules, `password2:
 * passwordsDoNotMatch`); 429 with `Retry-After` after 5 wrong current passwords (the account's
 * login limit).
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/password',
  summary: "Changes the caller's password, ends every other session and revokes the API tokens",
  tags: ['accounts'],
  auth: 'member',
  body: z.object({
    current: accountFields.current,
    password: accountFields.password,
    password2: accountFields.password2,
    revoke_tokens: onUnlessFalse.meta({ description: 'Also revoke every personal API token (default true)' }),
  }),
  responses: {
    200: jsonResponse(
      'Changed',
      z.object({ ok: z.literal(true), sessions_ended: z.number(), tokens_revoked: z.number() }),
    ),
    400: invalidResponseDoc,
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, body }) => {
    if (body.password !== body.password2) return { ok: false, errors: { password2: 'passwordsDoNotMatch' } };
    const r = await changePassword(actor, {
      current: body.current,
      next: body.password,
      revokeTokens: body.revoke_tokens,
    });
    if (r.ok) return { ok: true, sessions_ended: r.sessionsEnded, tokens_revoked: r.tokensRevoked };
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return r;
  },
});
