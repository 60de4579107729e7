import { challengeResponse } from '@/lib/auth/bot-check';
import { withApiErrors } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * GET /api/altcha: a signed ALTCHA proof-of-work challenge for the registration form's bot check
 * (lib/auth/bot-check.ts), valid ALTCHA_TTL_SECONDS; JSON, not cached.
 */
export const GET = withApiErrors(async (request: Request) => challengeResponse(request));
