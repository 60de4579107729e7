import 'server-only';
/**
 * Trade matching: a release in one member's for-trade collection (style 7) that an accepted
 * friend has in a wanted collection (style 4). Collections in the trash or private never match:
 * a match tells the friend what is in the list. A match is stored once per trader, wanter and
 * release (db/schema/social.ts `trade_matches`, ON CONFLICT DO NOTHING), and only a newly stored
 * one publishes `trade.matched`, so each pair hears of a release once however often the entries
 * change. Matching runs in the transaction of added entries (`collection.entries.changed`), of a
 * for-trade or wanted list saved or restored from the trash (`collection.changed`: a new style, made
 * public) and of a friendship's acceptance (`friendship.changed`): the subscribers of
 * lib/data/subscribers.ts; one such transaction at a time matches (an advisory lock held until it
 * ends), so two sides written at the same moment still match.
 * `/trades` lists the matches that still hold.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canSeeSocialFeed } from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';
import type { DomainEvents, PublishFn } from './event-types';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { inList, queryRows, resolveDb } from './sql';
import type { Page } from './types';

/** Collection style of a for-trade list. */
export const TRADE_STYLE = 7;
/** Collection style of a wanted list. */
export const WANTED_STYLE = 4;

/** `c` (a collections alias) is a live, public list of `style` of the user `userExpr`. */
function listOf(alias: string, style: number, userExpr: SQL): SQL {
  const c = sql.raw(alias);
  return sql`${c}.user_id = ${userExpr} AND ${c}.style = ${style} AND ${c}.deleted_at IS NULL AND ${c}.visibility = 'public'`;
}

/** The accepted friendship of two user id expressions, as an EXISTS condition. */
function friendsSql(a: SQL, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM friendships fr WHERE fr.state = 'accepted'
    AND LEAST(fr.requester_id, fr.addressee_id) = LEAST(${a}, ${b})
    AND GREATEST(fr.requester_id, fr.addressee_id) = GREATEST(${a}, ${b}))`;
}

/** The advisory lock key of trade matching (any constant no other lock uses). */
const TRADE_MATCH_LOCK = 2_022_000_023;

/**
 * Serializes trade matching until the transaction ends. Matching reads the other side's lists
 * and the friendship, and a transaction cannot see another's uncommitted rows: a release added to
 * a for-trade list and to a friend's wanted list at the same moment (or a list added to while a
 * friendship is accepted) was matched by neither. Under the lock, the later of two such
 * transactions matches after the earlier one has committed, so it sees the earlier one's rows.
 */
async function lockMatching(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRADE_MATCH_LOCK})`);
}

/**
 * Stores the matches that `candidates` (SELECT trader_id, wanter_id, release_id) yields and
 * publishes `trade.matched` for each newly stored one, holding the matching lock.
 */
async function storeMatches(tx: Db, candidates: SQL, publish: PublishFn): Promise<number> {
  await lockMatching(tx);
  const inserted = await queryRows<{ trader_id: number; wanter_id: number; release_id: number; public_id: string }>(
    tx,
    sql`WITH added AS (
          INSERT INTO trade_matches (trader_id, wanter_id, release_id)
          SELECT DISTINCT m.trader_id, m.wanter_id, m.release_id FROM (${candidates}) m
          ON CONFLICT (trader_id, wanter_id, release_id) DO NOTHING
          RETURNING trader_id, wanter_id, release_id
        )
        SELECT a.trader_id, a.wanter_id, a.release_id, r.public_id
        FROM added a JOIN releases r ON r.id = a.release_id
        ORDER BY a.release_id, a.trader_id, a.wanter_id`,
  );
  for (const m of inserted)
    await publish('trade.matched', {
      traderId: Number(m.trader_id),
      wanterId: Number(m.wanter_id),
      releaseId: Number(m.release_id),
      releasePublicId: m.public_id,
    });
  return inserted.length;
}

