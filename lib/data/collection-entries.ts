import 'server-only';
/**
 * The one writer of collection entries. The entry dialog and API, member toggles and file
 * imports all add, change and remove entries here, inside the caller's transaction
 * (lib/data/events.ts inTransaction): the collection's entries count moves with each row, and one
 * `collection.entries.changed` event per write tells the subscribers (toggle counters, value
 * snapshots, cached item pages) what changed. Writes to a given collection ({@link addEntries},
 * {@link removeItemEntry}) come from callers that have checked who may write (lib/auth/policies.ts
 * canEditCollection, or the actor's own shortcut list) and that the items fit its category; a
 * write to an entry by id ({@link updateOwnEntry}, {@link removeOwnEntry}) asks canEditEntry
 * itself and keeps the owner in its SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canEditEntry } from '@/lib/auth/policies';
import type { EntryData } from '@/lib/validation/collections';
import type { ToggleItem } from '@/lib/validation/toggles';
import type { CollectionState, DomainEvents, ItemRef } from './event-types';
import { publish } from './events';
import { ITEM_TABLES } from './item-counters';
import { queryRows } from './sql';

/** The collection an entry is written to: its id, owner and the state that decides its counters. */
export type EntryTarget = CollectionState & { id: number; user_id: number };

type Via = DomainEvents['collection.entries.changed']['via'];

/** Entry fields of an entry that carries none (toggles). */
const NO_FIELDS: EntryData = {
  comment: null,
  comment_language: null,
  price: null,
  currency: null,
  condition: null,
  acquired_on: null,
  watched_method: null,
};

function stateOf(c: CollectionState): CollectionState {
  return { style: Number(c.style), shortcut_default: c.shortcut_default, deleted: c.deleted };
}

/**
 * Adds entries to a collection: one per item, an item the collection already holds is skipped.
 * Publishes one `added` event with the items really added (none: no event).
 * @returns per given entry, the new entry id, or null when the collection already held the item
 */
export async function addEntries(
  tx: Db,
  c: EntryTarget,
  write: { entries: { item: ItemRef; data?: EntryData }[]; via: Via },
): Promise<(number | null)[]> {
  const { entries, via } = write;
  const ids: (number | null)[] = [];
  const added: ItemRef[] = [];
  for (const { item, data } of entries) {
    const v = data ?? NO_FIELDS;
    const fk = ITEM_TABLES[item.type].fk;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO collection_entries (collection_id, ${fk}, comment, comment_language, price, currency, condition, acquired_on, watched_method)
          VALUES (${c.id}, ${item.id}, ${v.comment}, ${v.comment_language}, ${v.price}, ${v.currency}, ${v.condition}, ${v.acquired_on}, ${v.watched_method})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    ids.push(rows[0] ? Number(rows[0].id) : null);
    if (rows[0]) added.push(item);
  }
  if (added.length) {
    await tx.execute(
      sql`UPDATE collections SET entries_count = entries_count + ${added.length}, updated_at = now() WHERE id = ${c.id}`,
    );
    await publish(tx, 'collection.entries.changed', {
      collectionId: c.id,
      userId: c.user_id,
      collection: stateOf(c),
      change: 'added',
      items: added,
      via,
    });
  }
  return ids;
}

type ChangedRow = {
  collection_id: number;
  user_id: number;
  style: number;
  shortcut_default: boolean;
  deleted: boolean;
  movie_id: number | null;
  release_id: number | null;
  movie_public_id: string | null;
  release_public_id: string | null;
};

/** RETURNING columns of a changed entry row `e` of collection `c`. */
const CHANGED_COLUMNS = sql`e.collection_id, c.user_id, c.style, c.shortcut_default, c.deleted_at IS NOT NULL AS deleted, e.movie_id, e.release_id,
  (SELECT public_id FROM movies WHERE id = e.movie_id) AS movie_public_id, (SELECT public_id FROM releases WHERE id = e.release_id) AS release_public_id`;

