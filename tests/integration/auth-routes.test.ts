/**
 * Account route handlers called directly with `new Request(...)` on a fresh database (PGlite;
 * PostgreSQL too with TEST_DATABASE_URL): registration behind the ALTCHA bot check (solved here
 * with altcha-lib, as the browser widget does), login and logout with the session cookie,
 * `/api/me` (a failed one clears the cookie), API tokens, the origin check, 429 with
 * Retry-After, `x-middleware-subrequest` granting nothing, and no e-mail or hash in any body.
 * The hardening: re-authentication for tokens, e-mail change and deletion, token lifetimes and
 * revocation, failed registrations counted, and the reset mail sent after the answer.
 */
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { GET as altcha } from '@/app/api/altcha/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as logoutRoute } from '@/app/api/logout/route';
import { DELETE as meDeleteRoute, GET as meRoute, PATCH as mePatchRoute } from '@/app/api/me/route';
import { POST as emailRoute } from '@/app/api/me/email/route';
import { POST as passwordRoute } from '@/app/api/me/password/route';
import { DELETE as sessionsDeleteRoute } from '@/app/api/me/sessions/route';
import { GET as tokensListRoute, POST as tokensRoute } from '@/app/api/me/tokens/route';
import { POST as registerRoute } from '@/app/api/register/route';
import { GET as usersList } from '@/app/api/users/route';
import { GET as userItem } from '@/app/api/users/[publicId]/route';
import { POST as resetRoute } from '@/app/api/password_reset/route';
import { POST as redeemRoute } from '@/app/api/password_reset/redeem/route';
import { apiTokens, passwordResetTokens } from '@/db/schema';
import { createApiToken } from '@/lib/data/api-tokens';
import { createPasswordReset } from '@/lib/data/password-reset';
import { sessionActor } from '@/lib/data/sessions';
import { registerUser, userCountries } from '@/lib/data/users';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const PASSWORD = 'Laserdisc-Forever-88';

type Handler = (request: Request) => Promise<Response>;

/** A JSON POST from this site (Origin set), from client address `ip`. */
function post(
  path: string,
  body: unknown,
  opts: { ip?: string; cookie?: string; origin?: string | null } = {},
): Request {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': opts.ip ?? '192.0.2.10',
  };
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
  if (opts.cookie) headers.cookie = opts.cookie;
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The `discshelf_session=…` pair of a response's Set-Cookie, and whether it clears the cookie. */
function sessionCookie(res: Response): { pair: string; cleared: boolean } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('discshelf_session='));
  if (!line) return null;
  return {
    pair: line.split(';')[0],
    cleared: /discshelf_session=;/.test(line) || /Expires=Thu, 01 Jan 1970/i.test(line),
  };
}

