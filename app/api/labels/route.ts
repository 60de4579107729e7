import { listLabels } from '@/lib/data/labels';
import { withApiErrors } from '@/lib/errors';
import { parsePaging } from '@/lib/validation/listing';
import { json, listQueryText } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels: one page of labels by name with release counts. Query: `q`, `cursor`,
 * `limit` 1-100 (default 48). 200 `{ items: LabelListItem[], next_cursor }`; 400 `{ error }`.
 * Data source: lib/data/labels.ts listLabels.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const q = listQueryText(params);
  const { cursor, limit } = parsePaging(params, 48);
  return json(await listLabels({ q }, cursor, limit));
});
