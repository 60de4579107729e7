import 'server-only';
/**
 * Notifications (the types of lib/validation/notifications.ts, the users' notification flags;
 * db/schema/social.ts `notifications`):
 * stored by in-transaction subscribers of the domain events (lib/data/subscribers.ts), so a notice
 * commits or rolls back with the write that caused it; each stored row publishes
 * 'notification.created', whose after-commit effect pushes a hint on the member's realtime channel
 * (lib/realtime/server.ts). The member's list, unseen count and "mark all seen", the set-based
 * new-release notices after an import run, and the daily e-mail digest. Reading them and marking
 * them seen asks lib/auth/policies.ts canReadNotifications, and the SQL keeps the member's id.
 *
 * Rules: never a notice to oneself; one notice per recipient and event; the review-notification
 * flag gates comments and likes on one's reviews, the release-notification flag the new-release
 * notices, the email-notification flag the digest. The types' meanings: lib/validation/notifications.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { fillPlaceholders } from '@/lib/format';
import { sendMail } from '@/lib/mail';
import { singleLine } from '@/lib/one-line';
import {
  NOTIFICATION_TYPES,
  notificationTypeName,
  type NotificationType,
  type NotificationTypeName,
} from '@/lib/validation/notifications';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import type { DomainEvents, PublishFn } from './event-types';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { newPublicId } from './public-id';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';
import { logError } from '@/lib/log';
import type { Actor } from '@/lib/auth/actor';
import { canReadNotifications } from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';

const T = NOTIFICATION_TYPES;

/** `ARRAY[$1, $2, …]::type[]` with parameters (unnest and `= ANY` of a list of values). */
export function sqlArray(values: readonly (string | number)[], type: 'integer' | 'text'): SQL {
  if (!values.length) return sql`CAST(ARRAY[] AS ${sql.raw(type)}[])`;
  return sql`CAST(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}] AS ${sql.raw(type)}[])`;
}

/** A notice to store: recipient, type, the member who caused it and what it is about (internal ids). */
export type NoticeInput = {
  userId: number;
  type: NotificationType;
  actorId?: number | null;
  reviewId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  movieId?: number | null;
  releaseId?: number | null;
  /** A catalogue change request (its approval or discard). */
  changeRequestId?: number | null;
  subjectText?: string | null;
  reason?: string | null;
  /** Stored only when the recipient's review-notification flag is on. */
  reviewFlag?: boolean;
  /**
   * Not stored when the recipient already has a notice of this type, actor and subject: `true`
   * any such notice (a like taken back and set again), `'unseen'` one they have not seen yet (a
   * friend request cancelled and sent again while the first notice waits).
   */
  once?: boolean | 'unseen';
};

/**
 * Stores notices inside the caller's transaction: drops notices to their own actor, keeps the
 * first notice per recipient whose flag allows it, and publishes 'notification.created' for each
 * stored row.
 * @returns how many rows were stored
 */
