import 'server-only';
/**
 * Database health for `GET /api/health`. Data source: a trivial query on the primary, and the
 * read replicas' state as the process's database router keeps it (db/read-routing.ts).
 */
import { sql } from 'drizzle-orm';
import { getDbHandle, readingPrimary, type Db } from '@/db';
import { queryRows, resolveDb } from './sql';
import { logError } from '@/lib/log';

/** How many read replicas are configured (DATABASE_READ_URL) and how many are taking reads now. */
export type ReplicaHealth = { configured: number; available: number };

/**
 * Checks that the primary database answers (a replica that answers says nothing of the primary,
 * which takes every write), and reports the read replicas of the process-wide database.
 * @returns `{ ok: true, latency_ms, replicas }` (milliseconds; `replicas` null without read
 *   replicas or for a given `db`), or `{ ok: false, latency_ms: null, replicas: null }` when the
 *   query fails
 */
export async function checkDatabase(
  db?: Db,
): Promise<{ ok: boolean; latency_ms: number | null; replicas: ReplicaHealth | null }> {
  const started = Date.now();
  try {
    const d = await resolveDb(db);
    await readingPrimary(() => queryRows(d, sql`SELECT 1 AS ok`));
    const latency_ms = Date.now() - started;
    const states = db ? [] : (await getDbHandle()).replicas();
    const replicas = states.length
      ? { configured: states.length, available: states.filter((s) => s.available).length }
      : null;
    return { ok: true, latency_ms, replicas };
  } catch (error) {
    logError('health check failed', error);
    return { ok: false, latency_ms: null, replicas: null };
  }
}
