/**
 * Two app servers behind a round-robin proxy: two production app servers (scripts/serve.ts) on one
 * PostgreSQL database (a server of the test's own), with the same AUTH_SECRET, ALTCHA_HMAC_SECRET
 * and PUSHER_* (one Soketi), TRUSTED_PROXIES=1, behind tests/ops/proxy.ts, their wall clocks
 * ahead of their performance clocks (tests/ops/clock-ahead.mjs). Shown across them:
 * sessions, the per-IP login limit, single use of a bot-check challenge, page-cache revalidation
 * after a write (lib/page-cache-handler.mjs: the very next request on either server shows a review,
 * a discussion or a HAVE), and notifications (count and live push). Nothing
 * of it may live in one process only.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { solveChallenge, type Challenge } from 'altcha-lib';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNotifications, type NotificationConnection } from '@/lib/realtime/client';
import type { NotificationPush } from '@/lib/realtime/channels';
import { startSoketi, type SoketiHandle } from '@/lib/realtime/soketi';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import type { Member } from '../support/members';
import { startProxy, viaProxy, type RoundRobinProxy } from './proxy';
import {
  createSeededDatabase,
  freePort,
  membersOn,
  sharedSecrets,
  startAppServer,
  startOwnPostgres,
  type AppServer,
  type OwnPostgres,
  until,
} from './support';

const PASSWORD = 'Slipcover-Shelf-77';
/**
 * How far the servers' `Date.now()` runs ahead of their performance clock (ms): the drift with which
 * a published review showed on a server's cached reviews tab only 16.4 s later.
 */
const CLOCK_AHEAD_MS = 16_400;
/**
 * A write's response waits until the other server has applied its revalidation; it must not wait
 * out the handler's ACK_TIMEOUT_MS (8 s, lib/page-cache-handler.mjs) for an answer that never comes.
 */
const WRITE_BOUND_MS = 3000;

/** `viaProxy` timed: the answer and how long it took (ms). */
async function timed(
  ...args: Parameters<typeof viaProxy>
): Promise<Awaited<ReturnType<typeof viaProxy>> & { ms: number }> {
  const t = performance.now();
  const answer = await viaProxy(...args);
  return { ...answer, ms: performance.now() - t };
}
/** How long a live push may take to arrive (ms). A page a write changes has no such bound: it shows on the very next request. */
const PROPAGATION_BOUND_MS = 5000;

