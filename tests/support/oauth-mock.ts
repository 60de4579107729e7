/**
 * A local OAuth 2 / OpenID Connect provider for the Facebook and Google login tests
 * (oauth2-mock-server): Google is pointed at it by OIDC discovery (AUTH_GOOGLE_ISSUER), Facebook
 * by its three endpoints. The authorize endpoint answers at once (no login screen) for the
 * account set with `signInAs`: its id becomes the ID token's `sub` (Google) and the user info's
 * `id` (Facebook); a browser can choose the account with a `mock_account` cookie (JSON of a
 * MockAccount) on the mock's origin. Like the real Facebook, the token response to the Facebook client carries no
 * ID token.
 */
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A provider account the mock logs in as. `emailVerified` is Google's `email_verified` claim
 * (default true); Facebook's answers never carry one, like the real Graph API.
 */
export type MockAccount = { id: string; name: string; email: string | null; emailVerified?: boolean };

export const GOOGLE_CLIENT_ID = 'discshelf-google-test';
export const FACEBOOK_CLIENT_ID = 'discshelf-facebook-test';

/** The app's environment that points both providers at a mock running at `url`. */
export function oauthMockEnv(url: string): Record<string, string> {
  return {
    AUTH_GOOGLE_ID: GOOGLE_CLIENT_ID,
    AUTH_GOOGLE_SECRET: 'google-test-secret',
    AUTH_GOOGLE_ISSUER: url,
    AUTH_FACEBOOK_ID: FACEBOOK_CLIENT_ID,
    AUTH_FACEBOOK_SECRET: 'facebook-test-secret',
    AUTH_FACEBOOK_AUTHORIZATION_URL: `${url}/authorize`,
    AUTH_FACEBOOK_TOKEN_URL: `${url}/token`,
    AUTH_FACEBOOK_USERINFO_URL: `${url}/userinfo`,
  };
}

/** Starts the mock on `port` (0: any free port) and returns it with its env and controls. */
export async function startOAuthMock(port = 0): Promise<{
  url: string;
  env: Record<string, string>;
  signInAs: (a: MockAccount) => void;
  stop: () => Promise<void>;
}> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  // The mock names itself "localhost", which may resolve to ::1 where it does not listen.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  let current: MockAccount = { id: 'mock-user', name: 'Mock User', email: 'mock@example.test' };
  // The account of a login: a browser may pick one with the `mock_account` cookie (JSON) on the
  // mock's own origin (the e2e tests); otherwise the one set with signInAs. It follows the
  // authorization code to the token endpoint and the access token to the user info endpoint.
  const byCode = new Map<string, MockAccount>();
  const byAccessToken = new Map<string, MockAccount>();
  type Req = { body?: Record<string, unknown>; headers: Record<string, string | undefined> };
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: Req) => {
    const code = redirect.url.searchParams.get('code');
    const cookie = /(?:^|;\s*)mock_account=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (code) byCode.set(code, cookie ? (JSON.parse(decodeURIComponent(cookie)) as MockAccount) : current);
  });
  const accountOf = (req: Req) => byCode.get(String(req.body?.code ?? '')) ?? current;
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: Req) => {
    const account = accountOf(req);
    token.payload.sub = account.id;
    if (account.email) token.payload.email = account.email;
    token.payload.email_verified = account.emailVerified ?? true;
    token.payload.name = account.name;
  });
  server.service.on('beforeResponse', (res: { body: Record<string, unknown> }, req: Req) => {
    byAccessToken.set(String(res.body.access_token), accountOf(req));
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString()
      : '';
    const clientId = String(req.body?.client_id ?? decodeURIComponent(basic.split(':')[0] ?? ''));
    if (clientId === FACEBOOK_CLIENT_ID) delete res.body.id_token;
  });
  server.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }, req: Req) => {
    const account = byAccessToken.get((req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')) ?? current;
    res.body = {
      sub: account.id,
      id: account.id,
      name: account.name,
      ...(account.email ? { email: account.email } : {}),
    };
  });
  return {
    url,
    env: oauthMockEnv(url),
    signInAs: (a) => {
      current = a;
    },
    stop: () => server.stop(),
  };
}
