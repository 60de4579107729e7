import { z } from 'zod';
import { route } from '@/lib/api/route';
import {
  invalidResponseDoc,
  jsonResponse,
  listQueryText,
  pageOf,
  pagingQuery,
  publicIdSchema,
} from '@/lib/api/schemas';
import { createPost, listPosts } from '@/lib/data/posts';
import { POST_LANGUAGES, postSchema } from '@/lib/validation/posts';

export const dynamic = 'force-dynamic';

/**
 * GET /api/posts: one page of discussions, newest activity first (a new reply moves a post up).
 * Query: `la` (en, fi, other), `q` (text of the headline and first message), `movie`, `release`,
 * `review` (the linked item's public id), `user` (the author's public id), `cursor`, `limit` 1-100
 * (default 24). 200 `{ items: PostListItem[], next_cursor }`. Data: lib/data/posts.ts listPosts.
 */
export const GET = route({
  method: 'GET',
  path: '/api/posts',
  summary: 'Discussions, newest activity first',
  tags: ['posts'],
  auth: 'public',
  query: z.object({
    la: z.enum(POST_LANGUAGES).optional(),
    q: listQueryText,
    movie: publicIdSchema.optional().meta({ description: 'Posts linked to this movie' }),
    release: publicIdSchema.optional().meta({ description: 'Posts linked to this release' }),
    review: publicIdSchema.optional().meta({ description: 'Posts linked to this review' }),
    user: publicIdSchema.optional().meta({ description: "This user's posts" }),
    ...pagingQuery(24),
  }),
  responses: { 200: jsonResponse('A page of PostListItem', pageOf('PostListItem')) },
  handler: async ({ query }) =>
    listPosts(
      {
        la: query.la ?? null,
        q: query.q,
        movie: query.movie ?? null,
        release: query.release ?? null,
        review: query.review ?? null,
        user: query.user ?? null,
      },
      { cursor: query.cursor, limit: query.limit },
    ),
});

/**
 * POST /api/posts: a new discussion of the caller: `{ headline, body, language ('en'|'fi'|'other'),
 * movie? | release? | review? }` (at most one link, a public id). 200 PostDto; 400 `{ error, fields }`
 * (message keys of `forms`: required, maxLength, invalid, postOneLink); 401 without a session; 403
 * from another origin; 429 past the writing limits. Data: lib/data/posts.ts createPost.
 */
export const POST = route({
  method: 'POST',
  path: '/api/posts',
  summary: 'Creates a discussion of the caller',
  description:
    'One post or comment per 15 seconds and 100 a day (10 a day for accounts younger than a day): 429 ' +
    '`writing_limited` with Retry-After past them.',
  tags: ['posts'],
  auth: 'member',
  body: postSchema,
  responses: { 200: jsonResponse('PostDto'), 400: invalidResponseDoc, 429: jsonResponse('Writing limit') },
  handler: async ({ actor, body }) => {
    const r = await createPost(actor, body);
    return r.ok ? r.post : r;
  },
});
