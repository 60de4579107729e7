import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { withdrawChangeRequest } from '@/lib/data/change-requests';

export const dynamic = 'force-dynamic';

/**
 * POST /api/changes/{public_id}/withdraw: the author withdraws a pending request (a suggested
 * release goes with it). 200 ChangeRequestDto; 403 another member's; 409 not pending; 404 unknown
 * id. Data: withdrawChangeRequest.
 */
export const POST = route({
  method: 'POST',
  path: '/api/changes/{publicId}/withdraw',
  summary: "Withdraws the caller's pending change request",
  tags: ['changes'],
  auth: 'member',
  params: publicIdParams,
  responses: { 200: jsonResponse('ChangeRequestDto'), 409: jsonResponse('Not pending') },
  handler: async ({ actor, params }) => withdrawChangeRequest(actor, params.publicId),
});
