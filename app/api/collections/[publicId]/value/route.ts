import { actorFromRequest } from '@/lib/auth/request';
import { collectionValue } from '@/lib/data/collection-values';
import { withApiErrors } from '@/lib/errors';
import { isPublicId, itemOr404, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/value: the collection's value in euros — `{ total_eur,
 * weighted_eur, priced_count, entries_count, rates_date, rates_source, history: [{ taken_at,
 * total_eur, weighted_eur, priced_count, entries_count }] }` (amounts as decimal strings, newest
 * snapshot first, at most 20). 404 when the caller may not see the collection.
 * Data: lib/data/collection-values.ts collectionValue.
 */
export const GET = withApiErrors(async (request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  return itemOr404(await collectionValue(await actorFromRequest(request), publicId));
});
