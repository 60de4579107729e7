import { listUsers } from '@/lib/data/users';
import { withApiErrors } from '@/lib/errors';
import { parsePaging } from '@/lib/validation/listing';
import { json, listQueryText } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users: one page of users by name, public fields only (PublicUser: no e-mail, no
 * password hash). Query: `q` (part of the user name, case- and accent-insensitive), `cursor`,
 * `limit` 1-100 (default 48). 200 `{ items, next_cursor }`; 400 `{ error }` for a bad parameter.
 * Data: lib/data/users.ts listUsers.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const q = listQueryText(params);
  const { cursor, limit } = parsePaging(params, 48);
  return json(await listUsers({ q }, cursor, limit));
});
