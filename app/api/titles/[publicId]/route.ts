import { getTitle } from '@/lib/data/movies';
import { getMovieRedirect } from '@/lib/data/movie-redirects';
import { route } from '@/lib/api/route';
import { TOMBSTONE_RESPONSES, tombstoneAnswer } from '@/lib/api/tombstone';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/titles/{public_id}: one title with cast/crew, releases (all formats), connections,
 * production companies, censorship events, pictures, videos and buying links (TitleDetail).
 * An id that was merged into another title (lib/data/movie-redirects.ts) answers 308 with the
 * surviving title's address in Location; a deleted title answers 410 `{ "error" }`; 404 `{ "error": "404 not found" }` for an unknown id.
 * Data source: lib/data/movies.ts getTitle.
 */
export const GET = route({
  method: 'GET',
  path: '/api/titles/{publicId}',
  summary: 'One title with cast and crew, releases, connections, companies, censorship history, pictures, videos',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: {
    200: jsonResponse('TitleDetail', dto('TitleDetail')),
    ...TOMBSTONE_RESPONSES,
  },
  handler: async ({ request, params }) => {
    const title = await getTitle(params.publicId);
    if (title) return title;
    const target = await getMovieRedirect(params.publicId);
    if (!target) return tombstoneAnswer('movie', params.publicId, request);
    return new Response(null, {
      status: 308,
      headers: { location: new URL(`/api/titles/${encodeURIComponent(target)}`, request.url).toString() },
    });
  },
});
