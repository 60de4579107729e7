import { checkDatabase } from '@/lib/data/health';
import { APP_VERSION } from '@/lib/version';
import { json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/health: liveness and database check for monitoring.
 * 200 `{ status: "ok", version, db_latency_ms }` (milliseconds); 503 `{ status: "error", version }`
 * when the database does not answer. Data source: lib/data/health.ts checkDatabase.
 */
export async function GET(): Promise<Response> {
  const db = await checkDatabase();
  if (!db.ok) return json({ status: 'error', version: APP_VERSION }, 503);
  return json({ status: 'ok', version: APP_VERSION, db_latency_ms: db.latency_ms });
}
