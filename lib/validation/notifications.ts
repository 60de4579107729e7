/**
 * Notification types: 1-7, 10-14, 20 and 21 are members' notices, 22 the admins' notice of pending
 * items. Pure: shared by the server, the API and the bell. Each type names what the notice is
 * about; `actor` is the member who caused it.
 */
export const NOTIFICATION_TYPES = {
  /** A member sent you a friend request (actor: the sender). */
  friendRequest: 1,
  /** A member accepted your friend request (actor: the new friend). */
  friendAccepted: 2,
  /** A comment on your review (actor: the commenter; review and comment). Flag: review-notification. */
  reviewComment: 3,
  /** A reply in your discussion (actor: the replier; post and comment). */
  postReply: 4,
  /** A reply to your comment (actor: the replier; the thread and the new comment). */
  commentReply: 5,
  /** A like of your review (actor: who liked it; review). Flag: review-notification. */
  reviewLike: 6,
  /** A like of your discussion or comment (actor: who liked it; post or comment). */
  contentLike: 7,
  /** A trade match: a friend trades a release you want, or wants one you trade (actor: the friend; release). */
  tradeMatch: 10,
  /** A new release of a movie on your want-to-see or wanted lists (movie and release). Flag: release-notification. */
  newRelease: 11,
  /** An admin deleted your review, with the reason (subject text: its headline). */
  reviewRemoved: 12,
  /** An admin deleted your discussion, with the reason (subject text: its headline). */
  postRemoved: 13,
  /** An admin deleted your comment, with the reason (subject text: the thread's headline). */
  commentRemoved: 14,
  /** Kept for the moderation outcomes of catalogue contributions: your suggested edit was approved. */
  contributionApproved: 20,
  /** Kept for the moderation outcomes of catalogue contributions: your suggested edit was discarded. */
  contributionDiscarded: 21,
  /**
   * Admins: members' catalogue suggestions wait for approval. One unread notice per admin: while it
   * is unseen, further suggestions update it (actor: the member who sent the latest; `count`: the
   * suggestions sent since it arrived, until it was seen) instead of adding notices.
   */
  changesPending: 22,
} as const;

export type NotificationTypeName = keyof typeof NOTIFICATION_TYPES;
export type NotificationType = (typeof NOTIFICATION_TYPES)[NotificationTypeName];

/** The name of a stored type number, or null for a number the product does not know. Pure. */
export function notificationTypeName(type: number): NotificationTypeName | null {
  for (const [name, n] of Object.entries(NOTIFICATION_TYPES)) if (n === type) return name as NotificationTypeName;
  return null;
}

/** Friendship states. */
export const FRIENDSHIP_STATES = ['invited', 'accepted', 'rejected', 'cancelled', 'removed'] as const;
export type FriendshipState = (typeof FRIENDSHIP_STATES)[number];
