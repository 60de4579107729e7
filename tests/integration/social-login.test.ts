/**
 * Facebook and Google login end to end against a local OAuth 2 / OpenID Connect server
 * (tests/support/oauth-mock.ts), through the real Auth.js route handlers and the app's own
 * completion, registration and login routes, on PGlite (and PostgreSQL with TEST_DATABASE_URL).
 * The Facebook and Google flows: a new provider user ("user not found", then register), a returning one,
 * "user not found" then link through the password login, a replayed completion, no keys = no
 * providers; registration only with a verified provider e-mail (Google's `email_verified`, never
 * Facebook's); linking and unlinking while logged in only after the password (or a fresh login).
 */
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { GET as authGet, POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { GET as meRoute } from '@/app/api/me/route';
import { GET as completeRoute } from '@/app/api/social/complete/route';
import { POST as socialRegisterRoute } from '@/app/api/social/register/route';
import { GET as identitiesRoute } from '@/app/api/me/identities/route';
import { POST as confirmLinkRoute, DELETE as unlinkRoute } from '@/app/api/me/identities/[provider]/route';
import { userSessions } from '@/db/schema';
import { sessionActor } from '@/lib/data/sessions';
import { enabledProviders } from '@/lib/auth/social';
import { registerUser } from '@/lib/data/users';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { startOAuthMock, type MockAccount } from '../support/oauth-mock';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const PASSWORD = 'Criterion-Spine-1045';

/** A browser's cookies for ORIGIN: Set-Cookie lines in, a Cookie header out. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1);
      if (!value || /expires=thu, 01 jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

type Handler = (request: NextRequest) => Promise<Response>;

/**
 * Sends a request to a route handler as the browser with `jar` would, and keeps its cookies.
 * `req.url` is a path on the site; `req.form` or `req.json` is the body; `req.method` defaults to GET.
 */
async function call(
  handler: Handler,
  jar: CookieJar,
  req: { url: string; method?: string; form?: Record<string, string>; json?: unknown; ip?: string },
): Promise<Response> {
  const { url, ...init } = req;
  const headers: Record<string, string> = {
    cookie: jar.header(),
    'x-forwarded-for': init.ip ?? '198.51.100.7',
    'user-agent': 'vitest',
  };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  if (init.method === 'POST') headers.origin = ORIGIN;
  const res = await handler(new NextRequest(new URL(url, ORIGIN), { method: init.method ?? 'GET', headers, body }));
  jar.store(res);
  return res;
}

/**
 * Runs the browser's part of a provider login: Auth.js's CSRF token, POST signin, the provider's
 * authorize redirect (the mock answers at once), the callback, and the app's completion.
 * @returns the completion's response (a 302) and the URL Auth.js sent the browser to after the callback
 */
async function providerLogin(
  provider: 'google' | 'facebook',
  jar: CookieJar,
  next: string,
): Promise<{ complete: Response; afterCallback: string }> {
  const csrf = await call(authGet, jar, { url: '/api/auth/csrf' });
  expect(csrf.status).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signin = await call(authPost, jar, {
    url: `/api/auth/signin/${provider}`,
    method: 'POST',
    form: { csrfToken, callbackUrl: `/api/social/complete?next=${encodeURIComponent(next)}` },
  });
  expect(signin.status).toBe(302);
  const authorize = signin.headers.get('location') ?? '';
  expect(authorize).toContain('/authorize?');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get('location') ?? '');
  expect(callbackUrl.pathname).toBe(`/api/auth/callback/${provider}`);
  const callback = await call(authGet, jar, { url: callbackUrl.pathname + callbackUrl.search });
  expect(callback.status).toBe(302);
  const afterCallback = callback.headers.get('location') ?? '';
  if (!afterCallback.includes('/api/social/complete')) return { complete: callback, afterCallback };
  const target = new URL(afterCallback, ORIGIN);
  const complete = await call(completeRoute, jar, { url: target.pathname + target.search });
  return { complete, afterCallback };
}

