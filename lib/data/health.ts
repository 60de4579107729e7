import 'server-only';
/** Database health for `GET /api/health`. Data source: a trivial query. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { queryRows, resolveDb } from './sql';
import { logError } from '@/lib/log';

/**
 * Checks that the database answers.
 * @returns `{ ok: true, latency_ms }` (milliseconds), or `{ ok: false }` when the query fails
 */
export async function checkDatabase(db?: Db): Promise<{ ok: boolean; latency_ms: number | null }> {
  const started = Date.now();
  try {
    const d = await resolveDb(db);
    await queryRows(d, sql`SELECT 1 AS ok`);
    return { ok: true, latency_ms: Date.now() - started };
  } catch (error) {
    logError('health check failed', error);
    return { ok: false, latency_ms: null };
  }
}
