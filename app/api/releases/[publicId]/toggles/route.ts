import { toggleRoutes } from '../../../_lib/toggles';

export const dynamic = 'force-dynamic';

/**
 * GET / POST /api/releases/{public_id}/toggles: HAVE, WANTED and like of a release, its
 * owned_count, wanted_count and likes_count (contract in app/api/_lib/toggles.ts).
 */
export const { GET, POST } = toggleRoutes('release');
