/**
 * Read replicas end to end: a primary PostgreSQL server of the test's own and a streaming replica
 * of it (`pg_basebackup -R`), both logging every statement with its application name, and a
 * production app server with DATABASE_URL on the primary and DATABASE_READ_URL on the replica.
 *
 * Shown, by the statements each server logs for each request (the app's connections are the ones
 * named `postgres.js`):
 *  - a listing page, the listing API and an item page rendered for the first time read the
 *    replica only;
 *  - with the replica's replay paused (so it cannot have the write), a member's HAVE answers with
 *    the read-primary cookie; the member's next request (the toggle state) and the item page's
 *    collections tab, which the write revalidated, read the primary and show the HAVE; once
 *    replay resumes and the replica has caught up, reads go to the replica again;
 *  - after the replica stops, the same kinds of pages still answer 200, from the primary.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { READ_PRIMARY_COOKIE } from '@/lib/server/read-after-write';
import type { Member } from '../support/members';
import {
  call,
  createSeededDatabase,
  membersOn,
  sharedSecrets,
  startAppServer,
  startOwnPostgres,
  startOwnReplica,
  type AppServer,
  type OwnPostgres,
  until,
} from './support';

/** Every statement in the log, prefixed with the connection's application name. */
const LOGGING = ['log_line_prefix=%a@'];
const DB = 'ops_replica';

/** Statements the app's pools (application name `postgres.js`) have run on a server so far, as logged. */
function appStatements(server: OwnPostgres): string[] {
  const text = fs.readFileSync(server.logFile, 'utf8');
  return text.split('\n').filter((l) => /^postgres\.js@LOG: {2}(statement|execute [^:]*):/.test(l));
}

