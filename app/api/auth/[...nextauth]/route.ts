import { NextRequest } from 'next/server';
import { z } from 'zod';
import { route, type Method } from '@/lib/api/route';
import { AppError } from '@/lib/errors';
import { jsonResponse } from '@/lib/api/schemas';
import { handlers } from '@/lib/auth/social';

export const dynamic = 'force-dynamic';

const nextauthParams = z.object({
  nextauth: z
    .array(z.string())
    .optional()
    .meta({
      param: { required: true },
      description: 'providers, csrf, signin/{facebook|google}, callback/{facebook|google}',
    }),
});

/**
 * The actions Auth.js's handlers know (the first path segment after /api/auth/). Auth.js answers
 * any other with 400 and a bare JSON string, not the API's `{ "error" }`: the route answers those
 * 404 as the unknown endpoints they are.
 */
const AUTHJS_ACTIONS = new Set([
  'providers',
  'session',
  'csrf',
  'signin',
  'signout',
  'callback',
  'verify-request',
  'error',
  'webauthn-options',
]);

/**
 * One method of Auth.js's handlers behind the wrapper (the body is left for Auth.js to read).
 * @throws AppError not_found (404) for an action Auth.js does not have
 */
function authjs(method: Extract<Method, 'GET' | 'POST'>) {
  const handler = method === 'GET' ? handlers.GET : handlers.POST;
  return route({
    method,
    path: '/api/auth/{nextauth}',
    summary:
      method === 'GET'
        ? 'Auth.js: providers, CSRF token, OAuth callbacks'
        : 'Auth.js: start a Facebook or Google sign-in',
    description:
      'Auth.js runs the Facebook / Google OAuth exchange only. `GET /api/auth/providers` (the switched-on providers, `{}` without keys), `GET ' +
      '/api/auth/csrf`, `POST /api/auth/signin/{facebook|google}` (form fields `csrfToken`, `callbackUrl`; 302 to the provider), ' +
      '`GET /api/auth/callback/{provider}` (302 to `callbackUrl`, normally /api/social/complete).',
    tags: ['accounts'],
    auth: 'public',
    params: nextauthParams,
    // An OAuth callback carries whatever the provider sends (code, state, iss, scope, error, …).
    query: z.looseObject({}),
    responses:
      method === 'GET'
        ? { 200: jsonResponse('providers or csrf'), 302: { description: 'Redirect of an OAuth callback' } }
        : { 302: { description: 'Redirect to the provider' } },
    handler: async ({ request }) => {
      const action = /^\/api\/auth\/([^/]*)/.exec(new URL(request.url).pathname)?.[1] ?? '';
      if (!AUTHJS_ACTIONS.has(action)) throw new AppError('not_found');
      return handler(request instanceof NextRequest ? request : new NextRequest(request));
    },
  });
}

/**
 * /api/auth/*: Auth.js's OAuth endpoints for Facebook and Google (lib/auth/social.ts):
 * `GET /api/auth/providers` (the switched-on providers, `{}` without keys), `GET /api/auth/csrf`,
 * `POST /api/auth/signin/{facebook|google}` (form fields `csrfToken`, `callbackUrl`; 302 to the
 * provider) and `GET /api/auth/callback/{provider}` (302 to `callbackUrl`, normally
 * /api/social/complete; errors go to `/login?error=…`). Auth.js's own session is never used.
 */
export const GET = authjs('GET');
export const POST = authjs('POST');
