import { z } from 'zod';
import { checkDatabase } from '@/lib/data/health';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { APP_VERSION } from '@/lib/version';
import { json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/health: liveness and database check for monitoring.
 * 200 `{ status: "ok", version, db_latency_ms }` (milliseconds), with read replicas also
 * `read_replicas: { configured, available }` (a replica that fails is left out for a few seconds
 * and its reads go to the primary, so the app stays up); 503 `{ status: "error", version }` when
 * the primary database does not answer. Data source: lib/data/health.ts checkDatabase.
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
      z.object({
        status: z.literal('ok'),
        version: z.string(),
        db_latency_ms: z.number(),
        read_replicas: z.object({ configured: z.number().int(), available: z.number().int() }).optional(),
      }),
    ),
    503: jsonResponse('The database does not answer', z.object({ status: z.literal('error'), version: z.string() })),
  },
  handler: async () => {
    const db = await checkDatabase();
    if (!db.ok) return json({ status: 'error', version: APP_VERSION }, 503);
    return {
      status: 'ok',
      version: APP_VERSION,
      db_latency_ms: db.latency_ms,
      ...(db.replicas ? { read_replicas: db.replicas } : {}),
    };
  },
});