export async function storeNotices(tx: Db, publish: PublishFn, notices: NoticeInput[]): Promise<number> {
  const done = new Set<number>();
  let stored = 0;
  for (const n of notices) {
    if (done.has(n.userId) || (n.actorId != null && n.actorId === n.userId)) continue;
    const publicId = newPublicId();
    const same = sql`n.user_id = u.id AND n.type = ${n.type} AND n.actor_id IS NOT DISTINCT FROM CAST(${n.actorId ?? null} AS integer)
      AND n.review_id IS NOT DISTINCT FROM CAST(${n.reviewId ?? null} AS integer)
      AND n.post_id IS NOT DISTINCT FROM CAST(${n.postId ?? null} AS integer)
      AND n.comment_id IS NOT DISTINCT FROM CAST(${n.commentId ?? null} AS integer)`;
    const rows = await queryRows<{ id: number; user_public_id: string }>(
      tx,
      sql`INSERT INTO notifications (public_id, user_id, type, actor_id, review_id, post_id, comment_id, movie_id, release_id,
                                     change_request_id, subject_text, reason)
          SELECT ${publicId}, u.id, ${n.type}, ${n.actorId ?? null}, ${n.reviewId ?? null}, ${n.postId ?? null},
                 ${n.commentId ?? null}, ${n.movieId ?? null}, ${n.releaseId ?? null}, ${n.changeRequestId ?? null},
                 ${n.subjectText ?? null}, ${n.reason ?? null}
          FROM users u
          WHERE u.id = ${n.userId}
            ${n.reviewFlag ? sql`AND u.review_notifications` : sql``}
            ${n.once ? sql`AND NOT EXISTS (SELECT 1 FROM notifications n WHERE ${same} ${n.once === 'unseen' ? sql`AND n.seen_at IS NULL` : sql``})` : sql``}
          RETURNING id, (SELECT public_id FROM users WHERE id = ${n.userId}) AS user_public_id`,
    );
    const row = rows[0];
    if (!row) continue;
    done.add(n.userId);
    stored++;
    await publish('notification.created', {
      notificationId: Number(row.id),
      publicId,
      userId: n.userId,
      userPublicId: row.user_public_id,
      type: n.type,
    });
  }
  return stored;
}

/**
 * friendship.changed: a request to the addressee (friendRequest: one per pair while it is unseen,
 * so a request cancelled and sent again does not notify twice), an acceptance to the requester
 * (friendAccepted).
 */
export async function notifyFriendship(
  tx: Db,
  e: DomainEvents['friendship.changed'],
  publish: PublishFn,
): Promise<void> {
  if (e.to === 'invited')
    await storeNotices(tx, publish, [
      { userId: e.addresseeId, type: T.friendRequest, actorId: e.requesterId, once: 'unseen' },
    ]);
  else if (e.to === 'accepted')
    await storeNotices(tx, publish, [{ userId: e.requesterId, type: T.friendAccepted, actorId: e.addresseeId }]);
}

/**
 * comment.created: the thread's author (reviewComment with the review flag, or postReply) and the
 * author of the comment replied to (commentReply); one notice per recipient — a review author
 * whose flag is off still hears of a reply to their own comment.
 */
export async function notifyComment(tx: Db, e: DomainEvents['comment.created'], publish: PublishFn): Promise<void> {
  const onReview = e.thread.type === 'review';
  const thread = onReview ? { reviewId: e.thread.id } : { postId: e.thread.id };
  const notices: NoticeInput[] = [
    {
      userId: e.thread.authorId,
      type: onReview ? T.reviewComment : T.postReply,
      actorId: e.userId,
      commentId: e.commentId,
      reviewFlag: onReview,
      ...thread,
    },
  ];
  if (e.replyToAuthorId !== null)
    notices.push({
      userId: e.replyToAuthorId,
      type: T.commentReply,
      actorId: e.userId,
      commentId: e.commentId,
      ...thread,
    });
  await storeNotices(tx, publish, notices);
}

/**
 * like.changed (set, not taken back) of a review (reviewLike, review flag) or of a post or comment
 * (contentLike) to its author; once per liker and subject.
 */
export async function notifyLike(tx: Db, e: DomainEvents['like.changed'], publish: PublishFn): Promise<void> {
  if (!e.on) return;
  const { type, id } = e.item;
  if (type !== 'review' && type !== 'post' && type !== 'comment') return;
  const table = sql.raw(type === 'review' ? 'reviews' : type === 'post' ? 'posts' : 'comments');
  const cols = type === 'comment' ? sql`user_id, review_id, post_id` : sql`user_id, NULL AS review_id, NULL AS post_id`;
  const [row] = await queryRows<{ user_id: number; review_id: number | null; post_id: number | null }>(
    tx,
    sql`SELECT ${cols} FROM ${table} WHERE id = ${id}`,
  );
  if (!row) return;
  const base = { userId: Number(row.user_id), actorId: e.userId, once: true };
  const num = (v: number | null) => (v === null ? null : Number(v));
  const notice: NoticeInput =
    type === 'review'
      ? { ...base, type: T.reviewLike, reviewId: id, reviewFlag: true }
      : type === 'post'
        ? { ...base, type: T.contentLike, postId: id }
        : { ...base, type: T.contentLike, commentId: id, reviewId: num(row.review_id), postId: num(row.post_id) };
  await storeNotices(tx, publish, [notice]);
}

