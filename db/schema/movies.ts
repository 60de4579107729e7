import { sql } from 'drizzle-orm';
import { foldedKey } from './columns';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** A certification (age rating) of a movie in one country, e.g. { country: 'FI', rating: 'K16' }. */
export type Certification = { country: string; rating: string; source?: string };
/** An external rating of a movie, e.g. { source: 'imdb', value: 7.9, votes: 12000 }. */
export type MovieRating = { source: string; value: number; votes?: number };

/**
 * Movies, TV series, shorts, documentaries and TV episodes.
 * Data source: imported from the seed files (Wikipedia, Criterion, 4K list, Finnish censorship
 * events); each source row that became (part of) this movie is kept in `movie_sources`.
 */
export const movies = pgTable(
  'movies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Short URL-safe id used in /movie/{public_id}; never changes. */
    publicId: text().notNull(),
    /** Provenance of the row that created the movie (`wp:…`, `tmdb:…`, `criterion:…`, `fi-cens-…`). */
    sourceId: text(),
    /** 1 movie, 2 TV series, 3 short, 4 documentary, 5 TV episode. */
    type: smallint().notNull().default(1),
    /** Display (English/international) name. */
    name: text().notNull(),
    originalName: text(),
    /** Localized names by locale, e.g. { fi: 'Kuolleet ja haudatut' }. */
    localizedNames: jsonb().$type<Record<string, string>>().notNull().default({}),
    akas: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    year: smallint(),
    /** Runtime in minutes. */
    runtimeMin: smallint(),
    plot: text(),
    /** Where `plot` comes from, e.g. 'wikipedia' (shown with attribution and link). */
    plotSource: text(),
    synopsis: text(),
    genres: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Production countries as names from the source (TMDb English names). */
    countries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    spokenLanguages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased spoken languages for the `la` filter (generated; SQL function from migration 0006). */
    languageKeys: text()
      .array()
      .generatedAlwaysAs(sql`lower_text_array(spoken_languages)`),
    certifications: jsonb().$type<Certification[]>().notNull().default([]),
    ratings: jsonb().$type<MovieRating[]>().notNull().default([]),
    adultsOnly: boolean().notNull().default(false),
    /** IMDb id, form tt0001112. */
    imdbId: text(),
    tmdbId: integer(),
    season: smallint(),
    episode: smallint(),
    seasonsAmount: smallint(),
    episodesAmount: smallint(),
    episodeOfId: integer().references((): AnyPgColumn => movies.id, { onDelete: 'set null' }),
    wikipediaHref: text(),
    /** Poster URL from the source (external image). */
    posterUrl: text(),
    /** Merge key: folded title without leading article (lib/text.ts titleKey). */
    titleKey: foldedKey().notNull(),
    /** Stored search document: folded names, akas and year (lib/text.ts searchDocument). */
    searchText: text().notNull().default(''),
    /** Number of releases containing the movie (kept by the importer; ranks search results). */
    releaseCount: integer().notNull().default(0),
    /**
     * Fields changed by an approved change (lib/data/catalogue-writes.ts) since the import: a
     * re-import leaves them as they are and re-adds no value a change removed.
     */
    editedFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Tombstone (lib/data/catalogue-writes.ts deleteCatalogueEntity): set when the movie was deleted;
     * the row stays so its public id answers 410 and a revert restores it. (A movie merged into
     * another is removed instead and redirects through movie_redirects.)
     */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('movies_public_id_key').on(t.publicId),
    uniqueIndex('movies_imdb_id_key').on(t.imdbId),
    uniqueIndex('movies_tmdb_id_key').on(t.tmdbId),
    // Built INCLUDE (year, deleted_at) by migration 0032 (Drizzle's index builder has no INCLUDE):
    // search's prefix candidates and count (movies not deleted, by title key and id) read it alone.
    index('movies_title_key_idx').on(t.titleKey, t.id),
    index('movies_type_name_idx').on(t.type, t.titleKey, t.id),
    index('movies_type_year_idx').on(t.type, t.year, t.id),
    // Default title sort (year, newest first) under multi-type filters (`fi=movie` is types 1, 3, 4)
    // and text queries: read in year order, filtered, instead of sorting every match.
    index('movies_year_idx').on(t.year, t.id),
    // Titles without a year, read by id after the dated ones (keysetRows' second part).
    index('movies_undated_idx')
      .on(t.id)
      .where(sql`year IS NULL`),
    // `so=added_desc` (newest in the catalogue).
    index('movies_created_idx').on(t.createdAt, t.id),
    index('movies_language_keys_idx').using('gin', t.languageKeys),
    index('movies_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('movies_episode_of_idx').on(t.episodeOfId),
  ],
);

/** Every source row merged into a movie (one film from several files is one movie). */
export const movieSources = pgTable(
  'movie_sources',
  {
    sourceId: text().primaryKey(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movie_sources_movie_idx').on(t.movieId)],
);

/**
 * Public ids of movies that were merged into another movie (a yearless duplicate created from a
 * release row and later recognised as a known film). `/movie/{from_public_id}` answers a permanent
 * redirect to the surviving movie, so links kept by visitors and search engines still work.
 * Data source: the importer's duplicate repair (lib/import).
 */
export const movieRedirects = pgTable(
  'movie_redirects',
  {
    fromPublicId: text().primaryKey(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movie_redirects_movie_idx').on(t.movieId)],
);

/**
 * Distinct folded words of the searchable names (movies, releases, labels, persons), for close
 * spelling matches: a query word that finds nothing is compared with these words by trigram
 * similarity (GIN index), and the close words are searched instead. `doc_count` is the number of
 * names containing the word (ranks common spellings first).
 * Data source: rebuilt from the tables' `search_text` after an import.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    docCount: integer().notNull().default(0),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/** Movie connections (14 kinds, optional info). */
export const movieConnections = pgTable(
  'movie_connections',
  {
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    connectedMovieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    /** lib/validation/enums.ts CONNECTION_KINDS, 1-14. */
    kind: smallint().notNull(),
    info: text(),
  },
  (t) => [
    primaryKey({ columns: [t.movieId, t.connectedMovieId, t.kind] }),
    index('movie_connections_connected_idx').on(t.connectedMovieId),
  ],
);

/** Production companies (/company/{public_id}). */
export const productionCompanies = pgTable(
  'production_companies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    name: text().notNull(),
    country: text(),
    nameKey: foldedKey().notNull(),
    searchText: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('production_companies_public_id_key').on(t.publicId),
    uniqueIndex('production_companies_name_key_key').on(t.nameKey),
    index('production_companies_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const movieProductionCompanies = pgTable(
  'movie_production_companies',
  {
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => productionCompanies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.movieId, t.companyId] }),
    index('movie_production_companies_company_idx').on(t.companyId),
  ],
);

export type MovieRow = typeof movies.$inferSelect;
export type NewMovieRow = typeof movies.$inferInsert;
