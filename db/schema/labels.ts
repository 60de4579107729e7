import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedKey } from './columns';

/** Home-video labels (unique name, label groups, country). Source: seed release files. */
export const labels = pgTable(
  'labels',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    name: text().notNull(),
    /** Folded name: names are unique case- and accent-insensitively. */
    nameKey: foldedKey().notNull(),
    /** ISO country code when known. */
    country: text(),
    searchText: text().notNull().default(''),
    releaseCount: integer().notNull().default(0),
    /**
     * Fields changed by an approved change (lib/data/catalogue-writes.ts) since the import: a
     * re-import leaves them as they are and re-adds no value a change removed.
     */
    editedFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Tombstone (lib/data/catalogue-writes.ts deleteCatalogueEntity): set when the item was deleted;
     * the row stays so its public id answers 410 (or redirects) and a revert restores it.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** The item a deleted one was merged into: its public id redirects there for good. */
    mergedIntoId: integer(),
  },
  (t) => [
    uniqueIndex('labels_public_id_key').on(t.publicId),
    uniqueIndex('labels_name_key_key').on(t.nameKey),
    index('labels_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Label groups, i.e. a label's series (e.g. "Arrow Video" → "Arrow Academy"). */
export const labelGroups = pgTable(
  'label_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    labelId: integer()
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('label_groups_label_name_key').on(t.labelId, t.name)],
);

export type LabelRow = typeof labels.$inferSelect;
