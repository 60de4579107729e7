import { getTitle } from '@/lib/data/movies';
import { route } from '@/lib/api/route';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/titles/{public_id}: one title with cast/crew, releases (all formats), connections,
 * production companies, censorship events, pictures, videos and buying links (TitleDetail).
 * 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/movies.ts getTitle.
 */
export const GET = route({
  method: 'GET',
  path: '/api/titles/{publicId}',
  summary: 'One title with cast and crew, releases, connections, companies, censorship history, pictures, videos',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('TitleDetail', dto('TitleDetail')) },
  handler: async ({ params }) => getTitle(params.publicId),
});
