import { actorFromRequest } from '@/lib/auth/request';
import { enabledProviders } from '@/lib/auth/social';
import { listIdentities } from '@/lib/data/social';
import { AppError, withApiErrors } from '@/lib/errors';
import { json } from '../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/identities: the Facebook and Google accounts linked to the logged-in user,
 * `{ enabled: provider[], linked: provider[] }` (`enabled`: providers switched on by their keys).
 * 401 without a valid session or token. Data: lib/data/social.ts listIdentities.
 */
export const GET = withApiErrors(async (request: Request) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  return json({ enabled: enabledProviders(), linked: await listIdentities(actor) });
});
