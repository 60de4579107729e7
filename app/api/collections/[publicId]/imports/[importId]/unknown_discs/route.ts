import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, jsonResponse, publicIdSchema } from '@/lib/api/schemas';
import { listUnknownDiscs } from '@/lib/data/import-suggestions';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/imports/{import_id}/unknown_discs: the unknown discs of one of
 * the caller's done imports (rows whose barcode no release had, once per barcode), prefilled for
 * suggesting them as new releases (POST /api/collections/{public_id}/suggestions):
 * `{ can_suggest, discs: [{ line, ean, title, prefill: { name, format, release_year, movie, label },
 * label_text, suggestion }] }`. `can_suggest` is false for a movies collection; `suggestion` is the
 * caller's latest suggestion of that barcode (`{ request, status, release, discard_reason }`) or
 * null. 401 for a visitor; 404 for anyone else's import, another collection's, or a job that is
 * not done. Data: lib/data/import-suggestions.ts listUnknownDiscs.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/imports/{importId}/unknown_discs',
  summary: "The unknown discs of one of the caller's imports, prefilled as release suggestions",
  tags: ['collections', 'changes'],
  auth: 'member',
  params: z.object({ publicId: publicIdSchema, importId: publicIdSchema }),
  responses: {
    200: jsonResponse(
      'Whether the discs can be suggested, and the discs (UnknownDisc)',
      z.object({ can_suggest: z.boolean(), discs: z.array(dto('UnknownDisc')) }),
    ),
  },
  handler: async ({ actor, params }) =>
    listUnknownDiscs(actor, { collection: params.publicId, importId: params.importId }),
});