function itemOf(r: ChangedRow): ItemRef {
  const type: ToggleItem = r.movie_id !== null ? 'movie' : 'release';
  return {
    type,
    id: Number(r.movie_id ?? r.release_id),
    publicId: (r.movie_public_id ?? r.release_public_id) as string,
  };
}

async function publishChanged(tx: Db, r: ChangedRow, what: { change: 'updated' | 'removed'; via: Via }): Promise<void> {
  const { change, via } = what;
  const collection = { style: Number(r.style), shortcut_default: r.shortcut_default, deleted: r.deleted };
  await publish(tx, 'collection.entries.changed', {
    collectionId: Number(r.collection_id),
    userId: Number(r.user_id),
    collection,
    change,
    items: [itemOf(r)],
    via,
  });
}

async function removeWhere(tx: Db, where: SQL, via: Via): Promise<ItemRef | null> {
  const [r] = await queryRows<ChangedRow>(
    tx,
    sql`DELETE FROM collection_entries e USING collections c WHERE c.id = e.collection_id AND ${where} RETURNING ${CHANGED_COLUMNS}`,
  );
  if (!r) return null;
  await tx.execute(
    sql`UPDATE collections SET entries_count = entries_count - 1, updated_at = now() WHERE id = ${r.collection_id}`,
  );
  await publishChanged(tx, r, { change: 'removed', via });
  return itemOf(r);
}

/**
 * Whether the actor may change the entry `entryId` (canEditEntry on its collection's owner),
 * locking the entry for the rest of the transaction.
 */
async function entryEditable(tx: Db, actor: Actor, entryId: number): Promise<boolean> {
  const [r] = await queryRows<{ user_id: number }>(
    tx,
    sql`SELECT c.user_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
        WHERE e.id = ${entryId} FOR UPDATE OF e`,
  );
  return !!r && canEditEntry(actor, { userId: Number(r.user_id) });
}

/**
 * Removes one entry, by id, from any collection of the actor.
 * @returns the removed entry's item, or null when the actor has no such entry (another user's
 *   included: canEditEntry)
 */
export async function removeOwnEntry(
  tx: Db,
  entry: { actor: Actor; entryId: number; via: Via },
): Promise<ItemRef | null> {
  const { actor, entryId, via } = entry;
  if (!(await entryEditable(tx, actor, entryId))) return null;
  return removeWhere(tx, sql`e.id = ${entryId} AND c.user_id = ${actor.userId}`, via);
}

/**
 * Removes an item from a collection (a toggle turned off).
 * @returns the removed entry's item, or null when the collection did not hold it
 */
export async function removeItemEntry(
  tx: Db,
  c: EntryTarget,
  entry: { item: ItemRef; via: Via },
): Promise<ItemRef | null> {
  const { item, via } = entry;
  return removeWhere(tx, sql`e.collection_id = ${c.id} AND e.${ITEM_TABLES[item.type].fk} = ${item.id}`, via);
}

/**
 * Saves the fields of one entry of any collection of the actor.
 * @returns the entry's item, or null when the actor has no such entry (another user's included:
 *   canEditEntry)
 */
export async function updateOwnEntry(
  tx: Db,
  entry: { actor: Actor; entryId: number; data: EntryData },
): Promise<ItemRef | null> {
  const { actor, entryId, data: v } = entry;
  if (!(await entryEditable(tx, actor, entryId))) return null;
  const userId = actor.userId;
  const [r] = await queryRows<ChangedRow>(
    tx,
    sql`UPDATE collection_entries e SET comment = ${v.comment}, comment_language = ${v.comment_language}, price = ${v.price}, currency = ${v.currency},
          condition = ${v.condition}, acquired_on = ${v.acquired_on}, watched_method = ${v.watched_method}, updated_at = now()
        FROM collections c
        WHERE e.id = ${entryId} AND c.id = e.collection_id AND c.user_id = ${userId}
        RETURNING ${CHANGED_COLUMNS}`,
  );
  if (!r) return null;
  await publishChanged(tx, r, { change: 'updated', via: 'entry' });
  return itemOf(r);
}
