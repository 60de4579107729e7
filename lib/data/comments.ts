import 'server-only';
/**
 * Comments: the comments of a review and the replies to a post are one kind of thing (a row of
 * `comments` with `review_id` or `post_id`, the thread): an author, a plain-text body, times and an
 * optional reply-to comment of the same thread. Members add them (counted against the writing
 * limits, lib/data/posts.ts checkWriteLimits); authors edit and delete their own; admins delete any
 * with a reason. The thread's `comments_count` (and a post's `last_activity_at` on a new reply)
 * move in the same transaction. A deleted comment's replies stay (their reply-to becomes empty).
 * DTOs carry the author's public id and name, never an e-mail address.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canEditOwnContent, canUseMemberFeatures } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { commentSchema, commentUpdateSchema, type CommentInput, type CommentUpdateInput } from '@/lib/validation/posts';
import { countAction } from './action-limits';
import type { ThreadRef } from './event-types';
import { inTransaction, publish } from './events';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { newPublicId } from './public-id';
import { decideRemoval } from './removal';
import { checkWriteLimits, postPages, type AuthorRef, type Invalid } from './posts';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';

/** The kinds of thread a comment belongs to. */
export type ThreadType = 'review' | 'post';

/** A comment (`GET /api/posts/{id}/comments`, `GET /api/reviews/{id}/comments`); times ISO 8601. */
export type CommentDto = {
  public_id: string;
  body: string;
  author: AuthorRef;
  /** The comment replied to (null: no reply, or that comment was deleted). */
  reply_to: { public_id: string; author: AuthorRef } | null;
  thread: { type: ThreadType; public_id: string };
  likes_count: number;
  created_at: string;
  updated_at: string;
};

/** Outcome of a write: the comment, or field problems (message keys of `forms`). */
export type CommentResult = { ok: true; comment: CommentDto } | Invalid;

const THREAD_TABLES = {
  review: { table: sql`reviews`, fk: sql`review_id` },
  post: { table: sql`posts`, fk: sql`post_id` },
} as const;

/** A thread by public id (internal ids and author), or null. */
async function threadRow(d: Db, type: ThreadType, publicId: string): Promise<ThreadRef | null> {
  const rows = await queryRows<{ id: number; user_id: number }>(
    d,
    sql`SELECT id, user_id FROM ${THREAD_TABLES[type].table} WHERE public_id = ${publicId} LIMIT 1`,
  );
  const r = rows[0];
  if (!r) return null;
  const id = Number(r.id);
  return { type, id, publicId, authorId: Number(r.user_id), pages: type === 'post' ? await postPages(d, id) : [] };
}

/** A comment by public id with its thread, or null. */
async function commentRow(
  d: Db,
  publicId: string,
): Promise<{
  id: number;
  user_id: number;
  reply_to_id: number | null;
  thread: ThreadRef;
  thread_headline: string;
} | null> {
  const rows = await queryRows<{
    id: number;
    user_id: number;
    reply_to_id: number | null;
    review_id: number | null;
    post_id: number | null;
    thread_public_id: string;
    thread_author: number;
    thread_headline: string;
  }>(
    d,
    sql`SELECT c.id, c.user_id, c.reply_to_id, c.review_id, c.post_id,
          COALESCE(rv.public_id, p.public_id) AS thread_public_id, COALESCE(rv.user_id, p.user_id) AS thread_author,
          COALESCE(rv.headline, p.headline) AS thread_headline
        FROM comments c LEFT JOIN reviews rv ON rv.id = c.review_id LEFT JOIN posts p ON p.id = c.post_id
        WHERE c.public_id = ${publicId} LIMIT 1`,
  );
  const r = rows[0];
  if (!r) return null;
  const type: ThreadType = r.review_id !== null ? 'review' : 'post';
  const threadId = Number(type === 'review' ? r.review_id : r.post_id);
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    reply_to_id: r.reply_to_id === null ? null : Number(r.reply_to_id),
    thread_headline: r.thread_headline,
    thread: {
      type,
      id: threadId,
      publicId: r.thread_public_id,
      authorId: Number(r.thread_author),
      pages: type === 'post' ? await postPages(d, threadId) : [],
    },
  };
}