describe('two app servers behind a round-robin proxy', () => {
  let pg: OwnPostgres;
  let soketi: SoketiHandle;
  let a: AppServer;
  let b: AppServer;
  let proxy: RoundRobinProxy;
  let url = '';
  let members: Member[] = [];
  let moviePublicId = '';
  let releasePublicId = '';
  const connections: NotificationConnection[] = [];
  const realtime = { appId: 'ops', key: 'ops-key', secret: 'ops-secret' };

  beforeAll(async () => {
    pg = await startOwnPostgres();
    url = await createSeededDatabase(pg, 'ops_servers');
    members = await membersOn(url, 'Servers', 3);
    const q = postgres(url, { max: 1 });
    const [movie] = await q<{ public_id: string }[]>`SELECT public_id FROM movies ORDER BY id LIMIT 1`;
    moviePublicId = movie.public_id;
    const [release] = await q<{ public_id: string }[]>`SELECT public_id FROM releases ORDER BY id LIMIT 1`;
    releasePublicId = release.public_id;
    await q.end();
    soketi = await startSoketi({ host: '127.0.0.1', port: await freePort(), ...realtime });
    const env = {
      // Both servers' wall clocks run 16.4 s ahead of their performance clocks (tests/ops/clock-ahead.mjs).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(path.join(import.meta.dirname, 'clock-ahead.mjs')).href}`,
      DISCSHELF_TEST_CLOCK_AHEAD_MS: String(CLOCK_AHEAD_MS),
      DATABASE_URL: url,
      DB_POOL_MAX: '5',
      TRUSTED_PROXIES: '1',
      ...sharedSecrets(),
      PUSHER_APP_ID: realtime.appId,
      PUSHER_KEY: realtime.key,
      PUSHER_SECRET: realtime.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(soketi.port),
      PUSHER_CLUSTER: '',
      PUSHER_USE_TLS: '',
      NOTIFICATIONS_DIGEST_HOUR: 'off',
    };
    [a, b] = await Promise.all([startAppServer(env), startAppServer(env)]);
    proxy = await startProxy({ A: a.baseUrl, B: b.baseUrl });
  });

  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await soketi?.stop();
    pg?.stop();
  });

  it('alternates the upstreams', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await viaProxy(proxy, '/api/health'));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const order = answers.map((r) => r.servedBy);
    expect(new Set(order)).toEqual(new Set(['A', 'B']));
    expect(order[0]).not.toBe(order[1]);
    expect(order[1]).not.toBe(order[2]);
  });

  it('a session created through A works on B, and logging out on B ends it on A', async () => {
    const email = 'servers1@example.fi';
    const login = await viaProxy(proxy, '/api/login', {
      pin: 'A',
      from: '127.0.0.11',
      json: { email, password: PASSWORD },
    });
    expect([login.status, login.servedBy]).toEqual([200, 'A']);
    const cookie = login.cookies.find((c) => c.startsWith('discshelf_session='));
    // The session cookie carries a new 32-byte token (base64url).
    expect(cookie).toMatch(/^discshelf_session=[A-Za-z0-9_-]{43}$/);
    const meOnB = await viaProxy(proxy, '/api/me', { pin: 'B', cookie });
    expect([meOnB.status, meOnB.servedBy]).toEqual([200, 'B']);
    expect((JSON.parse(meOnB.text) as { name: string }).name).toBe('Servers 1');
    const logout = await viaProxy(proxy, '/api/logout', { pin: 'B', cookie, json: {} });
    expect([logout.status, logout.servedBy]).toEqual([200, 'B']);
    const meOnA = await viaProxy(proxy, '/api/me', { pin: 'A', cookie });
    expect([meOnA.status, meOnA.servedBy]).toEqual([401, 'A']);
  });

  it('the per-IP login limit counts the attempts made on both servers (the proxy-added address, not a forged one)', async () => {
    const attempt = (n: number, from: string) =>
      viaProxy(proxy, '/api/login', {
        from,
        // A client's own X-Forwarded-For entry comes before the proxy's and is ignored.
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
        json: { email: `nobody${n}@example.fi`, password: 'wrong-password-1' },
      });
    const answers = [];
    for (let n = 1; n <= 6; n++) answers.push(await attempt(n, '127.0.0.21'));
    // Five a minute per address: attempts 1-5 are checked (wrong pair: 400), the sixth is refused.
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(new Set(answers.slice(0, 5).map((r) => r.servedBy))).toEqual(new Set(['A', 'B']));
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0);
    // Another client address is not limited.
    expect((await attempt(7, '127.0.0.22')).status).toBe(400);
  });

  it('a bot-check challenge solved once is refused when replayed on the other server', async () => {
    const challengeAnswer = await viaProxy(proxy, '/api/altcha', { pin: 'A' });
    expect([challengeAnswer.status, challengeAnswer.servedBy]).toEqual([200, 'A']);
    const challenge = JSON.parse(challengeAnswer.text) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const form = (n: number) => ({
      name: `Captcha ${n}`,
      email: `captcha${n}@example.fi`,
      password: PASSWORD,
      password2: PASSWORD,
      country: '',
      altcha,
    });
    // Issued by A, first used on B: accepted (the HMAC secret is shared) …
    const first = await viaProxy(proxy, '/api/register', { pin: 'B', from: '127.0.0.31', json: form(1) });
    expect([first.status, first.servedBy]).toEqual([200, 'B']);
    // … and replayed on A: refused (the spent challenge is in the shared database).
    const replay = await viaProxy(proxy, '/api/register', { pin: 'A', from: '127.0.0.32', json: form(2) });
    expect([replay.status, replay.servedBy]).toEqual([400, 'A']);
    expect(JSON.parse(replay.text)).toMatchObject({ fields: { _form: 'captchaInvalid' } });
  });

  /** Both servers hold `page` in their page cache (the second request of each is a HIT). */
  async function cachedOnBoth(page: string): Promise<void> {
    for (const server of ['A', 'B']) {
      const first = await viaProxy(proxy, page, { pin: server });
      expect([first.status, first.headers.location]).toEqual([200, undefined]);
      const again = await viaProxy(proxy, page, { pin: server });
      expect([again.status, again.servedBy, again.headers['x-nextjs-cache']]).toEqual([200, server, 'HIT']);
    }
  }

  /**
   * The very next request for `page` on the other server, then on the writer's, shows `shown`
   * (no wait, no retry), and the page is cached again after it (a HIT on the other server).
   */
  async function shownAtOnce(page: string, shown: string, writer: 'A' | 'B'): Promise<void> {
    const other = writer === 'A' ? 'B' : 'A';
    const next = await viaProxy(proxy, page, { pin: other });
    expect([next.status, next.servedBy, next.text.includes(shown)]).toEqual([200, other, true]);
    const own = await viaProxy(proxy, page, { pin: writer });
    expect([own.status, own.servedBy, own.text.includes(shown)]).toEqual([200, writer, true]);
    const cached = await viaProxy(proxy, page, { pin: other });
    expect([cached.status, cached.headers['x-nextjs-cache'], cached.text.includes(shown)]).toEqual([200, 'HIT', true]);
  }

  it("a discussion posted through A is on B's cached page on the very next request", async () => {
    const page = `/movie/${moviePublicId}/posts`;
    await cachedOnBoth(page);
    const headline = `Shared cache check ${Date.now().toString(36)}`;
    const post = await timed(proxy, '/api/posts', {
      pin: 'A',
      cookie: members[1].cookie,
      json: { headline, body: 'Does the other server show this?', language: 'en', movie: moviePublicId },
    });
    expect([post.status, post.servedBy, post.ms < WRITE_BOUND_MS]).toEqual([200, 'A', true]);
    await shownAtOnce(page, headline, 'A');
  });

  it("a review published through B is on A's cached reviews tab on the very next request, in both locales", async () => {
    const pages = [`/movie/${moviePublicId}/reviews`, `/fi/movie/${moviePublicId}/reviews`];
    for (const page of pages) await cachedOnBoth(page);
    const headline = `Review across servers ${Date.now().toString(36)}`;
    const review = await timed(proxy, '/api/reviews', {
      pin: 'B',
      cookie: members[0].cookie,
      json: { movie: moviePublicId, headline, body: 'Read on the other server at once.', language: 'en' },
    });
    expect([review.status, review.servedBy, review.ms < WRITE_BOUND_MS]).toEqual([200, 'B', true]);
    for (const page of pages) await shownAtOnce(page, headline, 'B');
  });

  it("a HAVE turned on through A puts the member's list on B's cached collections tab on the very next request", async () => {
    const page = `/release/${releasePublicId}/user_collections`;
    await cachedOnBoth(page);
    const before = await viaProxy(proxy, page, { pin: 'B' });
    expect(before.text).not.toContain('Servers 2');
    const have = await timed(proxy, `/api/releases/${releasePublicId}/toggles`, {
      pin: 'A',
      cookie: members[1].cookie,
      json: { kind: 'have', on: true },
    });
    expect([have.status, have.servedBy, have.ms < WRITE_BOUND_MS]).toEqual([200, 'A', true]);
    await shownAtOnce(page, 'Servers 2', 'A');
  });

  it("after a database restart the servers listen again: a write through B shows on A's page cached since, at once", async () => {
    const page = `/movie/${moviePublicId}/posts`;
    const listeners = async () => {
      const q = postgres(url, { max: 1 });
      try {
        const rows = await q<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE ${'%listen%discshelf_page_cache%'}`;
        return rows[0].n;
      } catch {
        return -1;
      } finally {
        await q.end();
      }
    };
    expect(await listeners()).toBe(2);
    await pg.restart();
    // Both servers' listening connections come back by themselves (postgres.js reconnects).
    await until('both servers listening again', 15_000, async () => ((await listeners()) === 2 ? true : null));
    for (const server of ['A', 'B']) {
      await until(`a cached page on ${server}`, 15_000, async () => {
        const r = await viaProxy(proxy, page, { pin: server });
        return r.headers['x-nextjs-cache'] === 'HIT' ? r : null;
      });
    }
    const headline = `After the restart ${Date.now().toString(36)}`;
    const post = await until('a post through B', 15_000, async () => {
      const r = await viaProxy(proxy, '/api/posts', {
        pin: 'B',
        cookie: members[2].cookie,
        json: { headline, body: 'Still shared after the restart?', language: 'en', movie: moviePublicId },
      });
      return r.status === 200 ? r : null;
    });
    expect(post.value.servedBy).toBe('B');
    await shownAtOnce(page, headline, 'B');
  });

  it('a friend request sent through A is counted by /api/me on B and pushed to the subscriber', async () => {
    const [, sender, addressee] = members;
    const pushes: NotificationPush[] = [];
    const connection = await connectNotifications({
      config: { key: realtime.key, host: '127.0.0.1', port: soketi.port, tls: false, cluster: null },
      userPublicId: addressee.actor.publicId,
      // The subscription is signed by B.
      authorize: async (params) => {
        const r = await viaProxy(proxy, '/api/pusher/auth', { pin: 'B', cookie: addressee.cookie, json: params });
        if (r.status !== 200) throw new Error(`channel authorization refused (${r.status})`);
        return JSON.parse(r.text) as { auth: string };
      },
      onNotification: (n) => pushes.push(n),
    });
    connections.push(connection);
    await connection.subscribed;
    const before = await viaProxy(proxy, '/api/me', { pin: 'B', cookie: addressee.cookie });
    expect((JSON.parse(before.text) as { notifications_unseen_count: number }).notifications_unseen_count).toBe(0);

    const request = await viaProxy(proxy, `/api/users/${addressee.actor.publicId}/friendship`, {
      pin: 'A',
      cookie: sender.cookie,
      json: { action: 'request' },
    });
    expect([request.status, request.servedBy]).toEqual([200, 'A']);
    const me = await viaProxy(proxy, '/api/me', { pin: 'B', cookie: addressee.cookie });
    expect([me.status, me.servedBy]).toEqual([200, 'B']);
    expect((JSON.parse(me.text) as { notifications_unseen_count: number }).notifications_unseen_count).toBe(1);
    const pushed = await until('the push', PROPAGATION_BOUND_MS, async () => (pushes.length ? pushes : null));
    // The push names the stored notice: the addressee's one friend request.
    const q = postgres(url, { max: 1 });
    const stored = await q<{ public_id: string; type: number }[]>`
      SELECT public_id, type FROM notifications WHERE user_id = ${addressee.actor.userId}`;
    await q.end();
    expect(stored).toEqual([{ public_id: expect.any(String), type: NOTIFICATION_TYPES.friendRequest }]);
    expect(pushed.value).toEqual([{ id: stored[0].public_id, type: NOTIFICATION_TYPES.friendRequest }]);
  });
});