/** The text of a quoted-printable mail body (soft line breaks joined, =XX escapes decoded as UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Solves a fresh challenge from GET /api/altcha as the widget does; the form value (base64 JSON). */
async function solvedAltcha(): Promise<string> {
  const res = await altcha(new Request(`${ORIGIN}/api/altcha`));
  expect(res.status).toBe(200);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe.each(testEngines())('account routes on %s', (engine) => {
  let h: DbHandle;
  let cookie = '';
  let publicId = '';
  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('register: the bot check is required, checked, and single-use; then the account is logged in', async () => {
    const form = {
      name: 'Ville Videonen',
      email: 'Ville@Example.fi',
      password: PASSWORD,
      password2: PASSWORD,
      country: '4',
    };
    const missing = await registerRoute(post('/api/register', form));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { _form: 'captchaMissing' } });
    const forged = await registerRoute(
      post('/api/register', { ...form, altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') }),
    );
    expect(await forged.json()).toMatchObject({ fields: { _form: 'captchaInvalid' } });
    const payload = await solvedAltcha();
    const bad = await registerRoute(post('/api/register', { ...form, password2: 'different', altcha: payload }));
    expect(await bad.json()).toMatchObject({ fields: { password2: 'passwordsDoNotMatch' } });
    // A verified payload is spent even when the form then fails (the widget solves a new one).
    const replay = await registerRoute(post('/api/register', { ...form, altcha: payload }));
    expect(await replay.json()).toMatchObject({ fields: { _form: 'captchaInvalid' } });
    const ok = await registerRoute(post('/api/register', { ...form, altcha: await solvedAltcha() }));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { user: { public_id: string; name: string } };
    expect(body.user.name).toBe('Ville Videonen');
    publicId = body.user.public_id;
    const c = sessionCookie(ok);
    expect(c?.cleared).toBe(false);
    expect(ok.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(ok.headers.getSetCookie()[0]).toMatch(/SameSite=lax/i);
    // Every attempt above counted against this address's 5 a day: the sixth comes from another one.
    const taken = await registerRoute(
      post('/api/register', { ...form, name: 'Another', altcha: await solvedAltcha() }, { ip: '192.0.2.11' }),
    );
    expect(await taken.json()).toMatchObject({ fields: { email: 'emailInUse' } });
  }, 60_000);

  it('login: one message for any wrong pair; the cookie then identifies the user at /api/me, without e-mail or hash', async () => {
    const wrong = await loginRoute(
      post('/api/login', { email: 'ville@example.fi', password: 'nope' }, { ip: '192.0.2.20' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid', fields: { _form: 'credentialsIncorrect' } });
    const unknown = await loginRoute(
      post('/api/login', { email: 'ghost@example.fi', password: 'nope' }, { ip: '192.0.2.20' }),
    );
    expect(await unknown.json()).toEqual({ error: 'invalid', fields: { _form: 'credentialsIncorrect' } });
    const ok = await loginRoute(
      post('/api/login', { email: 'ville@example.fi', password: PASSWORD }, { ip: '192.0.2.20' }),
    );
    expect(ok.status).toBe(200);
    cookie = sessionCookie(ok)?.pair ?? '';
    expect(cookie).toMatch(/^discshelf_session=[A-Za-z0-9_-]{43}$/);
    const me = await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie } }));
    expect(me.status).toBe(200);
    const text = await me.text();
    expect(JSON.parse(text)).toMatchObject({
      name: 'Ville Videonen',
      email_hint: 'v…@example.fi',
      notifications_unseen_count: 0,
    });
    expect(text).not.toContain('ville@example.fi');
    expect(text).not.toContain('argon2');
  });

  it('a write from another origin, or with no Origin, is refused', async () => {
    const evil = await loginRoute(
      post('/api/login', { email: 'ville@example.fi', password: PASSWORD }, { origin: 'https://evil.example' }),
    );
    expect(evil.status).toBe(403);
    const none = await logoutRoute(post('/api/logout', {}, { origin: null, cookie }));
    expect(none.status).toBe(403);
    expect((await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie } }))).status).toBe(200);
  });

  it('/api/me without a valid session: 401 and the cookie cleared; x-middleware-subrequest changes nothing', async () => {
    const res = await meRoute(
      new Request(`${ORIGIN}/api/me`, {
        headers: {
          cookie: 'discshelf_session=forged-token-value-1234567890',
          'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware',
        },
      }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'You must be logged in to use this feature', code: 'unauthorized' });
    expect(sessionCookie(res)?.cleared).toBe(true);
  });

  it('a personal API token authenticates /api/me with Authorization: Bearer', async () => {
    const actor = await sessionActor(decodeURIComponent(cookie.split('=')[1]));
    expect(actor).not.toBeNull();
    const t = await createApiToken(actor!, { name: 'my script', current: PASSWORD });
    if (!t.ok) throw new Error('no token');
    const res = await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { authorization: `Bearer ${t.token}` } }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('Ville Videonen');
    expect(
      (await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { authorization: 'Bearer not-a-real-token-000' } })))
        .status,
    ).toBe(401);
  });

  it('users list and item: public fields only', async () => {
    const list = await (usersList as Handler)(new Request(`${ORIGIN}/api/users?q=videonen`));
    const text = await list.text();
    expect(JSON.parse(text)).toMatchObject({
      items: [{ public_id: publicId, name: 'Ville Videonen' }],
      next_cursor: null,
    });
    expect(text).not.toMatch(/example\.fi|argon2|email/);
    // By the country given in the profile (Ville registered from Finland, 4).
    const listed = async (query: string) => {
      const res = await (usersList as Handler)(new Request(`${ORIGIN}/api/users?${query}`));
      return { status: res.status, body: (await res.json()) as { items?: { public_id: string }[]; error?: string } };
    };
    expect((await listed('q=videonen&country=4')).body.items?.map((u) => u.public_id)).toEqual([publicId]);
    expect((await listed('q=videonen&country=5')).body.items).toEqual([]);
    for (const bad of ['country=finland', 'country=0', 'country=99999999999'])
      expect((await listed(bad)).status, bad).toBe(400);
    expect(await userCountries(h.db)).toEqual(expect.arrayContaining([{ country: 4, members: expect.any(Number) }]));
    expect((await userCountries(h.db)).find((c) => c.country === 4)!.members).toBeGreaterThanOrEqual(1);
    const item = await userItem(new Request(`${ORIGIN}/api/users/${publicId}`), {
      params: Promise.resolve({ publicId }),
    });
    expect(item.status).toBe(200);
    expect(await item.text()).not.toMatch(/example\.fi|argon2|email/);
    const missing = await userItem(new Request(`${ORIGIN}/api/users/nope`), {
      params: Promise.resolve({ publicId: 'nope' }),
    });
    expect(missing.status).toBe(404);
  });

  it('PATCH /api/me changes the fields it is given and keeps the ones it leaves out', async () => {
    const patch = (body: unknown) =>
      mePatchRoute(
        new Request(`${ORIGIN}/api/me`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
          body: JSON.stringify(body),
        }),
      );
    const before = (await (await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie } }))).json()) as Record<
      string,
      unknown
    >;
    const res = await patch({ municipality: 'Oulu' });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Record<string, unknown>;
    expect(after).toEqual({ ...before, municipality: 'Oulu' });
    expect(after).toMatchObject({ country: 4, email_notifications: before.email_notifications });
    const bad = await patch({ country: 'Suomi' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { country: 'invalid' } });
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const res = await logoutRoute(post('/api/logout', {}, { cookie }));
    expect(res.status).toBe(200);
    expect(sessionCookie(res)?.cleared).toBe(true);
    expect((await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie } }))).status).toBe(401);
  });

  it('login: after 5 attempts a minute from one address, 429 with Retry-After and a message', async () => {
    // Five different addresses, so only the per-IP limit (not ville's per-account one) is used up.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await loginRoute(
            post('/api/login', { email: `stranger${i}@example.fi`, password: `x${i}` }, { ip: '198.51.100.200' }),
          )
        ).status,
      ).toBe(400);
    const res = await loginRoute(
      post('/api/login', { email: 'ville@example.fi', password: PASSWORD }, { ip: '198.51.100.200' }),
    );
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await res.json()) as { error: string }).error).toBe(`Too many attempts. Try again in ${wait} seconds.`);
  });

  it('password reset: neutral reply, a mailed one-time link that expires, all sessions ended', async () => {
    const mailRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'reset-mail-'));
    vi.stubEnv('DATA_DIR', mailRoot);
    try {
      const mails = () =>
        fs.existsSync(path.join(mailRoot, 'mail')) ? fs.readdirSync(path.join(mailRoot, 'mail')) : [];
      const unknown = await resetRoute(
        post('/api/password_reset', { email: 'ghost@example.fi', locale: 'en' }, { ip: '192.0.2.50' }),
      );
      const known = await resetRoute(
        post('/api/password_reset', { email: 'VILLE@example.fi', locale: 'fi' }, { ip: '192.0.2.50' }),
      );
      expect([unknown.status, known.status]).toEqual([200, 200]);
      expect(await unknown.json()).toEqual(await known.json());
      // The mail is written after the answer.
      await vi.waitFor(() => expect(mails()).toHaveLength(1));
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(mailRoot, 'mail', mails()[0]), 'utf8'));
      expect(mail).toMatch(/^To: ville@example\.fi$/m);
      expect(mail).toContain('Hei Ville Videonen');
      expect(mail).toContain('/fi/reset_password?token=');
      const token = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
      expect(token).toHaveLength(43);
      // A logged-in session that the reset must end.
      const session = await loginRoute(
        post('/api/login', { email: 'ville@example.fi', password: PASSWORD }, { ip: '192.0.2.51' }),
      );
      const sessionPair = sessionCookie(session)?.pair ?? '';
      expect((await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie: sessionPair } }))).status).toBe(200);
      const weak = await redeemRoute(
        post('/api/password_reset/redeem', { token, password: '123456', password2: '123456' }),
      );
      expect(await weak.json()).toMatchObject({ fields: { password: 'passwordCommon' } });
      const ok = await redeemRoute(
        post('/api/password_reset/redeem', { token, password: 'Brand-New-VHS-2026', password2: 'Brand-New-VHS-2026' }),
      );
      expect(ok.status).toBe(200);
      expect((await meRoute(new Request(`${ORIGIN}/api/me`, { headers: { cookie: sessionPair } }))).status).toBe(401);
      const again = await redeemRoute(
        post('/api/password_reset/redeem', { token, password: 'Another-New-One-77', password2: 'Another-New-One-77' }),
      );
      expect(await again.json()).toMatchObject({ fields: { _form: 'resetInvalid' } });
      expect(
        (
          await loginRoute(
            post('/api/login', { email: 'ville@example.fi', password: 'Brand-New-VHS-2026' }, { ip: '192.0.2.52' }),
          )
        ).status,
      ).toBe(200);
      // An expired link is refused.
      await resetRoute(post('/api/password_reset', { email: 'ville@example.fi', locale: 'en' }, { ip: '192.0.2.53' }));
      await vi.waitFor(() => expect(mails()).toHaveLength(2));
      const latest = decodeQuotedPrintable(
        fs.readFileSync(path.join(mailRoot, 'mail', mails().sort().at(-1) ?? ''), 'utf8'),
      );
      const expiredToken = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(latest)?.[1] ?? '';
      await h.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await redeemRoute(
        post('/api/password_reset/redeem', {
          token: expiredToken,
          password: 'Another-New-One-77',
          password2: 'Another-New-One-77',
        }),
      );
      expect(await expired.json()).toMatchObject({ fields: { _form: 'resetInvalid' } });
    } finally {
      // Restores the previous value, or removes the variable when it was unset.
      vi.unstubAllEnvs();
      fs.rmSync(mailRoot, { recursive: true, force: true });
    }
  });

  it('password reset: 5 requests an hour per address, then 429', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await resetRoute(post('/api/password_reset', { email: 'limit@example.fi' }, { ip: `192.0.2.${60 + i}` })))
          .status,
      ).toBe(200);
    const res = await resetRoute(post('/api/password_reset', { email: 'limit@example.fi' }, { ip: '192.0.2.70' }));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('password reset: 5 requests an hour per client address, then 429; other addresses go on', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await resetRoute(post('/api/password_reset', { email: `per-ip-${i}@example.fi` }, { ip: '192.0.2.80' })))
          .status,
      ).toBe(200);
    const res = await resetRoute(post('/api/password_reset', { email: 'per-ip-5@example.fi' }, { ip: '192.0.2.80' }));
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(
      (await resetRoute(post('/api/password_reset', { email: 'per-ip-5@example.fi' }, { ip: '192.0.2.81' }))).status,
    ).toBe(200);
  });

  it('password reset behind one trusted proxy: addresses the client adds in front do not reset its limit', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '1');
    try {
      // As the app server leaves it: the client's claim, the address the proxy appended, the socket.
      const from = (i: number) => ({ ip: `10.9.9.${i}, 192.0.2.90, 127.0.0.1` });
      for (let i = 0; i < 5; i++)
        expect(
          (await resetRoute(post('/api/password_reset', { email: `proxied-${i}@example.fi` }, from(i)))).status,
        ).toBe(200);
      expect((await resetRoute(post('/api/password_reset', { email: 'proxied-5@example.fi' }, from(5)))).status).toBe(
        429,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a body that is not a JSON object is a 400, never a 500', async () => {
    const res = await loginRoute(
      new Request(`${ORIGIN}/api/login`, { method: 'POST', headers: { origin: ORIGIN }, body: 'email=x' }),
    );
    expect(res.status).toBe(400);
  });
});

