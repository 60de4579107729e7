import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foldedKey } from './columns';
import { comments, posts, reviews } from './community';
import { movies } from './movies';
import { releases } from './releases';
import { users } from './users';

/**
 * A user's collections and lists. `category` 'movies' or 'releases' never
 * changes after creation. `style`: 1 none, 2 watched, 3 owns, 4 wanted, 5 for sale, 6 want to see
 * and 7 for trade (the for-trade list, numbered after those six). A
 * `shortcut_default` collection is the one the HAVE / WANTED / seen / want-to-see toggles fill: at
 * most one per user and style among collections not deleted. `deleted_at` set = in the trash
 * (undelete clears it).
 */
export const collections = pgTable(
  'collections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    visibility: text({ enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    category: text({ enum: ['movies', 'releases'] }).notNull(),
    style: smallint().notNull().default(1),
    shortcutDefault: boolean().notNull().default(false),
    /** Picture chosen from the entries' pictures (a picture file name or external URL), or null. */
    picture: text(),
    entriesCount: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_public_id_key').on(t.publicId),
    index('collections_user_idx').on(t.userId, t.createdAt),
    index('collections_public_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`visibility = 'public' AND deleted_at IS NULL`),
    uniqueIndex('collections_shortcut_key')
      .on(t.userId, t.style)
      .where(sql`shortcut_default AND deleted_at IS NULL`),
    check('collections_style_check', sql`${t.style} BETWEEN 1 AND 7`),
  ],
);

/**
 * One movie or one release in a collection: exactly one of
 * `movie_id` / `release_id`, matching the collection's category. `price` in `currency` (EUR, GBP,
 * USD, SEK) with 2 decimals; `condition` 1 mint, 2 good, 3 fine/OK, 4 bad, 5 unusable, 6 sealed;
 * `acquired_on` the date the user gives; `watched_method` how a movie was watched (free text of
 * the entry dialog's choices).
 */
export const collectionEntries = pgTable(
  'collection_entries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    comment: text(),
    commentLanguage: text(),
    price: numeric({ precision: 12, scale: 2 }),
    currency: text({ enum: ['EUR', 'GBP', 'USD', 'SEK'] }),
    condition: smallint(),
    acquiredOn: date(),
    watchedMethod: text(),
    /**
     * The item's sort name: the release's `name_key` or the movie's `title_key`, copied by a
     * trigger when the entry is written and when that key changes (migration 0026), so the
     * name order of a list reads an index instead of looking up and sorting every entry's item.
     */
    itemKey: foldedKey().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_entries_item_key_idx').on(t.collectionId, t.itemKey, t.id),
    uniqueIndex('collection_entries_movie_key')
      .on(t.collectionId, t.movieId)
      .where(sql`movie_id IS NOT NULL`),
    uniqueIndex('collection_entries_release_key')
      .on(t.collectionId, t.releaseId)
      .where(sql`release_id IS NOT NULL`),
    index('collection_entries_collection_idx').on(t.collectionId, t.createdAt),
    index('collection_entries_movie_idx')
      .on(t.movieId)
      .where(sql`movie_id IS NOT NULL`),
    index('collection_entries_release_idx')
      .on(t.releaseId)
      .where(sql`release_id IS NOT NULL`),
    check('collection_entries_one_item', sql`(${t.movieId} IS NULL) <> (${t.releaseId} IS NULL)`),
    check('collection_entries_condition_check', sql`${t.condition} BETWEEN 1 AND 6`),
  ],
);

/**
 * Likes (the "like" toggle) of movies and releases, and of reviews, posts and comments:
 * exactly one of `movie_id` / `release_id` / `review_id` / `post_id` / `comment_id` is set.
 */
export const likes = pgTable(
  'likes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    reviewId: integer().references(() => reviews.id, { onDelete: 'cascade' }),
    postId: integer().references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer().references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('likes_user_movie_key')
      .on(t.userId, t.movieId)
      .where(sql`movie_id IS NOT NULL`),
    uniqueIndex('likes_user_release_key')
      .on(t.userId, t.releaseId)
      .where(sql`release_id IS NOT NULL`),
    index('likes_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('likes_user_review_key')
      .on(t.userId, t.reviewId)
      .where(sql`review_id IS NOT NULL`),
    uniqueIndex('likes_user_post_key')
      .on(t.userId, t.postId)
      .where(sql`post_id IS NOT NULL`),
    uniqueIndex('likes_user_comment_key')
      .on(t.userId, t.commentId)
      .where(sql`comment_id IS NOT NULL`),
    index('likes_review_idx')
      .on(t.reviewId)
      .where(sql`review_id IS NOT NULL`),
    index('likes_post_idx')
      .on(t.postId)
      .where(sql`post_id IS NOT NULL`),
    index('likes_comment_idx')
      .on(t.commentId)
      .where(sql`comment_id IS NOT NULL`),
    check(
      'likes_one_item',
      sql`num_nonnulls(${t.movieId}, ${t.releaseId}, ${t.reviewId}, ${t.postId}, ${t.commentId}) = 1`,
    ),
  ],
);

