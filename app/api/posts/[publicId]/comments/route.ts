import { commentRoutes } from '../../../_lib/community';

export const dynamic = 'force-dynamic';

/**
 * GET /api/posts/{public_id}/comments: the post's comments, oldest first (`cursor`, `limit` 1-100,
 * default 50; 404 for an unknown post). POST: a comment of the caller `{ body, reply_to? }` (reply_to
 * a comment of the same post); 200 CommentDto, 400 field problems, 429 past the writing limits.
 * Contract in app/api/_lib/community.ts; data: lib/data/comments.ts.
 */
export const { GET, POST } = commentRoutes('post');
