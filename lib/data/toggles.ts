import 'server-only';
/**
 * The member toggles (lib/validation/toggles.ts): HAVE and WANTED on releases, seen and
 * want-to-see on movies, like on both. HAVE / WANTED / seen / want-to-see add or remove the item
 * in the user's shortcut collection, created on first use, so lists and toggles never disagree.
 * The item counters move in the same transaction, through the domain events
 * (lib/data/item-counters.ts), only when a row was really added or removed. Also a user's likes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { AppError, badParam } from '@/lib/errors';
import { isCommunityItem, TOGGLES, togglesFor, type LikeItem, type ToggleKind } from '@/lib/validation/toggles';
import { canLike, canUseMemberFeatures } from '@/lib/auth/policies';
import { countAction } from './action-limits';
import { addEntries, removeItemEntry } from './collection-entries';
import { inTransaction, publish } from './events';
import { COMMUNITY_TABLES, ITEM_TABLES, itemCounts, type ToggleCounts } from './item-counters';
import { ensureShortcutList } from './shortcut-lists';
import { itemJsonColumns, toItemPair, type ReleaseListRow, type TitleListRow } from './catalogue-rows';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { inList, queryRows, resolveDb } from './sql';
import type { Page, ReleaseListItem, TitleListItem } from './types';
import type { Actor } from '@/lib/auth/actor';

export {
  isToggleKind,
  togglesFor,
  TOGGLES,
  type LikeItem,
  type ToggleItem,
  type ToggleKind,
} from '@/lib/validation/toggles';
export type { ToggleCounts } from './item-counters';

/** An item's counters and, for a logged-in user, which of its toggles are on. */
export type ToggleState = { counts: ToggleCounts; mine: Partial<Record<ToggleKind, boolean>> | null };

/** The internal id (and author, for reviews, posts and comments) of an item by public id, or null. */
async function itemRow(
  d: Db,
  item: LikeItem,
  publicId: string,
): Promise<{ id: number; user_id: number | null } | null> {
  const table = isCommunityItem(item) ? COMMUNITY_TABLES[item].table : ITEM_TABLES[item].table;
  const author = isCommunityItem(item) ? sql`user_id` : sql`NULL::int AS user_id`;
  // A deleted movie or release (a tombstone) has no toggles.
  const live = isCommunityItem(item) ? sql`` : sql`AND deleted_at IS NULL`;
  const rows = await queryRows<{ id: number; user_id: number | null }>(
    d,
    sql`SELECT id, ${author} FROM ${table} WHERE public_id = ${publicId} ${live} LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** The likes column of an item kind. */
function likeFk(item: LikeItem) {
  return isCommunityItem(item) ? COMMUNITY_TABLES[item].fk : ITEM_TABLES[item].fk;
}

/** Outcome of {@link setToggle}: the toggle's state and the item's counter after the change. */
export type SetToggleResult = { on: boolean; count: number };

/**
 * Turns a toggle of the actor on or off for a movie, release, review, post or comment
 * (idempotent: turning on what is on changes nothing). HAVE / WANTED / seen / want to see add or
 * remove the item in the actor's shortcut list (lib/data/collection-entries.ts, created on first
 * use); like sets or removes the like (the only toggle of reviews, posts and comments). The
 * counters follow through the domain events. Permission: any logged-in user, for their own lists
 * only (the actor: canUseMemberFeatures, the shortcut list found by the actor's id); nobody likes
 * their own review, post or comment (lib/auth/policies.ts canLike).
 * @returns the new state and the item's counter for that toggle
 * @throws AppError unauthorized for an actor without member features; not_found for an unknown
 *   public id; bad_param (kind) for a toggle of the other
 *   item kind (HAVE on a movie); forbidden for a like of one's own review, post or comment;
 *   action_limited (HTTP 429) past the toggle or like limits (lib/data/action-limits.ts)
 */
export async function setToggle(
  actor: Actor,
  toggle: { kind: ToggleKind; item: LikeItem; publicId: string; on: boolean },
  db?: Db,
): Promise<SetToggleResult> {
  const { kind, item, publicId, on } = toggle;
  if (!togglesFor(item).includes(kind)) throw badParam('kind', kind);
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const row = await itemRow(d, item, publicId);
  if (row === null) throw new AppError('not_found');
  const { id } = row;
  if (row.user_id !== null && !canLike(actor, { userId: Number(row.user_id) })) throw new AppError('forbidden');
  await countAction(actor, kind === 'like' ? 'like' : 'toggle', d);
  const fk = likeFk(item);
  await inTransaction(d, async (tx) => {
    if (kind === 'like') {
      const changed = on
        ? await queryRows(
            tx,
            sql`INSERT INTO likes (user_id, ${fk}) VALUES (${actor.userId}, ${id}) ON CONFLICT DO NOTHING RETURNING id`,
          )
        : await queryRows(tx, sql`DELETE FROM likes WHERE user_id = ${actor.userId} AND ${fk} = ${id} RETURNING id`);
      if (changed.length)
        await publish(tx, 'like.changed', { userId: actor.userId, item: { type: item, id, publicId }, on });
      return;
    }
    if (isCommunityItem(item)) throw badParam('kind', kind);
    const ref = { type: item, id, publicId };
    const list = await ensureShortcutList(tx, actor.userId, kind);
    if (on) await addEntries(tx, list, { entries: [{ item: ref }], via: 'toggle' });
    else await removeItemEntry(tx, list, { item: ref, via: 'toggle' });
  });
  const c = await counts(d, item, id);
  return { on, count: c[kind] ?? 0 };
}

/** The counters of an item: movie / release counters, or the likes of a review, post or comment. */
async function counts(d: Db, item: LikeItem, id: number): Promise<ToggleCounts> {
  if (!isCommunityItem(item)) return itemCounts(d, item, id);
  const rows = await queryRows<{ n: number }>(
    d,
    sql`SELECT likes_count AS n FROM ${COMMUNITY_TABLES[item].table} WHERE id = ${id}`,
  );
  return { like: Number(rows[0]?.n ?? 0) };
}

/** Which of the toggles of an item are on for a user: shortcut entries and the like. */
async function mine(
  d: Db,
  userId: number,
  target: { item: LikeItem; id: number },
): Promise<Partial<Record<ToggleKind, boolean>>> {
  const { item, id } = target;
  const fk = likeFk(item);
  const liked = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM likes WHERE user_id = ${userId} AND ${fk} = ${id} LIMIT 1`,
  );
  if (isCommunityItem(item)) return { like: liked.length > 0 };
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
  const on = new Set(rows.map((r) => Number(r.style)));
  const state: Partial<Record<ToggleKind, boolean>> = { like: liked.length > 0 };
  for (const k of togglesFor(item)) if (k !== 'like') state[k] = on.has(TOGGLES[k].style);
  return state;
}