type CommentRow = {
  id: number;
  sk: string | null;
  public_id: string;
  body: string;
  author_public_id: string;
  author_name: string;
  reply_public_id: string | null;
  reply_author_public_id: string | null;
  reply_author_name: string | null;
  thread_type: ThreadType;
  thread_public_id: string;
  likes_count: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const COLUMNS = sql`c.id, c.public_id, c.body, u.public_id AS author_public_id, u.name AS author_name,
  rc.public_id AS reply_public_id, ru.public_id AS reply_author_public_id, ru.name AS reply_author_name,
  CASE WHEN c.review_id IS NOT NULL THEN 'review' ELSE 'post' END AS thread_type,
  COALESCE(rv.public_id, p.public_id) AS thread_public_id, c.likes_count, c.created_at, c.updated_at`;
const FROM = sql`comments c JOIN users u ON u.id = c.user_id
  LEFT JOIN comments rc ON rc.id = c.reply_to_id LEFT JOIN users ru ON ru.id = rc.user_id
  LEFT JOIN reviews rv ON rv.id = c.review_id LEFT JOIN posts p ON p.id = c.post_id`;

function toDto(r: CommentRow): CommentDto {
  return {
    public_id: r.public_id,
    body: r.body,
    author: { public_id: r.author_public_id, name: r.author_name },
    reply_to:
      r.reply_public_id && r.reply_author_public_id
        ? {
            public_id: r.reply_public_id,
            author: { public_id: r.reply_author_public_id, name: r.reply_author_name ?? '' },
          }
        : null,
    thread: { type: r.thread_type, public_id: r.thread_public_id },
    likes_count: Number(r.likes_count),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** One comment by public id (comments are public), or null. */
export async function getComment(publicId: string, db?: Db): Promise<CommentDto | null> {
  const d = await resolveDb(db);
  const rows = await queryRows<CommentRow>(
    d,
    sql`SELECT ${COLUMNS}, NULL AS sk FROM ${FROM} WHERE c.public_id = ${publicId} LIMIT 1`,
  );
  return rows[0] ? toDto(rows[0]) : null;
}

const OLDEST_FIRST: KeysetSort = { name: 'comments', expr: sql`c.created_at`, cast: 'timestamptz', dir: 'asc' };

/**
 * One page of a thread's comments, oldest first (keyset over `(created_at, id)`).
 * @returns null for an unknown review or post
 * @throws AppError bad_cursor for a cursor of another list
 */
export async function listComments(
  thread: { type: ThreadType; publicId: string },
  page: Paging = {},
  db?: Db,
): Promise<Page<CommentDto> | null> {
  const { cursor = null, limit = 50 } = page;
  const d = await resolveDb(db);
  const t = await threadRow(d, thread.type, thread.publicId);
  if (!t) return null;
  const rows = await keysetRows<CommentRow>(d, {
    columns: COLUMNS,
    from: FROM,
    conds: [sql`c.${THREAD_TABLES[thread.type].fk} = ${t.id}`],
    sort: OLDEST_FIRST,
    idCol: sql`c.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: OLDEST_FIRST }, toDto);
}

/**
 * Adds a comment of the actor (any member) to a review or post, optionally replying to a comment
 * of the same thread (`reply_to`: another thread's comment gives `reply_to: replyToOtherThread`,
 * an unknown one `reply_to: invalid`). Counts against the writing limits; the thread's
 * comments_count (and a post's last_activity_at) move in the same transaction. Publishes
 * 'comment.created' with the thread, its author and the replied-to comment's author.
 * @throws AppError unauthorized for an actor without member features (lib/auth/policies.ts
 *   canUseMemberFeatures); not_found for an unknown thread; writing_limited (HTTP 429) past the
 *   writing limits
 */
export async function addComment(
  actor: Actor,
  target: { thread: { type: ThreadType; publicId: string }; input: CommentInput },
  db?: Db,
): Promise<CommentResult> {
  if (!canUseMemberFeatures(actor)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const thread = await threadRow(d, target.thread.type, target.thread.publicId);
  if (!thread) throw new AppError('not_found');
  const parsed = commentSchema.safeParse(target.input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  let replyTo: { id: number; user_id: number } | null = null;
  if (v.reply_to !== null) {
    const r = await commentRow(d, v.reply_to);
    if (!r) return { ok: false, errors: { reply_to: 'invalid' } };
    if (r.thread.type !== thread.type || r.thread.id !== thread.id)
      return { ok: false, errors: { reply_to: 'replyToOtherThread' } };
    replyTo = r;
  }
  await checkWriteLimits(actor, d);
  const publicId = newPublicId();
  const { table, fk } = THREAD_TABLES[thread.type];
  await inTransaction(d, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO comments (public_id, user_id, ${fk}, reply_to_id, body)
          VALUES (${publicId}, ${actor.userId}, ${thread.id}, ${replyTo?.id ?? null}, ${v.body}) RETURNING id`,
    );
    await tx.execute(
      thread.type === 'post'
        ? sql`UPDATE posts SET comments_count = comments_count + 1, last_activity_at = now() WHERE id = ${thread.id}`
        : sql`UPDATE ${table} SET comments_count = comments_count + 1 WHERE id = ${thread.id}`,
    );
    await publish(tx, 'comment.created', {
      commentId: Number(rows[0].id),
      publicId,
      userId: actor.userId,
      thread,
      replyToAuthorId: replyTo?.user_id ?? null,
    });
  });
  const comment = await getComment(publicId, d);
  return comment ? { ok: true, comment } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Changes the body of the actor's own comment. Publishes 'comment.updated'. Counts against the
 * edit limits (lib/data/action-limits.ts).
 * @throws AppError not_found for an unknown comment; forbidden for another user's comment;
 *   writing_limited (HTTP 429) past the edit limits
 */
export async function updateComment(
  actor: Actor,
  target: { publicId: string; input: CommentUpdateInput },
  db?: Db,
): Promise<CommentResult> {
  const d = await resolveDb(db);
  const row = await commentRow(d, target.publicId);
  if (!row) throw new AppError('not_found');
  if (!canEditOwnContent(actor, row.user_id)) throw new AppError('forbidden');
  const parsed = commentUpdateSchema.safeParse(target.input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  await countAction(actor, 'edit', d);
  await inTransaction(d, async (tx) => {
    await tx.execute(
      sql`UPDATE comments SET body = ${parsed.data.body}, updated_at = now() WHERE id = ${row.id} AND user_id = ${actor.userId}`,
    );
    await publish(tx, 'comment.updated', {
      commentId: row.id,
      publicId: target.publicId,
      userId: actor.userId,
      thread: row.thread,
    });
  });
  const comment = await getComment(target.publicId, d);
  return comment ? { ok: true, comment } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Deletes a comment (with its likes; replies to it stay): by its author, or by an admin with a
 * `reason` (required for another user's comment). The thread's comments_count drops in the same
 * transaction (a post's last_activity_at stays). Publishes 'comment.deleted'.
 * @returns ok, or field problems (`reason` required for an admin removal)
 * @throws AppError not_found for an unknown comment; forbidden for another user's comment (non-admins)
 */
export async function deleteComment(
  actor: Actor,
  target: { publicId: string; reason?: string | null },
  db?: Db,
): Promise<{ ok: true } | Invalid> {
  const d = await resolveDb(db);
  const row = await commentRow(d, target.publicId);
  if (!row) throw new AppError('not_found');
  const removal = decideRemoval(actor, row.user_id, target.reason);
  if (!removal.ok) return removal;
  const { byAdmin, reason } = removal;
  const { table } = THREAD_TABLES[row.thread.type];
  await inTransaction(d, async (tx) => {
    // The author's own deletion keeps the author in the SQL too; an admin's names the row alone.
    const gone = await queryRows(
      tx,
      sql`DELETE FROM comments WHERE id = ${row.id}${byAdmin ? sql`` : sql` AND user_id = ${actor.userId}`} RETURNING id`,
    );
    if (!gone.length) return;
    await tx.execute(sql`UPDATE ${table} SET comments_count = comments_count - 1 WHERE id = ${row.thread.id}`);
    await publish(tx, 'comment.deleted', {
      commentId: row.id,
      publicId: target.publicId,
      userId: row.user_id,
      thread: row.thread,
      threadHeadline: row.thread_headline,
      byAdmin,
      reason,
    });
  });
  return { ok: true };
}
