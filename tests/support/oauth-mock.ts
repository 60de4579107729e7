/**
 * A local OAuth 2 / OpenID Connect provider for the Facebook and Google login tests
 * (oauth2-mock-server): Google is pointed at it by OIDC discovery (AUTH_GOOGLE_ISSUER), Facebook
 * by its three endpoints. The authorize endpoint answers at once (no login screen) for the
 * account set with `signInAs`: its id becomes the ID token's `sub` (Google) and the user info's
 * `id` (Facebook). Like the real Facebook, the token response to the Facebook client carries no
 * ID token.
 */
import { OAuth2Server } from 'oauth2-mock-server';

/** A provider account the mock logs in as. */
export type MockAccount = { id: string; name: string; email: string | null };

export const GOOGLE_CLIENT_ID = 'discshelf-google-test';
export const FACEBOOK_CLIENT_ID = 'discshelf-facebook-test';

/** Starts the mock on `port` (0: any free port) and returns it with its env and controls. */
export async function startOAuthMock(port = 0): Promise<{ url: string; env: Record<string, string>; signInAs: (a: MockAccount) => void; stop: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const url = server.issuer.url ?? '';
  let account: MockAccount = { id: 'mock-user', name: 'Mock User', email: 'mock@example.test' };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.sub = account.id;
    if (account.email) token.payload.email = account.email;
    token.payload.email_verified = true;
    token.payload.name = account.name;
  });
  server.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
    res.body = { sub: account.id, id: account.id, name: account.name, ...(account.email ? { email: account.email } : {}) };
  });
  server.service.on('beforeResponse', (res: { body: Record<string, unknown> }, req: { body?: Record<string, unknown>; headers: Record<string, string | undefined> }) => {
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString() : '';
    const clientId = String(req.body?.client_id ?? decodeURIComponent(basic.split(':')[0] ?? ''));
    if (clientId === FACEBOOK_CLIENT_ID) delete res.body.id_token;
  });
  return {
    url,
    env: {
      AUTH_GOOGLE_ID: GOOGLE_CLIENT_ID,
      AUTH_GOOGLE_SECRET: 'google-test-secret',
      AUTH_GOOGLE_ISSUER: url,
      AUTH_FACEBOOK_ID: FACEBOOK_CLIENT_ID,
      AUTH_FACEBOOK_SECRET: 'facebook-test-secret',
      AUTH_FACEBOOK_AUTHORIZATION_URL: `${url}/authorize`,
      AUTH_FACEBOOK_TOKEN_URL: `${url}/token`,
      AUTH_FACEBOOK_USERINFO_URL: `${url}/userinfo`,
    },
    signInAs: (a) => {
      account = a;
    },
    stop: () => server.stop(),
  };
}
