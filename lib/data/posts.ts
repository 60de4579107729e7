import 'server-only';
/**
 * Discussions (/posts, /post/{id}): a headline and a first message
 * by a member, optionally linked to one movie, release or review; the replies are comments
 * (lib/data/comments.ts). Authors edit and delete their own posts; admins delete any with a
 * reason. Posts and comments share the writing limits ({@link checkWriteLimits}). Lists are
 * newest activity first (`last_activity_at`: the post or its newest reply) with keyset pages.
 * DTOs carry the author's public id and name, never an e-mail address.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canEditOwnContent, canUseMemberFeatures } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { parseSearchQuery } from '@/lib/search-query';
import { searchDocument } from '@/lib/text';
import {
  postSchema,
  postUpdateSchema,
  type PostInput,
  type PostLanguage,
  type PostUpdateInput,
} from '@/lib/validation/posts';
import type { FieldErrors } from '@/lib/validation/users';
import type { ItemPage } from './event-types';
import { inTransaction, publish } from './events';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { newPublicId } from './public-id';
import { decideRemoval } from './removal';
import { countAction } from './action-limits';
import { hitLimit } from './rate-limits';
import { queryRows, resolveDb, textConditions } from './sql';
import type { Page } from './types';

/** An author as shown with posts and comments: public id and name only. */
export type AuthorRef = { public_id: string; name: string };

/** A post in lists (`GET /api/posts`): no body; times ISO 8601. At most one of movie, release, review. */
export type PostListItem = {
  public_id: string;
  headline: string;
  language: PostLanguage;
  author: AuthorRef;
  movie: { public_id: string; name: string } | null;
  release: { public_id: string; name: string } | null;
  review: { public_id: string; headline: string } | null;
  likes_count: number;
  comments_count: number;
  last_activity_at: string;
  created_at: string;
  updated_at: string;
};

/** One post (`GET /api/posts/{public_id}`): the list fields and the first message (plain text). */
export type PostDto = PostListItem & { body: string };

/** Filters of {@link listPosts}: language, text, and the linked movie / release / review or the author (public ids). */
export type PostQuery = {
  la?: PostLanguage | null;
  q?: string | null;
  movie?: string | null;
  release?: string | null;
  review?: string | null;
  user?: string | null;
};

/** Field problems of a write: message keys of `forms` by field. */
export type Invalid = { ok: false; errors: FieldErrors };

/** Outcome of a write: the post, or field problems (message keys of `forms`). */
export type PostResult = { ok: true; post: PostDto } | Invalid;

/** Seconds in a day: accounts younger than this write at most RATE_LIMITS.writeDayNew a day. */
const NEW_ACCOUNT_SECONDS = 86_400;

/**
 * Counts one post or comment of the actor against the writing limits (lib/data/rate-limits.ts):
 * one per 15 seconds (`writeBurst`), 100 a day (`writeDay`), 10 a day for an account younger than
 * a day (`writeDayNew`).
 * @throws AppError writing_limited with `seconds` to wait (HTTP 429, message `api.writingLimited`)
 */
export async function checkWriteLimits(actor: Actor, db: Db): Promise<void> {
  const subject = String(actor.userId);
  const burst = await hitLimit('writeBurst', subject, db);
  if (!burst.ok) throw new AppError('writing_limited', { seconds: burst.retryAfter });
  const rows = await queryRows<{ young: boolean }>(
    db,
    sql`SELECT created_at > now() - make_interval(secs => ${NEW_ACCOUNT_SECONDS}) AS young FROM users WHERE id = ${actor.userId}`,
  );
  const day = await hitLimit(rows[0]?.young ? 'writeDayNew' : 'writeDay', subject, db);
  if (!day.ok) throw new AppError('writing_limited', { seconds: day.retryAfter });
}

