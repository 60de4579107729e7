import { z } from 'zod';
import { route } from '@/lib/api/route';
import { EMAIL_MAX } from '@/lib/validation/limits';
import { accountFields, describedText, dto, errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { changeEmail } from '@/lib/data/users';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/me/email: `{ current, email }` changes the logged-in user's e-mail address. `current`
 * is the password (an account without one needs a login within the last 10 minutes instead). The
 * address follows the registration rules; no answer names another account or its address. Open
 * password reset links are spent. 200 OwnAccount (with the new `email_hint`); 400 `{ error,
 * fields }`: `current: credentialsIncorrect | reauthFreshLogin`, `email: required | emailInvalid |
 * maxLength | emailInUse`, `_form: nothingToUpdate` for the same address; 429 after 5 wrong
 * passwords (the account's login limit). Data: lib/data/users.ts changeEmail.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/email',
  summary: "Changes the caller's e-mail address; needs the current password",
  tags: ['accounts'],
  auth: 'member',
  body: z.object({
    current: accountFields.current,
    email: describedText(`The new e-mail address, at most ${EMAIL_MAX} characters`),
  }),
  responses: {
    200: jsonResponse('OwnAccount', dto('OwnAccount')),
    400: invalidResponseDoc,
    429: jsonResponse('Too many wrong passwords (Retry-After)', errorSchema),
  },
  handler: async ({ actor, body }) => {
    const r = await changeEmail(actor, { current: body.current, email: body.email });
    if (r.ok) return r.account;
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return r;
  },
});
