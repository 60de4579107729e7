import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { approveChangeRequest } from '@/lib/data/change-requests';
import { approveSchema } from '@/lib/validation/changes';

export const dynamic = 'force-dynamic';

/**
 * POST /api/changes/{public_id}/approve (admins): applies a pending request through the catalogue
 * writer, with the author's points and notice. `{ resolutions? }`: per field changed since the
 * suggestion, `current` keeps today's value, `proposed` takes the suggestion's. 200
 * ChangeRequestDto; 409 `change_conflict` (fields changed since without a resolution) or
 * `change_state` (not pending); 403 members; 404 unknown id. Data: approveChangeRequest.
 */
export const POST = route({
  method: 'POST',
  path: '/api/changes/{publicId}/approve',
  summary: 'Approves a change request (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: publicIdParams,
  body: approveSchema,
  bodyOptional: true,
  responses: { 200: jsonResponse('ChangeRequestDto'), 409: jsonResponse('Conflict or not pending') },
  handler: async ({ actor, params, body }) => approveChangeRequest(actor, params.publicId, body.resolutions ?? {}),
});
