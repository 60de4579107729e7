import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { getChangeRequest } from '@/lib/data/change-requests';

export const dynamic = 'force-dynamic';

/**
 * GET /api/changes/{public_id}: one change request, for its author and admins (ChangeRequestDto);
 * 404 for anyone else or an unknown id. Data: lib/data/change-requests.ts getChangeRequest.
 */
export const GET = route({
  method: 'GET',
  path: '/api/changes/{publicId}',
  summary: 'One change request (its author and admins)',
  tags: ['changes'],
  auth: 'member',
  params: publicIdParams,
  responses: { 200: jsonResponse('ChangeRequestDto') },
  handler: async ({ actor, params }) => getChangeRequest(actor, params.publicId),
});
