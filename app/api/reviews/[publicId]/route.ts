import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema, publicIdParams } from '@/lib/api/schemas';
import { deleteReview, getReview, updateReview } from '@/lib/data/reviews';
import { removalSchema } from '@/lib/validation/moderation';
import { reviewPatchSchema } from '@/lib/validation/reviews';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reviews/{public_id}: one review with its body. 200 ReviewDto; 404 for an unknown one.
 * Data: lib/data/reviews.ts getReview.
 */
export const GET = route({
  method: 'GET',
  path: '/api/reviews/{publicId}',
  summary: 'One review',
  tags: ['reviews'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('ReviewDto') },
  handler: async ({ params }) => getReview(params.publicId),
});

/**
 * PATCH /api/reviews/{public_id}: changes the fields of the caller's own review (the fields of
 * POST /api/reviews except `movie`; a field left out keeps its value, `""` or null clears an
 * optional one). 200 ReviewDto; 400 `{ error, fields }`;
 * 401 without a session; 403 for someone else's review or from another origin; 404 for an
 * unknown one. 429 with Retry-After past the edit limits (5 a minute, 60
 * an hour). Data: lib/data/reviews.ts updateReview.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/reviews/{publicId}',
  summary: "Changes the caller's own review",
  tags: ['reviews'],
  auth: 'member',
  params: publicIdParams,
  body: reviewPatchSchema,
  responses: {
    200: jsonResponse('ReviewDto'),
    400: invalidResponseDoc,
    429: jsonResponse('Edit limit: 5 a minute, 60 an hour (`writing_limited`, Retry-After)'),
  },
  handler: async ({ actor, params, body }) => {
    const r = await updateReview(actor, { ...body, publicId: params.publicId });
    return r.ok ? r.review : r;
  },
});

/**
 * DELETE /api/reviews/{public_id}: deletes a review: the author their own (no body), an admin
 * anyone's with `{ reason }` (400 `reason: required` without one). 200 `{ ok: true }`; 401 without
 * a session; 403 for someone else's review (not an admin) or from another origin; 404 for an
 * unknown one. Data: lib/data/reviews.ts deleteReview.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/reviews/{publicId}',
  summary: 'Deletes a review (the author, or an admin with a reason)',
  tags: ['reviews'],
  auth: 'member',
  params: publicIdParams,
  body: removalSchema,
  bodyOptional: true,
  responses: { 200: jsonResponse('Deleted', okSchema), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => {
    const r = await deleteReview(actor, { publicId: params.publicId, reason: body.reason });
    return r.ok ? { ok: true as const } : r;
  },
});
