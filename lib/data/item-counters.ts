import 'server-only';
/**
 * The item counters (release_counters, movie_counters): owners, wanters, seers,
 * want-to-seers and likers of each movie and release. They count exactly the entries of live
 * shortcut lists and the likes, and move only through the subscribers below, inside the
 * transaction of the write that changed a row, so they stay exact under concurrent toggles (the
 * unique indexes serialize two writes of the same user and item).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  feedsCounters,
  shortcutToggle,
  TOGGLES,
  togglesFor,
  type ToggleItem,
  type ToggleKind,
} from '@/lib/validation/toggles';
import type { DomainEvents } from './event-types';
import { queryRows } from './sql';

/** SQL names of an item kind's table, foreign-key column and counters table. */
export const ITEM_TABLES = {
  movie: { table: sql`movies`, fk: sql`movie_id`, counters: sql`movie_counters`, category: 'movies' },
  release: { table: sql`releases`, fk: sql`release_id`, counters: sql`release_counters`, category: 'releases' },
} as const;

/** Counters of an item, by toggle kind. */
export type ToggleCounts = Partial<Record<ToggleKind, number>>;

/** The counters of an item by kind (zeros without a counters row). */
export async function itemCounts(d: Db, item: ToggleItem, id: number): Promise<ToggleCounts> {
  const kinds = togglesFor(item);
  const cols = sql.join(
    kinds.map((k) => sql.raw(TOGGLES[k].counter)),
    sql`, `,
  );
  const { counters, fk } = ITEM_TABLES[item];
  const rows = await queryRows<Record<string, number>>(d, sql`SELECT ${cols} FROM ${counters} WHERE ${fk} = ${id}`);
  return Object.fromEntries(kinds.map((k) => [k, Number(rows[0]?.[TOGGLES[k].counter] ?? 0)]));
}

/** Adds `delta` to one counter of an item. */
async function bump(
  tx: Db,
  target: { item: ToggleItem; id: number },
  change: { kind: ToggleKind; delta: number },
): Promise<void> {
  const { item, id } = target;
  const { kind, delta } = change;
  const col = sql.raw(TOGGLES[kind].counter);
  const { counters, fk } = ITEM_TABLES[item];
  await tx.execute(
    sql`INSERT INTO ${counters} (${fk}, ${col}) VALUES (${id}, ${Math.max(delta, 0)})
        ON CONFLICT (${fk}) DO UPDATE SET ${col} = ${counters}.${col} + ${delta}`,
  );
}

/** Moves the counters of every entry of a collection by `delta` (+1 / -1) for the toggle of `style`. */
async function shiftCollection(tx: Db, collectionId: number, change: { style: number; delta: 1 | -1 }): Promise<void> {
  const { style, delta } = change;
  const kind = shortcutToggle(style);
  if (!kind) return;
  const { counters, fk } = ITEM_TABLES[TOGGLES[kind].item];
  const col = sql.raw(TOGGLES[kind].counter);
  await tx.execute(
    sql`INSERT INTO ${counters} (${fk}, ${col})
        SELECT ${fk}, ${Math.max(delta, 0)} FROM collection_entries WHERE collection_id = ${collectionId} AND ${fk} IS NOT NULL
        ON CONFLICT (${fk}) DO UPDATE SET ${col} = ${counters}.${col} + ${delta}`,
  );
}

/** Entries added to or removed from a live shortcut list move its toggle's counter of each item. */
export async function countEntries(tx: Db, e: DomainEvents['collection.entries.changed']): Promise<void> {
  if (e.change === 'updated' || !feedsCounters(e.collection)) return;
  const kind = shortcutToggle(Number(e.collection.style));
  if (!kind) return;
  for (const item of e.items)
    await bump(tx, { item: item.type, id: item.id }, { kind, delta: e.change === 'added' ? 1 : -1 });
}

/**
 * A collection that starts or stops being a live shortcut list (trashed, restored, style or
 * shortcut flag changed) moves the counters of all its entries, so the counters keep counting
 * exactly the entries of live shortcut lists.
 */
