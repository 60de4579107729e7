import 'server-only';
/**
 * The member toggles of spec §4: HAVE and WANTED on releases, seen and want-to-see on movies, like
 * on both. HAVE / WANTED / seen / want-to-see add or remove the item in the user's shortcut
 * collection of style 3 (owns), 4 (wanted), 2 (watched) or 6 (want to see), created on first use,
 * so lists and toggles never disagree. The counters of spec §3 (release_counters,
 * movie_counters) move in the same transaction as the entry or like, and only when a row was
 * really added or removed, so they stay exact under concurrent toggles (the unique indexes
 * serialize two toggles of the same user and item).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { DEFAULT_LIST_NAMES } from '@/lib/validation/collection-limits';
import { itemJsonColumns, keysetRows, pageOf, queryRows, resolveDb, toItemPair, type KeysetSort, type ReleaseListRow, type TitleListRow } from './internal';
import type { Page, ReleaseListItem, TitleListItem } from './types';
import type { Actor } from '@/lib/auth/actor';

/** Kinds of item a toggle applies to. */
export type ToggleItem = 'movie' | 'release';

/** The toggles, their item kind, shortcut collection style and counter column. */
export const TOGGLES = {
  have: { item: 'release', style: 3, counter: 'owned_count', listName: DEFAULT_LIST_NAMES[3] },
  wanted: { item: 'release', style: 4, counter: 'wanted_count', listName: DEFAULT_LIST_NAMES[4] },
  seen: { item: 'movie', style: 2, counter: 'seen_count', listName: DEFAULT_LIST_NAMES[2] },
  want_see: { item: 'movie', style: 6, counter: 'want_see_count', listName: DEFAULT_LIST_NAMES[6] },
  like: { item: null, style: null, counter: 'likes_count', listName: null },
} as const;
export type ToggleKind = keyof typeof TOGGLES;

/** Whether a value names a toggle. */
export function isToggleKind(v: unknown): v is ToggleKind {
  return typeof v === 'string' && Object.hasOwn(TOGGLES, v);
}

/** The toggles that apply to an item kind, in button order. */
export function togglesFor(item: ToggleItem): ToggleKind[] {
  return item === 'release' ? ['have', 'wanted', 'like'] : ['seen', 'want_see', 'like'];
}

/** Counters of an item (spec §3), by toggle kind: owners, wanters, likers, seers, want-to-seers. */
export type ToggleCounts = Partial<Record<ToggleKind, number>>;

/** An item's counters and, for a logged-in user, which of its toggles are on. */
export type ToggleState = { counts: ToggleCounts; mine: Partial<Record<ToggleKind, boolean>> | null };

const ITEM = {
  movie: { table: sql`movies`, fk: sql`movie_id`, counters: sql`movie_counters` },
  release: { table: sql`releases`, fk: sql`release_id`, counters: sql`release_counters` },
} as const;

/** The internal id of a movie or release by public id, or null. */
async function itemId(d: Db, item: ToggleItem, publicId: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(d, sql`SELECT id FROM ${ITEM[item].table} WHERE public_id = ${publicId} LIMIT 1`);
  return rows[0]?.id ?? null;
}

/** The counters of an item by kind (zeros without a counters row). */
async function counts(d: Db, item: ToggleItem, id: number): Promise<ToggleCounts> {
  const kinds = togglesFor(item);
  const cols = sql.join(
    kinds.map((k) => sql.raw(TOGGLES[k].counter)),
    sql`, `,
  );
  const rows = await queryRows<Record<string, number>>(d, sql`SELECT ${cols} FROM ${ITEM[item].counters} WHERE ${ITEM[item].fk} = ${id}`);
  return Object.fromEntries(kinds.map((k) => [k, Number(rows[0]?.[TOGGLES[k].counter] ?? 0)]));
}

/** The id of the user's shortcut collection of a style, created (public, default name) on first use. */
async function shortcutCollection(tx: Db, userId: number, kind: Exclude<ToggleKind, 'like'>): Promise<number> {
  const t = TOGGLES[kind];
  const category = t.item === 'movie' ? 'movies' : 'releases';
  const publicId = crypto.randomBytes(8).toString('base64url').slice(0, 10);
  const created = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO collections (public_id, user_id, name, category, style, shortcut_default)
        VALUES (${publicId}, ${userId}, ${t.listName}, ${category}, ${t.style}, true)
        ON CONFLICT (user_id, style) WHERE shortcut_default AND deleted_at IS NULL DO NOTHING
        RETURNING id`,
  );
  if (created[0]) return created[0].id;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM collections WHERE user_id = ${userId} AND style = ${t.style} AND shortcut_default AND deleted_at IS NULL`,
  );
  return rows[0].id;
}

