import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, errorSchema, jsonResponse } from '@/lib/api/schemas';
import { lookupBarcode } from '@/lib/data/scan';

export const dynamic = 'force-dynamic';

/**
 * GET /api/barcodes/{code}: the approved releases carrying a barcode, as the scanner asks
 * (`code`: EAN-13, UPC-A or an 11-digit UPC-A, spaces and hyphens ignored). Answers
 * `{ ean, releases: [ReleaseListItem & { mine }] }`: `ean` the canonical EAN-13; `mine`
 * `{ have, wanted, lists: [{ public_id, name, style }] }` for a member (their collections holding
 * the release; style 3 owns, 4 wanted, 5 for sale, 7 for trade…), null for visitors; an unknown
 * barcode answers `releases: []` (200). 400 `barcode_format` (not 11-13 digits) or
 * `barcode_check_digit` (the message names the digit given and the one expected). Data source:
 * lib/data/scan.ts lookupBarcode.
 */
export const GET = route({
  method: 'GET',
  path: '/api/barcodes/{code}',
  summary: 'The releases carrying a barcode, with the caller’s own lists holding them',
  tags: ['catalogue'],
  auth: 'public',
  params: z.object({
    code: z.string().max(40).meta({ description: 'EAN-13, UPC-A or 11-digit UPC-A; spaces and hyphens ignored' }),
  }),
  responses: {
    200: jsonResponse(
      'The canonical EAN-13 and the releases carrying it (none for an unknown barcode)',
      z.object({ ean: z.string(), releases: z.array(dto('ScanRelease')) }),
    ),
    400: jsonResponse('Not a barcode, or a wrong check digit', errorSchema),
  },
  handler: async ({ params, viewer }) => lookupBarcode(await viewer(), params.code),
});
