import { handlers } from '@/lib/auth/social';

export const dynamic = 'force-dynamic';

/**
 * /api/auth/*: Auth.js's OAuth endpoints for Facebook and Google (lib/auth/social.ts):
 * `GET /api/auth/providers` (the switched-on providers, `{}` without keys), `GET /api/auth/csrf`,
 * `POST /api/auth/signin/{facebook|google}` (form fields `csrfToken`, `callbackUrl`; 302 to the
 * provider) and `GET /api/auth/callback/{provider}` (302 to `callbackUrl`, normally
 * /api/social/complete; errors go to `/login?error=…`). Auth.js's own session is never used.
 */
export const { GET, POST } = handlers;