/** trade.matched: both members, each with the other as the actor. */
export async function notifyTrade(tx: Db, e: DomainEvents['trade.matched'], publish: PublishFn): Promise<void> {
  await storeNotices(tx, publish, [
    { userId: e.wanterId, type: T.tradeMatch, actorId: e.traderId, releaseId: e.releaseId },
    { userId: e.traderId, type: T.tradeMatch, actorId: e.wanterId, releaseId: e.releaseId },
  ]);
}

/** review.deleted by an admin: reviewRemoved to the author with the reason and the headline (the movie stays linked). */
export async function notifyReviewRemoved(
  tx: Db,
  e: DomainEvents['review.deleted'],
  publish: PublishFn,
): Promise<void> {
  if (!e.byAdmin) return;
  await storeNotices(tx, publish, [
    { userId: e.authorId, type: T.reviewRemoved, movieId: e.movieId, subjectText: e.headline, reason: e.reason },
  ]);
}

/** post.deleted by an admin: postRemoved to the author with the reason and the headline. */
export async function notifyPostRemoved(tx: Db, e: DomainEvents['post.deleted'], publish: PublishFn): Promise<void> {
  if (!e.byAdmin) return;
  await storeNotices(tx, publish, [
    { userId: e.userId, type: T.postRemoved, subjectText: e.headline, reason: e.reason },
  ]);
}

/** comment.deleted by an admin: commentRemoved to the author with the reason, the thread and its headline. */
export async function notifyCommentRemoved(
  tx: Db,
  e: DomainEvents['comment.deleted'],
  publish: PublishFn,
): Promise<void> {
  if (!e.byAdmin) return;
  const thread = e.thread.type === 'review' ? { reviewId: e.thread.id } : { postId: e.thread.id };
  await storeNotices(tx, publish, [
    { userId: e.userId, type: T.commentRemoved, subjectText: e.threadHeadline, reason: e.reason, ...thread },
  ]);
}

/**
 * change.submitted: tells the admins that members' suggestions wait (changesPending), without a
 * flood: an admin with an unseen notice of this type has it updated (its time and actor become
 * the latest suggestion's, so it tops the list, and it goes into the next e-mail digest again)
 * instead of a new one; an admin without one gets a new notice, which names the first request of
 * the run, from which the notice counts the suggestions (NotificationDto `count`). A batch of
 * suggestions (a collection import's unknown discs) is one event. A transaction-scoped advisory
 * lock serializes this step, so two suggestions at once never make an admin two unread notices.
 */