/**
 * The counters of a movie, release, review, post or comment and, with an actor, which toggles
 * are on for them.
 * @returns null for an unknown public id
 */
export async function toggleState(
  actor: Actor | null,
  target: { item: LikeItem; publicId: string },
  db?: Db,
): Promise<ToggleState | null> {
  const { item, publicId } = target;
  const d = await resolveDb(db);
  const row = await itemRow(d, item, publicId);
  if (row === null) return null;
  const { id } = row;
  const own = canUseMemberFeatures(actor) ? await mine(d, actor.userId, { item, id }) : null;
  return { counts: await counts(d, item, id), mine: own };
}

/** One liked movie or release of a user (`/user/{id}/likes`); `liked_at` ISO time. */
export type LikeDto = { movie: TitleListItem | null; release: ReleaseListItem | null; liked_at: string };

const LIKE_SORT: KeysetSort = { name: 'liked', expr: sql`k.created_at`, cast: 'timestamptz', dir: 'desc' };

/** One page of the movies and releases a user (public id) liked, newest first (likes are public). */
export async function listLikes(userPublicId: string, page: Paging = {}, db?: Db): Promise<Page<LikeDto>> {
  const { cursor = null, limit = 48 } = page;
  const d = await resolveDb(db);
  type Row = {
    id: number;
    sk: string | null;
    created_at: string | Date;
    movie: TitleListRow | string | null;
    release: ReleaseListRow | string | null;
  };
  const rows = await keysetRows<Row>(d, {
    columns: sql`k.id, k.created_at, ${itemJsonColumns(sql`k`)}`,
    from: sql`likes k JOIN users u ON u.id = k.user_id`,
    conds: [sql`u.public_id = ${userPublicId}`, sql`(k.movie_id IS NOT NULL OR k.release_id IS NOT NULL)`],
    sort: LIKE_SORT,
    idCol: sql`k.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: LIKE_SORT }, (r) => ({
    ...toItemPair(r.movie, r.release),
    liked_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * One liked review, post or comment of a user (`kind` names which): its public id, a title (the
 * review's or post's headline; for a comment the headline of its post or review), the author
 * (public id and name) and, for a comment, its thread. `liked_at` ISO time.
 */
export type CommunityLikeDto = {
  kind: 'review' | 'post' | 'comment';
  public_id: string;
  title: string;
  author: { public_id: string; name: string };
  thread: { type: 'review' | 'post'; public_id: string } | null;
  liked_at: string;
};

const COMMUNITY_LIKE_SORT: KeysetSort = { name: 'liked_c', expr: sql`k.created_at`, cast: 'timestamptz', dir: 'desc' };

/** One page of the reviews, posts and comments a user (public id) liked, newest first (likes are public). */
export async function listCommunityLikes(
  userPublicId: string,
  page: Paging = {},
  db?: Db,
): Promise<Page<CommunityLikeDto>> {
  const { cursor = null, limit = 48 } = page;
  const d = await resolveDb(db);
  type Row = {
    id: number;
    sk: string | null;
    created_at: string | Date;
    kind: CommunityLikeDto['kind'];
    public_id: string;
    title: string;
    author_public_id: string;
    author_name: string;
    thread_type: 'review' | 'post' | null;
    thread_public_id: string | null;
  };
  const rows = await keysetRows<Row>(d, {
    columns: sql`k.id, k.created_at,
      CASE WHEN k.review_id IS NOT NULL THEN 'review' WHEN k.post_id IS NOT NULL THEN 'post' ELSE 'comment' END AS kind,
      COALESCE(rv.public_id, p.public_id, c.public_id) AS public_id,
      COALESCE(rv.headline, p.headline, crv.headline, cp.headline) AS title,
      au.public_id AS author_public_id, au.name AS author_name,
      CASE WHEN c.review_id IS NOT NULL THEN 'review' WHEN c.post_id IS NOT NULL THEN 'post' END AS thread_type,
      COALESCE(crv.public_id, cp.public_id) AS thread_public_id`,
    from: sql`likes k JOIN users u ON u.id = k.user_id
      LEFT JOIN reviews rv ON rv.id = k.review_id LEFT JOIN posts p ON p.id = k.post_id
      LEFT JOIN comments c ON c.id = k.comment_id
      LEFT JOIN reviews crv ON crv.id = c.review_id LEFT JOIN posts cp ON cp.id = c.post_id
      JOIN users au ON au.id = COALESCE(rv.user_id, p.user_id, c.user_id)`,
    conds: [
      sql`u.public_id = ${userPublicId}`,
      sql`(k.review_id IS NOT NULL OR k.post_id IS NOT NULL OR k.comment_id IS NOT NULL)`,
    ],
    sort: COMMUNITY_LIKE_SORT,
    idCol: sql`k.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: COMMUNITY_LIKE_SORT }, (r) => ({
    kind: r.kind,
    public_id: r.public_id,
    title: r.title,
    author: { public_id: r.author_public_id, name: r.author_name },
    thread: r.thread_type && r.thread_public_id ? { type: r.thread_type, public_id: r.thread_public_id } : null,
    liked_at: new Date(r.created_at).toISOString(),
  }));
}

