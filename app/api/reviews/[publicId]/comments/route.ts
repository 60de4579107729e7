import { commentRoutes } from '../../../_lib/community';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reviews/{public_id}/comments: the review's comments, oldest first (`cursor`, `limit` 1-100,
 * default 50; 404 for an unknown review). POST: a comment of the caller `{ body, reply_to? }` (reply_to
 * a comment of the same review); 200 CommentDto, 400 field problems, 429 past the writing limits.
 * Contract in app/api/_lib/community.ts; data: lib/data/comments.ts.
 */
export const { GET, POST } = commentRoutes('review');
