import { sql } from 'drizzle-orm';
import { index, integer, pgTable, date, smallint, text, uniqueIndex, timestamp } from 'drizzle-orm/pg-core';
import { foldedKey } from './columns';
import { movies } from './movies';

/**
 * Persons: cast and crew.
 * Data source: Criterion credits (with TMDb person ids) and Wikipedia cast lists (names only).
 */
export const persons = pgTable(
  'persons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    /** Provenance: `tmdb-person:<id>` or `name:<folded name>`. */
    sourceId: text(),
    tmdbPersonId: integer(),
    name: text().notNull(),
    /** Folded name (lib/text.ts personKey): de-duplication of persons known by name only. */
    nameKey: foldedKey().notNull(),
    biography: text(),
    birthday: date(),
    dateOfDeath: date(),
    searchText: text().notNull().default(''),
    creditCount: integer().notNull().default(0),
    /**
     * Fields changed by an approved change (lib/data/catalogue-writes.ts) since the import: a
     * re-import leaves them as they are and re-adds no value a change removed.
     */
    editedFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Tombstone (lib/data/catalogue-writes.ts deleteCatalogueEntity): set when the item was deleted;
     * the row stays so its public id answers 410 (or redirects) and a revert restores it.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** The item a deleted one was merged into: its public id redirects there for good. */
    mergedIntoId: integer(),
  },
  (t) => [
    uniqueIndex('persons_public_id_key').on(t.publicId),
    uniqueIndex('persons_tmdb_person_id_key').on(t.tmdbPersonId),
    uniqueIndex('persons_source_id_key').on(t.sourceId),
    // Built INCLUDE (search_text) by migrations 0010 and 0028 (Drizzle's index builder has no
    // INCLUDE); of persons not deleted, as the lists read them.
    index('persons_name_key_idx')
      .on(t.nameKey, t.id)
      .where(sql`deleted_at IS NULL`),
    index('persons_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Cast and crew of a movie (roles of CREDIT_ROLES; `character` for actors; `ord` = billing order). */
export const credits = pgTable(
  'credits',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    movieId: integer()
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** lib/validation/enums.ts CREDIT_ROLES. */
    role: text().notNull(),
    character: text().notNull().default(''),
    ord: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex('credits_unique_key').on(t.movieId, t.personId, t.role, t.character),
    index('credits_person_idx').on(t.personId, t.movieId),
  ],
);

export type PersonRow = typeof persons.$inferSelect;