type PostRow = {
  id: number;
  sk: string | null;
  public_id: string;
  user_id: number;
  headline: string;
  body?: string;
  language: PostLanguage;
  author_public_id: string;
  author_name: string;
  movie_public_id: string | null;
  movie_name: string | null;
  release_public_id: string | null;
  release_name: string | null;
  review_public_id: string | null;
  review_headline: string | null;
  likes_count: number;
  comments_count: number;
  last_activity_at: string | Date;
  created_at: string | Date;
  updated_at: string | Date;
};

const FROM = sql`posts p JOIN users u ON u.id = p.user_id
  LEFT JOIN movies m ON m.id = p.movie_id
  LEFT JOIN releases r ON r.id = p.release_id
  LEFT JOIN reviews rv ON rv.id = p.review_id`;

const LIST_COLUMNS = sql`p.id, p.public_id, p.user_id, p.headline, p.language, u.public_id AS author_public_id,
  u.name AS author_name, m.public_id AS movie_public_id, m.name AS movie_name, r.public_id AS release_public_id,
  r.name AS release_name, rv.public_id AS review_public_id, rv.headline AS review_headline, p.likes_count,
  p.comments_count, p.last_activity_at, p.created_at, p.updated_at`;

const iso = (v: string | Date) => new Date(v).toISOString();