/**
 * Matches releases of one list of `userId` (style 7 or 4, already known to be live) against the
 * opposite lists of the user's friends; `releases` is the condition on `ce.release_id`.
 */
async function matchList(
  tx: Db,
  list: { collectionId: number; userId: number; style: number },
  releases: SQL,
  publish: PublishFn,
): Promise<void> {
  const [own] = await queryRows<{ visibility: string }>(
    tx,
    sql`SELECT visibility FROM collections WHERE id = ${list.collectionId}`,
  );
  if (own?.visibility !== 'public') return;
  const owner = sql`${list.userId}::integer`;
  const theirStyle = list.style === TRADE_STYLE ? WANTED_STYLE : TRADE_STYLE;
  const [trader, wanter] = list.style === TRADE_STYLE ? [owner, sql`c.user_id`] : [sql`c.user_id`, owner];
  await storeMatches(
    tx,
    sql`SELECT ${trader} AS trader_id, ${wanter} AS wanter_id, ce.release_id
        FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id
        WHERE ${releases}
          AND c.user_id IN (SELECT CASE WHEN fr.requester_id = ${owner} THEN fr.addressee_id ELSE fr.requester_id END
                            FROM friendships fr
                            WHERE fr.state = 'accepted' AND (fr.requester_id = ${owner} OR fr.addressee_id = ${owner}))
          AND c.style = ${theirStyle} AND c.deleted_at IS NULL AND c.visibility = 'public'`,
    publish,
  );
}

const isTradeStyle = (style: number) => style === TRADE_STYLE || style === WANTED_STYLE;

/**
 * `collection.entries.changed` subscriber: releases added to a for-trade list match the wanted
 * lists of the owner's friends, releases added to a wanted list match the friends' for-trade lists.
 * Other changes, styles and movie entries match nothing.
 */
export async function matchTradesOnEntries(
  tx: Db,
  e: DomainEvents['collection.entries.changed'],
  publish: PublishFn,
): Promise<void> {
  if (e.change !== 'added' || e.collection.deleted || !isTradeStyle(e.collection.style)) return;
  const releaseIds = e.items.filter((i) => i.type === 'release').map((i) => i.id);
  if (!releaseIds.length) return;
  await matchList(
    tx,
    { collectionId: e.collectionId, userId: e.userId, style: e.collection.style },
    inList(sql`ce.release_id`, releaseIds),
    publish,
  );
}

/**
 * `collection.changed` subscriber: a live for-trade or wanted list that was saved (a new style, made
 * public, any edit) or came back from the trash matches all its releases, as if they had just been
 * added; matches stored before are not told again.
 */
export async function matchTradesOnCollection(
  tx: Db,
  e: DomainEvents['collection.changed'],
  publish: PublishFn,
): Promise<void> {
  if (e.after.deleted || !isTradeStyle(e.after.style)) return;
  await matchList(
    tx,
    { collectionId: e.collectionId, userId: e.userId, style: e.after.style },
    sql`ce.release_id IN (SELECT release_id FROM collection_entries WHERE collection_id = ${e.collectionId} AND release_id IS NOT NULL)`,
    publish,
  );
}

/** The matches of `trader`'s for-trade lists against `wanter`'s wanted lists (user ids). */
function pairCandidates(trader: number, wanter: number): SQL {
  return sql`SELECT ${trader}::integer AS trader_id, ${wanter}::integer AS wanter_id, t.release_id
             FROM collection_entries t JOIN collections tc ON tc.id = t.collection_id
             JOIN collection_entries w ON w.release_id = t.release_id
             JOIN collections wc ON wc.id = w.collection_id
             WHERE ${listOf('tc', TRADE_STYLE, sql`${trader}::integer`)}
               AND ${listOf('wc', WANTED_STYLE, sql`${wanter}::integer`)}`;
}

