import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema, publicIdParams } from '@/lib/api/schemas';
import { deleteComment, getComment, updateComment } from '@/lib/data/comments';
import { commentUpdateSchema } from '@/lib/validation/posts';
import { REMOVAL_DOC } from '../../_lib/community';
import { removalSchema } from '@/lib/validation/moderation';

export const dynamic = 'force-dynamic';

/** GET /api/comments/{public_id}: one comment (CommentDto, with its thread); 404 for an unknown id. */
export const GET = route({
  method: 'GET',
  path: '/api/comments/{publicId}',
  summary: 'One comment of a review or post',
  tags: ['comments'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('CommentDto') },
  handler: async ({ params }) => getComment(params.publicId),
});

/**
 * PATCH /api/comments/{public_id}: the author changes the `body`. 200 CommentDto; 400 field
 * problems; 403 for another user's comment; 404 for an unknown id. 429 with Retry-After past the edit limits (5 a minute, 60
 * an hour). Data: lib/data/comments.ts updateComment.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/comments/{publicId}',
  summary: "Changes the caller's own comment",
  tags: ['comments'],
  auth: 'member',
  params: publicIdParams,
  body: commentUpdateSchema,
  responses: {
    200: jsonResponse('CommentDto'),
    400: invalidResponseDoc,
    429: jsonResponse('Edit limit: 5 a minute, 60 an hour (`writing_limited`, Retry-After)'),
  },
  handler: async ({ actor, params, body }) => {
    const r = await updateComment(actor, { publicId: params.publicId, input: body });
    return r.ok ? r.comment : r;
  },
});

/**
 * DELETE /api/comments/{public_id}: the author deletes their comment, or an admin any comment with
 * `{ reason }` (replies to it stay). 200 `{ ok: true }`; 400 without an admin's reason; 403 for
 * another user's comment (non-admins); 404 for an unknown id. Data: lib/data/comments.ts deleteComment.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/comments/{publicId}',
  summary: 'Deletes a comment (its author, or an admin with a reason)',
  description: REMOVAL_DOC,
  tags: ['comments'],
  auth: 'member',
  params: publicIdParams,
  body: removalSchema,
  bodyOptional: true,
  responses: { 200: jsonResponse('Deleted', okSchema), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => deleteComment(actor, { publicId: params.publicId, reason: body.reason }),
});
