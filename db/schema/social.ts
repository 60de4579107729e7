import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { changeRequests } from './changes';
import { comments, posts, reviews } from './community';
import { movies } from './movies';
import { releases } from './releases';
import { users } from './users';

/**
 * Friendships: one row per pair of members, whoever asked last.
 * `state`: 'invited' (sent by `requester_id`, waiting for `addressee_id`), 'accepted', 'rejected'
 * (by the addressee), 'cancelled' (by the requester while invited), 'removed' (by either, after
 * acceptance). A rejected, cancelled or removed pair may ask again: the same row becomes 'invited'
 * with the new requester. The pair is unique in either order.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    requesterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text({ enum: ['invited', 'accepted', 'rejected', 'cancelled', 'removed'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the state last changed. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the pair became friends (the last acceptance), null before. */
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friendships_pair_key').using(
      'btree',
      sql`LEAST(${t.requesterId}, ${t.addresseeId})`,
      sql`GREATEST(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_requester_idx').on(t.requesterId, t.state),
    index('friendships_addressee_idx').on(t.addresseeId, t.state),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('friendships_state_check', sql`${t.state} IN ('invited', 'accepted', 'rejected', 'cancelled', 'removed')`),
  ],
);

/**
 * Notifications: the source of truth of what a member is told; the
 * realtime push is only a hint. `type` is one of lib/validation/notifications.ts NOTIFICATION_TYPES.
 * `actor_id` is the member who caused it (null once that account is gone or for system notices);
 * the subject columns point at what it is about (each set null when that row is deleted, so the
 * notice stays); `reason` is an admin's reason for a removal. `seen_at` is set when the member
 * opens the list; `mailed_at` when a daily digest carried it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewId: integer().references(() => reviews.id, { onDelete: 'set null' }),
    postId: integer().references(() => posts.id, { onDelete: 'set null' }),
    commentId: integer().references(() => comments.id, { onDelete: 'set null' }),
    movieId: integer().references(() => movies.id, { onDelete: 'set null' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'set null' }),
    /** A catalogue change request (its approval or discard). */
    changeRequestId: integer().references((): AnyPgColumn => changeRequests.id, { onDelete: 'cascade' }),
    /** A headline or name kept for notices whose subject is deleted (an admin removal). */
    subjectText: text(),
    reason: text(),
    seenAt: timestamp({ withTimezone: true }),
    mailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_public_id_key').on(t.publicId),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} IS NULL`),
    // Deleting a member, review, discussion, comment, movie or release sets these to null in the
    // notices about it: without an index each deleted row would scan every notification.
    ...(['actor', 'review', 'post', 'comment', 'movie', 'release'] as const).map((subject) => {
      const column = t[`${subject}Id`];
      return index(`notifications_${subject}_idx`)
        .on(column)
        .where(sql`${column} IS NOT NULL`);
    }),
  ],
);

/**
 * Trade matches: a release in one member's for-trade collection (style 7) that a friend has in a
 * wanted collection (style 4). One row per (trader, wanter, release), so both are notified once per
 * pair and release however often the entries change.
 */
export const tradeMatches = pgTable(
  'trade_matches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    traderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wanterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseId: integer()
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_matches_key').on(t.traderId, t.wanterId, t.releaseId),
    index('trade_matches_wanter_idx').on(t.wanterId),
  ],
);