export async function notifyPendingChanges(
  tx: Db,
  e: DomainEvents['change.submitted'],
  publish: PublishFn,
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PENDING_NOTICE_LOCK})`);
  const admins = await queryRows<{ id: number; unseen: boolean }>(
    tx,
    sql`SELECT u.id, EXISTS (SELECT 1 FROM notifications n
                            WHERE n.user_id = u.id AND n.type = ${T.changesPending} AND n.seen_at IS NULL) AS unseen
        FROM users u WHERE u.role = 'admin' AND u.id <> ${e.userId}`,
  );
  const updated = admins.filter((a) => a.unseen).map((a) => Number(a.id));
  if (updated.length)
    await tx.execute(
      sql`UPDATE notifications SET created_at = now(), actor_id = ${e.userId}, mailed_at = NULL
          WHERE type = ${T.changesPending} AND seen_at IS NULL AND user_id = ANY(${sqlArray(updated, 'integer')})`,
    );
  await storeNotices(
    tx,
    publish,
    admins
      .filter((a) => !a.unseen)
      .map((a) => ({ userId: Number(a.id), type: T.changesPending, actorId: e.userId, changeRequestId: e.requestId })),
  );
}

/**
 * account.deleting: the account's change requests are deleted with it, and with them any
 * notification naming one (a foreign key). An admin's changesPending notice that names one of them
 * is moved to the next request of its run sent by someone else, so it stays and goes on counting
 * the other members' suggestions; one with no such request left goes.
 */
export async function keepPendingNotices(tx: Db, e: DomainEvents['account.deleting']): Promise<void> {
  const named = sql`n.type = ${T.changesPending}
    AND n.change_request_id IN (SELECT id FROM change_requests WHERE user_id = ${e.userId})`;
  const next = sql`(SELECT min(c.id) FROM change_requests c WHERE c.id > n.change_request_id AND c.user_id <> ${e.userId})`;
  await tx.execute(sql`UPDATE notifications n SET change_request_id = ${next} WHERE ${named} AND ${next} IS NOT NULL`);
}

/** The advisory lock key of {@link notifyPendingChanges} (any constant no other lock uses). */
const PENDING_NOTICE_LOCK = 2_022_000_022;

/** A member or an item in a notification: public id and name (or headline). */
export type NotificationRef = { public_id: string; name: string };

/**
 * A notification as its recipient sees it (`GET /api/notifications`, `/notifications`): public
 * ids and names only, never e-mail addresses. `type` is the stored type number, `type_name` its
 * name in lib/validation/notifications.ts (null for a number this version does not know).
 * `review` / `post`: the review or discussion (for a comment: its thread); `comment`: the comment
 * (its anchor on the thread's page); `subject_text`: the headline of removed content; `reason`: an
 * admin's reason for a removal; `count`: for changesPending, the catalogue suggestions members sent
 * from the one the notice was made for until the notice was seen (or now), else null; `seen`:
 * opened before.
 */
export type NotificationDto = {
  public_id: string;
  type: number;
  type_name: NotificationTypeName | null;
  actor: NotificationRef | null;
  review: NotificationRef | null;
  post: NotificationRef | null;
  comment: { public_id: string } | null;
  movie: NotificationRef | null;
  release: NotificationRef | null;
  subject_text: string | null;
  reason: string | null;
  count: number | null;
  seen: boolean;
  created_at: string;
};

/** Notifications per page of `/notifications` and `GET /api/notifications`. */
export const NOTIFICATION_PAGE_SIZE = 20;

const NOTIFICATION_SORT: KeysetSort = { name: 'created', expr: sql`n.created_at`, cast: 'timestamptz', dir: 'desc' };

type NotificationRow = {
  id: number;
  sk: string | null;
  public_id: string;
  type: number;
  actor_public_id: string | null;
  actor_name: string | null;
  review_public_id: string | null;
  review_headline: string | null;
  post_public_id: string | null;
  post_headline: string | null;
  comment_public_id: string | null;
  movie_public_id: string | null;
  movie_name: string | null;
  release_public_id: string | null;
  release_name: string | null;
  subject_text: string | null;
  reason: string | null;
  count: number | null;
  seen_at: string | Date | null;
  created_at: string | Date;
};

const ref = (publicId: string | null, name: string | null): NotificationRef | null =>
  publicId === null ? null : { public_id: publicId, name: name ?? '' };

function toDto(r: NotificationRow): NotificationDto {
  return {
    public_id: r.public_id,
    type: Number(r.type),
    type_name: notificationTypeName(Number(r.type)),
    actor: ref(r.actor_public_id, r.actor_name),
    review: ref(r.review_public_id, r.review_headline),
    post: ref(r.post_public_id, r.post_headline),
    comment: r.comment_public_id === null ? null : { public_id: r.comment_public_id },
    movie: ref(r.movie_public_id, r.movie_name),
    release: ref(r.release_public_id, r.release_name),
    subject_text: r.subject_text,
    reason: r.reason,
    count: r.count === null ? null : Number(r.count),
    seen: r.seen_at !== null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/**
 * For a changesPending notice: the suggestions members sent from the request it was made for
 * until it was seen (or now), an admin's own (applied at once, its reviewer its author) not
 * counted. A range of the primary key of change_requests.
 */
const suggestionsCounted = sql`(SELECT count(*)::int FROM change_requests cr
  WHERE cr.id >= n.change_request_id AND (n.seen_at IS NULL OR cr.created_at <= n.seen_at)
    AND cr.reviewed_by_id IS DISTINCT FROM cr.user_id)`;

const DTO_COLUMNS = sql`n.id, n.public_id, n.type, a.public_id AS actor_public_id, a.name AS actor_name,
  rv.public_id AS review_public_id, rv.headline AS review_headline, p.public_id AS post_public_id, p.headline AS post_headline,
  c.public_id AS comment_public_id, m.public_id AS movie_public_id, m.name AS movie_name,
  rl.public_id AS release_public_id, rl.name AS release_name, n.subject_text, n.reason, n.seen_at, n.created_at,
  CASE WHEN n.type = ${T.changesPending} THEN ${suggestionsCounted}
  END AS count`;

const DTO_FROM = sql`notifications n
  LEFT JOIN users a ON a.id = n.actor_id
  LEFT JOIN reviews rv ON rv.id = n.review_id
  LEFT JOIN posts p ON p.id = n.post_id
  LEFT JOIN comments c ON c.id = n.comment_id
  LEFT JOIN movies m ON m.id = n.movie_id
  LEFT JOIN releases rl ON rl.id = n.release_id`;

/**
 * One page of the actor's notifications, newest first (keyset on `(created_at, id)`, index
 * notifications_user_idx).
 * @throws AppError unauthorized when the actor may not read its own notifications
 *   (canReadNotifications); bad_cursor (HTTP 400)
 */
export async function listNotifications(actor: Actor, page: Paging = {}, db?: Db): Promise<Page<NotificationDto>> {
  const userId = actor.userId;
  if (!canReadNotifications(actor, userId)) throw new AppError('unauthorized');
  const { cursor = null, limit = NOTIFICATION_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const rows = await keysetRows<NotificationRow>(d, {
    columns: DTO_COLUMNS,
    from: DTO_FROM,
    idsFrom: sql`notifications n`,
    idsFirst: true,
    conds: [sql`n.user_id = ${userId}`],
    sort: NOTIFICATION_SORT,
    idCol: sql`n.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: NOTIFICATION_SORT }, toDto);
}

