import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { movies } from './movies';
import { persons } from './persons';
import { releases } from './releases';

/**
 * Pictures of movies, releases and persons (spec §3 "Picture"; display record "Media record").
 * `externalUrl` for external images (e.g. the Wikipedia poster), `filename` for uploads.
 */
export const pictures = pgTable(
  'pictures',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    personId: integer().references(() => persons.id, { onDelete: 'cascade' }),
    /** PICTURE_TYPES id. */
    type: smallint().notNull(),
    /** Where the picture comes from (credit line). */
    source: text(),
    isDefault: boolean().notNull().default(false),
    filename: text(),
    externalUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pictures_public_id_key').on(t.publicId),
    index('pictures_movie_idx').on(t.movieId),
    index('pictures_release_idx').on(t.releaseId),
  ],
);

/** Videos (spec §3 "Video"): a YouTube video id, type, optional chapter. */
export const videos = pgTable(
  'videos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    /** YouTube video id (may carry a query suffix such as "?t=30"). */
    youtubeId: text().notNull(),
    /** VIDEO_TYPES id. */
    type: smallint().notNull(),
    chapter: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('videos_public_id_key').on(t.publicId),
    index('videos_movie_idx').on(t.movieId),
    index('videos_release_idx').on(t.releaseId),
  ],
);
