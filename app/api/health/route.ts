import { z } from 'zod';
import { checkDatabase } from '@/lib/data/health';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { APP_VERSION } from '@/lib/version';
import { json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/health: liveness and database check for monitoring.
 * 200 `{ status: "ok", version, db_latency_ms }` (milliseconds); 503 `{ status: "error", version }`
 * when the database does not answer. Data source: lib/data/health.ts checkDatabase.
 */
export const GET = route({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database check',
  tags: ['meta'],
  auth: 'public',
  responses: {
    200: jsonResponse(
      'The database answers',
      z.object({ status: z.literal('ok'), version: z.string(), db_latency_ms: z.number() }),
    ),
    503: jsonResponse('The database does not answer', z.object({ status: z.literal('error'), version: z.string() })),
  },
  handler: async () => {
    const db = await checkDatabase();
    if (!db.ok) return json({ status: 'error', version: APP_VERSION }, 503);
    return { status: 'ok', version: APP_VERSION, db_latency_ms: db.latency_ms };
  },
});
