import { z } from 'zod';
import { listReleases } from '@/lib/data/releases';
import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, listingQueryDoc, searchPageOf } from '@/lib/api/schemas';
import { parsePaging, parseReleaseListParams } from '@/lib/validation/listing';
import { badRequest } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases: one page of approved releases.
 * Query: the listing parameters (fo, co, fi, so, pc, la, q, cd, dr, dn, pr), `label` (label public id),
 * `spine` (whole number), `ean` (EAN-13, UPC-A or 11-digit UPC; all three find the same release),
 * `cursor`, `limit` 1-100 (default 24). `q` accepts `[4k]`, `[dvd]`, `[bluray]`, `[vhs]` and `(year)`.
 * 200 `{ items: ReleaseListItem[], next_cursor, close? }` (`close`: CloseMatch when q's words found few
 * releases and close spellings were searched too); 400 `{ error }` for a bad parameter, e.g. a
 * barcode with a wrong check digit. Data source: lib/data/releases.ts listReleases.
 */
export const GET = route({
  method: 'GET',
  path: '/api/releases',
  summary: 'Releases',
  tags: ['catalogue'],
  auth: 'public',
  // Described here; parsed by lib/validation/listing.ts, which words each bad value's 400 itself.
  query: z.object({
    ...listingQueryDoc,
    label: z.string().optional().meta({ description: 'Label public id' }),
    spine: z.string().optional().meta({ description: 'Spine number (whole number)' }),
    ean: z.string().optional().meta({
      description:
        'EAN-13, UPC-A or an 11-digit UPC without its leading 0 (a wrong check digit is a 400 naming the right one)',
    }),
  }),
  responses: {
    200: jsonResponse(
      "A page of ReleaseListItem; close: close spelling matches were searched too; credited: a label's releases found through cast and crew",
      searchPageOf('ReleaseListItem'),
    ),
    400: jsonResponse('A bad parameter', errorSchema),
  },
  handler: async ({ searchParams }) => {
    const parsed = parseReleaseListParams(searchParams, 'api');
    if (!parsed.ok) return badRequest(parsed.error);
    const { cursor, limit } = parsePaging(searchParams, 24);
    return listReleases(parsed.query, { cursor, limit });
  },
});
