import { z } from 'zod';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { isSocialProvider, unlinkIdentity } from '@/lib/data/social';

export const dynamic = 'force-dynamic';

/**
 * DELETE /api/me/identities/{facebook|google}: unlinks that provider account from the logged-in
 * user. 200 `{ ok: true }`; 400 `{ error: 'invalid', fields: { _form: 'unlinkRefused' } }` when it
 * is not linked or is the account's only way to log in (no password, no other provider); 404 for
 * another provider name; 401 / 403 as every write. Data: lib/data/social.ts unlinkIdentity.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/me/identities/{provider}',
  summary: 'Unlinks a Facebook or Google account from the caller',
  tags: ['accounts'],
  auth: 'member',
  params: z.object({
    provider: z
      .string()
      .refine(isSocialProvider)
      .meta({ override: { enum: ['facebook', 'google'] } }),
  }),
  responses: { 200: jsonResponse('Unlinked', okSchema), 400: invalidResponseDoc },
  handler: async ({ actor, params }) => {
    if (!isSocialProvider(params.provider)) return null;
    const r = await unlinkIdentity(actor, params.provider);
    return r.ok ? { ok: true } : r;
  },
});
