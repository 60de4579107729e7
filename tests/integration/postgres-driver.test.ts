/**
 * The PostgreSQL driver (postgres.js 3.4.9, patched by patches/postgres+3.4.9.patch) when a
 * connection's backend goes away, as in a database restart: a query on it must reject with
 * CONNECTION_CLOSED, not throw an uncaught TypeError from a timer and wait forever
 * (porsager/postgres#1154, #1208; seen here as a request hanging in the database-restart test),
 * and the pool must go on answering on a new connection. And with the app's reconnect delay
 * (db/index.ts reconnectDelay), queries queued while PostgreSQL refuses connections fail within
 * about half a second each instead of waiting out the driver's default backoff (up to 20 s).
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_S, reconnectDelay } from '@/db';
import { freePort } from '@/lib/realtime/soketi';
import { assertPostgresConfiguredInCi } from '../support/db';

assertPostgresConfiguredInCi();

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres.js after its backend is terminated', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  /** Called when the pool sees one of its connections close (postgres.js `onclose`). */
  const onClose = new Set<() => void>();
  const sql = postgres(url, { max: 2, onnotice: () => {}, onclose: () => onClose.forEach((f) => f()) });
  const killer = postgres(url, { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await sql.end({ timeout: 5 });
    await killer.end({ timeout: 5 });
  });

  it('a query on the dead connection rejects with CONNECTION_CLOSED; nothing is thrown elsewhere', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const reserved = await sql.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const sawClose = new Promise<void>((resolve) => onClose.add(resolve));
      await killer`SELECT pg_terminate_backend(${pid})`;
      // The driver has seen the socket close: the state in which the next write used to go wrong.
      await sawClose;
      const late = reserved`SELECT 1 AS one`;
      const settled = await Promise.race([
        late.then(
          () => 'answered',
          (error: { code?: string }) => error.code ?? String(error),
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
      ]);
      expect(settled).toBe('CONNECTION_CLOSED');
      // Timers the close scheduled have run by now.
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
      // The pool answers on its other connection. (The dead reserved one is not released: the
      // driver would hand it back to the pool as open; the app never reserves connections.)
      expect(await sql<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});

describe('postgres.js with the app’s reconnect delay while PostgreSQL refuses connections', () => {
  it('every queued query fails with ECONNREFUSED, each within the delay bound, never waiting out a growing backoff', async () => {
    expect([0, 1, 2, 3, 4, 20].map(reconnectDelay)).toEqual([0.05, 0.1, 0.2, 0.4, 0.5, 0.5]);
    // A port nothing listens on: every attempt to connect is refused at once.
    const down = postgres(`postgres://postgres@127.0.0.1:${await freePort()}/none`, {
      max: 2,
      backoff: reconnectDelay,
      onnotice: () => {},
    });
    try {
      const started = performance.now();
      const settled = await Promise.all(
        Array.from({ length: 16 }, () =>
          down`SELECT 1`.then(
            () => ({ code: 'answered', ms: performance.now() - started }),
            (error: { code?: string }) => ({ code: error.code ?? String(error), ms: performance.now() - started }),
          ),
        ),
      );
      expect(settled.map((s) => s.code)).toEqual(Array(16).fill('ECONNREFUSED'));
      // Two connections take the 16 queries in turns, one attempt each: at most 8 delays in a row.
      // (The driver's default backoff, 3^n/100 s up to 20 s, would take over a minute.)
      expect(Math.max(...settled.map((s) => s.ms))).toBeLessThan(8 * MAX_RECONNECT_DELAY_S * 1000 + 2000);
    } finally {
      await down.end({ timeout: 1 });
    }
  });
});
