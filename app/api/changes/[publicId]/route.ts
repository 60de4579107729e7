import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { amendChangeRequest, getChangeRequest } from '@/lib/data/change-requests';
import { amendSchema } from '@/lib/validation/changes';

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

/**
 * PATCH /api/changes/{public_id}: the author amends a pending request: `{ values?, note?, source? }`
 * (values merged over the proposed ones; a value equal to the current one drops that field).
 * 200 ChangeRequestDto; 400 `{ error, fields }` as POST /api/changes; 403 another member's; 409 not
 * pending; 404 unknown id. Data: lib/data/change-requests.ts amendChangeRequest.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/changes/{publicId}',
  summary: "Amends the caller's pending change request",
  tags: ['changes'],
  auth: 'member',
  params: publicIdParams,
  body: amendSchema,
  responses: { 200: jsonResponse('ChangeRequestDto'), 400: invalidResponseDoc, 409: jsonResponse('Not pending') },
  handler: async ({ actor, params, body }) => {
    const r = await amendChangeRequest(actor, params.publicId, {
      values: body.values,
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.source !== undefined ? { source: body.source } : {}),
    });
    return r.ok ? r.request : r;
  },
});
