import 'server-only';
/**
 * History and revert of catalogue entities (movies, releases, persons, labels): the revisions the
 * catalogue writers (lib/data/catalogue-writes.ts) store, newest first and ending with the
 * entity's imported origin, and admins' reverts of them.
 *
 * A revert writes each field a revision changed back to its value before, through the catalogue
 * writer (a 'revert' revision naming the revision it undid in `reverts_id`), but only the fields
 * that still hold the revision's value after: a field a later revision changed is left as it is.
 * Only 'edit' and 'revert' revisions of entities that exist and are not deleted can be reverted (a
 * revert of a revert restores what the first revert undid), and 'delete' revisions: reverting a
 * deletion restores the entity (its tombstone lifted, listed and counted again), and reverting that
 * revert deletes it again. A 'create' is not undone field by field, and a merge (a 'merge'
 * revision, or a deletion that merged the entity into another) not at all: what pointed at it has
 * moved.
 *
 * Points: a revision's points (`revisions.points`, added to its author's `users.points` when it
 * was approved) count while the revision stands. Reverting an edit takes them back from its
 * author; reverting that revert gives them back; reverting the edit again takes them again. What
 * decides is whether the edit is undone: it is when a revert of it exists that is not itself
 * undone. A revert that reverts only some fields (the others were changed since) still takes all
 * the points. Points are taken back only while they count, so an author's total stays at or above
 * 0; the subtraction is clamped at 0 as well, for totals changed by hand. The edit's `undone`
 * column follows the same rule (the member's contributions and score read it).
 *
 * Data source: tables revisions, users, change_requests, movies, releases, persons, labels.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import { requireAllowed, type Actor } from '@/lib/auth/actor';
import { canModerate } from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';
import {
  CATALOGUE_ENTITIES,
  catalogueFieldNames,
  isCatalogueField,
  type CatalogueEntity,
  type RevisionKind,
} from '@/lib/validation/catalogue-fields';
import {
  readFields,
  sameValue,
  setCatalogueEntityDeleted,
  updateCatalogueEntity,
  type FieldValues,
} from './catalogue-writes';
import { inTransaction } from './events';
import { decodeCursor, encodeCursor, type KeysetSort, type Paging } from './keyset';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';

/** Entries per page of an entity's history. */
export const REVISION_PAGE_SIZE = 20;
/** The largest page of an entity's history. */
export const REVISION_PAGE_MAX = 100;

/** A member named in a history entry. */
export type RevisionUserRef = { public_id: string; name: string };

/** One stored revision of an entity, as its history shows it. */
export type RevisionDto = {
  /** The revision's id (a number as text; not secret): what previewRevert and revertRevision take. */
  id: string;
  kind: Exclude<RevisionKind, 'import'>;
  /** Per field: `{ before, after }`, JSON values as the API shows them (lib/validation/catalogue-fields.ts). */
  changes: FieldChanges;
  /** The member whose suggestion it was (null: an import's merge, or a deleted account). */
  author: RevisionUserRef | null;
  /** The admin who approved it (the author for an admin's own edit; null: none, or a deleted account). */
  approved_by: RevisionUserRef | null;
  /** Public id of the change request it came from, or null. */
  change_request: string | null;
  /** Points its author earned with it. */
  points: number;
  /** Where an import's values came from (`revisions.source_id`, e.g. `tmdb:603` of the external movie database), or null. */
  source: string | null;
  /** For a revert: the id of the revision it undid. */
  reverts: string | null;
  /** The id of the newest later revision that reverted this one, or null. */
  reverted_by: string | null;
  /** ISO timestamp. */
  created_at: string;
};

/** The imported record an entity started from: its source id and the time the row was created. */
export type ImportOriginDto = { kind: 'import'; source_id: string; created_at: string };

/** An entry of an entity's history: a revision, or (last of all) its imported origin. */
export type HistoryEntry = RevisionDto | ImportOriginDto;

/** One field of a revision as a revert would treat it. */
export type RevertField = {
  field: string;
  /** The field's value before and after the revision. */
  before: unknown;
  after: unknown;
  /** Its value now. */
  now: unknown;
  /** True when it still holds `after` (a revert writes `before` back); false when changed since (left as it is). */
  revertible: boolean;
};

/** What a revert of a revision would do. */
export type RevertPreview = {
  revision_id: string;
  entity: CatalogueEntity;
  entity_public_id: string;
  kind: 'edit' | 'revert' | 'delete';
  fields: RevertField[];
};

