import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { enabledProviders } from '@/lib/auth/social';
import { listIdentities } from '@/lib/data/linked-identities';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/identities: the Facebook and Google accounts linked to the logged-in user,
 * `{ enabled: provider[], linked: provider[] }` (`enabled`: providers switched on by their keys).
 * 401 without a valid session or token. Data: lib/data/linked-identities.ts listIdentities.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/identities',
  summary: "The caller's linked Facebook and Google accounts",
  tags: ['accounts'],
  auth: 'member',
  responses: {
    200: jsonResponse('Providers', z.object({ enabled: z.array(z.string()), linked: z.array(z.string()) })),
  },
  handler: async ({ actor }) => ({ enabled: enabledProviders(), linked: await listIdentities(actor) }),
});
