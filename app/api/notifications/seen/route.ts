import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { markAllSeen } from '@/lib/data/notifications';

export const dynamic = 'force-dynamic';

/**
 * POST /api/notifications/seen: marks all of the caller's notifications seen (the bell's list or
 * /notifications was opened); no body (or `{}`). 200 `{ ok: true, marked }` (how many were
 * unseen; the unseen count is 0 afterwards); 401 without a session; 403 from another origin.
 * Data: lib/data/notifications.ts markAllSeen.
 */
export const POST = route({
  method: 'POST',
  path: '/api/notifications/seen',
  summary: "Marks all of the caller's notifications seen",
  tags: ['notifications'],
  auth: 'member',
  body: z.object({}),
  bodyOptional: true,
  responses: {
    200: jsonResponse(
      'Marked; `marked` is how many were unseen',
      z.object({ ok: z.literal(true), marked: z.number().int() }),
    ),
  },
  handler: async ({ actor }) => ({ ok: true, marked: await markAllSeen(actor) }),
});
