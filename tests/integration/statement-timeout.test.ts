/**
 * The statement timeout of db/index.ts: the app server's PostgreSQL connections end any statement
 * running past DB_STATEMENT_TIMEOUT_MS with error 57014 (query_canceled), and a route whose query is
 * stuck (here behind a table lock held by another connection) answers a logged 500 JSON within the
 * timeout (with the request id it was logged under) instead of hanging. Command-line scripts open their database without a timeout, and the
 * migrations of a handle with one run over a connection without it. PGlite ignores
 * `statement_timeout` (see db/index.ts), so only the pure reading of the setting runs there.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import postgres from 'postgres';
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  migrateDatabase,
  openDatabase,
  queryRows,
  statementTimeoutFromEnv,
  type DbHandle,
} from '@/db';
import { sql } from 'drizzle-orm';
import { GET as meGet } from '@/app/api/me/route';
import { apiMessage } from '@/lib/errors';
import { apiRequest } from '../support/community';
import { admin, assertPostgresConfiguredInCi, serverUrl } from '../support/db';
import { registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

describe('statementTimeoutFromEnv', () => {
  it('reads DB_STATEMENT_TIMEOUT_MS: default 15 s, 0 turns it off, unreadable values give the default', () => {
    expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(15_000);
    expect(statementTimeoutFromEnv({})).toBe(15_000);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '' })).toBe(15_000);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: ' 0 ' })).toBe(0);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '-5' })).toBe(15_000);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: '1.5' })).toBe(15_000);
    expect(statementTimeoutFromEnv({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toBe(15_000);
  });

  it('a PGlite handle reports no timeout (PGlite cannot cancel a running statement)', async () => {
    const h = await openDatabase({ dataDir: 'memory', statementTimeoutMs: 100 });
    try {
      expect(h.statementTimeoutMs).toBe(0);
      expect(h.url).toBeNull();
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('statement timeout on PostgreSQL', () => {
  const name = `discshelf_timeout_${process.pid}`;
  let timed: DbHandle;

  beforeAll(async () => {
    await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin((q) => q.unsafe(`CREATE DATABASE ${name}`));
    timed = await openDatabase({ url: serverUrl(name), statementTimeoutMs: 300 });
    // The migrations run over a second connection without the timeout.
    await migrateDatabase(timed);
  });
  afterAll(async () => {
    await timed?.close();
    await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('every pooled connection has the timeout; a longer statement fails with 57014', async () => {
    const shown = await Promise.all(
      [1, 2, 3].map(() => queryRows<{ t: string }>(timed.db, sql`SELECT current_setting('statement_timeout') AS t`)),
    );
    expect(shown.map((r) => r[0]?.t)).toEqual(['300ms', '300ms', '300ms']);
    const started = Date.now();
    const error = await timed.db.execute(sql`SELECT pg_sleep(3)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(2500);
    const cause = (error as { cause?: { code?: string } }).cause ?? error;
    expect((cause as { code?: string }).code).toBe('57014');
    expect(String((cause as Error).message)).toMatch(/statement timeout/);
    // A shorter statement still runs.
    expect(await queryRows<{ ok: number }>(timed.db, sql`SELECT 1 AS ok FROM pg_sleep(0.05)`)).toEqual([{ ok: 1 }]);
  });

  it('a handle opened without the option (command-line scripts) has no timeout', async () => {
    const untimed = await openDatabase({ url: serverUrl(name) });
    try {
      expect(untimed.statementTimeoutMs).toBe(0);
      const [row] = await queryRows<{ t: string }>(untimed.db, sql`SELECT current_setting('statement_timeout') AS t`);
      expect(row?.t).toBe('0');
      await untimed.db.execute(sql`SELECT pg_sleep(0.5)`);
    } finally {
      await untimed.close();
    }
  });

  it('a route whose query is stuck behind a lock answers 500 JSON within the timeout', async () => {
    const member = await registerMember(timed.db, { label: 'Waiter', n: 1 });
    useAsProcessDb(timed);
    const locker = postgres(serverUrl(name), { max: 1, onnotice: () => {} });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const tx = locker.begin(async (q) => {
      await q`LOCK TABLE user_sessions IN ACCESS EXCLUSIVE MODE`;
      locked();
      await held;
    });
    try {
      await isLocked;
      const started = Date.now();
      const res = await meGet(apiRequest('GET', '/api/me', { cookie: member.cookie }));
      const elapsed = Date.now() - started;
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: string; request_id: string };
      expect(body).toEqual({ error: apiMessage('serverError'), request_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
      // Logged once under that request id, with PostgreSQL's cancel reason and code.
      const lines = logged.mock.calls.map((c) => c.map(String).join(' '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`request_id=${body.request_id}`);
      expect(lines[0]).toMatch(/canceling statement due to statement timeout/);
      expect(lines[0]).toContain('57014');
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(3000);
    } finally {
      release();
      await tx;
      logged.mockRestore();
      await locker.end({ timeout: 5 });
    }
    // With the lock gone the same request succeeds.
    const ok = await meGet(apiRequest('GET', '/api/me', { cookie: member.cookie }));
    expect(ok.status).toBe(200);
  });
});