/** Adds `delta` (+1 / -1) to one counter of an item. */
export async function bump(tx: Db, item: ToggleItem, id: number, kind: ToggleKind, delta: 1 | -1): Promise<void> {
  const col = sql.raw(TOGGLES[kind].counter);
  const { counters, fk } = ITEM[item];
  await tx.execute(
    sql`INSERT INTO ${counters} (${fk}, ${col}) VALUES (${id}, ${Math.max(delta, 0)})
        ON CONFLICT (${fk}) DO UPDATE SET ${col} = ${counters}.${col} + ${delta}`,
  );
}

/** Outcome of {@link setToggle}: the toggle's state and the item's counter after the change. */
export type SetToggleResult = { ok: true; on: boolean; count: number } | { ok: false; error: 'not_found' | 'wrong_item' };

/**
 * Turns a toggle of the actor on or off for a movie or release (idempotent: turning on what is
 * on changes nothing). Permission: any logged-in user, for their own lists only (the actor).
 * @returns the new state and the item's counter for that toggle; `not_found` for an unknown
 *   public id, `wrong_item` for a toggle of the other item kind (HAVE on a movie)
 */
export async function setToggle(actor: Actor, kind: ToggleKind, item: ToggleItem, publicId: string, on: boolean, db?: Db): Promise<SetToggleResult> {
  const t = TOGGLES[kind];
  if (t.item !== null && t.item !== item) return { ok: false, error: 'wrong_item' };
  const d = await resolveDb(db);
  const id = await itemId(d, item, publicId);
  if (id === null) return { ok: false, error: 'not_found' };
  const fk = ITEM[item].fk;
  await d.transaction(async (tx) => {
    let changed: { id: number }[];
    if (kind === 'like') {
      changed = on
        ? await queryRows(tx, sql`INSERT INTO likes (user_id, ${fk}) VALUES (${actor.userId}, ${id}) ON CONFLICT DO NOTHING RETURNING id`)
        : await queryRows(tx, sql`DELETE FROM likes WHERE user_id = ${actor.userId} AND ${fk} = ${id} RETURNING id`);
    } else {
      const collectionId = await shortcutCollection(tx, actor.userId, kind);
      changed = on
        ? await queryRows(tx, sql`INSERT INTO collection_entries (collection_id, ${fk}) VALUES (${collectionId}, ${id}) ON CONFLICT DO NOTHING RETURNING id`)
        : await queryRows(tx, sql`DELETE FROM collection_entries WHERE collection_id = ${collectionId} AND ${fk} = ${id} RETURNING id`);
      if (changed.length) {
        await tx.execute(sql`UPDATE collections SET entries_count = entries_count + ${on ? 1 : -1}, updated_at = now() WHERE id = ${collectionId}`);
      }
    }
    if (changed.length) await bump(tx, item, id, kind, on ? 1 : -1);
  });
  const c = await counts(d, item, id);
  return { ok: true, on, count: c[kind] ?? 0 };
}

/** Which of the toggles of an item are on for a user: shortcut entries and the like. */
async function mine(d: Db, userId: number, item: ToggleItem, id: number): Promise<Partial<Record<ToggleKind, boolean>>> {
  const fk = ITEM[item].fk;
  const styles = togglesFor(item)
    .filter((k): k is Exclude<ToggleKind, 'like'> => k !== 'like')
    .map((k) => TOGGLES[k].style);
  const rows = await queryRows<{ style: number }>(
    d,
    sql`SELECT c.style FROM collections c JOIN collection_entries e ON e.collection_id = c.id
        WHERE c.user_id = ${userId} AND c.shortcut_default AND c.deleted_at IS NULL AND c.style IN (${sql.join(
          styles.map((s) => sql`${s}`),
          sql`, `,
        )}) AND e.${fk} = ${id}`,
  );
  const liked = await queryRows<{ id: number }>(d, sql`SELECT id FROM likes WHERE user_id = ${userId} AND ${fk} = ${id} LIMIT 1`);
  const on = new Set(rows.map((r) => Number(r.style)));
  const state: Partial<Record<ToggleKind, boolean>> = { like: liked.length > 0 };
  for (const k of togglesFor(item)) if (k !== 'like') state[k] = on.has(TOGGLES[k].style);
  return state;
}

