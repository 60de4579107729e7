/**
 * The PostgreSQL driver (postgres.js 3.4.9, patched by patches/postgres+3.4.9.patch) when a
 * connection's backend goes away, as in a database restart: a query on it must reject with
 * CONNECTION_CLOSED, not throw an uncaught TypeError from a timer and wait forever
 * (porsager/postgres#1154, #1208; seen here as a request hanging in the database-restart test),
 * and the pool must go on answering on a new connection.
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPostgresConfiguredInCi } from '../support/db';

assertPostgresConfiguredInCi();

describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres.js after its backend is terminated', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const sql = postgres(url, { max: 2, onnotice: () => {} });
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
      await killer`SELECT pg_terminate_backend(${pid})`;
      // Let the driver see the socket close.
      await new Promise((resolve) => setTimeout(resolve, 200));
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
