import { toggleRoutes } from '../../../_lib/toggles';

export const dynamic = 'force-dynamic';

/**
 * GET / POST /api/reviews/{public_id}/toggles: the like of a review and its likes_count (contract in
 * app/api/_lib/toggles.ts; nobody likes their own review).
 */
export const { GET, POST } = toggleRoutes('review');