describe('read replica', () => {
  let primary: OwnPostgres;
  let replica: OwnPostgres;
  let app: AppServer;
  let member: Member;
  let releases: string[] = [];

  /** Runs `fn` with a one-connection client of the test (application name `ops-test`, not counted). */
  async function onServer<T>(server: OwnPostgres, fn: (q: postgres.Sql) => Promise<T>): Promise<T> {
    const q = postgres(server.url(DB), { max: 1, onnotice: () => {}, connection: { application_name: 'ops-test' } });
    try {
      return await fn(q);
    } finally {
      await q.end();
    }
  }

  /** The app statements each server ran while `fn` ran (log lines). */
  async function statementsOf<T>(fn: () => Promise<T>): Promise<{ value: T; primary: string[]; replica: string[] }> {
    const p = appStatements(primary).length;
    const r = appStatements(replica).length;
    const value = await fn();
    return { value, primary: appStatements(primary).slice(p), replica: appStatements(replica).slice(r) };
  }

  beforeAll(async () => {
    primary = await startOwnPostgres(LOGGING);
    const url = await createSeededDatabase(primary, DB);
    [member] = await membersOn(url, 'Replica', 1);
    releases = await onServer(primary, async (q) =>
      (await q<{ public_id: string }[]>`SELECT public_id FROM releases WHERE approved ORDER BY id LIMIT 6`).map(
        (r) => r.public_id,
      ),
    );
    // From here on every statement is logged; the replica's copy of the configuration has it too.
    await onServer(primary, (q) => q`ALTER SYSTEM SET log_statement = 'all'`.then(() => q`SELECT pg_reload_conf()`));
    replica = await startOwnReplica(primary, LOGGING);
    await until('the replica streaming', 20_000, () =>
      onServer(primary, async (q) => {
        const [row] = await q<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'`;
        return row.n === 1 ? true : null;
      }),
    );
    app = await startAppServer({
      DATABASE_URL: url,
      DATABASE_READ_URL: replica.url(DB),
      DB_POOL_MAX: '4',
      DB_PURGE_INTERVAL_MINUTES: 'off',
      ...sharedSecrets(),
    });
  });

  afterAll(async () => {
    await app?.stop();
    replica?.stop();
    primary?.stop();
  });

  it('reads listings and item pages on the replica, a member sees their HAVE at once, and the app keeps serving without the replica', async () => {
    expect(releases.length).toBe(6);
    expect(
      await onServer(replica, async (q) => (await q<{ r: boolean }[]>`SELECT pg_is_in_recovery() AS r`)[0].r),
    ).toBe(true);

    const health = await call(`${app.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok', read_replicas: { configured: 1, available: 1 } });
    // The server writes at its start (interrupted imports marked failed), and a replica that has
    // not replayed those writes is rightly passed over: on a loaded machine replay can lag a
    // moment, so the replica is given time to catch up with the primary first.
    await until('the replica caught up with the primary', 20_000, async () => {
      const lsn = await onServer(
        primary,
        async (q) => (await q<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`)[0].lsn,
      );
      const caughtUp = await onServer(
        replica,
        async (q) => (await q<{ ok: boolean }[]>`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS ok`)[0].ok,
      );
      return caughtUp ? true : null;
    });
    // Its first replica read may ask the primary for the fence (pg_current_wal_lsn), and nothing else …
    const first = await statementsOf(() => call(`${app.baseUrl}/api/releases`));
    expect(first.value.status).toBe(200);
    expect(first.primary.filter((l) => !l.endsWith(': SELECT pg_current_wal_lsn()::text AS lsn'))).toEqual([]);
    expect(first.replica.length).toBeGreaterThan(0);
    // … and after that, listings and an item page rendered for the first time read the replica only.
    for (const path of ['/releases', '/api/releases?so=name', `/release/${releases[0]}`]) {
      const { value: r, primary: p, replica: rep } = await statementsOf(() => call(`${app.baseUrl}${path}`));
      expect([path, r.status]).toEqual([path, 200]);
      expect({ path, primary: p, replica: rep.length > 0 }).toEqual({ path, primary: [], replica: true });
    }

    // A member's HAVE while the replica replays nothing: the write goes to the primary and the
    // answer carries the read-primary cookie.
    await onServer(replica, (q) => q`SELECT pg_wal_replay_pause()`);
    const release = releases[1];
    const tab = `/release/${release}/user_collections`;
    const before = await call(`${app.baseUrl}${tab}`);
    expect([before.status, before.text.includes(member.actor.name)]).toEqual([200, false]);
    const write = await statementsOf(() =>
      fetch(`${app.baseUrl}/api/releases/${release}/toggles`, {
        method: 'POST',
        headers: { cookie: member.cookie, origin: app.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'have', on: true }),
      }),
    );
    expect(write.value.status).toBe(200);
    // The session check reads the primary (a revoked session ends at once); the write itself too.
    expect(write.primary.some((l) => l.includes('"user_sessions"'))).toBe(true);
    expect(write.primary.some((l) => /\binsert into\b/i.test(l))).toBe(true);
    expect(write.replica.filter((l) => l.includes('"user_sessions"') || /\binsert into\b/i.test(l))).toEqual([]);
    const setCookie = write.value.headers.getSetCookie().find((c) => c.startsWith(`${READ_PRIMARY_COOKIE}=`));
    expect(setCookie).toMatch(/; Max-Age=5; Path=\/; HttpOnly; SameSite=Lax/);
    const readPrimary = setCookie!.split(';')[0];

    // The member's next request reads the primary (the cookie) and shows the HAVE …
    const state = await statementsOf(() =>
      call(`${app.baseUrl}/api/releases/${release}/toggles`, { cookie: `${member.cookie}; ${readPrimary}` }),
    );
    expect(state.value.status).toBe(200);
    expect(JSON.parse(state.value.text)).toMatchObject({ mine: { have: true }, counts: { have: 1 } });
    expect([state.primary.length > 0, state.replica]).toEqual([true, []]);
    // … and so does the collections tab the write revalidated, for anyone: the replica has not
    // replayed the write, so the render reads the primary and the page cache keeps the new page.
    const after = await statementsOf(() => call(`${app.baseUrl}${tab}`));
    expect([after.value.status, after.value.text.includes(member.actor.name)]).toEqual([200, true]);
    // The replica was only asked how far it has replayed (behind the fence: not used).
    const replayCheck = ': SELECT pg_last_wal_replay_lsn()::text AS lsn';
    expect(after.primary.length).toBeGreaterThan(0);
    expect(after.replica.some((l) => l.endsWith(replayCheck))).toBe(true);
    expect(after.replica.filter((l) => !l.endsWith(replayCheck))).toEqual([]);

    // Replay resumes: once the replica has caught up, reads go to it again.
    await onServer(replica, (q) => q`SELECT pg_wal_replay_resume()`);
    await until('reads on the replica again', 10_000, async () => {
      const r = await statementsOf(() => call(`${app.baseUrl}/api/releases?so=date_asc`));
      return r.value.status === 200 && r.replica.length > 0 && r.primary.length === 0 ? true : null;
    });

    // The replica stops: pages not rendered before still answer 200, from the primary.
    await replica.shutDown();
    for (const path of ['/releases?so=name', '/api/releases?so=spine', `/release/${releases[2]}`, '/api/health']) {
      const { value: r, primary: p } = await statementsOf(() => call(`${app.baseUrl}${path}`));
      expect([path, r.status]).toEqual([path, 200]);
      expect({ path, primary: p.length > 0 }).toEqual({ path, primary: true });
    }
    const later = await call(`${app.baseUrl}/release/${releases[3]}`);
    expect(later.status).toBe(200);
    const down = await call(`${app.baseUrl}/api/health`);
    expect([down.status, JSON.parse(down.text).read_replicas]).toEqual([200, { configured: 1, available: 0 }]);
  });
});
