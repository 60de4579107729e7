/**
 * Database restart under load: a production app server on a PostgreSQL server of the test's own
 * keeps answering reads and writes while the database restarts (`pg_ctl restart -m fast`).
 *
 * Members turn HAVE on for releases (each write's acknowledged status recorded) while visitors
 * read the release list and the health endpoint. Shown: the app answers successfully again within
 * RECOVERY_BOUND_MS of the restart by itself (postgres.js opens new connections); requests during
 * the restart end cleanly (a JSON 5xx error, never a hang or a dropped connection); and every write
 * acknowledged with 2xx is in the database afterwards.
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
} from './support';

/** The app must answer a read and a write successfully within this many ms after the restart. */
const RECOVERY_BOUND_MS = 10_000;
/** A request without an answer within this many ms counts as a hang. */
const HANG_MS = 15_000;

type Record_ = Exchange & { at: number; kind: 'write' | 'read'; member?: string; release?: string };

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

  it('recovers by itself within the bound, fails cleanly meanwhile, and loses no acknowledged write', async () => {
    expect(releases.length).toBe(400);
    const log: Record_[] = [];
    const t0 = performance.now();
    let running = true;
    const next = new Map<string, number>();

    const writer = async (m: Member, slot: number) => {
      // Each member owns a quarter of the releases and turns HAVE on for them in order.
      const mine = releases.filter((_, i) => i % members.length === slot);
      let i = 0;
      while (running && i < mine.length) {
        const release = mine[i++];
        const at = performance.now() - t0;
        const r = await call(
          `${app.baseUrl}/api/releases/${release}/toggles`,
          { cookie: m.cookie, origin: app.baseUrl, json: { kind: 'have', on: true } },
          HANG_MS,
        );
        log.push({ ...r, at, kind: 'write', member: m.actor.publicId, release });
        next.set(m.actor.publicId, i);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const reader = async (path: string) => {
      while (running) {
        const at = performance.now() - t0;
        log.push({ ...(await call(`${app.baseUrl}${path}`, {}, HANG_MS)), at, kind: 'read' });
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const load = [...members.map((m, slot) => writer(m, slot)), reader('/api/releases?so=name'), reader('/api/health')];

    await new Promise((resolve) => setTimeout(resolve, 3000));
    const restartAt = performance.now() - t0;
    const restartMs = pg.restart();
    const restartedAt = performance.now() - t0;
    // Keep the load on until both a read and a write have succeeded after the restart, then 2 s more.
    let recoveredAt: number | null = null;
    while (performance.now() - t0 < restartedAt + RECOVERY_BOUND_MS + HANG_MS) {
      const after = log.filter((r) => r.at >= restartedAt && r.status >= 200 && r.status < 300);
      const write = after.find((r) => r.kind === 'write');
      const read = after.find((r) => r.kind === 'read');
      if (write && read) {
        recoveredAt = Math.max(write.at + write.ms, read.at + read.ms);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await Promise.all(load);

    const recoveryMs = recoveredAt === null ? null : recoveredAt - restartedAt;
    const failures = log.filter((r) => r.status < 200 || r.status >= 300);
    console.log(
      `db restart: pg_ctl restart ${Math.round(restartMs)} ms (at ${Math.round(restartAt)} ms); ` +
        `app answered again ${recoveryMs === null ? 'never' : `${Math.round(recoveryMs)} ms`} after it; ` +
        `${log.length} requests, ${log.filter((r) => r.kind === 'write').length} writes, ` +
        `${failures.length} failed (${[...new Set(failures.map((f) => f.status))].join(', ') || 'none'}); ` +
        `slowest ${Math.round(Math.max(...log.map((r) => r.ms)))} ms`,
    );

    // Recovery by itself, within the bound.
    expect(recoveryMs).not.toBeNull();
    expect(recoveryMs!).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    // No hangs and no dropped connections: every request got an answer …
    expect(log.filter((r) => r.status === 0).map((r) => r.error)).toEqual([]);
    // … and every failure is a JSON 5xx error: the route wrapper's `{ error }`, or the health
    // check's `{ status: 'error' }` (503).
    for (const f of failures) {
      expect(f.status).toBeGreaterThanOrEqual(500);
      expect(f.type).toContain('application/json');
      const body = JSON.parse(f.text) as { error?: unknown; status?: unknown };
      expect(typeof body.error === 'string' || body.status === 'error').toBe(true);
    }
    // Load ran before and after the restart.
    expect(log.some((r) => r.kind === 'write' && r.status === 200 && r.at < restartAt)).toBe(true);
    expect(log.some((r) => r.kind === 'write' && r.status === 200 && r.at > restartedAt)).toBe(true);

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
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(lost.map((w) => `${w.member}/${w.release}`)).toEqual([]);
  });
});
