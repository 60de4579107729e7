import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { collectionValue } from '@/lib/data/collection-values';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/value: the collection's value in euros — `{ total_eur,
 * weighted_eur, priced_count, entries_count, rates_date, rates_source, history: [{ taken_at,
 * total_eur, weighted_eur, priced_count, entries_count }] }` (amounts as decimal strings; history:
 * the value at the last change of each day (UTC) that had one, newest first, at most 20 days). 404
 * when the caller may not see the collection.
 * Data: lib/data/collection-values.ts collectionValue.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/value',
  summary: "The collection's value in euros with its history",
  tags: ['collections'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('CollectionValue') },
  handler: async ({ params, viewer }) => collectionValue(await viewer(), params.publicId),
});
