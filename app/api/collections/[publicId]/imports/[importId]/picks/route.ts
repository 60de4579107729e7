import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, errorSchema, jsonResponse, formText, publicIdSchema } from '@/lib/api/schemas';
import { pickCandidate } from '@/lib/data/collection-import';
import { AppError } from '@/lib/errors';
import { isPublicId } from '@/lib/validation/listing';

export const dynamic = 'force-dynamic';

/** `{ line, item }`: a report line (whole number from 1) and one of its candidates; anything else is a bad body. */
const pickSchema = z.object({
  line: z
    .unknown()
    .optional()
    .transform(Number)
    .refine((n) => Number.isInteger(n) && n >= 1, { error: 'bad_body' })
    .meta({ override: { type: 'integer', minimum: 1 }, description: 'Line of the report row' }),
  item: formText
    .refine(isPublicId, { error: 'bad_body' })
    .meta({ description: "Public id of one of the row's candidates" }),
});

/**
 * POST /api/collections/{public_id}/imports/{import_id}/picks: the owner picks one of a report
 * row's candidates. Body `{ line: number, item: public_id }`. The entry is added with the row's
 * fields (price, condition, date, notes). 200 `{ row, counts }` (the updated report row and the
 * report's counts); 400 `{ error }` for a bad body or an item that is not one of the row's
 * candidates; 409 when the row is matched already; 404 for an unknown import or line.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/imports/{importId}/picks',
  summary: "Picks one of a report row's candidates",
  tags: ['collections'],
  auth: 'member',
  params: z.object({ publicId: publicIdSchema, importId: publicIdSchema }),
  body: pickSchema,
  responses: {
    200: jsonResponse(
      'The updated row and the counts',
      z.object({ row: dto('ImportRowOutcome'), counts: dto('ImportCounts') }),
    ),
    400: jsonResponse('Bad body or not a candidate', errorSchema),
    409: jsonResponse('The row is matched already', errorSchema),
  },
  handler: async ({ actor, params, body }) => {
    const r = await pickCandidate(actor, {
      collection: params.publicId,
      importId: params.importId,
      line: body.line,
      item: body.item,
    });
    if (r.ok) return { row: r.row, counts: r.counts };

    throw new AppError(r.error === 'notACandidate' ? 'import_not_candidate' : 'import_resolved');
  },
});