/** What a revert did. */
export type RevertResult = {
  /** The new 'revert' revision's id, or null when no field still held the revision's value (nothing was written). */
  revisionId: string | null;
  /** Fields written back to their value before the revision. */
  reverted: string[];
  /** Fields changed by a later revision, left as they are. */
  leftAsTheyAre: string[];
};

/** What a revert of one of a member's revisions did. */
export type MemberRevertItem = RevertResult & {
  /** The id of the member's revision. */
  revertedId: string;
  entity: CatalogueEntity;
  entityPublicId: string;
};

const TABLES: Record<CatalogueEntity, SQL> = {
  movie: sql`movies`,
  release: sql`releases`,
  person: sql`persons`,
  label: sql`labels`,
};

/** The sort of the cursor: revision id, newest first (the key is the id as text). */
const REVISION_SORT: KeysetSort = { name: 'revisions', expr: sql`r.id`, cast: 'int', dir: 'desc' };

type HistoryRow = {
  id: number | string;
  kind: Exclude<RevisionKind, 'import'>;
  changes: FieldChanges | string;
  points: number;
  source_id: string | null;
  reverts_id: number | string | null;
  reverted_by: number | string | null;
  created_at: string | Date;
  author_public_id: string | null;
  author_name: string | null;
  admin_public_id: string | null;
  admin_name: string | null;
  change_request: string | null;
};

const changesOf = (changes: FieldChanges | string): FieldChanges =>
  typeof changes === 'string' ? (JSON.parse(changes) as FieldChanges) : changes;

const idText = (v: number | string | null): string | null => (v == null ? null : String(v));

const userRef = (publicId: string | null, name: string | null): RevisionUserRef | null =>
  publicId == null ? null : { public_id: publicId, name: name ?? '' };

