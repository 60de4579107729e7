import { listUsers } from '@/lib/data/users';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, simpleListQuery } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users: one page of users by name, public fields only (PublicUser: no e-mail, no
 * password hash). Query: `q` (part of the user name, case- and accent-insensitive), `cursor`,
 * `limit` 1-100 (default 48). 200 `{ items, next_cursor }`; 400 `{ error }` for a bad parameter.
 * Data: lib/data/users.ts listUsers.
 */
export const GET = route({
  method: 'GET',
  path: '/api/users',
  summary: 'Users by name (public fields)',
  tags: ['users'],
  auth: 'public',
  query: simpleListQuery(48),
  responses: { 200: jsonResponse('A page of PublicUser', pageOf('PublicUser')) },
  handler: async ({ query }) => listUsers({ q: query.q }, { cursor: query.cursor, limit: query.limit }),
});