/**
 * The counters of a movie or release and, with an actor, which toggles are on for them.
 * @returns null for an unknown public id
 */
export async function toggleState(actor: Actor | null, item: ToggleItem, publicId: string, db?: Db): Promise<ToggleState | null> {
  const d = await resolveDb(db);
  const id = await itemId(d, item, publicId);
  if (id === null) return null;
  return { counts: await counts(d, item, id), mine: actor ? await mine(d, actor.userId, item, id) : null };
}


/**
 * Takes a user's toggles and likes out of the counters before the account is deleted (a step of
 * users.ts deleteAccount, inside its transaction; the entries and likes themselves go with the
 * user row). Each (user, item) appears at most once per toggle, so every counter drops by one.
 */
export async function releaseUserToggles(tx: Db, userId: number): Promise<void> {
  for (const item of ['movie', 'release'] as const) {
    const { counters, fk } = ITEM[item];
    for (const kind of togglesFor(item)) {
      const col = sql.raw(TOGGLES[kind].counter);
      const t = TOGGLES[kind];
      const source =
        t.style === null
          ? sql`SELECT ${fk} AS item_id FROM likes WHERE user_id = ${userId} AND ${fk} IS NOT NULL`
          : sql`SELECT e.${fk} AS item_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
                WHERE c.user_id = ${userId} AND c.style = ${t.style} AND c.shortcut_default AND c.deleted_at IS NULL AND e.${fk} IS NOT NULL`;
      await tx.execute(sql`UPDATE ${counters} SET ${col} = ${counters}.${col} - 1 FROM (${source}) s WHERE ${counters}.${fk} = s.item_id`);
    }
  }
}

/** The toggle whose counter a live shortcut collection of a style feeds (null for other styles). */
export function shortcutToggle(style: number): Exclude<ToggleKind, 'like'> | null {
  for (const kind of ['have', 'wanted', 'seen', 'want_see'] as const) if (TOGGLES[kind].style === style) return kind;
  return null;
}

/**
 * Moves the counters of every entry of a collection by `delta` (+1 / -1): when a collection
 * starts or stops being a live shortcut list of `style` (deleted, undeleted, style or shortcut
 * flag changed), so the counters keep counting exactly the entries of live shortcut lists.
 */
export async function shiftCollectionCounters(tx: Db, collectionId: number, style: number, delta: 1 | -1): Promise<void> {
  const kind = shortcutToggle(style);
  if (!kind) return;
  const item = TOGGLES[kind].item;
  const { counters, fk } = ITEM[item];
  const col = sql.raw(TOGGLES[kind].counter);
  await tx.execute(
    sql`INSERT INTO ${counters} (${fk}, ${col})
        SELECT ${fk}, ${Math.max(delta, 0)} FROM collection_entries WHERE collection_id = ${collectionId} AND ${fk} IS NOT NULL
        ON CONFLICT (${fk}) DO UPDATE SET ${col} = ${counters}.${col} + ${delta}`,
  );
}

/** One liked movie or release of a user (`/user/{id}/likes`); `liked_at` ISO time. */
export type LikeDto = { movie: TitleListItem | null; release: ReleaseListItem | null; liked_at: string };

const LIKE_SORT: KeysetSort = { name: 'liked', expr: sql`k.created_at`, cast: 'timestamptz', dir: 'desc' };

/** One page of what a user (public id) liked, newest first (likes are public). */
export async function listLikes(userPublicId: string, cursor?: string | null, limit = 48, db?: Db): Promise<Page<LikeDto>> {
  const d = await resolveDb(db);
  type Row = { id: number; sk: string | null; created_at: string | Date; movie: TitleListRow | string | null; release: ReleaseListRow | string | null };
  const rows = await keysetRows<Row>(d, {
    columns: sql`k.id, k.created_at, ${itemJsonColumns(sql`k`)}`,
    from: sql`likes k JOIN users u ON u.id = k.user_id`,
    conds: [sql`u.public_id = ${userPublicId}`],
    sort: LIKE_SORT,
    idCol: sql`k.id`,
    cursor,
    limit,
  });
  return pageOf(rows, limit, LIKE_SORT, (r) => ({ ...toItemPair(r.movie, r.release), liked_at: new Date(r.created_at).toISOString() }));
}
