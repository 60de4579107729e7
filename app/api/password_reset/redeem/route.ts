import { z } from 'zod';
import { route } from '@/lib/api/route';
import { accountFields, describedText, errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { clientIp } from '@/lib/auth/request';
import { redeemPasswordReset } from '@/lib/data/password-reset';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** A flag that is on unless sent as false or "false" (the reset's "also revoke my API tokens"). */
const onUnlessFalse = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(true)
  .transform((v) => v !== false && v !== 'false');

/**
 * POST /api/password_reset/redeem: `{ token, password, password2, revoke_tokens? }` sets a new
 * password with a reset link's token (single use, valid RESET_TOKEN_MINUTES); every session of
 * the account ends and, unless `revoke_tokens` is false, every personal API token is revoked.
 * 200 `{ ok: true, tokens_revoked }`; 400 `{ error, fields }` (`_form: resetInvalid` for an
 * unknown, spent or expired token, checked before the password rules); 429 with `Retry-After`
 * after 10 attempts an hour from one IP. Data: lib/data/password-reset.ts redeemPasswordReset.
 */
export const POST = route({
  method: 'POST',
  path: '/api/password_reset/redeem',
  summary: "Sets a new password with a reset link's token",
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({
    token: describedText('The token of the reset link in the mail'),
    password: accountFields.password,
    password2: accountFields.password2,
    revoke_tokens: onUnlessFalse.meta({ description: 'Also revoke every personal API token (default true)' }),
  }),
  responses: {
    200: jsonResponse('Password set', z.object({ ok: z.literal(true), tokens_revoked: z.number() })),
    400: invalidResponseDoc,
    429: jsonResponse('Too many attempts from this address (Retry-After)', errorSchema),
  },
  handler: async ({ request, body }) => {
    const r = await redeemPasswordReset({
      token: body.token,
      password: body.password,
      password2: body.password2,
      revokeTokens: body.revoke_tokens,
      ip: clientIp(request),
    });
    if (r.ok) return { ok: true, tokens_revoked: r.tokensRevoked };
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return r;
  },
});
