import { listPersons } from '@/lib/data/persons';
import { withApiErrors } from '@/lib/errors';
import { parsePaging } from '@/lib/validation/listing';
import { json, listQueryText } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/persons: one page of persons by name. Query: `q` (name words, case- and
 * accent-insensitive), `cursor`, `limit` 1-100 (default 48).
 * 200 `{ items: PersonListItem[], next_cursor }`; 400 `{ error }` for a bad parameter.
 * Data source: lib/data/persons.ts listPersons.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const q = listQueryText(params);
  const { cursor, limit } = parsePaging(params, 48);
  return json(await listPersons({ q }, cursor, limit));
});
