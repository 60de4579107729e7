import { getPerson } from '@/lib/data/persons';
import { route } from '@/lib/api/route';
import { TOMBSTONE_RESPONSES, tombstoneAnswer } from '@/lib/api/tombstone';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/persons/{public_id}: one person with credits
 * (`[{ role, character, title: { public_id, source_id, name, year } }]`; PersonDetail).
 * A deleted one answers 410 `{ "error" }`, one merged into another 308 with that one's address in
 * Location; 404 `{ "error": "404 not found" }` for an unknown id. Data source: lib/data/persons.ts getPerson.
 */
export const GET = route({
  method: 'GET',
  path: '/api/persons/{publicId}',
  summary: 'One person with credits',
  tags: ['catalogue'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('PersonDetail', dto('PersonDetail')), ...TOMBSTONE_RESPONSES },
  handler: async ({ request, params }) =>
    (await getPerson(params.publicId)) ?? tombstoneAnswer('person', params.publicId, request),
});
