import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { refreshExternalMovie } from '@/lib/data/external-import';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/import/{public_id} (admins): refreshes a movie of the catalogue from the
 * external movie database (TMDb) by its TMDb id, its series' TMDb id or its IMDb id; a series
 * brings its episodes again (docs/external-import.md). No body. 200 ExternalImportSummary
 * (`created` false, `revision_id` null when TMDb has nothing new); 401 / 403 for visitors and
 * members; 404 unknown movie, or TMDb no longer has it; 409 `{ error }` when the movie has no IMDb
 * or TMDb id; 410 a deleted movie; 502 when TMDb fails or times out; 503 without TMDB_API_KEY.
 * Data: lib/data/external-import.ts refreshExternalMovie.
 */
export const POST = route({
  method: 'POST',
  path: '/api/admin/import/{publicId}',
  summary: 'Refreshes a movie from the external movie database (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: publicIdParams,
  responses: {
    200: jsonResponse('ExternalImportSummary'),
    404: jsonResponse('No such movie, or no entry matches its id and movie type', errorSchema),
    409: jsonResponse('The movie has no IMDb or TMDb id', errorSchema),
    502: jsonResponse('The external movie database failed or did not answer in time', errorSchema),
    503: jsonResponse('The import is off: no TMDB_API_KEY', errorSchema),
  },
  handler: async ({ actor, params }) => refreshExternalMovie(actor, params.publicId),
});
