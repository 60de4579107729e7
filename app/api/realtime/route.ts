import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { clientConfig, realtimeConfig } from '@/lib/realtime/config';

export const dynamic = 'force-dynamic';

/**
 * GET /api/realtime: where the browser's pusher-js connects, read from PUSHER_* at run time (so
 * one build serves any realtime server and static pages stay static): 200 `{ key, host, port,
 * tls, cluster }` — the public app key, and host and port of a self-hosted server (Soketi) or the
 * cluster of Pusher's hosted service. Never the secret. Public (the key is public in Pusher's
 * model; only signed subscriptions reach private channels).
 */
export const GET = route({
  method: 'GET',
  path: '/api/realtime',
  summary: "The realtime server's public settings for pusher-js",
  tags: ['notifications'],
  auth: 'public',
  responses: {
    200: jsonResponse(
      'RealtimeClientConfig',
      z.object({
        key: z.string(),
        host: z.string().nullable(),
        port: z.number().int().nullable(),
        tls: z.boolean(),
        cluster: z.string().nullable(),
      }),
    ),
  },
  handler: async () => clientConfig(realtimeConfig()),
});
