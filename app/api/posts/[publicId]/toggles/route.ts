import { toggleRoutes } from '../../../_lib/toggles';

export const dynamic = 'force-dynamic';

/**
 * GET / POST /api/posts/{public_id}/toggles: the like of a post and its likes_count (contract in
 * app/api/_lib/toggles.ts; nobody likes their own post).
 */
export const { GET, POST } = toggleRoutes('post');
