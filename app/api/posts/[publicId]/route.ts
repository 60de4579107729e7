import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, okSchema, publicIdParams } from '@/lib/api/schemas';
import { deletePost, getPost, updatePost } from '@/lib/data/posts';
import { postUpdateSchema } from '@/lib/validation/posts';
import { REMOVAL_DOC } from '../../_lib/community';
import { removalSchema } from '@/lib/validation/moderation';

export const dynamic = 'force-dynamic';

/** GET /api/posts/{public_id}: one discussion with its first message (PostDto); 404 for an unknown id. */
export const GET = route({
  method: 'GET',
  path: '/api/posts/{publicId}',
  summary: 'One discussion with its first message',
  tags: ['posts'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('PostDto') },
  handler: async ({ params }) => getPost(params.publicId),
});

/**
 * PATCH /api/posts/{public_id}: the author changes `headline`, `body` or `language` (the link
 * stays). 200 PostDto; 400 field problems (`_form: nothingToUpdate` without a field); 404 for an
 * unknown id; 403 for another user's post. 429 with Retry-After past the edit limits (5 a minute, 60
 * an hour). Data: lib/data/posts.ts updatePost.
 */
export const PATCH = route({
  method: 'PATCH',
  path: '/api/posts/{publicId}',
  summary: "Changes the caller's own discussion",
  tags: ['posts'],
  auth: 'member',
  params: publicIdParams,
  body: postUpdateSchema,
  responses: {
    200: jsonResponse('PostDto'),
    400: invalidResponseDoc,
    429: jsonResponse('Edit limit: 5 a minute, 60 an hour (`writing_limited`, Retry-After)'),
  },
  handler: async ({ actor, params, body }) => {
    const r = await updatePost(actor, { publicId: params.publicId, input: body });
    return r.ok ? r.post : r;
  },
});

/**
 * DELETE /api/posts/{public_id}: the author deletes their post, or an admin any post with
 * `{ reason }`; its comments and likes go with it. 200 `{ ok: true }`; 400 without an admin's
 * reason; 403 for another user's post (non-admins); 404 for an unknown id. Data: lib/data/posts.ts deletePost.
 */
export const DELETE = route({
  method: 'DELETE',
  path: '/api/posts/{publicId}',
  summary: 'Deletes a discussion (its author, or an admin with a reason)',
  description: REMOVAL_DOC,
  tags: ['posts'],
  auth: 'member',
  params: publicIdParams,
  body: removalSchema,
  bodyOptional: true,
  responses: { 200: jsonResponse('Deleted', okSchema), 400: invalidResponseDoc },
  handler: async ({ actor, params, body }) => deletePost(actor, { publicId: params.publicId, reason: body.reason }),
});
