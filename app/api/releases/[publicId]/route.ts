import { getRelease } from '@/lib/data/releases';
import { route } from '@/lib/api/route';
import { TOMBSTONE_RESPONSES, tombstoneAnswer } from '@/lib/api/tombstone';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/releases/{public_id}: one approved release with every field, its movies, label,
 * censorship events, pictures, videos and buying links (ReleaseDetail; durations in seconds).
 * A deleted one answers 410 `{ "error" }`, one merged into another 308 with that one's address in
 * Location; 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/releases.ts getRelease.
 */
export const GET = route({
  method: 'GET',
  path: '/api/releases/{publicId}',
  summary: 'One release with every field, its movies, label and censorship data',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('ReleaseDetail', dto('ReleaseDetail')), ...TOMBSTONE_RESPONSES },
  handler: async ({ request, params }) =>
    (await getRelease(params.publicId)) ?? tombstoneAnswer('release', params.publicId, request),
});
