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
import { createReview, listReviews, REVIEW_PAGE_SIZE } from '@/lib/data/reviews';
import { REVIEW_LANGUAGES, reviewSchema } from '@/lib/validation/reviews';

export const dynamic = 'force-dynamic';

/**
 * GET /api/reviews: one page of reviews, newest first, without their bodies. Query: `la`
 * (en, fi, other), `fi` (`video`: with a YouTube video; `release`: with a linked release), `q`
 * (words of the headline, ingress or body), `movie`, `release`, `user` (public ids), `cursor`,
 * `limit` 1-100 (default 24). 200 `{ items: ReviewListItem[], next_cursor }`; 400 `{ error }`
 * for a bad parameter or cursor. Data: lib/data/reviews.ts listReviews.
 */
export const GET = route({
  method: 'GET',
  path: '/api/reviews',
  summary: 'Reviews, newest first',
  tags: ['reviews'],
  auth: 'public',
  query: z.object({
    la: z.enum(REVIEW_LANGUAGES).optional().meta({ description: 'Review language' }),
    fi: z
      .enum(['video', 'release'])
      .optional()
      .meta({ description: 'video: reviews with a YouTube video; release: reviews of a release' }),
    q: listQueryText,
    movie: publicIdSchema.optional().meta({ description: "A movie's public id: its reviews" }),
    release: publicIdSchema.optional().meta({ description: "A release's public id: its reviews" }),
    user: publicIdSchema.optional().meta({ description: "A user's public id: their reviews" }),
    ...pagingQuery(REVIEW_PAGE_SIZE),
  }),
  responses: { 200: jsonResponse('A page of ReviewListItem', pageOf('ReviewListItem')) },
  handler: async ({ query }) =>
    listReviews(
      {
        la: query.la ?? null,
        fi: query.fi ?? null,
        q: query.q,
        movie: query.movie ?? null,
        release: query.release ?? null,
        user: query.user ?? null,
      },
      { cursor: query.cursor, limit: query.limit },
    ),
});

/**
 * POST /api/reviews: the caller's review of a movie: `{ movie (public id), release? (public id of
 * a release that holds the movie), headline, ingress?, body, language (en|fi|other),
 * watch_source? (cinema|streaming|television|youtube|netflix|amazon or 1-6), youtube_url?,
 * rating_movie?, rating_release?, rating_picture?, rating_sound?, rating_extras?,
 * rating_package? (excellent|good|mediocre|bad|worst or 5-1; all but rating_movie only with a
 * release) }`. 200 ReviewDto; 400 `{ error, fields }` (message keys of `forms`: required,
 * maxLength, invalid, youtubeInvalid, ratingNeedsRelease, releaseNotOfMovie); 401 without a
 * session; 403 from another origin; 404 for an unknown movie; 429 over the writing limits.
 * Data: lib/data/reviews.ts createReview.
 */
export const POST = route({
  method: 'POST',
  path: '/api/reviews',
  summary: "Creates the caller's review of a movie",
  tags: ['reviews'],
  auth: 'member',
  body: reviewSchema,
  responses: { 200: jsonResponse('ReviewDto'), 400: invalidResponseDoc },
  handler: async ({ actor, body }) => {
    const r = await createReview(actor, body);
    return r.ok ? r.review : r;
  },
});