export async function countCollectionChange(tx: Db, e: DomainEvents['collection.changed']): Promise<void> {
  const before = feedsCounters(e.before);
  const after = feedsCounters(e.after);
  const styleChanged = Number(e.before.style) !== Number(e.after.style);
  if (before && (!after || styleChanged))
    await shiftCollection(tx, e.collectionId, { style: Number(e.before.style), delta: -1 });
  if (after && (!before || styleChanged))
    await shiftCollection(tx, e.collectionId, { style: Number(e.after.style), delta: 1 });
}

/** The tables of the community items a like may point at (their `likes_count` column). */
export const COMMUNITY_TABLES = {
  review: { table: sql`reviews`, fk: sql`review_id` },
  post: { table: sql`posts`, fk: sql`post_id` },
  comment: { table: sql`comments`, fk: sql`comment_id` },
} as const;

/**
 * A like set or taken back moves the item's likes counter: movie_counters / release_counters, or
 * the `likes_count` of the review, post or comment.
 */
export async function countLike(tx: Db, e: DomainEvents['like.changed']): Promise<void> {
  const { item } = e;
  const delta = e.on ? 1 : -1;
  if (item.type === 'movie' || item.type === 'release') {
    await bump(tx, { item: item.type, id: item.id }, { kind: 'like', delta });
    return;
  }
  const { table } = COMMUNITY_TABLES[item.type];
  await tx.execute(sql`UPDATE ${table} SET likes_count = likes_count + ${delta} WHERE id = ${item.id}`);
}

/**
 * Takes what a user's reviews, posts, comments and likes fed out of the counters of other
 * people's rows before the account is deleted (the rows themselves go by cascade): each liked
 * review, post or comment loses one like; each review or post the user commented on loses the
 * user's comments. Rows of the user are corrected too (harmless: they are deleted next).
 */
export async function uncountCommunity(tx: Db, e: DomainEvents['account.deleting']): Promise<void> {
  for (const { table, fk } of Object.values(COMMUNITY_TABLES))
    await tx.execute(
      sql`UPDATE ${table} SET likes_count = ${table}.likes_count - 1
          FROM (SELECT ${fk} AS item_id FROM likes WHERE user_id = ${e.userId} AND ${fk} IS NOT NULL) s
          WHERE ${table}.id = s.item_id`,
    );
  // Comments of the user's comments' threads: likes of the user's comments vanish with them; the
  // thread counters drop by the number of the user's comments in each thread.
  for (const { table, fk } of [COMMUNITY_TABLES.review, COMMUNITY_TABLES.post])
    await tx.execute(
      sql`UPDATE ${table} SET comments_count = ${table}.comments_count - s.n
          FROM (SELECT ${fk} AS thread_id, count(*)::int AS n FROM comments
                WHERE user_id = ${e.userId} AND ${fk} IS NOT NULL GROUP BY ${fk}) s
          WHERE ${table}.id = s.thread_id`,
    );
}

/**
 * Takes a user's toggles and likes out of the counters before the account is deleted (the entries
 * and likes themselves go with the user row). Each (user, item) appears at most once per toggle,
 * so every counter drops by one.
 */
export async function uncountAccount(tx: Db, e: DomainEvents['account.deleting']): Promise<void> {
  for (const item of ['movie', 'release'] as const) {
    const { counters, fk } = ITEM_TABLES[item];
    for (const kind of togglesFor(item)) {
      const col = sql.raw(TOGGLES[kind].counter);
      const t = TOGGLES[kind];
      const source =
        t.style === null
          ? sql`SELECT ${fk} AS item_id FROM likes WHERE user_id = ${e.userId} AND ${fk} IS NOT NULL`
          : sql`SELECT e.${fk} AS item_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
                WHERE c.user_id = ${e.userId} AND c.style = ${t.style} AND c.shortcut_default AND c.deleted_at IS NULL AND e.${fk} IS NOT NULL`;
      await tx.execute(
        sql`UPDATE ${counters} SET ${col} = ${counters}.${col} - 1 FROM (${source}) s WHERE ${counters}.${fk} = s.item_id`,
      );
    }
  }
}
