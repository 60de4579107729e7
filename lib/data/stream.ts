import 'server-only';
/**
 * The stream (beta): what a member's accepted friends did lately — reviews, discussions, comments
 * and additions to their collections (one item per collection and day) — newest first in keyset
 * pages. Entries of private collections and of collections in the trash are never shown;
 * reviews, posts and comments are public anyway.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canSeeSocialFeed } from '@/lib/auth/policies';
import { friendIdsSql } from './friendships';
import { AppError } from '@/lib/errors';
import { decodeCursor, isCastable, pageOf, type KeysetSort, type Paging } from './keyset';
import { truncate } from '@/lib/text';
import { siteTimeZone } from '@/lib/time-zone';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';

/** What a stream item is. */
export type StreamKind = 'review' | 'post' | 'comment' | 'entry';

/**
 * One thing a friend did (ISO 8601 `at`): a review (`title` its headline, `item` its movie), a
 * discussion (`title` its headline), a comment (`title` its thread's headline, `thread` the review
 * or post it belongs to), or additions to a collection (`entries`: how many movies or releases
 * went into the public collection `collection` (its `style` gives a shortcut list's translated
 * default name) that day, a day of the site's time zone, as one item at the newest addition,
 * `item` the newest of them, `public_id` null; `entries` is null for the other kinds), so an
 * import of hundreds of discs is one item, not hundreds. `excerpt`: the start of what was written
 * (a review's ingress, else its body; a discussion's first message; a comment; the comment of a
 * collection's only addition that day), at most {@link STREAM_EXCERPT_MAX} characters cut at a
 * word, null when there is none.
 */
export type StreamItem = {
  kind: StreamKind;
  public_id: string | null;
  at: string;
  user: { public_id: string; name: string };
  title: string | null;
  thread: { type: 'review' | 'post'; public_id: string } | null;
  item: { type: 'movie' | 'release'; public_id: string; name: string } | null;
  collection: { public_id: string; name: string; style: number } | null;
  excerpt: string | null;
  entries: number | null;
};

/** The longest stream excerpt, in characters (with the "…" of a cut text). */
export const STREAM_EXCERPT_MAX = 200;

/** Stream items per page. */
export const STREAM_PAGE_SIZE = 30;

/** The stream's sort key of a row: its time to the microsecond in UTC and its kind's rank, as text. */
function streamKey(at: SQL, rank: SQL | number): SQL {
  const r = typeof rank === 'number' ? sql.raw(String(rank)) : rank;
  return sql`(to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '/' || ${r}) COLLATE "C"`;
}

/**
 * Newest first: the time and the kind's rank as one text key compared byte-wise (COLLATE "C"),
 * and the row id as the tie-breaker within a kind.
 */
const STREAM_SORT: KeysetSort = { name: 'stream', expr: streamKey(sql`s.at`, sql`s.rank`), cast: 'text', dir: 'desc' };

/** A stream key as {@link streamKey} writes it: the UTC time, then the rank. */
const STREAM_KEY_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\/([1-4])$/;

type StreamRow = {
  id: number;
  sk: string | null;
  kind: StreamKind;
  at: string | Date;
  user_public_id: string;
  user_name: string;
  public_id: string | null;
  title: string | null;
  thread_type: 'review' | 'post' | null;
  thread_public_id: string | null;
  item_type: 'movie' | 'release' | null;
  item_public_id: string | null;
  item_name: string | null;
  collection_public_id: string | null;
  collection_name: string | null;
  collection_style: number | string | null;
  excerpt: string | null;
  entries: number | string | null;
};

/**
 * One page of the stream of the actor: the activity of their accepted friends, newest first.
 *
 * The work is bounded by the page and the friends' lists, not by their history: each friend's
 * reviews, posts and comments are read newest first from their (user, time) indexes, at most a
 * page's worth per friend and kind after the cursor; each public collection's days with additions
 * are walked newest first from its (collection, time) index, one lookup per day, only while they
 * are newer than a floor (the page's worth-th newest of the items sure to come after the cursor:
 * the writings found and each list's two newest days before the cursor's day) and at most a
 * page's worth plus one (the day holding the cursor's time may have additions after it); only the
 * page's rows are then joined to their details (headlines, items, the number of a day's additions).
 * The actor's own stream only (lib/auth/policies.ts canSeeSocialFeed; the friends are the actor's).
 * @throws AppError unauthorized when the actor may not see its own stream; bad_cursor (HTTP 400)
 */
