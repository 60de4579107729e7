import { z } from 'zod';
import { route } from '@/lib/api/route';
import { formText, invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { redeemPasswordReset } from '@/lib/data/password-reset';

export const dynamic = 'force-dynamic';

/**
 * POST /api/password_reset/redeem: `{ token, password, password2 }` sets a new password with a
 * reset link's token (single use, valid RESET_TOKEN_MINUTES); every session of the account ends.
 * 200 `{ ok: true }`; 400 `{ error, fields }` (`_form: resetInvalid` for an unknown, spent or
 * expired token; the password rules). Data: lib/data/users.ts redeemPasswordReset.
 */
export const POST = route({
  method: 'POST',
  path: '/api/password_reset/redeem',
  summary: "Sets a new password with a reset link's token",
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({ token: formText, password: formText, password2: formText }),
  responses: { 200: jsonResponse('Password set', okSchema), 400: invalidResponseDoc },
  handler: async ({ body }) => {
    const r = await redeemPasswordReset({ token: body.token, password: body.password, password2: body.password2 });
    return r.ok ? { ok: true } : r;
  },
});