describe.each(testEngines())('account hardening routes on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  type Call = { cookie?: string; bearer?: string; body?: unknown; method?: string };
  /** A request to `path` from this site with the session cookie or a bearer token. */
  const req = (path: string, c: Call = {}): Request => {
    const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': '192.0.2.200' };
    if (c.cookie) headers.cookie = c.cookie;
    if (c.bearer) headers.authorization = `Bearer ${c.bearer}`;
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    return new Request(`${ORIGIN}${path}`, {
      method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    });
  };
  /** A new account logged in: its e-mail and session cookie pair. */
  const member = async (): Promise<{ email: string; cookie: string }> => {
    n += 1;
    const email = `hard${n}@example.fi`;
    const r = await registerUser({ name: `Hardened ${n}`, email, password: PASSWORD, password2: PASSWORD }, {}, h.db);
    expect(r.ok).toBe(true);
    const res = await loginRoute(post('/api/login', { email, password: PASSWORD }, { ip: `192.0.2.${100 + n}` }));
    expect(res.status).toBe(200);
    return { email, cookie: sessionCookie(res)?.pair ?? '' };
  };
  const me = (c: Call) => meRoute(req('/api/me', c));

  it('API tokens: creating one asks for the password again; 30/90/365 days, listed with expiry; an expired one gets 401', async () => {
    const m = await member();
    const none = await tokensRoute(req('/api/me/tokens', { cookie: m.cookie, body: { name: 'script' } }));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'invalid', fields: { current: 'credentialsIncorrect' } });
    const wrong = await tokensRoute(
      req('/api/me/tokens', { cookie: m.cookie, body: { name: 'script', current: 'not-it' } }),
    );
    expect(await wrong.json()).toMatchObject({ fields: { current: 'credentialsIncorrect' } });
    const badDays = await tokensRoute(
      req('/api/me/tokens', { cookie: m.cookie, body: { name: 'script', days: 7, current: PASSWORD } }),
    );
    expect(await badDays.json()).toMatchObject({ fields: { days: 'invalid' } });
    const ok = await tokensRoute(
      req('/api/me/tokens', { cookie: m.cookie, body: { name: 'script', days: 30, current: PASSWORD } }),
    );
    expect(ok.status).toBe(200);
    const made = (await ok.json()) as { id: number; token: string; expires_at: string };
    expect(Math.round((Date.parse(made.expires_at) - Date.now()) / 86_400_000)).toBe(30);
    expect((await me({ bearer: made.token })).status).toBe(200);
    const listed = (await (await tokensListRoute(req('/api/me/tokens', { cookie: m.cookie }))).json()) as {
      items: { id: number; expires_at: string; expired: boolean; last_used_at: string | null }[];
    };
    expect(listed.items).toEqual([
      expect.objectContaining({
        id: made.id,
        expires_at: made.expires_at,
        expired: false,
        last_used_at: expect.any(String),
      }),
    ]);
    await h.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await me({ bearer: made.token })).status).toBe(401);
  });

  it('a password change and a reset (both by default) and log out everywhere revoke the API tokens', async () => {
    const m = await member();
    const token = async () => {
      const res = await tokensRoute(
        req('/api/me/tokens', { cookie: m.cookie, body: { name: 't', current: password } }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    };
    let password = PASSWORD;
    const t1 = await token();
    const changed = await passwordRoute(
      req('/api/me/password', {
        cookie: m.cookie,
        body: { current: password, password: 'Changed-Pass-101', password2: 'Changed-Pass-101' },
      }),
    );
    expect(await changed.json()).toEqual({ ok: true, sessions_ended: 0, tokens_revoked: 1 });
    password = 'Changed-Pass-101';
    expect((await me({ bearer: t1 })).status).toBe(401);

    const t2 = await token();
    const kept = await passwordRoute(
      req('/api/me/password', {
        cookie: m.cookie,
        body: { current: password, password: 'Changed-Pass-102', password2: 'Changed-Pass-102', revoke_tokens: false },
      }),
    );
    expect(await kept.json()).toEqual({ ok: true, sessions_ended: 0, tokens_revoked: 0 });
    password = 'Changed-Pass-102';
    expect((await me({ bearer: t2 })).status).toBe(200);

    const everywhere = await sessionsDeleteRoute(req('/api/me/sessions', { cookie: m.cookie, method: 'DELETE' }));
    expect(await everywhere.json()).toEqual({ ended: 1, tokens_revoked: 1 });
    expect((await me({ bearer: t2 })).status).toBe(401);
    expect((await me({ cookie: m.cookie })).status).toBe(401);

    // A reset with the default revokes the token made after logging in again.
    const again = await loginRoute(post('/api/login', { email: m.email, password }, { ip: '192.0.2.190' }));
    m.cookie = sessionCookie(again)?.pair ?? '';
    const t3 = await token();
    const reset = await createPasswordReset(m.email, h.db);
    expect(reset).not.toBeNull();
    const redeemed = await redeemRoute(
      post('/api/password_reset/redeem', {
        token: reset?.token,
        password: 'Reset-Pass-103',
        password2: 'Reset-Pass-103',
      }),
    );
    expect(await redeemed.json()).toEqual({ ok: true, tokens_revoked: 1 });
    expect((await me({ bearer: t3 })).status).toBe(401);
  });

  it('e-mail change asks for the password, uses the registration messages and names no other account', async () => {
    const a = await member();
    const b = await member();
    const wrong = await emailRoute(
      req('/api/me/email', { cookie: a.cookie, body: { current: 'nope', email: 'x@example.fi' } }),
    );
    expect(await wrong.json()).toEqual({ error: 'invalid', fields: { current: 'credentialsIncorrect' } });
    const taken = await emailRoute(
      req('/api/me/email', { cookie: a.cookie, body: { current: PASSWORD, email: b.email } }),
    );
    const takenText = await taken.text();
    expect(JSON.parse(takenText)).toEqual({ error: 'invalid', fields: { email: 'emailInUse' } });
    expect(takenText).not.toContain(b.email);
    const ok = await emailRoute(
      req('/api/me/email', { cookie: a.cookie, body: { current: PASSWORD, email: 'Moved.Here@Example.org' } }),
    );
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(JSON.parse(text)).toMatchObject({ email_hint: 'm…@example.org', has_password: true });
    expect(text).not.toContain('moved.here@example.org');
    const login = await loginRoute(
      post('/api/login', { email: 'moved.here@example.org', password: PASSWORD }, { ip: '192.0.2.191' }),
    );
    expect(login.status).toBe(200);
  });

  it('account deletion asks for the password again', async () => {
    const m = await member();
    const del = (body: unknown) => meDeleteRoute(req('/api/me', { cookie: m.cookie, body, method: 'DELETE' }));
    const wrong = await del({ confirm: true, current: 'nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { current: 'credentialsIncorrect' } });
    expect((await me({ cookie: m.cookie })).status).toBe(200);
    const ok = await del({ confirm: true, current: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await me({ cookie: m.cookie })).status).toBe(401);
  });

  it('registration: failed bot checks count against the per-IP limit, so a sixth attempt is refused', async () => {
    const form = { name: 'Bot Buster', email: 'bot.buster@example.fi', password: PASSWORD, password2: PASSWORD };
    for (let i = 0; i < 5; i++) {
      const r = await registerRoute(post('/api/register', form, { ip: '192.0.2.250' }));
      expect(await r.json()).toMatchObject({ fields: { _form: 'captchaMissing' } });
    }
    const sixth = await registerRoute(
      post('/api/register', { ...form, altcha: await solvedAltcha() }, { ip: '192.0.2.250' }),
    );
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(86_000);
  }, 30_000);

  it('password reset: the answer does not wait for a hanging SMTP server, and an SMTP failure never shows', async () => {
    const m = await member();
    // An SMTP server that accepts the connection and never says a word.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`);
      const started = Date.now();
      const known = await resetRoute(
        post('/api/password_reset', { email: m.email, locale: 'en' }, { ip: '192.0.2.240' }),
      );
      const unknown = await resetRoute(
        post('/api/password_reset', { email: 'nobody.here@example.fi', locale: 'en' }, { ip: '192.0.2.240' }),
      );
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(await known.json()).toEqual({ ok: true });
      expect(await unknown.json()).toEqual({ ok: true });
      expect(Date.now() - started).toBeLessThan(5000);
      // The mail was being sent all the while: the server got the connection after the answer.
      await vi.waitFor(() => expect(sockets.length).toBe(1));

      // A refused connection (no server): still the neutral answer; the failure is logged.
      silent.close();
      for (const s of sockets) s.destroy();
      vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`);
      const refused = await resetRoute(
        post('/api/password_reset', { email: m.email, locale: 'fi' }, { ip: '192.0.2.241' }),
      );
      expect(refused.status).toBe(200);
      expect(await refused.json()).toEqual({ ok: true });
      await vi.waitFor(() => expect(errors).toHaveBeenCalledWith('password reset mail failed', expect.anything()), {
        timeout: 5000,
      });
    } finally {
      vi.unstubAllEnvs();
      errors.mockRestore();
      silent.close();
      for (const s of sockets) s.destroy();
    }
  }, 30_000);

  it('reset redemption: 10 attempts an hour per IP, then 429', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await redeemRoute(
        post(
          '/api/password_reset/redeem',
          { token: `guessed-${i}-token`, password: 'x', password2: 'x' },
          { ip: '192.0.2.230' },
        ),
      );
      expect(await r.json()).toMatchObject({ fields: { _form: 'resetInvalid' } });
    }
    const limited = await redeemRoute(
      post(
        '/api/password_reset/redeem',
        { token: 'guessed-last', password: 'x', password2: 'x' },
        { ip: '192.0.2.230' },
      ),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});
