import 'server-only';
/**
 * The stream (beta): what a member's accepted friends did lately — reviews, discussions, comments
 * and additions to their collections (one item per collection and day) — newest first in keyset
 * pages. Entries of private collections and of collections in the trash are never shown;
 * reviews, posts and comments are public anyway.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { friendIdsSql } from './friendships';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { truncate } from '@/lib/text';
import { resolveDb } from './sql';
import type { Page } from './types';

/** What a stream item is. */
export type StreamKind = 'review' | 'post' | 'comment' | 'entry';

/**
 * One thing a friend did (ISO 8601 `at`): a review (`title` its headline, `item` its movie), a
 * discussion (`title` its headline), a comment (`title` its thread's headline, `thread` the review
 * or post it belongs to), or additions to a collection (`entries`: how many movies or releases
 * went into the public collection `collection` that day, UTC, as one item at the newest addition,
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
  collection: { public_id: string; name: string } | null;
  excerpt: string | null;
  entries: number | null;
};

/** The longest stream excerpt, in characters (with the "…" of a cut text). */
export const STREAM_EXCERPT_MAX = 200;

/** Stream items per page. */
export const STREAM_PAGE_SIZE = 30;

/**
 * Newest first: the time to the microsecond in UTC and the kind's rank as one text key compared
 * byte-wise (COLLATE "C"), and the row id as the tie-breaker within a kind.
 */
const STREAM_SORT: KeysetSort = {
  name: 'stream',
  expr: sql`(to_char(s.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '/' || s.rank) COLLATE "C"`,
  cast: 'text',
  dir: 'desc',
};

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
  excerpt: string | null;
  entries: number | string | null;
};

/**
 * One page of the stream of the actor: the activity of their accepted friends, newest first.
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listStream(actor: Actor, page: Paging = {}, db?: Db): Promise<Page<StreamItem>> {
  const { cursor = null, limit = STREAM_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const friends = friendIdsSql(actor.userId);
  const nothing = sql`NULL::text`;
  // Enough of the text for the excerpt (whitespace runs fold to one space before it is cut).
  const start = (col: ReturnType<typeof sql>) => sql`left(${col}, ${STREAM_EXCERPT_MAX * 2})`;
  const union = sql`(
      SELECT 'review'::text AS kind, 1 AS rank, rv.id, rv.created_at AS at, rv.user_id, rv.public_id, rv.headline AS title,
        ${nothing} AS thread_type, ${nothing} AS thread_public_id,
        'movie'::text AS item_type, m.public_id AS item_public_id, m.name AS item_name,
        ${nothing} AS collection_public_id, ${nothing} AS collection_name,
        ${start(sql`COALESCE(NULLIF(btrim(rv.ingress), ''), rv.body)`)} AS excerpt, NULL::integer AS entries
      FROM reviews rv JOIN movies m ON m.id = rv.movie_id
      WHERE rv.user_id IN (${friends})
    UNION ALL
      SELECT 'post', 2, p.id, p.created_at, p.user_id, p.public_id, p.headline,
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, ${start(sql`p.body`)}, NULL
      FROM posts p
      WHERE p.user_id IN (${friends})
    UNION ALL
      SELECT 'comment', 3, cm.id, cm.created_at, cm.user_id, cm.public_id, COALESCE(tp.headline, tr.headline),
        CASE WHEN cm.post_id IS NOT NULL THEN 'post' ELSE 'review' END, COALESCE(tp.public_id, tr.public_id),
        NULL, NULL, NULL, NULL, NULL, ${start(sql`cm.body`)}, NULL
      FROM comments cm LEFT JOIN posts tp ON tp.id = cm.post_id LEFT JOIN reviews tr ON tr.id = cm.review_id
      WHERE cm.user_id IN (${friends})
    UNION ALL
      SELECT 'entry', 4, g.id, g.at, g.user_id, NULL, NULL, NULL, NULL,
        CASE WHEN g.release_id IS NOT NULL THEN 'release' ELSE 'movie' END,
        COALESCE(er.public_id, em.public_id), COALESCE(er.name, em.name), g.collection_public_id, g.collection_name,
        CASE WHEN g.entries = 1 THEN ${start(sql`g.comment`)} END, g.entries::integer
      FROM (
        -- Each collection's additions of a day, numbered newest first; the items are looked up
        -- for the newest one only.
        SELECT ce.id, ce.created_at AS at, c.user_id, ce.release_id, ce.movie_id, ce.comment,
          c.public_id AS collection_public_id, c.name AS collection_name,
          count(*) OVER day AS entries,
          row_number() OVER (day ORDER BY ce.created_at DESC, ce.id DESC) AS newest
        FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id
        WHERE c.user_id IN (${friends}) AND c.visibility = 'public' AND c.deleted_at IS NULL
        WINDOW day AS (PARTITION BY ce.collection_id, date_trunc('day', ce.created_at AT TIME ZONE 'UTC'))
      ) g
        LEFT JOIN releases er ON er.id = g.release_id LEFT JOIN movies em ON em.id = g.movie_id
      WHERE g.newest = 1
    ) s JOIN users u ON u.id = s.user_id`;
  const rows = await keysetRows<StreamRow>(d, {
    columns: sql`s.id, s.kind, s.at, u.public_id AS user_public_id, u.name AS user_name, s.public_id, s.title,
      s.thread_type, s.thread_public_id, s.item_type, s.item_public_id, s.item_name, s.collection_public_id, s.collection_name, s.excerpt, s.entries`,
    from: union,
    conds: [],
    sort: STREAM_SORT,
    idCol: sql`s.id`,
    cursor,
    limit,
  });
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
      r.collection_public_id != null ? { public_id: r.collection_public_id, name: r.collection_name ?? '' } : null,
    excerpt: truncate(r.excerpt, STREAM_EXCERPT_MAX) || null,
    entries: r.kind === 'entry' ? Number(r.entries ?? 1) : null,
  }));
}
