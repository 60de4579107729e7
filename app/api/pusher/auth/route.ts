import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { AppError } from '@/lib/errors';
import { channelUser } from '@/lib/realtime/channels';
import { authorizeChannel } from '@/lib/realtime/server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/pusher/auth: signs a subscription to a private realtime channel for pusher-js, only
 * for the caller's own channel `private-user-{public_id}`. Body: `{ socket_id, channel_name }` as
 * JSON (the site's own client) or `application/x-www-form-urlencoded` (the Pusher libraries'
 * default, pusher-js and the mobile ones). 200 `{ auth }`; 400 for a malformed body; 401 without a
 * session (a logged-out or revoked one included); 403 for any other channel, or from another origin.
 * Signed with PUSHER_KEY / PUSHER_SECRET (lib/realtime/server.ts); nothing is stored.
 */
export const POST = route({
  method: 'POST',
  path: '/api/pusher/auth',
  summary: "Signs a subscription to the caller's own realtime channel",
  tags: ['notifications'],
  auth: 'member',
  formBody: true,
  body: z.object({
    socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/),
    channel_name: z.string().max(200),
  }),
  responses: { 200: jsonResponse('The signature for pusher-js', z.object({ auth: z.string() })) },
  handler: async ({ actor, body }) => {
    if (channelUser(body.channel_name) !== actor.publicId) throw new AppError('forbidden');
    return authorizeChannel(body.socket_id, body.channel_name);
  },
});