/**
 * How many of the actor's notifications are unseen (partial index notifications_unseen_idx).
 * @throws AppError unauthorized when the actor may not read its own notifications (canReadNotifications)
 */
export async function unseenCount(actor: Actor, db?: Db): Promise<number> {
  const userId = actor.userId;
  if (!canReadNotifications(actor, userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const [r] = await queryRows<{ n: number }>(
    d,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND seen_at IS NULL`,
  );
  return Number(r?.n ?? 0);
}

/**
 * Marks all of the actor's notifications seen (the list was opened).
 * @returns how many were unseen
 * @throws AppError unauthorized when the actor may not read its own notifications (canReadNotifications)
 */
export async function markAllSeen(actor: Actor, db?: Db): Promise<number> {
  const userId = actor.userId;
  if (!canReadNotifications(actor, userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const rows = await queryRows<{ id: number }>(
    d,
    sql`UPDATE notifications SET seen_at = now() WHERE user_id = ${userId} AND seen_at IS NULL RETURNING id`,
  );
  return rows.length;
}

type Catalogue = { notifications: { types: Record<string, string>; digestSubject: string; digestIntro: string } };
const CATALOGUES: Record<'en' | 'fi', Catalogue> = { en, fi };

/**
 * The text of one notification in `locale` (messages `notifications.types.{type_name}`, with
 * `{actor}`, `{subject}`, `{reason}` and `{count}` filled), as the page and the digest show it. Pure.
 */
export function notificationText(locale: 'en' | 'fi', n: NotificationDto): string {
  const types = CATALOGUES[locale].notifications.types;
  const subject = n.subject_text ?? n.review?.name ?? n.post?.name ?? n.release?.name ?? n.movie?.name ?? '';
  return fillPlaceholders(
    types[n.type_name ?? 'unknown'] ?? types.unknown,
    { actor: n.actor?.name ?? types.someone, subject, reason: n.reason ?? '', count: n.count ?? 0 },
    locale,
  );
}

/** Outcome of {@link sendDigests}: members mailed, notices carried, members whose mail failed. */
export type DigestReport = { members: number; notifications: number; failed: number };

/** Most notices listed in one digest (the rest are counted and wait on the site). */
const DIGEST_MAX_LINES = 50;

/**
 * The daily e-mail digest: for each member with the email-notification flag, their unseen
 * notifications not yet mailed, in one message through lib/mail.ts (SMTP, or an .eml file without
 * SMTP_URL), in English and Finnish (accounts store no language). Each member's rows are claimed
 * first (`mailed_at` set, `UPDATE … WHERE mailed_at IS NULL`), so app servers running it at the same
 * time never mail a notice twice; a failed send gives them back (`mailed_at` null again).
 * `siteUrl`: the links' origin (SITE_URL, default http://localhost:3000).
 */
export async function sendDigests(db?: Db, opts: { siteUrl?: string } = {}): Promise<DigestReport> {
  const d = await resolveDb(db);
  const site = (opts.siteUrl ?? process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const members = await queryRows<{ id: number; email: string; name: string }>(
    d,
    sql`SELECT u.id, u.email, u.name FROM users u
        WHERE u.email_notifications AND u.email NOT LIKE '%.invalid'
          AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.seen_at IS NULL AND n.mailed_at IS NULL)
        ORDER BY u.id`,
  );
  const report: DigestReport = { members: 0, notifications: 0, failed: 0 };
  for (const m of members) {
    const userId = Number(m.id);
    const claimed = await queryRows<{ id: number }>(
      d,
      sql`UPDATE notifications SET mailed_at = now()
          WHERE user_id = ${userId} AND seen_at IS NULL AND mailed_at IS NULL RETURNING id`,
    );
    if (!claimed.length) continue;
    const ids = claimed.map((c) => Number(c.id));
    const rows = await queryRows<NotificationRow>(
      d,
      sql`SELECT ${DTO_COLUMNS}, NULL AS sk FROM ${DTO_FROM}
          WHERE n.id = ANY(${sqlArray(ids, 'integer')}) ORDER BY n.created_at DESC, n.id DESC`,
    );
    const items = rows.map(toDto);
    try {
      await sendMail({ to: m.email, subject: digestSubject(items.length), text: digestBody(m.name, items, site) });
      report.members++;
      report.notifications += items.length;
    } catch (error) {
      logError('notification digest not sent; its notices wait for the next run', error);
      report.failed++;
      await d.execute(sql`UPDATE notifications SET mailed_at = NULL WHERE id = ANY(${sqlArray(ids, 'integer')})`);
    }
  }
  return report;
}

function digestSubject(count: number): string {
  return `${fillPlaceholders(en.notifications.digestSubject, { count })} / ${fillPlaceholders(fi.notifications.digestSubject, { count })}`;
}

function digestBody(name: string, items: NotificationDto[], site: string): string {
  const section = (locale: 'en' | 'fi') => {
    const c = CATALOGUES[locale].notifications;
    // Names and headlines are the members' own text: one line each, so none adds lines to the mail.
    const lines = items.slice(0, DIGEST_MAX_LINES).map((n) => `- ${singleLine(notificationText(locale, n))}`);
    if (items.length > DIGEST_MAX_LINES) lines.push(`- … (+${items.length - DIGEST_MAX_LINES})`);
    const link = `${site}${locale === 'fi' ? '/fi' : ''}/notifications`;
    return `${fillPlaceholders(c.digestIntro, { name: singleLine(name), count: items.length })}\n\n${lines.join('\n')}\n\n${link}`;
  };
  return `${section('en')}\n\n----\n\n${section('fi')}\n\nDiscShelf\n`;
}
