import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, jsonResponse } from '@/lib/api/schemas';
import { memberBarcodes } from '@/lib/data/scan';

export const dynamic = 'force-dynamic';

/**
 * GET /api/me/barcodes: the logged-in member's own barcode list, which the scanner keeps on the
 * phone to answer scans without a connection: `{ user, read_at, releases: [{ ean, public_id, name,
 * format, country, release_year, have, wanted, lists: [{ public_id, name, style }] }] }` (every
 * approved release with a barcode in any of their collections not in the trash, private ones
 * included). 401 without a session. Data source: lib/data/scan.ts memberBarcodes.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/barcodes',
  summary: "The caller's releases with barcodes and the lists holding them, for the offline scanner",
  tags: ['collections'],
  auth: 'member',
  responses: {
    200: jsonResponse(
      'The barcode list',
      z.object({ user: z.string(), read_at: z.string(), releases: z.array(dto('MemberBarcode')) }),
    ),
  },
  handler: async ({ actor }) => memberBarcodes(actor),
});