function toDto(r: HistoryRow): RevisionDto {
  return {
    id: String(r.id),
    kind: r.kind,
    changes: changesOf(r.changes),
    author: userRef(r.author_public_id, r.author_name),
    approved_by: userRef(r.admin_public_id, r.admin_name),
    change_request: r.change_request,
    points: Number(r.points),
    source: r.source_id ?? null,
    reverts: idText(r.reverts_id),
    reverted_by: idText(r.reverted_by),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** The entity row behind a public id: its id, and its source id and creation time (labels have neither). */
async function entityRow(
  d: Db,
  entity: CatalogueEntity,
  publicId: string,
): Promise<{ id: number; source_id: string | null; created_at: string | Date | null } | null> {
  const origin =
    entity === 'label' ? sql`NULL::text AS source_id, NULL::timestamptz AS created_at` : sql`source_id, created_at`;
  // A suggested release that is not approved yet is not public, and neither is its history; a
  // deleted one (no longer approved) keeps its history, which admins revert the deletion from.
  const visible = entity === 'release' ? sql`AND (approved OR deleted_at IS NOT NULL)` : sql``;
  const [row] = await queryRows<{ id: number; source_id: string | null; created_at: string | Date | null }>(
    d,
    sql`SELECT id, ${origin} FROM ${TABLES[entity]} WHERE public_id = ${publicId} ${visible}`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * The statement reading one page of an entity's revisions (`limit + 1` rows older than revision
 * `before`, newest first) with their author, admin, change request and newest revert: the
 * revisions by revisions_entity_idx (entity_type, entity_id, id) in index order, read backwards
 * from `before` and stopped after `limit + 1` entries, then joined. Exported for the query-plan test.
 */
export function historyPageSql(entity: CatalogueEntity, entityId: number, before: number | null, limit: number): SQL {
  return sql`SELECT r.id, r.kind, r.changes, r.points, r.source_id, r.reverts_id, r.created_at,
               a.public_id AS author_public_id, a.name AS author_name,
               ad.public_id AS admin_public_id, ad.name AS admin_name, c.public_id AS change_request,
               (SELECT max(v.id) FROM revisions v WHERE v.reverts_id = r.id) AS reverted_by
        FROM (SELECT * FROM revisions
              WHERE entity_type = ${entity} AND entity_id = ${entityId} AND kind <> 'import'
                ${before == null ? sql`` : sql`AND id < ${before}`}
              ORDER BY id DESC LIMIT ${limit + 1}) r
        LEFT JOIN users a ON a.id = r.user_id
        LEFT JOIN users ad ON ad.id = r.approved_by_id
        LEFT JOIN change_requests c ON c.id = r.change_request_id
        ORDER BY r.id DESC`;
}

/**
 * One page of an entity's history, newest first: its revisions (creations, edits, merges, reverts),
 * then, as the very last entry of the last page, its imported origin `{ kind: 'import', source_id,
 * created_at }` when the entity came from an import (movies, releases and persons with a source id;
 * labels have none, so their history has no origin entry). Keyset on the revision id through
 * revisions_entity_idx (entity_type, entity_id, id): a page reads `limit + 1` index entries from
 * the cursor on, however long the history. The origin counts as an entry of the page it ends.
 *
 * A merged movie no longer exists: its history is null, like an unknown one's. Its public id
 * redirects to the movie it was merged into (getMovieRedirect, lib/data/movie-redirects.ts), whose
 * history shows the merge as a 'merge' revision with `merged_from` naming it; the merged movie's own
 * revisions stay stored under its old id and are not shown there (they describe another record).
 * A suggested release that is not approved yet has no public history either (null).
 *
 * @param page `cursor`: the previous page's `next_cursor` (none: the first page); `limit`: entries
 *   per page, 1-100 (default 20)
 * @returns `{ items, next_cursor }` (next_cursor null on the last page), or null when the entity does not exist
 * @throws AppError bad_cursor (HTTP 400) for a cursor this list did not make, bad_limit for a limit outside 1-100
 */
export async function listRevisions(
  entity: CatalogueEntity,
  publicId: string,
  page: Paging = {},
  db?: Db,
): Promise<Page<HistoryEntry> | null> {
  const { cursor = null, limit = REVISION_PAGE_SIZE } = page;
  if (!Number.isInteger(limit) || limit < 1 || limit > REVISION_PAGE_MAX) throw new AppError('bad_limit');
  const before = cursor ? decodeCursor(cursor, REVISION_SORT).id : null;
  if (!CATALOGUE_ENTITIES.includes(entity)) return null;
  const d = await resolveDb(db);
  const target = await entityRow(d, entity, publicId);
  if (!target) return null;
  const rows = await queryRows<HistoryRow>(d, historyPageSql(entity, target.id, before, limit));
  const entries: { id: number; entry: HistoryEntry }[] = rows.map((r) => ({ id: Number(r.id), entry: toDto(r) }));
  // The origin comes after the oldest revision (as if its id were 0): on a page that is not the last
  // it falls beyond the page and is cut off with the extra revision. A cursor at 0 (never made
  // here: the origin is always last) is past it.
  if (target.source_id != null && before !== 0)
    entries.push({
      id: 0,
      entry: { kind: 'import', source_id: target.source_id, created_at: new Date(target.created_at!).toISOString() },
    });
  const more = entries.length > limit;
  const items = entries.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((e) => e.entry),
    next_cursor: more && last ? encodeCursor(REVISION_SORT, String(last.id), last.id) : null,
  };
}

// ------------------------------------------------------------------ revert

type RevisionRow = {
  id: number;
  entity_type: CatalogueEntity;
  entity_id: number;
  entity_public_id: string;
  kind: RevisionKind;
  changes: FieldChanges;
  user_id: number | null;
  points: number;
  reverts_id: number | null;
};

/** A revision id as given (a number, or its text from the history); null when it cannot be one. */
function parseRevisionId(revisionId: string | number): number | null {
  const n = typeof revisionId === 'number' ? revisionId : /^\d{1,15}$/.test(revisionId) ? Number(revisionId) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

async function revisionRow(tx: Db, id: number, lock: boolean): Promise<RevisionRow | null> {
  const [row] = await queryRows<Omit<RevisionRow, 'changes'> & { changes: FieldChanges | string }>(
    tx,
    sql`SELECT id, entity_type, entity_id, entity_public_id, kind, changes, user_id, points, reverts_id
        FROM revisions WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return null;
  return {
    ...row,
    id: Number(row.id),
    entity_id: Number(row.entity_id),
    user_id: row.user_id == null ? null : Number(row.user_id),
    points: Number(row.points),
    reverts_id: row.reverts_id == null ? null : Number(row.reverts_id),
    changes: changesOf(row.changes),
  };
}

/**
 * A revision that can be reverted, with each field's value now; the entity row is locked when
 * `lock` (a revert compares and writes in one transaction).
 * @throws AppError not_found (no such revision), not_revertible (not an edit or a revert, or its entity is gone)
 */
async function revertPlan(
  tx: Db,
  revisionId: string | number,
  lock: boolean,
): Promise<{ revision: RevisionRow; fields: RevertField[] }> {
  const id = parseRevisionId(revisionId);
  const revision = id == null ? null : await revisionRow(tx, id, lock);
  if (!revision) throw new AppError('not_found');
  const entity = revision.entity_type;
  if (
    (revision.kind !== 'edit' && revision.kind !== 'revert' && revision.kind !== 'delete') ||
    !CATALOGUE_ENTITIES.includes(entity) ||
    // A merge moved what pointed at the entity: it cannot be undone.
    Object.hasOwn(revision.changes, 'merged_into')
  )
    throw new AppError('not_revertible');
  const [exists] = await queryRows<{ id: number; deleted: boolean }>(
    tx,
    sql`SELECT id, deleted_at IS NOT NULL AS deleted FROM ${TABLES[entity]} WHERE id = ${revision.entity_id}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!exists) throw new AppError('not_revertible');
  // A deletion or a revert of one: the one field is whether the entity is deleted.
  if (Object.hasOwn(revision.changes, 'deleted')) {
    const { before, after } = revision.changes.deleted;
    return {
      revision,
      fields: [{ field: 'deleted', before, after, now: exists.deleted, revertible: exists.deleted === after }],
    };
  }
  // The fields of a deleted entity stay as they are until it is restored.
  if (exists.deleted) throw new AppError('not_revertible');
  // In the entity's field order (jsonb keeps keys in its own order); unknown fields last.
  const order = catalogueFieldNames(entity);
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  const names = Object.keys(revision.changes).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  // A field no longer editable (renamed since) cannot be written back: it is left as it is.
  const known = names.filter((f) => isCatalogueField(entity, f));
  const now = (await readFields(tx, entity, revision.entity_id, known)) ?? {};
  const fields = names.map((field): RevertField => {
    const { before, after } = revision.changes[field];
    const editable = known.includes(field);
    const value = editable ? (now[field] ?? null) : null;
    return { field, before, after, now: value, revertible: editable && sameValue(value, after) };
  });
  return { revision, fields };
}

/** Whether a revision is undone: some revert of it exists that is not itself undone. */
async function isUndone(tx: Db, id: number): Promise<boolean> {
  const reverts = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM revisions WHERE reverts_id = ${id} AND kind = 'revert' ORDER BY id`,
  );
  for (const r of reverts) if (!(await isUndone(tx, Number(r.id)))) return true;
  return false;
}

/** The revision a chain of reverts comes down to (the edit whose points are at stake). */
async function chainBase(tx: Db, revision: RevisionRow): Promise<RevisionRow> {
  let at = revision;
  while (at.kind === 'revert' && at.reverts_id != null) {
    const next = await revisionRow(tx, at.reverts_id, false);
    if (!next) break;
    at = next;
  }
  return at;
}

/** Reverts one revision inside `tx` (see revertRevision). */
async function revertInTx(tx: Db, admin: Actor, revisionId: string | number): Promise<RevertResult> {
  const { revision, fields } = await revertPlan(tx, revisionId, true);
  const reverted = fields.filter((f) => f.revertible).map((f) => f.field);
  const leftAsTheyAre = fields.filter((f) => !f.revertible).map((f) => f.field);
  if (!reverted.length) return { revisionId: null, reverted, leftAsTheyAre };
  const base = await chainBase(tx, revision);
  const undoneBefore = await isUndone(tx, base.id);
  const meta = { userId: admin.userId, approvedById: admin.userId, kind: 'revert' as const, revertsId: revision.id };
  const result = Object.hasOwn(revision.changes, 'deleted')
    ? await setCatalogueEntityDeleted(
        tx,
        revision.entity_type,
        revision.entity_id,
        revision.changes.deleted.before === true,
        meta,
      )
    : await updateCatalogueEntity(
        tx,
        revision.entity_type,
        revision.entity_id,
        Object.fromEntries(reverted.map((f) => [f, revision.changes[f].before])) as FieldValues,
        meta,
      );
  if (result.revisionId == null) return { revisionId: null, reverted: [], leftAsTheyAre: fields.map((f) => f.field) };
  const undoneAfter = await isUndone(tx, base.id);
  // +1: the base edit is undone now (its points are taken back); -1: it stands again (given back).
  const taken = (undoneAfter ? 1 : 0) - (undoneBefore ? 1 : 0);
  if (taken) await tx.execute(sql`UPDATE revisions SET undone = ${undoneAfter} WHERE id = ${base.id}`);
  if (taken && base.points && base.user_id != null)
    await tx.execute(
      sql`UPDATE users SET points = GREATEST(0, points - ${taken * base.points}) WHERE id = ${base.user_id}`,
    );
  return { revisionId: String(result.revisionId), reverted, leftAsTheyAre };
}

/**
 * What reverting a revision would do (admins): each field it changed with its value before,
 * after and now, and whether it is revertible (it still holds the revision's value after; a field
 * a later revision changed is left as it is).
 * @param revisionId a revision's `id` from the history (a number, or its text)
 * @returns `{ revision_id, entity, entity_public_id, kind, fields: [{ field, before, after, now, revertible }] }`
 * @throws AppError unauthorized (visitor), forbidden (not an admin), not_found (no such revision),
 *   not_revertible (a 'create' or 'merge' revision, a deletion that merged the entity into another, or
 *   an edit of an entity that no longer exists or is deleted)
 */
export async function previewRevert(actor: Actor | null, revisionId: string | number, db?: Db): Promise<RevertPreview> {
  requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  const { revision, fields } = await revertPlan(d, revisionId, false);
  return {
    revision_id: String(revision.id),
    entity: revision.entity_type,
    entity_public_id: revision.entity_public_id,
    kind: revision.kind as 'edit' | 'revert' | 'delete',
    fields,
  };
}

/**
 * Reverts a revision (admins), in one transaction: each field that still holds the revision's
 * value after is written back to its value before through the catalogue writer, as a 'revert'
 * revision by the admin naming the revision (`reverts_id`); fields a later revision changed are
 * left as they are. The revision's author loses the points it earned (see the module comment: a
 * revert of a revert gives them back). Reverting the same revision again finds no field still
 * holding its value after: nothing is written and `revisionId` is null.
 * @param revisionId a revision's `id` from the history (a number, or its text)
 * @returns `{ revisionId: the new revert revision's id or null, reverted: fields written back, leftAsTheyAre: the others }`
 * A 'delete' revision is reverted by restoring the entity (setCatalogueEntityDeleted); reverting
 * that revert deletes it again, refused with in_use while other records depend on it by then.
 * @throws AppError unauthorized, forbidden (not an admin), not_found, not_revertible (see previewRevert), in_use,
 *   invalid_value when a value to write back no longer fits (it names a movie, person or label that
 *   is gone), label_name_taken when a label's old name is another label's now
 */
export async function revertRevision(actor: Actor | null, revisionId: string | number, db?: Db): Promise<RevertResult> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  return inTransaction(d, (tx) => revertInTx(tx, admin, revisionId));
}

/**
 * Reverts every 'edit' revision a member authored (admins), newest first so that later edits are
 * undone before earlier ones, in one transaction (points taken back as revertRevision does). A
 * revision of an entity that no longer exists, or whose values no longer fit (invalid_value,
 * label_name_taken), is skipped: all its fields are listed as left as they are.
 * @param userPublicId the member's public id
 * @returns per revision, newest first: `{ revertedId, entity, entityPublicId, revisionId, reverted, leftAsTheyAre }`
 * @throws AppError unauthorized, forbidden (not an admin), not_found (no such member)
 */
export async function revertMemberRevisions(
  actor: Actor | null,
  userPublicId: string,
  db?: Db,
): Promise<MemberRevertItem[]> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  return inTransaction(d, async (tx) => {
    const [user] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE public_id = ${userPublicId}`);
    if (!user) throw new AppError('not_found');
    const ids = await queryRows<{
      id: number;
      entity_type: CatalogueEntity;
      entity_public_id: string;
      changes: FieldChanges | string;
    }>(
      tx,
      sql`SELECT id, entity_type, entity_public_id, changes FROM revisions
          WHERE user_id = ${user.id} AND kind = 'edit' ORDER BY id DESC`,
    );
    const out: MemberRevertItem[] = [];
    for (const r of ids) {
      const item = { revertedId: String(r.id), entity: r.entity_type, entityPublicId: r.entity_public_id };
      // Each revert in a savepoint: one that fails leaves the others (and the transaction) intact.
      await tx.execute(sql`SAVEPOINT revert_one`);
      try {
        const { revisionId, reverted, leftAsTheyAre } = await revertInTx(tx, admin, Number(r.id));
        await tx.execute(sql`RELEASE SAVEPOINT revert_one`);
        out.push({ ...item, revisionId, reverted, leftAsTheyAre });
      } catch (error) {
        if (!(
          error instanceof AppError && ['not_revertible', 'invalid_value', 'label_name_taken'].includes(error.code)
        ))
          throw error;
        await tx.execute(sql`ROLLBACK TO SAVEPOINT revert_one`);
        out.push({ ...item, revisionId: null, reverted: [], leftAsTheyAre: Object.keys(changesOf(r.changes)) });
      }
    }
    return out;
  });
}
