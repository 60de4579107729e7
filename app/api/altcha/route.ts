import { route } from '@/lib/api/route';
import { dto, jsonResponse } from '@/lib/api/schemas';
import { challengeResponse } from '@/lib/auth/bot-check';

export const dynamic = 'force-dynamic';

/**
 * GET /api/altcha: a signed ALTCHA proof-of-work challenge for the bot check of the registration
 * form and the visitors' contact form (lib/auth/bot-check.ts), valid ALTCHA_TTL_SECONDS; JSON, not
 * cached.
 */
export const GET = route({
  method: 'GET',
  path: '/api/altcha',
  summary: 'A signed ALTCHA proof-of-work challenge for the bot check of the registration and contact forms',
  tags: ['accounts'],
  auth: 'public',
  responses: { 200: jsonResponse('ALTCHA challenge', dto('ALTCHA challenge')) },
  handler: async ({ request }) => challengeResponse(request),
});
