import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { reviewChangeRequest } from '@/lib/data/change-requests';

export const dynamic = 'force-dynamic';

/**
 * GET /api/changes/{public_id}/review (admins): the request with each field's value as suggested
 * against, now and proposed (`stale` when it changed since), and flags (`stale`, `barcode_known`,
 * `likely_duplicate`, `no_source`). 200 ChangeReview; 403 for members; 404 unknown id.
 * Data: lib/data/change-requests.ts reviewChangeRequest.
 */
export const GET = route({
  method: 'GET',
  path: '/api/changes/{publicId}/review',
  summary: 'A change request with its three-value diff and flags (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: publicIdParams,
  responses: { 200: jsonResponse('ChangeReview') },
  handler: async ({ actor, params }) => reviewChangeRequest(actor, params.publicId),
});