/** The name of the logged-in user of a jar (GET /api/me), or null for a visitor. */
async function whoAmI(jar: CookieJar): Promise<string | null> {
  const res = await call(meRoute, jar, { url: '/api/me' });
  return res.ok ? ((await res.json()) as { name: string }).name : null;
}

describe('social login switch', () => {
  it('without the keys no provider is on, and the Auth.js provider list is empty', async () => {
    // vi.stubEnv with undefined removes a variable; unstubAllEnvs puts back each value, or removes
    // the variable again when it was unset before.
    for (const k of Object.keys(process.env))
      if (k.startsWith('AUTH_GOOGLE') || k.startsWith('AUTH_FACEBOOK')) vi.stubEnv(k, undefined);
    vi.stubEnv('AUTH_SECRET', 'test-secret-for-auth-js-transit-cookies');
    try {
      expect(enabledProviders()).toEqual([]);
      const res = await call(authGet, new CookieJar(), { url: '/api/auth/providers' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe.each(testEngines())('Facebook and Google login on %s', (engine) => {
  let h: DbHandle;
  let mock: Awaited<ReturnType<typeof startOAuthMock>>;
  const googleUser: MockAccount = {
    id: `g-${engine}-1001`,
    name: 'Greta Gialla',
    email: `greta.${engine}@example.test`,
  };
  const facebookUser: MockAccount = {
    id: `fb-${engine}-2002`,
    name: 'Frank Steelbook',
    email: `frank.${engine}@example.test`,
  };

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    mock = await startOAuthMock();
    for (const [k, v] of Object.entries({ ...mock.env, AUTH_SECRET: 'test-secret-for-auth-js-transit-cookies' }))
      vi.stubEnv(k, v);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await mock?.stop();
    await h?.close();
  });

  it('lists both providers once their keys are set', async () => {
    expect(enabledProviders()).toEqual(['facebook', 'google']);
    const res = await call(authGet, new CookieJar(), { url: '/api/auth/providers' });
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['facebook', 'google']);
  });

  it('a new Google user: "user not found", then register with Google, logged in and linked', async () => {
    mock.signInAs(googleUser);
    const jar = new CookieJar();
    const { complete } = await providerLogin('google', jar, '/fi/movie/abc');
    expect(complete.status).toBe(302);
    const location = new URL(complete.headers.get('location') ?? '', ORIGIN);
    expect(location.pathname).toBe('/fi/login');
    expect(location.searchParams.get('social')).toBe('google');
    expect(location.searchParams.get('next')).toBe('/movie/abc');
    expect(jar.has('discshelf_social')).toBe(true);
    expect(jar.has('authjs.session-token')).toBe(false);
    expect(await whoAmI(jar)).toBeNull();

    const reg = await call(socialRegisterRoute, jar, { url: '/api/social/register', method: 'POST', json: {} });
    expect(reg.status).toBe(200);
    const body = await reg.text();
    expect(body).not.toContain(googleUser.email ?? '-');
    expect((JSON.parse(body) as { user: { name: string } }).user.name).toBe('Greta Gialla');
    expect(jar.has('discshelf_social')).toBe(false);
    expect(await whoAmI(jar)).toBe('Greta Gialla');
  });

  it('a returning Google user is logged in straight away and sent to `next`', async () => {
    mock.signInAs(googleUser);
    const jar = new CookieJar();
    const { complete } = await providerLogin('google', jar, '/movie/abc');
    expect(complete.status).toBe(302);
    expect(new URL(complete.headers.get('location') ?? '', ORIGIN).pathname).toBe('/movie/abc');
    expect(jar.has('discshelf_session')).toBe(true);
    expect(await whoAmI(jar)).toBe('Greta Gialla');
  });

  it('a hostile `next` (tab, newline, backslash, another origin) sends the logged-in user to / instead', async () => {
    const hostile = { id: `g-${engine}-hostile`, name: 'Hostile Next', email: `hostile.${engine}@example.test` };
    mock.signInAs(hostile);
    const first = new CookieJar();
    await providerLogin('google', first, '/');
    const reg = await call(socialRegisterRoute, first, {
      url: '/api/social/register',
      method: 'POST',
      json: {},
      ip: '198.51.100.42',
    });
    expect(reg.status).toBe(200);
    for (const next of [
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '/\\evil.example',
      'https://evil.example/x',
      '//evil.example',
    ]) {
      const jar = new CookieJar();
      const { complete } = await providerLogin('google', jar, next);
      expect(complete.status).toBe(302);
      expect(complete.headers.get('location')).toBe(`${ORIGIN}/`);
      expect(await whoAmI(jar)).toBe('Hostile Next');
    }
  });

  it('a completion cannot be replayed: the transit token is single use', async () => {
    mock.signInAs(googleUser);
    const jar = new CookieJar();
    const csrf = (await (await call(authGet, jar, { url: '/api/auth/csrf' })).json()) as { csrfToken: string };
    const signin = await call(authPost, jar, {
      url: '/api/auth/signin/google',
      method: 'POST',
      form: { csrfToken: csrf.csrfToken, callbackUrl: '/api/social/complete?next=/' },
    });
    const cb = new URL(
      (await fetch(signin.headers.get('location') ?? '', { redirect: 'manual' })).headers.get('location') ?? '',
    );
    await call(authGet, jar, { url: cb.pathname + cb.search });
    const stolen = jar.header();
    const first = await call(completeRoute, jar, { url: '/api/social/complete?next=/' });
    expect(first.headers.get('location')).toBe(`${ORIGIN}/`);
    const replay = await completeRoute(
      new NextRequest(`${ORIGIN}/api/social/complete?next=/`, {
        headers: { cookie: stolen.replace(/discshelf_session=[^;]+;?\s*/, '') },
      }),
    );
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('error')).toBe('social');
    expect(
      replay.headers
        .getSetCookie()
        .some((c) => c.startsWith('discshelf_session=') && !c.startsWith('discshelf_session=;')),
    ).toBe(false);
  });

  it('a Facebook user not found links to an existing account by logging in with its password', async () => {
    const existing = await registerUser({
      name: 'Frank Password',
      email: 'frank.pw@example.test',
      password: PASSWORD,
      password2: PASSWORD,
      country: '',
    });
    expect(existing.ok).toBe(true);

    mock.signInAs(facebookUser);
    const jar = new CookieJar();
    const { complete } = await providerLogin('facebook', jar, '/release/xyz');
    const location = new URL(complete.headers.get('location') ?? '', ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('social')).toBe('facebook');

    const login = await call(loginRoute as Handler, jar, {
      url: '/api/login',
      method: 'POST',
      json: { email: 'frank.pw@example.test', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { linked?: string }).linked).toBe('facebook');
    expect(jar.has('discshelf_social')).toBe(false);

    const again = new CookieJar();
    const second = await providerLogin('facebook', again, '/release/xyz');
    expect(new URL(second.complete.headers.get('location') ?? '', ORIGIN).pathname).toBe('/release/xyz');
    expect(await whoAmI(again)).toBe('Frank Password');
  });

  it('register with a provider refuses an e-mail address that has an account, and one without e-mail', async () => {
    mock.signInAs({ id: `g-${engine}-3003`, name: 'Same Mail', email: 'frank.pw@example.test' });
    const jar = new CookieJar();
    await providerLogin('google', jar, '/');
    const taken = await call(socialRegisterRoute, jar, { url: '/api/social/register', method: 'POST', json: {} });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ fields: { _form: 'socialEmailInUse' } });

    mock.signInAs({ id: `fb-${engine}-4004`, name: 'No Mail', email: null });
    const jar2 = new CookieJar();
    await providerLogin('facebook', jar2, '/');
    const missing = await call(socialRegisterRoute, jar2, { url: '/api/social/register', method: 'POST', json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { _form: 'socialEmailMissing' } });

    const expired = await call(socialRegisterRoute, new CookieJar(), {
      url: '/api/social/register',
      method: 'POST',
      json: {},
    });
    expect(await expired.json()).toMatchObject({ fields: { _form: 'socialExpired' } });
  });

  it('registration needs an e-mail address the provider vouches for: Google unverified and Facebook refused', async () => {
    const ip = '198.51.100.40';
    mock.signInAs({
      id: `g-${engine}-unverified`,
      name: 'Una Verified',
      email: 'una@example.test',
      emailVerified: false,
    });
    const google = new CookieJar();
    await providerLogin('google', google, '/');
    const refused = await call(socialRegisterRoute, google, {
      url: '/api/social/register',
      method: 'POST',
      json: {},
      ip,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { _form: 'socialEmailUnverified' } });
    expect(await whoAmI(google)).toBeNull();

    // Facebook shares no verification claim: a new address is never taken from it.
    mock.signInAs({ id: `fb-${engine}-5005`, name: 'Fay Book', email: 'fay@example.test' });
    const facebook = new CookieJar();
    await providerLogin('facebook', facebook, '/');
    const fb = await call(socialRegisterRoute, facebook, { url: '/api/social/register', method: 'POST', json: {}, ip });
    expect(await fb.json()).toMatchObject({ fields: { _form: 'socialEmailUnverified' } });

    // The same Google account once verified registers.
    mock.signInAs({ id: `g-${engine}-unverified`, name: 'Una Verified', email: 'una@example.test' });
    const again = new CookieJar();
    await providerLogin('google', again, '/');
    const ok = await call(socialRegisterRoute, again, { url: '/api/social/register', method: 'POST', json: {}, ip });
    expect(ok.status).toBe(200);
    expect(await whoAmI(again)).toBe('Una Verified');
  });

  it('social registration: failed attempts count against the per-IP limit (5 a day)', async () => {
    const ip = '198.51.100.41';
    mock.signInAs({ id: `fb-${engine}-limit`, name: 'Lim It', email: 'limit.fb@example.test' });
    const jar = new CookieJar();
    await providerLogin('facebook', jar, '/');
    for (let i = 0; i < 5; i++) {
      const r = await call(socialRegisterRoute, jar, { url: '/api/social/register', method: 'POST', json: {}, ip });
      expect(r.status).toBe(400);
    }
    const sixth = await call(socialRegisterRoute, jar, { url: '/api/social/register', method: 'POST', json: {}, ip });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(86_000);
  });

  it('linked accounts: listed; unlinking needs the password (or a fresh login) and is refused when it is the only way to log in', async () => {
    const unlink = (jar: CookieJar, provider: string, current?: string) =>
      unlinkRoute(
        new NextRequest(`${ORIGIN}/api/me/identities/${provider}`, {
          method: 'DELETE',
          headers: { cookie: jar.header(), origin: ORIGIN, 'content-type': 'application/json' },
          ...(current === undefined ? {} : { body: JSON.stringify({ current }) }),
        }),
        { params: Promise.resolve({ provider }) },
      );

    mock.signInAs(facebookUser);
    const frank = new CookieJar();
    await providerLogin('facebook', frank, '/');
    const listed = await call(identitiesRoute, frank, { url: '/api/me/identities' });
    expect(await listed.json()).toEqual({ enabled: ['facebook', 'google'], linked: ['facebook'] });
    const noPassword = await unlink(frank, 'facebook');
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ fields: { current: 'credentialsIncorrect' } });
    const wrong = await unlink(frank, 'facebook', 'not-the-password');
    expect(await wrong.json()).toMatchObject({ fields: { current: 'credentialsIncorrect' } });
    expect(await (await call(identitiesRoute, frank, { url: '/api/me/identities' })).json()).toMatchObject({
      linked: ['facebook'],
    });
    expect((await unlink(frank, 'facebook', PASSWORD)).status).toBe(200);
    expect(await (await call(identitiesRoute, frank, { url: '/api/me/identities' })).json()).toMatchObject({
      linked: [],
    });

    mock.signInAs(googleUser);
    const greta = new CookieJar();
    await providerLogin('google', greta, '/');
    // Greta has no password: her login a moment ago is fresh, so the unlink is judged on its merits.
    const refused = await unlink(greta, 'google', '');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { _form: 'unlinkRefused' } });
    expect((await unlink(greta, 'myspace', '')).status).toBe(404);
    // Eleven minutes later the same session is no longer a fresh login.
    const session = await sessionActor(decodeURIComponent(/discshelf_session=([^;]+)/.exec(greta.header())?.[1] ?? ''));
    expect(session).not.toBeNull();
    await h.db
      .update(userSessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(userSessions.id, session?.sessionId ?? 0));
    const stale = await unlink(greta, 'google', '');
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ fields: { current: 'reauthFreshLogin' } });
    expect((await call(identitiesRoute, new CookieJar(), { url: '/api/me/identities' })).status).toBe(401);
  });

  it('a logged-in user links a provider login only after confirming the password; one linked elsewhere is refused', async () => {
    const r = await registerUser({
      name: 'Linda Linker',
      email: 'linda@example.test',
      password: PASSWORD,
      password2: PASSWORD,
      country: '',
    });
    expect(r.ok).toBe(true);
    const linda = new CookieJar();
    await call(loginRoute as Handler, linda, {
      url: '/api/login',
      method: 'POST',
      json: { email: 'linda@example.test', password: PASSWORD },
    });
    mock.signInAs({ id: `g-${engine}-linda`, name: 'Linda G', email: 'linda.g@example.test' });
    // Without the confirmation (a stolen session, a forged login form) nothing is linked.
    const unconfirmed = await providerLogin('google', linda, '/users/edit_my_data');
    expect(unconfirmed.complete.headers.get('location')).toBe(
      `${ORIGIN}/users/edit_my_data?social_error=linkNotConfirmed&provider=google`,
    );
    expect(await (await call(identitiesRoute, linda, { url: '/api/me/identities' })).json()).toMatchObject({
      linked: [],
    });
    const confirm = (current: string) =>
      confirmLinkRoute(
        new NextRequest(`${ORIGIN}/api/me/identities/google`, {
          method: 'POST',
          headers: { cookie: linda.header(), origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ current }),
        }),
        { params: Promise.resolve({ provider: 'google' }) },
      );
    const wrong = await confirm('not-the-password');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { current: 'credentialsIncorrect' } });
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('discshelf_link='))).toBe(false);
    const granted = await confirm(PASSWORD);
    expect(granted.status).toBe(200);
    linda.store(granted);
    expect(linda.has('discshelf_link')).toBe(true);
    const { complete } = await providerLogin('google', linda, '/users/edit_my_data');
    expect(complete.headers.get('location')).toBe(`${ORIGIN}/users/edit_my_data`);
    expect(linda.has('discshelf_link')).toBe(false);
    expect(await (await call(identitiesRoute, linda, { url: '/api/me/identities' })).json()).toMatchObject({
      linked: ['google'],
    });

    mock.signInAs(googleUser);
    linda.store(await confirm(PASSWORD));
    const again = await providerLogin('google', linda, '/users/edit_my_data');
    expect(again.complete.headers.get('location')).toBe(
      `${ORIGIN}/users/edit_my_data?social_error=socialAlreadyLinked&provider=google`,
    );
  });

  it('a provider error comes back to the login page, not a 500', async () => {
    const jar = new CookieJar();
    const csrf = (await (await call(authGet, jar, { url: '/api/auth/csrf' })).json()) as { csrfToken: string };
    await call(authPost, jar, {
      url: '/api/auth/signin/google',
      method: 'POST',
      form: { csrfToken: csrf.csrfToken, callbackUrl: '/api/social/complete?next=/' },
    });
    const res = await call(authGet, jar, { url: '/api/auth/callback/google?error=access_denied&state=forged' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '', ORIGIN).pathname).toBe('/login');
  });
});
