import { getLabel } from '@/lib/data/labels';
import { route } from '@/lib/api/route';
import { TOMBSTONE_RESPONSES, tombstoneAnswer } from '@/lib/api/tombstone';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels/{public_id}: one label with its release count, label groups and its releases
 * counted per format group (`format_counts`: LabelDetail); its releases are
 * `GET /api/releases?label={public_id}` (one format group: `&q=[4k]`).
 * A deleted one answers 410 `{ "error" }`, one merged into another 308 with that one's address in
 * Location; 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/labels.ts getLabel.
 */
export const GET = route({
  method: 'GET',
  path: '/api/labels/{publicId}',
  summary: 'One label with its release count, label groups and release counts per format group',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('LabelDetail', dto('LabelDetail')), ...TOMBSTONE_RESPONSES },
  handler: async ({ request, params }) =>
    (await getLabel(params.publicId)) ?? tombstoneAnswer('label', params.publicId, request),
});
