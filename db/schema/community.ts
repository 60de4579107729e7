import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { movies } from './movies';
import { releases } from './releases';
import { users } from './users';

/** A rating column: a bucket stored 5 excellent, 4 good, 3 mediocre, 2 bad, 1 worst. */
const rating = () => smallint();

/**
 * Reviews: a member's review of a movie, optionally of one of its releases.
 * `language` 'en', 'fi' or 'other'; `watch_source` 1 cinema, 2 streaming, 3 television, 4 YouTube,
 * 5 Netflix, 6 Amazon (lib/validation); `youtube_id` is the video id taken from `youtube_url`.
 * Ratings are buckets 5..1; the release, picture, sound, extras and package ratings are accepted only
 * with a linked release (lib/validation; a deleted release leaves the review and its ratings
 * unlinked). `body` is plain text (paragraphs separated by blank lines), never HTML.
 * `search_text` is the folded headline, ingress and body (lib/text.ts) for `q`.
 * Counters `likes_count` and `comments_count` are kept by the writers in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'set null' }),
    headline: text().notNull(),
    ingress: text(),
    body: text().notNull(),
    language: text().notNull(),
    watchSource: smallint(),
    youtubeUrl: text(),
    youtubeId: text(),
    ratingMovie: rating(),
    ratingRelease: rating(),
    ratingPicture: rating(),
    ratingSound: rating(),
    ratingExtras: rating(),
    ratingPackage: rating(),
    searchText: text().notNull().default(''),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_public_id_key').on(t.publicId),
    index('reviews_created_idx').on(t.createdAt, t.id),
    index('reviews_movie_idx').on(t.movieId, t.createdAt, t.id),
    index('reviews_release_idx').on(t.releaseId, t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId, t.createdAt, t.id),
    index('reviews_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('reviews_language', sql`${t.language} IN ('en', 'fi', 'other')`),
    check('reviews_watch_source', sql`${t.watchSource} BETWEEN 1 AND 6`),
    check(
      'reviews_ratings',
      sql`${t.ratingMovie} BETWEEN 1 AND 5 AND ${t.ratingRelease} BETWEEN 1 AND 5 AND ${t.ratingPicture} BETWEEN 1 AND 5
          AND ${t.ratingSound} BETWEEN 1 AND 5 AND ${t.ratingExtras} BETWEEN 1 AND 5 AND ${t.ratingPackage} BETWEEN 1 AND 5`,
    ),
  ],
);

/** A count or a sum of ratings: whole numbers, read as JavaScript numbers. */
const total = () => bigint({ mode: 'number' }).notNull().default(0);

/**
 * The number and the sum of the picture, sound, extras and package ratings of every review that
 * links a release, in one row (`id` 1): the catalogue means that the best-edition ranking starts
 * every release from (lib/data/best-editions.ts), read without a pass over the reviews. Statement
 * triggers on `reviews` keep it (migration 0024): every write of reviews, the cascades of deleting
 * an account or a release and bulk loads included, changes it in the same transaction.
 */
export const reviewRatingTotals = pgTable(
  'review_rating_totals',
  {
    id: smallint().primaryKey(),
    pictureN: total(),
    pictureSum: total(),
    soundN: total(),
    soundSum: total(),
    extrasN: total(),
    extrasSum: total(),
    packageN: total(),
    packageSum: total(),
  },
  (t) => [check('review_rating_totals_one_row', sql`${t.id} = 1`)],
);

/**
 * Discussions: a headline and first message by a member, optionally linked to one
 * movie, release or review (a deleted review leaves its discussions standing, unlinked); replies are
 * `comments`. `last_activity_at` is the time of the newest
 * reply (or the post itself), for the list's order. `search_text` folded headline and body.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text().notNull(),
    body: text().notNull(),
    language: text().notNull(),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    reviewId: integer().references(() => reviews.id, { onDelete: 'set null' }),
    searchText: text().notNull().default(''),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_public_id_key').on(t.publicId),
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_activity_idx').on(t.lastActivityAt, t.id),
    index('posts_movie_idx').on(t.movieId, t.createdAt, t.id),
    index('posts_release_idx').on(t.releaseId, t.createdAt, t.id),
    index('posts_review_idx').on(t.reviewId, t.createdAt, t.id),
    index('posts_user_idx').on(t.userId, t.createdAt, t.id),
    index('posts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('posts_language', sql`${t.language} IN ('en', 'fi', 'other')`),
    check('posts_one_link', sql`num_nonnulls(${t.movieId}, ${t.releaseId}, ${t.reviewId}) <= 1`),
  ],
);

/**
 * Comments on a review and replies to a post: one kind of thing (author, plain-text body, time,
 * optional reply-to of the same thread). Exactly one of `review_id` / `post_id` is set.
 */
export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: integer().references(() => reviews.id, { onDelete: 'cascade' }),
    postId: integer().references(() => posts.id, { onDelete: 'cascade' }),
    replyToId: integer().references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    body: text().notNull(),
    likesCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_public_id_key').on(t.publicId),
    index('comments_review_idx').on(t.reviewId, t.createdAt, t.id),
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId, t.createdAt, t.id),
    index('comments_reply_to_idx').on(t.replyToId),
    check('comments_one_thread', sql`(${t.reviewId} IS NULL) <> (${t.postId} IS NULL)`),
  ],
);
