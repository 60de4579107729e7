import { route } from '@/lib/api/route';
import { errorSchema, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { importExternalMovie } from '@/lib/data/external-import';
import { externalImportSchema } from '@/lib/validation/external-import';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/import (admins): imports a title from the external movie database (TMDb) by
 * IMDb id as a movie of the given type, or refreshes the movie that already has its TMDb or IMDb
 * id (docs/external-import.md). Body `{ imdb_id: "tt0133093", type: 1-5 }`. 200
 * ExternalImportSummary `{ movie: { public_id, name, year, type }, created, revision_id, points,
 * series, episodes: { created, updated, unchanged }, persons_created, companies_created }`; 400
 * `{ error: 'invalid', fields: { imdb_id | type: 'invalid' } }` for a malformed id or type; 401 / 403
 * for visitors and members; 404 `{ error }` when TMDb has no title of that type under the id
 * ("No entry matches the given id and movie type"); 410 when it matches a deleted movie; 502
 * when TMDb fails or times out; 503 when the server has no TMDB_API_KEY. Data:
 * lib/data/external-import.ts importExternalMovie.
 */
export const POST = route({
  method: 'POST',
  path: '/api/admin/import',
  summary: 'Imports or refreshes a title from the external movie database by IMDb id (admins)',
  tags: ['changes'],
  auth: 'admin',
  body: externalImportSchema,
  responses: {
    200: jsonResponse('ExternalImportSummary'),
    400: invalidResponseDoc,
    404: jsonResponse('No entry matches the given id and movie type', errorSchema),
    502: jsonResponse('The external movie database failed or did not answer in time', errorSchema),
    503: jsonResponse('The import is off: no TMDB_API_KEY', errorSchema),
  },
  handler: async ({ actor, body }) => {
    const r = await importExternalMovie(actor, body);
    return r.ok ? r.import : r;
  },
});
