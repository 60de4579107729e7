import { listReleases } from '@/lib/data/releases';
import { withApiErrors } from '@/lib/errors';
import { parsePaging, parseReleaseListParams } from '@/lib/validation/listing';
import { badRequest, json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases: one page of approved releases.
 * Query: the listing parameters (fo, co, fi, so, pc, la, q, cd, dr, dn, pr), `label` (label public id),
 * `spine` (whole number), `ean` (EAN-13, UPC-A or 11-digit UPC; all three find the same release),
 * `cursor`, `limit` 1-100 (default 24). `q` accepts `[4k]`, `[dvd]`, `[bluray]`, `[vhs]` and `(year)`.
 * 200 `{ items: ReleaseListItem[], next_cursor }`; 400 `{ error }` for a bad parameter, e.g. a
 * barcode with a wrong check digit. Data source: lib/data/releases.ts listReleases.
 */
export const GET = withApiErrors(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const parsed = parseReleaseListParams(params, 'api');
  if (!parsed.ok) return badRequest(parsed.error);
  const { cursor, limit } = parsePaging(params, 24);
  return json(await listReleases(parsed.query, cursor, limit));
});