function toListItem(r: PostRow): PostListItem {
  return {
    public_id: r.public_id,
    headline: r.headline,
    language: r.language,
    author: { public_id: r.author_public_id, name: r.author_name },
    movie: r.movie_public_id ? { public_id: r.movie_public_id, name: r.movie_name ?? '' } : null,
    release: r.release_public_id ? { public_id: r.release_public_id, name: r.release_name ?? '' } : null,
    review: r.review_public_id ? { public_id: r.review_public_id, headline: r.review_headline ?? '' } : null,
    likes_count: Number(r.likes_count),
    comments_count: Number(r.comments_count),
    last_activity_at: iso(r.last_activity_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The post row by public id (internal use: id and author), or null. */
async function postRow(d: Db, publicId: string): Promise<{ id: number; user_id: number; headline: string } | null> {
  const rows = await queryRows<{ id: number; user_id: number; headline: string }>(
    d,
    sql`SELECT id, user_id, headline FROM posts WHERE public_id = ${publicId} LIMIT 1`,
  );
  return rows[0] ? { id: Number(rows[0].id), user_id: Number(rows[0].user_id), headline: rows[0].headline } : null;
}

/**
 * The cached item page that lists a post (its linked movie or release; none for a post about a
 * review or about nothing), by the post's internal id. Read inside the writing transaction.
 */
export async function postPages(d: Db, postId: number): Promise<ItemPage[]> {
  const rows = await queryRows<{ movie: string | null; release: string | null }>(
    d,
    sql`SELECT m.public_id AS movie, r.public_id AS release FROM posts p
        LEFT JOIN movies m ON m.id = p.movie_id LEFT JOIN releases r ON r.id = p.release_id WHERE p.id = ${postId}`,
  );
  const row = rows[0];
  if (row?.movie) return [{ type: 'movie', publicId: row.movie }];
  if (row?.release) return [{ type: 'release', publicId: row.release }];
  return [];
}

/**
 * One post with its first message, by public id (posts are public).
 * @returns null for an unknown public id
 */
export async function getPost(publicId: string, db?: Db): Promise<PostDto | null> {
  const d = await resolveDb(db);
  const rows = await queryRows<PostRow>(
    d,
    sql`SELECT ${LIST_COLUMNS}, p.body, NULL AS sk FROM ${FROM} WHERE p.public_id = ${publicId} LIMIT 1`,
  );
  const r = rows[0];
  return r ? { ...toListItem(r), body: r.body ?? '' } : null;
}

const ACTIVITY_SORT: KeysetSort = {
  name: 'activity',
  expr: sql`p.last_activity_at`,
  cast: 'timestamptz',
  dir: 'desc',
};

/** A public-id filter on a linked table: `p.<col> = (SELECT id FROM <table> WHERE public_id = …)`. */
function linked(col: string, table: string, publicId: string): SQL {
  return sql`${sql.raw(`p.${col}`)} = (SELECT id FROM ${sql.raw(table)} WHERE public_id = ${publicId})`;
}

/**
 * One page of posts, newest activity first (keyset over `(last_activity_at, id)`), filtered by
 * language `la`, text `q` (folded headline and first message, trigram index), the linked movie,
 * release or review, or the author (public ids).
 * @throws AppError bad_cursor for a cursor of another list
 */
export async function listPosts(query: PostQuery = {}, page: Paging = {}, db?: Db): Promise<Page<PostListItem>> {
  const { cursor = null, limit = 24 } = page;
  const d = await resolveDb(db);
  const conds: SQL[] = [];
  if (query.la) conds.push(sql`p.language = ${query.la}`);
  if (query.movie) conds.push(linked('movie_id', 'movies', query.movie));
  if (query.release) conds.push(linked('release_id', 'releases', query.release));
  if (query.review) conds.push(linked('review_id', 'reviews', query.review));
  if (query.user) conds.push(linked('user_id', 'users', query.user));
  if (query.q) conds.push(...textConditions(parseSearchQuery(query.q), sql`p.search_text`, sql`p.search_text`));
  const rows = await keysetRows<PostRow>(d, {
    columns: LIST_COLUMNS,
    from: FROM,
    conds: conds.length ? conds : [sql`TRUE`],
    sort: ACTIVITY_SORT,
    idCol: sql`p.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: ACTIVITY_SORT }, toListItem);
}

/** The internal id of a movie, release or review by public id, or null. */
async function linkId(d: Db, table: 'movies' | 'releases' | 'reviews', publicId: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    d,
    // A deleted movie or release (a tombstone) gets no new posts.
    sql`SELECT id FROM ${sql.raw(table)} WHERE public_id = ${publicId} ${table === 'reviews' ? sql`` : sql`AND deleted_at IS NULL`} LIMIT 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** What a new post may be about: a movie, release or review by public id. */
export type PostLink = { type: 'movie' | 'release' | 'review'; publicId: string };

/**
 * The movie, release or review a new post would be about, with its name (a review: its
 * headline), for the form's heading.
 * @returns null for an unknown public id
 */
export async function postLinkTarget(link: PostLink, db?: Db): Promise<(PostLink & { name: string }) | null> {
  const d = await resolveDb(db);
  const column = link.type === 'review' ? sql`headline` : sql`name`;
  const table = { movie: sql`movies`, release: sql`releases`, review: sql`reviews` }[link.type];
  const rows = await queryRows<{ name: string }>(
    d,
    sql`SELECT ${column} AS name FROM ${table} WHERE public_id = ${link.publicId} LIMIT 1`,
  );
  return rows[0] ? { ...link, name: rows[0].name } : null;
}

/**
 * Creates a post of the actor (any member): headline, first message, language and at most one
 * link. Counts against the writing limits. Publishes 'post.created'.
 * @returns the post, or field problems (an unknown linked id: that field `invalid`)
 * @throws AppError unauthorized for an actor without member features (lib/auth/policies.ts
 *   canUseMemberFeatures); writing_limited (HTTP 429) past the writing limits
 */
export async function createPost(actor: Actor, input: PostInput, db?: Db): Promise<PostResult> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const parsed = postSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const d = await resolveDb(db);
  const links = { movie: null as number | null, release: null as number | null, review: null as number | null };
  for (const [field, table] of [
    ['movie', 'movies'],
    ['release', 'releases'],
    ['review', 'reviews'],
  ] as const) {
    const publicId = v[field];
    if (publicId === null) continue;
    links[field] = await linkId(d, table, publicId);
    if (links[field] === null) return { ok: false, errors: { [field]: 'invalid' } };
  }
  await checkWriteLimits(actor, d);
  const publicId = newPublicId();
  await inTransaction(d, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO posts (public_id, user_id, headline, body, language, movie_id, release_id, review_id, search_text)
          VALUES (${publicId}, ${actor.userId}, ${v.headline}, ${v.body}, ${v.language}, ${links.movie}, ${links.release},
                  ${links.review}, ${searchDocument(v.headline, v.body)}) RETURNING id`,
    );
    const postId = Number(rows[0].id);
    await publish(tx, 'post.created', { postId, publicId, userId: actor.userId, pages: await postPages(tx, postId) });
  });
  const post = await getPost(publicId, d);
  return post ? { ok: true, post } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Changes the headline, first message or language of the actor's own post (the link stays).
 * Publishes 'post.updated'. Counted against the edit limits, not the writing limits.
 * @returns the post, or field problems (`_form: nothingToUpdate` for no field)
 * @throws AppError not_found for an unknown post; forbidden for another user's post; writing_limited
 *   (HTTP 429) past the edit limits (lib/data/action-limits.ts)
 */
export async function updatePost(
  actor: Actor,
  target: { publicId: string; input: PostUpdateInput },
  db?: Db,
): Promise<PostResult> {
  const d = await resolveDb(db);
  const row = await postRow(d, target.publicId);
  if (!row) throw new AppError('not_found');
  if (!canEditOwnContent(actor, row.user_id)) throw new AppError('forbidden');
  const parsed = postUpdateSchema.safeParse(target.input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  if (v.headline === undefined && v.body === undefined && v.language === undefined)
    return { ok: false, errors: { _form: 'nothingToUpdate' } };
  await countAction(actor, 'edit', d);
  await inTransaction(d, async (tx) => {
    // The row locked first, so the search text is made from the fields as they are saved.
    const [cur] = await queryRows<{ headline: string; body: string; language: PostLanguage }>(
      tx,
      sql`SELECT headline, body, language FROM posts WHERE id = ${row.id} FOR UPDATE`,
    );
    const next = {
      headline: v.headline ?? cur.headline,
      body: v.body ?? cur.body,
      language: v.language ?? cur.language,
    };
    await tx.execute(
      sql`UPDATE posts SET headline = ${next.headline}, body = ${next.body}, language = ${next.language},
          search_text = ${searchDocument(next.headline, next.body)}, updated_at = now()
          WHERE id = ${row.id} AND user_id = ${actor.userId}`,
    );
    await publish(tx, 'post.updated', {
      postId: row.id,
      publicId: target.publicId,
      userId: actor.userId,
      pages: await postPages(tx, row.id),
    });
  });
  const post = await getPost(target.publicId, d);
  return post ? { ok: true, post } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Deletes a post with its comments and likes: by its author, or by an admin with a `reason`
 * (required for another user's post; shown to the author through the 'post.deleted' event).
 * @returns ok, or field problems (`reason` required for an admin removal)
 * @throws AppError not_found for an unknown post; forbidden for another user's post (non-admins)
 */
export async function deletePost(
  actor: Actor,
  target: { publicId: string; reason?: string | null },
  db?: Db,
): Promise<{ ok: true } | Invalid> {
  const d = await resolveDb(db);
  const row = await postRow(d, target.publicId);
  if (!row) throw new AppError('not_found');
  const removal = decideRemoval(actor, row.user_id, target.reason);
  if (!removal.ok) return removal;
  const { byAdmin, reason } = removal;
  await inTransaction(d, async (tx) => {
    const pages = await postPages(tx, row.id);
    // The author's own deletion keeps the author in the SQL too; an admin's names the row alone.
    await tx.execute(
      sql`DELETE FROM posts WHERE id = ${row.id}${byAdmin ? sql`` : sql` AND user_id = ${actor.userId}`}`,
    );
    await publish(tx, 'post.deleted', {
      postId: row.id,
      publicId: target.publicId,
      userId: row.user_id,
      pages,
      byAdmin,
      reason,
      headline: row.headline,
    });
  });
  return { ok: true };
}
