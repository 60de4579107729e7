import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { movies } from './movies';
import { releases } from './releases';

/**
 * Censorship events of a film in a country (bans, cuts, cut versions, ratings).
 * Data source: `finland_censorship_events.json` (hand-transcribed, one source URL per row).
 */
export const censorshipEvents = pgTable(
  'censorship_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Row id in the data file, e.g. "fi-cens-003". */
    sourceId: text().notNull().unique(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    /** The Finnish video release this event produced, if any. */
    releaseId: integer().references(() => releases.id, { onDelete: 'set null' }),
    /** ISO country code, "FI" for the seed data. */
    country: text().notNull(),
    /** CENSORSHIP_EVENTS value. */
    event: text().notNull(),
    /** ISO date, possibly partial ("1972", "1972-06"). */
    date: text(),
    datePrecision: text(),
    /** cinema | video | all */
    medium: text().notNull(),
    authority: text(),
    rating: text(),
    /** Length of the cuts in seconds. */
    cutSeconds: integer(),
    cutSecondsApprox: boolean().notNull().default(false),
    details: text(),
    localTitles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceUrl: text(),
    sourceLang: text(),
    sourceExcerpt: text(),
    confidence: text(),
    notes: text(),
  },
  (t) => [index('censorship_events_movie_idx').on(t.movieId)],
);
