import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, pagingQuery } from '@/lib/api/schemas';
import { FRIEND_PAGE_SIZE, listFriendRequests } from '@/lib/data/friendships';

export const dynamic = 'force-dynamic';

/**
 * GET /api/friend_requests?direction=incoming|outgoing: one page of the caller's waiting friend
 * requests, newest first: incoming (default; sent to the caller) or outgoing (sent by the caller):
 * `{ items: [{ user, direction, requested_at }], next_cursor }`; `cursor`, `limit` 1-100 (default
 * 48); 401 for visitors. Data: lib/data/friendships.ts listFriendRequests.
 */
export const GET = route({
  method: 'GET',
  path: '/api/friend_requests',
  summary: 'The caller’s waiting friend requests',
  tags: ['friends'],
  auth: 'member',
  query: z.object({
    direction: z
      .enum(['incoming', 'outgoing'])
      .optional()
      .transform((v) => v ?? 'incoming')
      .meta({ description: 'incoming (default) or outgoing' }),
    ...pagingQuery(FRIEND_PAGE_SIZE),
  }),
  responses: { 200: jsonResponse('A page of FriendRequestItem', pageOf('FriendRequestItem')) },
  handler: async ({ actor, query }) =>
    listFriendRequests(actor, query.direction, { cursor: query.cursor, limit: query.limit }),
});
