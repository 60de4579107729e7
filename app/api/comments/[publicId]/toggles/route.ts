import { toggleRoutes } from '../../../_lib/toggles';

export const dynamic = 'force-dynamic';

/**
 * GET / POST /api/comments/{public_id}/toggles: the like of a comment and its likes_count (contract in
 * app/api/_lib/toggles.ts; nobody likes their own comment).
 */
export const { GET, POST } = toggleRoutes('comment');
