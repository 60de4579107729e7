import { sql } from 'drizzle-orm';
import { foldedKey } from './columns';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { labelGroups, labels } from './labels';
import { movies } from './movies';
import { users } from './users';

/** One audio track of a release: language (English name or ISO code) and audio system (e.g. "DTS-HD MA 5.1"). */
export type AudioTrack = { language: string; system: string };
/** An identifier printed on a release (part number, BBFC reference …), as in the filmbrainz records. */
export type ReleaseIdentifier = { property: string; value: string; comment?: string };

/**
 * Releases (editions) of one or more movies.
 * Data source: Criterion spine list, The Digital Bits 4K UHD list, filmbrainz disc records,
 * Finnish censorship events (Finnish video releases); provenance in `source_id`.
 */
export const releases = pgTable(
  'releases',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Short URL-safe id used in /release/{public_id}; cannot be changed after creation. */
    publicId: text().notNull(),
    /** Provenance, exactly as in the data file: `criterion:1`, `tdb4k:…`, `fi-cens-003`, `filmbrainz:…`. */
    sourceId: text(),
    name: text().notNull(),
    /** Format id (lib/validation/enums.ts FORMATS). */
    format: smallint().notNull(),
    /** Country id (lib/validation/enums.ts COUNTRIES); Finland 4. */
    country: smallint(),
    labelId: integer().references(() => labels.id, { onDelete: 'set null' }),
    labelGroupId: integer().references(() => labelGroups.id, { onDelete: 'set null' }),
    /** The label's own catalogue id for the release (e.g. "BEE881620"). */
    labelCatalogId: text(),
    /** Spine id: number in the label's series (Criterion spine number). */
    spineNumber: integer(),
    /** Release year; left empty when the exact street date is known. */
    releaseYear: smallint(),
    streetDate: date(),
    /** Edition words from the source ("Steelbook", "Best Buy-exclusive Steelbook" …). */
    edition: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    packageType: text(),
    boxType: text(),
    discsCount: smallint(),
    /** 0 none, 1 available, 2 limited, 3 first pressing only (SLIPCOVER). */
    slipcover: smallint().notNull().default(0),
    slipcoverLimitedCount: integer(),
    limitedCopies: integer(),
    /** DVD 0-6, Blu-ray A, B, C, ABC. */
    regionCode: text(),
    aspectRatio: text(),
    anamorphic: boolean(),
    audioTracks: jsonb().$type<AudioTrack[]>().notNull().default([]),
    subtitles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased audio and subtitle languages for the `la` filter (generated; SQL function from migration 0006). */
    languageKeys: text()
      .array()
      .generatedAlwaysAs(sql`release_language_keys(audio_tracks, subtitles)`),
    /** HDR formats beyond HDR10 ("Dolby Vision", "HDR10+"). */
    hdr: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Immersive audio ("Dolby Atmos", "DTS:X"). */
    immersiveAudio: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 0 none, 1 anaglyph, 2 Blu-ray 3D, 3 both (FORMATS_3D). */
    format3d: smallint().notNull().default(0),
    outOfPrint: boolean().notNull().default(false),
    /** EAN-13 (UPC-A stored as its 13-digit EAN form); null when unknown. */
    ean: text(),
    /** True when the release is known to carry no barcode. */
    noEan: boolean().notNull().default(false),
    identifiers: jsonb().$type<ReleaseIdentifier[]>().notNull().default([]),
    /** Classification, e.g. "BBFC 18", "K16". */
    ageRating: text(),
    isCut: boolean().notNull().default(false),
    /** Length of the cuts in seconds. */
    cutSeconds: integer(),
    cutSecondsApprox: boolean().notNull().default(false),
    cutDetails: text(),
    censorshipInfo: text(),
    /** Where the cut information comes from (URL). */
    cutSource: text(),
    alternativeCutsCount: smallint(),
    alternativeCutsDetails: text(),
    backcoverText: text(),
    storyDescription: text(),
    sleeveDescription: text(),
    extras: text(),
    extrasContinued: text(),
    packagingNotes: text(),
    /** Recommended retail price, 2 decimals, in `rrpCurrency`. */
    rrp: numeric({ precision: 10, scale: 2 }),
    rrpCurrency: text(),
    scanResolution: text(),
    scanSource: text(),
    processing: text(),
    masteringDetails: text(),
    /** Flags from the 4K list: native 4K, IMAX Enhanced, 60 fps, reference/standout disc. */
    techFlags: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    notes: text(),
    /** External review of the release (e.g. The Digital Bits). */
    reviewUrl: text(),
    /** Unapproved releases (new or duplicated, awaiting an admin) are hidden from public listings. */
    approved: boolean().notNull().default(true),
    /** Folded name for sorting by name. */
    nameKey: foldedKey().notNull(),
    /** Stored search document: release name, contained movies' names and years, label, edition, EAN. */
    searchText: text().notNull().default(''),
    /** First contained movie's year (listing sort "year"); kept by the importer. */
    movieYear: smallint(),
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
     * Tombstone (lib/data/catalogue-writes.ts deleteCatalogueEntity): set when the item was deleted;
     * the row stays so its public id answers 410 (or redirects) and a revert restores it.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** The item a deleted one was merged into: its public id redirects there for good. */
    mergedIntoId: integer(),
  },
  (t) => [
    uniqueIndex('releases_public_id_key').on(t.publicId),
    uniqueIndex('releases_source_id_key').on(t.sourceId),
    index('releases_ean_idx').on(t.ean),
    index('releases_label_spine_idx').on(t.labelId, t.spineNumber, t.id),
    index('releases_spine_idx').on(t.spineNumber, t.id),
    index('releases_street_date_idx').on(t.streetDate, t.id),
    index('releases_format_street_date_idx').on(t.format, t.streetDate, t.id),
    index('releases_country_street_date_idx').on(t.country, t.streetDate, t.id),
    // Built INCLUDE (approved) by migration 0032 (Drizzle's index builder has no INCLUDE): search's
    // prefix candidates and count (approved releases, by name key and id) read it alone.
    index('releases_name_idx').on(t.nameKey, t.id),
    index('releases_movie_year_idx').on(t.movieYear, t.id),
    index('releases_cut_idx')
      .on(t.cutSeconds, t.id)
      .where(sql`is_cut`),
    // The cut-length sort (`so=cut_desc`) of any listing reads the releases with a length first.
    index('releases_cut_seconds_idx')
      .on(t.cutSeconds, t.id)
      .where(sql`cut_seconds IS NOT NULL`),
    // A label's page: its releases by street date or name, and its counts per format (index only).
    index('releases_label_street_date_idx').on(t.labelId, t.streetDate, t.id),
    index('releases_label_name_idx').on(t.labelId, t.nameKey, t.id),
    index('releases_label_format_idx')
      .on(t.labelId, t.format)
      .where(sql`approved`),
    // Sparse filters under the default street-date sort (cut length `cd`, RRP band `pr`): without
    // these a page walks the whole date index to find 24 matches.
    index('releases_cut_street_date_idx')
      .on(t.streetDate, t.id)
      .where(sql`is_cut`),
    index('releases_rrp_street_date_idx')
      .on(t.streetDate, t.id)
      .where(sql`rrp IS NOT NULL`),
    // The second part of a keyset page over a nullable sort key reads the rows without a key by id
    // (lib/data/internal.ts keysetRows): small partial indexes keep it from walking the primary key.
    index('releases_undated_idx')
      .on(t.id)
      .where(sql`street_date IS NULL`),
    index('releases_cut_unmeasured_idx')
      .on(t.id)
      .where(sql`is_cut AND cut_seconds IS NULL`),
    index('releases_no_movie_year_idx')
      .on(t.id)
      .where(sql`movie_year IS NULL`),
    index('releases_created_idx').on(t.createdAt, t.id),
    index('releases_language_keys_idx').using('gin', t.languageKeys),
    index('releases_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Movies contained in a release (at least one), in disc order. */
export const releaseMovies = pgTable(
  'release_movies',
  {
    releaseId: integer()
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.movieId] }),
    index('release_movies_movie_idx').on(t.movieId, t.releaseId),
  ],
);

/** Shopping links: Amazon (.com, .co.uk, .de, .it) and CDON.fi only. */
export const buyingLinks = pgTable(
  'buying_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    releaseId: integer().references(() => releases.id, { onDelete: 'cascade' }),
    movieId: integer().references(() => movies.id, { onDelete: 'cascade' }),
    /** The shop's canonical product address (lib/validation/shopping-links.ts), without an affiliate parameter. */
    url: text().notNull(),
    /** SHOPS id: 'amazon.com', 'amazon.co.uk', 'amazon.de', 'amazon.it' or 'cdon.fi'. */
    shop: text().notNull(),
    /** The product's id at the shop (Amazon's ASIN, CDON's product number). */
    productId: text(),
    /** Shown publicly once an admin approved it. */
    approved: boolean().notNull().default(false),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The last check of the link (lib/shop-check.ts): when, and its result code (0 available, 2 unavailable). */
    checkedAt: timestamp({ withTimezone: true }),
    checkCode: smallint(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buying_links_public_id_key').on(t.publicId),
    index('buying_links_release_idx').on(t.releaseId),
    index('buying_links_movie_idx').on(t.movieId),
  ],
);

export type ReleaseRow = typeof releases.$inferSelect;
