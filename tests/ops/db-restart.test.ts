/**
 * Database restart under load: a production app server on a PostgreSQL server of the test's own
 * keeps answering reads and writes while the database goes away (`pg_ctl stop -m fast`) and comes
 * back (`pg_ctl start`). pg_ctl runs as a child process, so the load goes on during the outage.
 *
 * Members turn HAVE on for releases (each write's acknowledged status recorded) while visitors
 * read the release list and the health endpoint. Shown: requests of every kind meet the outage
 * and end cleanly (a JSON 5xx error, never a hang or a dropped connection); the app answers a read
 * and a write successfully again within RECOVERY_BOUND_MS of PostgreSQL accepting connections, by
 * itself (postgres.js opens new connections); and every write acknowledged with 2xx is in the
 * database afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { TOGGLES } from '@/lib/validation/toggles';
import type { Member } from '../support/members';
import {
  call,
  createSeededDatabase,
  membersOn,
  sharedSecrets,
  startAppServer,
  startOwnPostgres,
  type AppServer,
  type Exchange,
  type OwnPostgres,
  until,
} from './support';

/** The app must answer a read and a write successfully within this many ms of PostgreSQL accepting connections again. */
const RECOVERY_BOUND_MS = 10_000;
/** A request without an answer within this many ms counts as a hang. */
const HANG_MS = 15_000;

/** One request of the load: when it was sent (ms since the test began), by which loop (`source`: a member's public id or a read path). */
type Record_ = Exchange & { at: number; source: string; kind: 'write' | 'read'; member?: string; release?: string };

