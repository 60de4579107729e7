/**
 * The expired-data purge (lib/data/purge.ts), on PGlite and PostgreSQL: for each kind an expired
 * and a live row (and the rows just inside each limit), one purge, then exactly the expired rows
 * are gone and the counts say so; a second purge deletes nothing. Also the in-app schedule
 * (lib/purge-schedule.ts, fake timers) and `npm run db:purge`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from '@/db';
import {
  API_TOKEN_EXPIRED_KEEP_DAYS,
  IMPORT_REPORT_RETENTION_DAYS,
  purgedTotal,
  purgeExpired,
  READ_NOTIFICATION_RETENTION_DAYS,
} from '@/lib/data/purge';
import { SESSION_MAX_DAYS } from '@/lib/data/sessions';
import { purgeIntervalMinutes, schedulePurge } from '@/lib/purge-schedule';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const DAY = 86_400_000;
const MIN = 60_000;

describe('purgeIntervalMinutes', () => {
  it('reads DB_PURGE_INTERVAL_MINUTES: default 60, off, unreadable values give the default', () => {
    expect(purgeIntervalMinutes({})).toBe(60);
    expect(purgeIntervalMinutes({ DB_PURGE_INTERVAL_MINUTES: '15' })).toBe(15);
    expect(purgeIntervalMinutes({ DB_PURGE_INTERVAL_MINUTES: 'off' })).toBeNull();
    expect(purgeIntervalMinutes({ DB_PURGE_INTERVAL_MINUTES: '0' })).toBe(60);
    expect(purgeIntervalMinutes({ DB_PURGE_INTERVAL_MINUTES: 'often' })).toBe(60);
  });
});

describe.each(testEngines())('purgeExpired on %s', (engine) => {
  let h: DbHandle;
  const now = new Date();
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  /** Labels of the rows left in `table` (column `label` of the query), sorted. */
  const left = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ label: string }>(h.db, query)).map((r) => r.label).sort();

  beforeAll(async () => {
    h = await createTestDb(engine);
    const { actor: a } = await registerMember(h.db, { label: 'Purger', n: 1 });
    const { actor: b } = await registerMember(h.db, { label: 'Purger', n: 2 });
    // registerMember made a live session each; start from none.
    await h.db.execute(sql`DELETE FROM user_sessions`);

    const session = (label: string, created: number, expires: number) =>
      h.db.execute(sql`INSERT INTO user_sessions (user_id, token_hash, created_at, last_used_at, expires_at, user_agent)
        VALUES (${a.userId}, ${`hash-${label}`}, ${at(created)}, ${at(created)}, ${at(expires)}, ${label})`);
    await session('slid-out', -40 * DAY, -MIN);
    await session('too-old', -(SESSION_MAX_DAYS * DAY + MIN), 10 * DAY);
    await session('live', -10 * DAY, 20 * DAY);
    await session('almost-max', -(SESSION_MAX_DAYS * DAY - MIN), MIN);

    const token = (label: string, expires: number) =>
      h.db.execute(sql`INSERT INTO api_tokens (user_id, name, token_hash, created_at, expires_at)
        VALUES (${a.userId}, ${label}, ${`tok-${label}`}, ${at(-400 * DAY)}, ${at(expires)})`);
    await token('long-expired', -(API_TOKEN_EXPIRED_KEEP_DAYS * DAY + MIN));
    await token('recently-expired', -(API_TOKEN_EXPIRED_KEEP_DAYS * DAY - MIN));
    await token('live', 30 * DAY);

    const reset = (label: string, expires: number, used: number | null) =>
      h.db.execute(sql`INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at, used_at)
        VALUES (${a.userId}, ${label}, ${at(-2 * DAY)}, ${at(expires)}, ${used === null ? null : at(used)})`);
    await reset('expired', -MIN, null);
    await reset('used', 30 * MIN, -MIN);
    await reset('open', 30 * MIN, null);

    const limit = (label: string, expire: number | null) =>
      h.db.execute(sql`INSERT INTO rate_limits (key, points, expire)
        VALUES (${label}, 1, ${expire === null ? null : at(expire)})`);
    await limit('ended', -1000);
    await limit('running', 60_000);
    await limit('no-window', null);

    await h.db.execute(sql`INSERT INTO collections (public_id, user_id, name, category)
      VALUES ('purgeColl01', ${a.userId}, 'Imports', 'releases')`);
    const importReport = (label: string, created: number) =>
      h.db.execute(sql`INSERT INTO collection_imports (public_id, collection_id, user_id, file_name, report, created_at)
        SELECT ${label}, id, ${a.userId}, ${`${label}.csv`}, '{"rows":[]}'::jsonb, ${at(created)}
        FROM collections WHERE public_id = 'purgeColl01'`);
    await importReport('old', -(IMPORT_REPORT_RETENTION_DAYS * DAY + MIN));
    await importReport('recent', -(IMPORT_REPORT_RETENTION_DAYS * DAY - MIN));

    const notice = (label: string, created: number, seen: number | null) =>
      h.db.execute(sql`INSERT INTO notifications (public_id, user_id, type, actor_id, subject_text, seen_at, created_at)
        VALUES (${label}, ${b.userId}, 1, ${a.userId}, ${label}, ${seen === null ? null : at(seen)}, ${at(created)})`);
    const keep = READ_NOTIFICATION_RETENTION_DAYS * DAY;
    await notice('old-seen', -(keep + MIN), -(keep - DAY));
    await notice('old-unseen', -(keep + MIN), null);
    await notice('recent-seen', -(keep - MIN), -DAY);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('deletes exactly the expired rows of each kind and counts them; a second purge finds nothing', async () => {
    const collectionsBefore = await left(sql`SELECT public_id AS label FROM collections`);
    expect(collectionsBefore).toContain('purgeColl01');
    const counts = await purgeExpired(h.db, now);
    expect(counts).toEqual({
      sessions: 2,
      api_tokens: 1,
      password_resets: 2,
      rate_limits: 1,
      collection_imports: 1,
      notifications: 1,
    });
    expect(purgedTotal(counts)).toBe(8);

    expect(await left(sql`SELECT user_agent AS label FROM user_sessions`)).toEqual(['almost-max', 'live']);
    expect(await left(sql`SELECT name AS label FROM api_tokens`)).toEqual(['live', 'recently-expired']);
    expect(await left(sql`SELECT token_hash AS label FROM password_reset_tokens`)).toEqual(['open']);
    expect(await left(sql`SELECT key AS label FROM rate_limits`)).toEqual(['no-window', 'running']);
    expect(await left(sql`SELECT public_id AS label FROM collection_imports`)).toEqual(['recent']);
    expect(await left(sql`SELECT public_id AS label FROM notifications`)).toEqual(['old-unseen', 'recent-seen']);
    // The collection and the members are untouched.
    expect(await left(sql`SELECT public_id AS label FROM collections`)).toEqual(collectionsBefore);
    expect(await left(sql`SELECT name AS label FROM users`)).toEqual(['Purger 1', 'Purger 2']);

    expect(purgedTotal(await purgeExpired(h.db, now))).toBe(0);
  });

  if (engine === 'pglite')
    it('the in-app schedule purges a minute after the start, then every interval', async () => {
      vi.stubEnv('DB_PURGE_INTERVAL_MINUTES', '5');
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
      const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
      useAsProcessDb(h);
      const ended = (key: string) =>
        h.db.execute(
          sql`INSERT INTO rate_limits (key, points, expire) VALUES (${key}, 1, now() - interval '1 minute')`,
        );
      /** Waits (real time, through setImmediate; `tries` checks) until the rate-limit row `key` is gone. */
      const gone = async (key: string, tries = 5000) => {
        for (let i = 0; i < tries; i++) {
          const [row] = await queryRows<{ n: number }>(
            h.db,
            sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = ${key}`,
          );
          if (row?.n === 0) return true;
          await new Promise((r) => setImmediate(r));
        }
        return false;
      };
      try {
        await ended('sched-1');
        schedulePurge();
        schedulePurge(); // once per process
        await vi.advanceTimersByTimeAsync(59_000);
        expect(await gone('sched-1', 50)).toBe(false);
        await vi.advanceTimersByTimeAsync(1_000);
        expect(await gone('sched-1')).toBe(true);
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^expired-data purge: .*rate_limits 1/));

        await ended('sched-2');
        await vi.advanceTimersByTimeAsync(4 * 60_000);
        expect(await gone('sched-2', 50)).toBe(false);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(await gone('sched-2')).toBe(true);
        expect(await left(sql`SELECT key AS label FROM rate_limits`)).toEqual(['no-window', 'running']);
      } finally {
        vi.useRealTimers();
        vi.unstubAllEnvs();
        logged.mockRestore();
      }
    });

  if (engine === 'postgres')
    it('npm run db:purge prints the counts per kind and exits 0, 1 when the database fails', () => {
      const run = (url: string) =>
        spawnSync(path.resolve('node_modules/.bin/tsx'), [path.resolve('scripts/db-purge.ts')], {
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: url },
          timeout: 120_000,
        });
      return (async () => {
        await h.db.execute(
          sql`INSERT INTO rate_limits (key, points, expire) VALUES ('cli-ended', 1, now() - interval '1 minute')`,
        );
        const ok = run(h.url!);
        expect(ok.status).toBe(0);
        expect(ok.stdout).toMatch(/^rate_limits +1$/m);
        expect(ok.stdout).toMatch(/^sessions +0$/m);
        expect(ok.stdout).toMatch(/Purged 1 expired rows from postgres .* in \d+ ms\./);
        expect(await left(sql`SELECT key AS label FROM rate_limits`)).toEqual(['no-window', 'running']);
        const bad = new URL(h.url!);
        bad.pathname = '/discshelf_no_such_database';
        const failed = run(bad.toString());
        expect(failed.status).toBe(1);
        expect(failed.stderr).toMatch(/^Purge failed: .*does not exist/m);
      })();
    });
});
