import { z } from 'zod';
import { listUsers } from '@/lib/data/users';
import { route } from '@/lib/api/route';
import { jsonResponse, listQueryText, pageOf, pagingQuery } from '@/lib/api/schemas';
import { COUNTRIES } from '@/lib/validation/enums';

export const dynamic = 'force-dynamic';

/** The country ids a member may give (lib/validation/enums.ts COUNTRIES), as query values. */
const COUNTRY_VALUES = Object.values(COUNTRIES).map(String) as [string, ...string[]];

/**
 * GET /api/users: one page of users by name, public fields only (PublicUser: no e-mail, no
 * password hash). Query: `q` (part of the user name, case- and accent-insensitive), `country`
 * (an id of lib/validation/enums.ts COUNTRIES: the members who gave it in their profiles),
 * `cursor`, `limit` 1-100 (default 48). 200 `{ items, next_cursor }`; 400 `{ error }` for a bad
 * parameter. Data: lib/data/users.ts listUsers.
 */
export const GET = route({
  method: 'GET',
  path: '/api/users',
  summary: 'Users by name (public fields)',
  tags: ['users'],
  auth: 'public',
  query: z.object({
    q: listQueryText,
    country: z
      .enum(COUNTRY_VALUES)
      .optional()
      .meta({ description: 'A country id (4 Finland, 5 Sweden, …): members who gave it in their profiles' }),
    ...pagingQuery(48),
  }),
  responses: { 200: jsonResponse('A page of PublicUser', pageOf('PublicUser')) },
  handler: async ({ query }) =>
    listUsers(
      { q: query.q, country: query.country ? Number(query.country) : null },
      { cursor: query.cursor, limit: query.limit },
    ),
});
