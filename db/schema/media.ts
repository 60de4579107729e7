import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { movies } from './movies';
import { persons } from './persons';
import { releases } from './releases';
import { users } from './users';

/**
 * Pictures of movies, releases and persons (shown as a "Media record"):
 * an upload (`filename`: the stored variants are `{size}-{filename}`, or `{size}-{variant}-{filename}`
 * for a full cover with a variant), an image of the external film database (`external_service` 1,
 * `external_filename` its file path) or another external address (`external_url`). A member's
 * upload waits unapproved (shown to its author and admins only) until an admin approves its change
 * request; one default picture per item, enforced by the partial unique indexes below (the flag is
 * set on approval, never on a waiting picture).
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
    /** A full cover's variant (lowercase letters and digits, e.g. "reverse"), in its variants' file names. */
    variant: text(),
    /** Width and height of the uploaded original, in pixels. */
    width: integer(),
    height: integer(),
    externalUrl: text(),
    /** 1 = the external film database (lib/external-images.ts). */
    externalService: smallint(),
    /** The external film database's file path (`/abc.jpg`). */
    externalFilename: text(),
    /** Shown publicly once an admin approved it (uploads wait; imported pictures are approved). */
    approved: boolean().notNull().default(false),
    /** Who uploaded it (null for imports and deleted accounts). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A deleted picture keeps its row (its history stays readable); its files are removed. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pictures_public_id_key').on(t.publicId),
    index('pictures_movie_idx').on(t.movieId),
    index('pictures_release_idx').on(t.releaseId),
    uniqueIndex('pictures_movie_default_key')
      .on(t.movieId)
      .where(sql`is_default AND deleted_at IS NULL`),
    uniqueIndex('pictures_release_default_key')
      .on(t.releaseId)
      .where(sql`is_default AND deleted_at IS NULL`),
  ],
);

/**
 * Videos: a YouTube video as its service id (lib/validation/youtube.ts: the id,
 * with `?t={seconds}` when it starts later), type, optional chapter; waiting unapproved until an
 * admin approves the member's change request.
 */
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
    /** Shown publicly once an admin approved it. */
    approved: boolean().notNull().default(false),
    /** Who added it (null for deleted accounts). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('videos_public_id_key').on(t.publicId),
    index('videos_movie_idx').on(t.movieId),
    index('videos_release_idx').on(t.releaseId),
  ],
);