describe('database restart mid-load', () => {
  let pg: OwnPostgres;
  let app: AppServer;
  let url = '';
  let members: Member[] = [];
  let releases: string[] = [];

  beforeAll(async () => {
    pg = await startOwnPostgres();
    url = await createSeededDatabase(pg, 'ops_restart');
    members = await membersOn(url, 'Restart', 4);
    const q = postgres(url, { max: 1 });
    releases = (
      await q<{ public_id: string }[]>`SELECT public_id FROM releases WHERE approved ORDER BY id LIMIT 400`
    ).map((r) => r.public_id);
    await q.end();
    app = await startAppServer({ DATABASE_URL: url, DB_POOL_MAX: '5', ...sharedSecrets() });
  });

  afterAll(async () => {
    await app?.stop();
    pg?.stop();
  });

  it('fails cleanly while the database is away, recovers by itself within the bound, and loses no acknowledged write', async () => {
    expect(releases.length).toBe(400);
    const log: Record_[] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let running = true;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 40));

    const writer = async (m: Member, slot: number) => {
      // Each member owns a quarter of the releases and turns HAVE on for them in order, round and
      // round (turning on what is already on answers 200 too), so the load never runs out.
      const mine = releases.filter((_, i) => i % members.length === slot);
      for (let i = 0; running; i++) {
        const release = mine[i % mine.length];
        const at = now();
        const r = await call(
          `${app.baseUrl}/api/releases/${release}/toggles`,
          { cookie: m.cookie, origin: app.baseUrl, json: { kind: 'have', on: true } },
          HANG_MS,
        );
        log.push({ ...r, at, source: m.actor.publicId, kind: 'write', member: m.actor.publicId, release });
        await pause();
      }
    };
    const reader = async (path: string) => {
      while (running) {
        const at = now();
        log.push({ ...(await call(`${app.baseUrl}${path}`, {}, HANG_MS)), at, source: path, kind: 'read' });
        await pause();
      }
    };
    const readPaths = ['/api/releases?so=name', '/api/health'];
    const sources = [...members.map((m) => m.actor.publicId), ...readPaths];
    const load = [...members.map((m, slot) => writer(m, slot)), ...readPaths.map((p) => reader(p))];
    const ok = (r: Record_) => r.status >= 200 && r.status < 300;
    const end = (r: Record_) => r.at + r.ms;
    /** True when every load loop has at least `count` requests that `pick` accepts. */
    const everySource = (count: number, pick: (r: Record_) => boolean) =>
      sources.every((source) => log.filter((r) => r.source === source && pick(r)).length >= count) ? true : null;

    // The load runs: every writer has been acknowledged and both reads have answered 200, three times.
    await until('the load under way', 30_000, () => everySource(3, ok), 20);

    // The outage: PostgreSQL goes away and stays away until every loop has met it twice, i.e. has
    // had answers to two requests sent after the server was down.
    const stopAt = now();
    await pg.shutDown();
    const downAt = now();
    await until('every loop meeting the outage', 2 * HANG_MS, () => everySource(2, (r) => r.at >= downAt), 20);
    const startAt = now();
    await pg.startUp();
    const backAt = now();

    // Recovery: a read and a write sent after the server went down succeed; then every loop has a
    // success sent after it came back before the load stops.
    const recovered = await until(
      'a read and a write succeeding again',
      RECOVERY_BOUND_MS + HANG_MS,
      () => {
        const write = log.find((r) => r.kind === 'write' && ok(r) && r.at >= downAt);
        const read = log.find((r) => r.kind === 'read' && ok(r) && r.at >= downAt);
        return write && read ? Math.max(end(write), end(read)) : null;
      },
      20,
    );
    await until('every loop succeeding again', RECOVERY_BOUND_MS + HANG_MS, () =>
      everySource(3, (r) => ok(r) && r.at >= backAt),
    );
    running = false;
    await Promise.all(load);

    const recoveryMs = recovered.value - backAt;
    const failures = log.filter((r) => !ok(r));
    const duringOutage = log.filter((r) => r.at >= downAt && r.at < backAt);
    console.log(
      `db restart: pg_ctl stop at ${Math.round(stopAt)} ms, down ${Math.round(backAt - downAt)} ms; ` +
        `app answered again ${Math.round(recoveryMs)} ms after PostgreSQL was back; ` +
        `${log.length} requests (${duringOutage.length} sent during the outage), ` +
        `${log.filter((r) => r.kind === 'write').length} writes, ` +
        `${failures.length} failed (${[...new Set(failures.map((f) => f.status))].join(', ') || 'none'}); ` +
        `slowest ${Math.round(Math.max(...log.map((r) => r.ms)))} ms`,
    );

    // Recovery by itself, within the bound, counted from PostgreSQL accepting connections again.
    expect(recoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    // No hangs and no dropped connections: every request got an answer …
    expect(log.filter((r) => r.status === 0).map((r) => r.error)).toEqual([]);
    // … every loop met the outage, and what it sent while the server was down and had its answer
    // before the server was started again failed (nothing can succeed without the database) …
    for (const source of sources) {
      const met = duringOutage.filter((r) => r.source === source && end(r) < startAt);
      expect(met.length, `${source}: requests answered during the outage`).toBeGreaterThan(0);
      expect(
        met.filter(ok).map((r) => `${r.status} ${r.text.slice(0, 80)}`),
        source,
      ).toEqual([]);
    }
    // … and every failure is a JSON 5xx error: the route wrapper's `{ error }`, or the health
    // check's `{ status: 'error' }` (503).
    expect(failures.length).toBeGreaterThanOrEqual(sources.length);
    for (const f of failures) {
      const what = `${f.kind} ${f.source} at ${Math.round(f.at)} ms: ${f.status} ${f.type} ${f.text.slice(0, 120)}`;
      expect(f.status, what).toBeGreaterThanOrEqual(500);
      expect(f.type, what).toContain('application/json');
      const body = JSON.parse(f.text) as { error?: unknown; status?: unknown };
      expect(typeof body.error === 'string' || body.status === 'error', what).toBe(true);
    }
    // Load ran before the outage and after it.
    expect(log.some((r) => r.kind === 'write' && r.status === 200 && end(r) < stopAt)).toBe(true);
    expect(log.some((r) => r.kind === 'write' && r.status === 200 && r.at >= backAt)).toBe(true);

    // Every acknowledged write is stored: HAVE entries of each member.
    const acknowledged = log.filter((r) => r.kind === 'write' && r.status >= 200 && r.status < 300);
    const q = postgres(url, { max: 1 });
    const stored = await q<{ member: string; release: string }[]>`
      SELECT u.public_id AS member, r.public_id AS release
      FROM collections c JOIN collection_entries e ON e.collection_id = c.id
      JOIN users u ON u.id = c.user_id JOIN releases r ON r.id = e.release_id
      WHERE c.style = ${TOGGLES.have.style} AND c.shortcut_default AND c.deleted_at IS NULL
        AND u.public_id IN ${q(members.map((m) => m.actor.publicId))}`;
    await q.end();
    const have = new Set(stored.map((s) => `${s.member}/${s.release}`));
    const lost = acknowledged.filter((w) => !have.has(`${w.member}/${w.release}`));
    expect(acknowledged.length).toBeGreaterThanOrEqual(members.length * 6);
    expect(lost.map((w) => `${w.member}/${w.release}`)).toEqual([]);
  });
});
