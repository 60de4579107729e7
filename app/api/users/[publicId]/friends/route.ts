import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, pagingQuery, publicIdParams } from '@/lib/api/schemas';
import { FRIEND_PAGE_SIZE, listFriends } from '@/lib/data/friendships';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/{public_id}/friends: one page of the user's accepted friends, newest friendship
 * first: `{ items: [{ user: { public_id, name, picture, points }, since }], next_cursor }`; `cursor`,
 * `limit` 1-100 (default 48); 404 for an unknown user. Public. Data: lib/data/friendships.ts listFriends.
 */
export const GET = route({
  method: 'GET',
  path: '/api/users/{publicId}/friends',
  summary: 'A user’s friends',
  tags: ['friends'],
  auth: 'public',
  params: publicIdParams,
  query: z.object(pagingQuery(FRIEND_PAGE_SIZE)),
  responses: { 200: jsonResponse('A page of FriendItem', pageOf('FriendItem')) },
  handler: async ({ params, query }) => listFriends(params.publicId, { cursor: query.cursor, limit: query.limit }),
});
