import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { suggestUnknownDiscs } from '@/lib/data/change-requests';
import { discSuggestionsSchema } from '@/lib/validation/changes';

export const dynamic = 'force-dynamic';

/**
 * POST /api/collections/{public_id}/suggestions: the owner suggests the unknown discs of an import
 * as new releases, one batch: `{ discs: [{ ean, values: { name, format, movies, … } }] }` (1-200).
 * Each becomes a pending change request (the release hidden until approved) that joins this
 * collection when approved. 200 `{ batch_id, results: [{ ean, ok, request? , errors?, params? }] }`;
 * 404 for someone else's collection; 400 for a movies collection. Data: suggestUnknownDiscs.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/suggestions',
  summary: 'Suggests the unknown discs of an import as new releases',
  tags: ['changes', 'collections'],
  auth: 'member',
  params: publicIdParams,
  body: discSuggestionsSchema,
  responses: {
    200: jsonResponse(
      'The batch and each disc’s request or field problems',
      z.object({ batch_id: z.string(), results: z.array(z.looseObject({ ean: z.string(), ok: z.boolean() })) }),
    ),
  },
  handler: async ({ actor, params, body }) => suggestUnknownDiscs(actor, params.publicId, body.discs),
});