/** `friendship.changed` subscriber: a new friendship matches both members' lists both ways. */
export async function matchTradesOnFriendship(
  tx: Db,
  e: DomainEvents['friendship.changed'],
  publish: PublishFn,
): Promise<void> {
  if (e.to !== 'accepted') return;
  await storeMatches(tx, pairCandidates(e.requesterId, e.addresseeId), publish);
  await storeMatches(tx, pairCandidates(e.addresseeId, e.requesterId), publish);
}

/**
 * One current trade match of the actor: `direction` `offer` (the actor trades the release, the
 * friend wants it) or `want` (the friend trades it, the actor wants it); the friend, the release
 * and when the match was first found (ISO 8601).
 */
export type TradeMatchDto = {
  direction: 'offer' | 'want';
  friend: { public_id: string; name: string };
  release: { public_id: string; name: string; year: number | null; format: number | null };
  matched_at: string;
};

/** Matches per page of `/trades` and `GET /api/trades`. */
export const TRADE_PAGE_SIZE = 48;

const TRADE_SORT: KeysetSort = { name: 'trades', expr: sql`tm.created_at`, cast: 'timestamptz', dir: 'desc' };

/**
 * One page of the actor's trade matches that still hold, newest first, both ways: the release is
 * still in the trader's live public for-trade list and the wanter's wanted list, and the two are
 * still friends (a match stored before and no longer true is left out, and never told again).
 * The actor's own matches only (lib/auth/policies.ts canSeeSocialFeed, and the actor's id in the SQL).
 * @throws AppError unauthorized when the actor may not see its own matches; bad_cursor (HTTP 400)
 */
export async function listTrades(actor: Actor, page: Paging = {}, db?: Db): Promise<Page<TradeMatchDto>> {
  if (!canSeeSocialFeed(actor, actor.userId)) throw new AppError('unauthorized');
  const { cursor = null, limit = TRADE_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const me = actor.userId;
  const holds = (entryAlias: string, collAlias: string, style: number, user: SQL) =>
    sql`EXISTS (SELECT 1 FROM collection_entries ${sql.raw(entryAlias)}
                JOIN collections ${sql.raw(collAlias)} ON ${sql.raw(collAlias)}.id = ${sql.raw(entryAlias)}.collection_id
                WHERE ${sql.raw(entryAlias)}.release_id = tm.release_id AND ${listOf(collAlias, style, user)})`;
  const rows = await keysetRows<{
    id: number;
    sk: string | null;
    at: string | Date;
    trader_id: number;
    friend_public_id: string;
    friend_name: string;
    release_public_id: string;
    release_name: string;
    release_year: number | null;
    release_format: number | null;
  }>(d, {
    columns: sql`tm.id, tm.created_at AS at, tm.trader_id, u.public_id AS friend_public_id, u.name AS friend_name,
      r.public_id AS release_public_id, r.name AS release_name, r.release_year AS release_year, r.format AS release_format`,
    from: sql`trade_matches tm
      JOIN users u ON u.id = CASE WHEN tm.trader_id = ${me} THEN tm.wanter_id ELSE tm.trader_id END
      JOIN releases r ON r.id = tm.release_id`,
    conds: [
      sql`(tm.trader_id = ${me} OR tm.wanter_id = ${me})`,
      friendsSql(sql`tm.trader_id`, sql`tm.wanter_id`),
      holds('te', 'tc', TRADE_STYLE, sql`tm.trader_id`),
      holds('we', 'wc', WANTED_STYLE, sql`tm.wanter_id`),
    ],
    sort: TRADE_SORT,
    idCol: sql`tm.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: TRADE_SORT }, (r) => ({
    direction: Number(r.trader_id) === me ? ('offer' as const) : ('want' as const),
    friend: { public_id: r.friend_public_id, name: r.friend_name },
    release: {
      public_id: r.release_public_id,
      name: r.release_name,
      year: r.release_year == null ? null : Number(r.release_year),
      format: r.release_format == null ? null : Number(r.release_format),
    },
    matched_at: new Date(r.at).toISOString(),
  }));
}