/** The two lists of a user's likes page: liked movies and releases, and liked reviews, posts and comments. */
export type UserLikes = { catalogue: Page<LikeDto>; community: Page<CommunityLikeDto> };

/**
 * The `/user/{id}/likes` page data: a page of {@link listLikes} at `cursor` and a page of
 * {@link listCommunityLikes} at `communityCursor`, each with its own keyset cursor (null: the
 * first page) and `limit` (default 48). A cursor that does not decode throws `AppError('bad_cursor')`.
 */
export async function listUserLikes(
  userPublicId: string,
  paging: { cursor?: string | null; communityCursor?: string | null; limit?: number } = {},
  db?: Db,
): Promise<UserLikes> {
  const { cursor = null, communityCursor = null, limit } = paging;
  const [catalogue, community] = await Promise.all([
    listLikes(userPublicId, { cursor, limit }, db),
    listCommunityLikes(userPublicId, { cursor: communityCursor, limit }, db),
  ]);
  return { catalogue, community };
}

/**
 * Which of the given reviews, posts or comments (public ids) a user liked: for the like buttons of
 * a thread page rendered for that user. One query for the whole page.
 * @returns the liked public ids (empty for no user)
 */
export async function likedPublicIds(
  userId: number | null,
  item: 'review' | 'post' | 'comment',
  publicIds: readonly string[],
  db?: Db,
): Promise<Set<string>> {
  if (userId === null || publicIds.length === 0) return new Set();
  const d = await resolveDb(db);
  const { table, fk } = COMMUNITY_TABLES[item];
  const rows = await queryRows<{ public_id: string }>(
    d,
    sql`SELECT t.public_id FROM likes k JOIN ${table} t ON t.id = k.${fk}
        WHERE k.user_id = ${userId} AND ${inList(sql`t.public_id`, publicIds)}`,
  );
  return new Set(rows.map((r) => r.public_id));
}
