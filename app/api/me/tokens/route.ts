import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { createApiToken, listApiTokens } from '@/lib/data/users';
import { AppError, withApiErrors } from '@/lib/errors';
import { bodyText, json, jsonBody } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/** GET /api/me/tokens: the logged-in user's personal API tokens (names and dates, never the tokens). 401 without a session. */
export const GET = withApiErrors(async (request: Request) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  return json({ items: await listApiTokens(actor) });
});

/**
 * POST /api/me/tokens: `{ name }` (1-60 characters) creates a personal API token for
 * `Authorization: Bearer <token>`. 200 `{ id, token }` — the token is shown this once; 400 for a
 * bad name or when the account already has 10 tokens.
 */
export const POST = withApiErrors(async (request: Request) => {
  const actor = await requireWriter(request);
  const body = await jsonBody(request);
  const made = await createApiToken(actor, bodyText(body, 'name'));
  return made ? json(made) : json({ error: 'invalid', fields: { name: 'invalid' } }, 400);
});
