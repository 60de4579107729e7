import { toggleRoutes } from '../../../_lib/toggles';

export const dynamic = 'force-dynamic';

/**
 * GET / POST /api/titles/{public_id}/toggles: seen, want to see and like of a movie, its
 * seen_count, want_see_count and likes_count (contract in app/api/_lib/toggles.ts).
 */
export const { GET, POST } = toggleRoutes('movie');
