/**
 * Helpers of the discussion and comment endpoints (app/api/posts, app/api/comments,
 * app/api/reviews/{id}/comments): the documentation of a DELETE's optional `{ reason }` and the comment
 * list / create handlers shared by posts and reviews. Data: lib/data/posts.ts, lib/data/comments.ts.
 */
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, pageOf, pagingQuery, publicIdParams } from '@/lib/api/schemas';
import { addComment, listComments, type ThreadType } from '@/lib/data/comments';
import { commentSchema } from '@/lib/validation/posts';

/** The documented (optional) body of a DELETE by an admin. */
export const REMOVAL_DOC =
  'An admin deleting another user\'s content sends `{ "reason": "…" }` (required, at most 500 characters; ' +
  'else 400 `{ error: "invalid", fields: { reason } }`); the author sends no body.';

/**
 * GET (oldest first, keyset pages of CommentDto) and POST (a new comment of the caller) of a
 * thread's comments: `/api/posts/{publicId}/comments` or `/api/reviews/{publicId}/comments`.
 */
export function commentRoutes(type: ThreadType) {
  const path = `/api/${type}s/{publicId}/comments`;
  return {
    GET: route({
      method: 'GET',
      path,
      summary: `Comments of a ${type}, oldest first`,
      tags: ['comments'],
      auth: 'public',
      params: publicIdParams,
      query: z.object(pagingQuery(50)),
      responses: { 200: jsonResponse('A page of CommentDto', pageOf('CommentDto')) },
      handler: async ({ params, query }) =>
        listComments({ type, publicId: params.publicId }, { cursor: query.cursor, limit: query.limit }),
    }),
    POST: route({
      method: 'POST',
      path,
      summary: `Adds a comment of the caller to a ${type}`,
      description:
        '`{ body, reply_to? }`. One post or comment per 15 seconds and 100 a day (10 a day for accounts younger ' +
        'than a day): 429 `writing_limited` with Retry-After past them.',
      tags: ['comments'],
      auth: 'member',
      params: publicIdParams,
      body: commentSchema,
      responses: { 200: jsonResponse('CommentDto'), 400: invalidResponseDoc, 429: jsonResponse('Writing limit') },
      handler: async ({ actor, params, body }) => {
        const r = await addComment(actor, {
          thread: { type, publicId: params.publicId },
          input: body,
        });
        return r.ok ? r.comment : r;
      },
    }),
  };
}
