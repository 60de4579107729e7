import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { discardChangeRequest } from '@/lib/data/change-requests';
import { discardSchema } from '@/lib/validation/changes';

export const dynamic = 'force-dynamic';

/**
 * POST /api/changes/{public_id}/discard (admins): `{ reason }` (required, the author sees it);
 * a suggested release is deleted with the request. 200 ChangeRequestDto; 400 `reason: required`;
 * 409 not pending; 403 members; 404 unknown id. Data: discardChangeRequest.
 */
export const POST = route({
  method: 'POST',
  path: '/api/changes/{publicId}/discard',
  summary: 'Discards a change request with a reason (admins)',
  tags: ['changes'],
  auth: 'admin',
  params: publicIdParams,
  body: discardSchema,
  responses: { 200: jsonResponse('ChangeRequestDto'), 400: invalidResponseDoc, 409: jsonResponse('Not pending') },
  handler: async ({ actor, params, body }) => {
    const r = await discardChangeRequest(actor, params.publicId, body.reason);
    return r.ok ? r.request : r;
  },
});
