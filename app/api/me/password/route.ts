import { z } from 'zod';
import { route } from '@/lib/api/route';
import { formText, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { changePassword } from '@/lib/data/users';

export const dynamic = 'force-dynamic';

/**
 * POST /api/me/password: `{ current, password, password2 }` changes the logged-in user's password
 * and ends every other session of the account. 200 `{ ok: true, sessions_ended }`; 400 `{ error,
 * fields }` (`current: credentialsIncorrect`, password rules, `password2: passwordsDoNotMatch`).
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/password',
  summary: "Changes the caller's password and ends every other session",
  tags: ['accounts'],
  auth: 'member',
  body: z.object({ current: formText, password: formText, password2: formText }),
  responses: {
    200: jsonResponse('Changed', z.object({ ok: z.literal(true), sessions_ended: z.number() })),
    400: invalidResponseDoc,
  },
  handler: async ({ actor, body }) => {
    if (body.password !== body.password2) return { ok: false, errors: { password2: 'passwordsDoNotMatch' } };
    const r = await changePassword(actor, { current: body.current, next: body.password });
    return r.ok ? { ok: true, sessions_ended: r.sessionsEnded } : r;
  },
});