export async function listStream(actor: Actor, page: Paging = {}, db?: Db): Promise<Page<StreamItem>> {
  if (!canSeeSocialFeed(actor, actor.userId)) throw new AppError('unauthorized');
  const { cursor = null, limit = STREAM_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const n = limit + 1;
  const after = cursor ? decodeCursor(cursor, STREAM_SORT) : null;
  const bound = after ? STREAM_KEY_RE.exec(after.key ?? '') : null;
  if (after && (!bound || !isCastable(bound[1], 'timestamptz'))) throw new AppError('bad_cursor');
  const cursorAt = bound ? sql`(CAST(${bound[1]} AS timestamp) AT TIME ZONE 'UTC')` : null;
  /** The cursor's position: its key and id, compared as the keyset order compares them. */
  const position = after ? sql`(CAST(${after.key} AS text) COLLATE "C", CAST(${after.id} AS integer))` : null;
  /** A branch's rows after the cursor: a range of its time index, then the exact keyset position. */
  const since = (at: SQL, rank: number, id: SQL): SQL =>
    position && cursorAt ? sql`${at} <= ${cursorAt} AND (${streamKey(at, rank)}, ${id}) < ${position}` : sql`TRUE`;
  const friends = sql`(${friendIdsSql(actor.userId)}) AS f(uid)`;
  // Days are the site's calendar days (lib/time-zone.ts), as the page shows the times.
  const zone = siteTimeZone();
  /** The start of the site's day of a time. */
  const dayOf = (at: SQL) => sql`(date_trunc('day', ${at} AT TIME ZONE ${zone}) AT TIME ZONE ${zone})`;
  /** The end of the site's day of a time (the next day's start: 23 or 25 hours on a clock change). */
  const dayEnd = (at: SQL) =>
    sql`((date_trunc('day', ${at} AT TIME ZONE ${zone}) + interval '1 day') AT TIME ZONE ${zone})`;
  // The page's candidates, ids and times only: at most n rows per friend and kind (reviews,
  // posts, comments), and the newest addition of the latest days of each public collection.
  const written = (table: 'reviews' | 'posts' | 'comments', kind: StreamKind, rank: number) => {
    const t = sql.raw(table);
    return sql`SELECT ${sql.raw(`'${kind}'::text`)} AS kind, ${sql.raw(String(rank))} AS rank, w.id, w.created_at AS at, w.user_id
      FROM ${friends} CROSS JOIN LATERAL (
        SELECT x.id, x.created_at, x.user_id FROM ${t} x
        WHERE x.user_id = f.uid AND ${since(sql`x.created_at`, rank, sql`x.id`)}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${n}
      ) w`;
  };
  const latestBefore = (collection: SQL, before: SQL) =>
    sql`(SELECT max(ce.created_at) FROM collection_entries ce WHERE ce.collection_id = ${collection} AND ${before})`;
  const candidates = sql`
    WITH RECURSIVE written AS MATERIALIZED (
      ${written('reviews', 'review', 1)}
      UNION ALL ${written('posts', 'post', 2)}
      UNION ALL ${written('comments', 'comment', 3)}
    ), newest AS MATERIALIZED (
      -- Each public collection's latest addition up to the cursor's time.
      SELECT c.id AS collection_id, c.user_id,
        ${latestBefore(sql`c.id`, cursorAt ? sql`ce.created_at <= ${cursorAt}` : sql`TRUE`)} AS latest
      FROM ${friends} JOIN collections c ON c.user_id = f.uid
      WHERE c.visibility = 'public' AND c.deleted_at IS NULL
    ), sure AS MATERIALIZED (
      -- Each collection's two newest days before the cursor's day (a day holding the cursor's time
      -- may have additions after it): items sure to come after the cursor.
      SELECT n.collection_id, d1.latest AS first,
        ${latestBefore(sql`n.collection_id`, sql`ce.created_at < ${dayOf(sql`d1.latest`)}`)} AS second
      FROM newest n CROSS JOIN LATERAL (
        SELECT ${
          cursorAt
            ? sql`CASE WHEN n.latest < ${dayOf(cursorAt)} THEN n.latest
                ELSE ${latestBefore(sql`n.collection_id`, sql`ce.created_at < ${dayOf(cursorAt)}`)} END`
            : sql`n.latest`
        } AS latest
      ) d1
      WHERE d1.latest IS NOT NULL
    ), floor AS (
      -- The page holds nothing older than the n-th newest of the items sure to come (the writings
      -- found and those days), so older days need not be walked.
      SELECT COALESCE((
        SELECT k.at FROM (
          SELECT at FROM written
          UNION ALL SELECT first FROM sure
          UNION ALL SELECT second FROM sure WHERE second IS NOT NULL
        ) k
        ORDER BY k.at DESC OFFSET ${n - 1} LIMIT 1
      ), '-infinity'::timestamptz) AS at
    ), days AS (
      -- Each collection's days with additions, newest first, one index lookup each, while they
      -- reach the floor (and at most n + 1 of them).
      SELECT collection_id, user_id, latest, 1 AS depth FROM newest WHERE latest IS NOT NULL
      UNION ALL
      SELECT d.collection_id, d.user_id,
        ${latestBefore(sql`d.collection_id`, sql`ce.created_at < ${dayOf(sql`d.latest`)}`)}, d.depth + 1
      FROM days d CROSS JOIN floor WHERE d.latest >= floor.at AND d.depth <= ${n}
    )
    SELECT kind, rank, id, at, user_id FROM written
    UNION ALL
    SELECT 'entry', 4, e.id, e.created_at, d.user_id
    FROM days d CROSS JOIN LATERAL (
      -- The day's newest addition (after the cursor when the day holds the cursor's time: the
      -- keyset position below then leaves the day out).
      SELECT ce.id, ce.created_at FROM collection_entries ce
      WHERE ce.collection_id = d.collection_id
        AND ce.created_at >= ${dayOf(sql`d.latest`)} AND ce.created_at < ${dayEnd(sql`d.latest`)}
      ORDER BY ce.created_at DESC, ce.id DESC LIMIT 1
    ) e
    WHERE d.latest IS NOT NULL`;
  const afterCursor = position ? sql`WHERE (${STREAM_SORT.expr}, s.id) < ${position}` : sql``;
  const start = (col: SQL) => sql`left(${col}, ${STREAM_EXCERPT_MAX * 2})`;
  const rows = await queryRows<StreamRow>(
    d,
    sql`SELECT p.id, p.sk, p.kind, p.at, u.public_id AS user_public_id, u.name AS user_name,
        COALESCE(rv.public_id, po.public_id, cm.public_id) AS public_id,
        COALESCE(rv.headline, po.headline, tp.headline, tr.headline) AS title,
        CASE WHEN cm.post_id IS NOT NULL THEN 'post' WHEN cm.review_id IS NOT NULL THEN 'review' END AS thread_type,
        COALESCE(tp.public_id, tr.public_id) AS thread_public_id,
        CASE WHEN rm.id IS NOT NULL OR em.id IS NOT NULL THEN 'movie' WHEN er.id IS NOT NULL THEN 'release' END AS item_type,
        COALESCE(rm.public_id, er.public_id, em.public_id) AS item_public_id,
        COALESCE(rm.name, er.name, em.name) AS item_name,
        c.public_id AS collection_public_id, c.name AS collection_name, c.style AS collection_style,
        CASE
          WHEN rv.id IS NOT NULL THEN ${start(sql`COALESCE(NULLIF(btrim(rv.ingress), ''), rv.body)`)}
          WHEN po.id IS NOT NULL THEN ${start(sql`po.body`)}
          WHEN cm.id IS NOT NULL THEN ${start(sql`cm.body`)}
          WHEN day.entries = 1 THEN ${start(sql`ce.comment`)}
        END AS excerpt,
        day.entries
      FROM (
        SELECT s.kind, s.id, s.at, s.user_id, (${STREAM_SORT.expr})::text AS sk
        FROM (${candidates}) s ${afterCursor}
        ORDER BY ${STREAM_SORT.expr} DESC, s.id DESC LIMIT ${n}
      ) p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN reviews rv ON p.kind = 'review' AND rv.id = p.id
        LEFT JOIN movies rm ON rm.id = rv.movie_id
        LEFT JOIN posts po ON p.kind = 'post' AND po.id = p.id
        LEFT JOIN comments cm ON p.kind = 'comment' AND cm.id = p.id
        LEFT JOIN posts tp ON tp.id = cm.post_id
        LEFT JOIN reviews tr ON tr.id = cm.review_id
        LEFT JOIN collection_entries ce ON p.kind = 'entry' AND ce.id = p.id
        LEFT JOIN collections c ON c.id = ce.collection_id
        LEFT JOIN releases er ON er.id = ce.release_id
        LEFT JOIN movies em ON em.id = ce.movie_id
        LEFT JOIN LATERAL (
          SELECT count(*)::integer AS entries FROM collection_entries x
          WHERE x.collection_id = ce.collection_id
            AND x.created_at >= ${dayOf(sql`ce.created_at`)} AND x.created_at < ${dayEnd(sql`ce.created_at`)}
        ) day ON p.kind = 'entry'
      ORDER BY p.sk DESC, p.id DESC`,
  );
  return pageOf(rows, { limit, sort: STREAM_SORT }, (r) => ({
    kind: r.kind,
    public_id: r.public_id,
    at: new Date(r.at).toISOString(),
    user: { public_id: r.user_public_id, name: r.user_name },
    title: r.title,
    thread: r.thread_type && r.thread_public_id ? { type: r.thread_type, public_id: r.thread_public_id } : null,
    item:
      r.item_type && r.item_public_id
        ? { type: r.item_type, public_id: r.item_public_id, name: r.item_name ?? '' }
        : null,
    collection:
      r.collection_public_id != null
        ? { public_id: r.collection_public_id, name: r.collection_name ?? '', style: Number(r.collection_style) }
        : null,
    excerpt: truncate(r.excerpt, STREAM_EXCERPT_MAX) || null,
    entries: r.kind === 'entry' ? Number(r.entries ?? 1) : null,
  }));
}
