import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { collections } from './collections';
import { users } from './users';

/** One field's value before and after a change (JSON values as the API shows them; null = empty). */
export type FieldChange = { before: unknown; after: unknown };

/** The fields a revision or change request changes, by field name (lib/validation/catalogue-fields.ts). */
export type FieldChanges = Record<string, FieldChange>;

/**
 * Revisions of catalogue entities (movies, releases, persons, labels; later pictures, videos and
 * shopping links): every write of the data layer's catalogue writers (lib/data/catalogue-writes.ts)
 * stores one, with the fields it changed, their values before and after, who asked for it, who
 * approved it and the change request it came from. An imported record's origin is the record
 * itself (its `source_id` and `created_at`): the history shows it as the first entry, and the
 * first revision's "before" values are the imported values. `entity_id` has no foreign key: the
 * history of a deleted or merged entity stays readable.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** lib/validation/catalogue-fields.ts CATALOGUE_ENTITIES: 'movie', 'release', 'person', 'label'. */
    entityType: text().notNull(),
    entityId: integer().notNull(),
    /** The entity's public id (kept after a deletion or merge). */
    entityPublicId: text().notNull(),
    /** 'create', 'edit', 'delete', 'merge' or 'revert' (REVISION_KINDS). */
    kind: text().notNull(),
    changes: jsonb().$type<FieldChanges>().notNull().default({}),
    /** The import's source id (kind 'import'). */
    sourceId: text(),
    /** The member whose suggestion (or direct edit, for an admin) this is; null for imports. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The admin who approved it (the same as `user_id` for an admin's own edit). */
    approvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    changeRequestId: integer().references((): AnyPgColumn => changeRequests.id, { onDelete: 'set null' }),
    /** Points the author earned with it (lib/validation/catalogue-fields.ts pointsFor); a revert takes them back. */
    points: integer().notNull().default(0),
    /**
     * Whether a revert of it stands (lib/data/revisions.ts): its points are taken back and the
     * member's contributions list it as reverted. Kept on the revision a chain of reverts comes
     * down to, whenever a revert in the chain is made.
     */
    undone: boolean().notNull().default(false),
    /** For a revert: the revision it undid. */
    revertsId: bigint({ mode: 'number' }).references((): AnyPgColumn => revisions.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('revisions_entity_idx').on(t.entityType, t.entityId, t.id),
    index('revisions_user_idx').on(t.userId, t.id),
    index('revisions_change_request_idx').on(t.changeRequestId),
    index('revisions_reverts_idx').on(t.revertsId),
  ],
);

/**
 * Change requests: a member's suggestion of a new entity, an edit, a duplicate of a
 * release or a deletion, waiting for an admin's approval. It stores the revision it was made
 * against and, per field, the value then and the value proposed, so an approval can tell a field
 * that changed since from one that did not.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    /** CATALOGUE_ENTITIES. */
    entityType: text().notNull(),
    /** The entity edited, duplicated or to be deleted; for 'new', set when approved. */
    entityId: integer(),
    /** 'new', 'edit', 'duplicate' or 'delete' (CHANGE_KINDS). */
    kind: text().notNull(),
    /** The entity's newest revision when the request was made (null for 'new'). */
    baseRevisionId: bigint({ mode: 'number' }).references((): AnyPgColumn => revisions.id, { onDelete: 'set null' }),
    changes: jsonb().$type<FieldChanges>().notNull().default({}),
    note: text(),
    /** Where the information comes from: the disc in hand, a photo, a URL. */
    source: text(),
    /** 'pending', 'approved', 'discarded' or 'withdrawn' (CHANGE_STATES). */
    status: text().notNull().default('pending'),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    /** Why an admin discarded it (shown to the author). */
    discardReason: text(),
    /** A suggested new release from a collection import: the list its entry joins on approval. */
    collectionId: integer().references(() => collections.id, { onDelete: 'set null' }),
    /** Suggestions sent together (the unknown discs of one collection import). */
    batchId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('change_requests_public_id_key').on(t.publicId),
    // The admin queue: pending requests oldest first.
    index('change_requests_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'pending'`),
    index('change_requests_user_idx').on(t.userId, t.id),
    index('change_requests_entity_idx')
      .on(t.entityType, t.entityId)
      .where(sql`status = 'pending'`),
    index('change_requests_batch_idx')
      .on(t.batchId)
      .where(sql`batch_id IS NOT NULL`),
  ],
);

export type RevisionRow = typeof revisions.$inferSelect;
export type ChangeRequestRow = typeof changeRequests.$inferSelect;
