/**
 * Account route handlers called directly with `new Request(...)` on a fresh database (PGlite;
 * PostgreSQL too with TEST_DATABASE_URL): registration behind the ALTCHA bot check (solved here
 * with altcha-lib, as the browser widget does), login and logout with the session cookie,
 * `/api/me` (a failed one clears the cookie), API tokens, the origin check, 429 with
 * Retry-After, `x-middleware-subrequest` granting nothing, and no e-mail or hash in any body.
 */
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
import { GET as meRoute } from '@/app/api/me/route';
import { POST as registerRoute } from '@/app/api/register/route';
import { GET as usersList } from '@/app/api/users/route';
import { GET as userItem } from '@/app/api/users/[publicId]/route';
import { POST as resetRoute } from '@/app/api/password_reset/route';
import { POST as redeemRoute } from '@/app/api/password_reset/redeem/route';
import { passwordResetTokens } from '@/db/schema';
import { createApiToken } from '@/lib/data/api-tokens';
import { sessionActor } from '@/lib/data/sessions';
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
    const taken = await registerRoute(
      post('/api/register', { ...form, name: 'Another', altcha: await solvedAltcha() }),
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
    expect(await res.json()).toEqual({ error: 'You must be logged in to use this feature' });
    expect(sessionCookie(res)?.cleared).toBe(true);
  });

  it('a personal API token authenticates /api/me with Authorization: Bearer', async () => {
    const actor = await sessionActor(decodeURIComponent(cookie.split('=')[1]));
    expect(actor).not.toBeNull();
    const t = await createApiToken(actor!, 'my script');
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
      expect(mails()).toHaveLength(1);
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
      const from = (i: number) => ({ ip: `10.9.9.${i}, 192.0.2.90` });
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