/**
 * Counters of a movie, kept in step with the entries and likes they count in
 * the same transaction: `seen_count` (entries in watched lists, style 2), `want_see_count`
 * (style 6), `likes_count`. A narrow table of its own, so social activity never rewrites catalogue
 * rows. A missing row means all zero.
 */
export const movieCounters = pgTable('movie_counters', {
  movieId: integer()
    .primaryKey()
    .references(() => movies.id, { onDelete: 'cascade' }),
  seenCount: integer().notNull().default(0),
  wantSeeCount: integer().notNull().default(0),
  likesCount: integer().notNull().default(0),
});

/** Counters of a release: `owned_count` (style 3), `wanted_count` (style 4), `likes_count`. */
export const releaseCounters = pgTable('release_counters', {
  releaseId: integer()
    .primaryKey()
    .references(() => releases.id, { onDelete: 'cascade' }),
  ownedCount: integer().notNull().default(0),
  wantedCount: integer().notNull().default(0),
  likesCount: integer().notNull().default(0),
});

/**
 * The value of a collection after each change of its entries (lib/data/collection-values.ts), so a
 * collector sees how it moved: `total_eur` the sum of entry prices in euros (rates of
 * lib/collections/rates.ts), `weighted_eur` the same weighted by condition, `priced_count` how many
 * entries carry a price, `entries_count` all entries.
 */
export const collectionValueSnapshots = pgTable(
  'collection_value_snapshots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    totalEur: numeric({ precision: 14, scale: 2 }).notNull(),
    weightedEur: numeric({ precision: 14, scale: 2 }).notNull(),
    pricedCount: integer().notNull(),
    entriesCount: integer().notNull(),
  },
  (t) => [index('collection_value_snapshots_collection_idx').on(t.collectionId, t.takenAt)],
);

/**
 * Barcodes met in collection imports (lib/data/collection-import.ts) that no release carries: the
 * canonical EAN-13 with the title and format the importing user's file gave, kept so the
 * moderation feature can turn them into release suggestions. One row per user and barcode (a
 * later import of the same code updates title and format).
 */
export const unknownBarcodes = pgTable(
  'unknown_barcodes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ean: text().notNull(),
    title: text(),
    /** Release format id (lib/validation/enums.ts FORMATS) as read from the file, or null. */
    format: smallint(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unknown_barcodes_user_ean_key').on(t.userId, t.ean),
    index('unknown_barcodes_ean_idx').on(t.ean),
  ],
);

/**
 * One import of a file into a collection: a background job (lib/data/collection-import.ts) and,
 * once done, its report (ImportReport as JSON): every row of the file with its outcome, kept so
 * the owner can come back to pick among the candidates of ambiguous rows and to suggest the
 * unknown discs. `status` goes queued → running → done (or failed); `rows_done` of `rows_total`
 * is written as the rows are matched. `runner` names the server process running it and
 * `heartbeat_at` is renewed while it runs, so a job whose process died is recognised and failed.
 * At most one import per collection is queued or running (a partial unique index).
 */
export const collectionImports = pgTable(
  'collection_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** queued, running, done, failed. */
    status: text().notNull().default('done'),
    rowsDone: integer().notNull().default(0),
    rowsTotal: integer().notNull().default(0),
    /** The report, once the job is done (null before, and for a failed job). */
    report: jsonb(),
    /** Why a failed job failed: 'interrupted' (its server stopped), 'collectionGone', 'unexpected'. */
    error: text(),
    /** The process running the job: host, process id and a random part. */
    runner: text(),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collection_imports_public_id_key').on(t.publicId),
    index('collection_imports_collection_idx').on(t.collectionId, t.createdAt),
    uniqueIndex('collection_imports_active_key')
      .on(t.collectionId)
      .where(sql`status IN ('queued', 'running')`),
  ],
);
