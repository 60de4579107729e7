import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, formText, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { createApiToken, listApiTokens } from '@/lib/data/api-tokens';

export const dynamic = 'force-dynamic';

/** GET /api/me/tokens: the logged-in user's personal API tokens (names and dates, never the tokens). 401 without a session. */
export const GET = route({
  method: 'GET',
  path: '/api/me/tokens',
  summary: "The caller's personal API tokens (names and dates)",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('Tokens', z.object({ items: z.array(dto('ApiTokenInfo')) })) },
  handler: async ({ actor }) => ({ items: await listApiTokens(actor) }),
});

/**
 * POST /api/me/tokens: `{ name }` (1-60 characters) creates a personal API token for
 * `Authorization: Bearer <token>`. 200 `{ id, token }` — the token is shown this once; 400 for a
 * bad name or when the account already has 10 tokens.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/tokens',
  summary: 'Creates a personal API token (shown this once)',
  tags: ['accounts'],
  auth: 'member',
  body: z.object({ name: formText.meta({ description: '1-60 characters' }) }),
  responses: {
    200: jsonResponse('The new token', z.object({ id: z.number(), token: z.string() })),
    400: invalidResponseDoc,
  },
  handler: async ({ actor, body }) => {
    const made = await createApiToken(actor, body.name);
    return made.ok ? { id: made.id, token: made.token } : made;
  },
});
