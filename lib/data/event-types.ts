/**
 * The domain events of the data layer and their payloads (types only). A domain publishes an
 * event inside its transaction (lib/data/events.ts); the subscribers of other domains
 * (lib/data/subscribers.ts) react in the same transaction or once it has committed.
 */
import type { FriendshipState } from '@/lib/validation/notifications';
import type { ToggleItem } from '@/lib/validation/toggles';

/** A movie or release by internal id and public id. */
export type ItemRef = { type: ToggleItem; id: number; publicId: string };

/** A review, post or comment by internal id and public id (what a like may also point at). */
export type CommunityRef = { type: 'review' | 'post' | 'comment'; id: number; publicId: string };

/**
 * The thread a comment belongs to: a review or a post, the thread's author, and the cached movie
 * or release pages whose lists show the thread's reply count (a post's linked item; none for reviews).
 */
export type ThreadRef = { type: 'review' | 'post'; id: number; publicId: string; authorId: number; pages: ItemPage[] };

/** The fields of a collection that decide whether its entries feed the toggle counters. */
export type CollectionState = { style: number; shortcut_default: boolean; deleted: boolean };

/** A cached movie or release page (lib/page-cache.ts) by public id. */
export type ItemPage = { type: 'movie' | 'release'; publicId: string };

/** Cached catalogue pages by kind (lib/page-cache.ts CachedPageKind) and public id. */
export type CataloguePages = Partial<Record<'movie' | 'release' | 'person' | 'label' | 'company', string[]>>;

/** A review by internal ids: the review, its author, movie and linked release (if any). */
export type ReviewEvent = {
  reviewId: number;
  authorId: number;
  movieId: number;
  releaseId: number | null;
  /** The movie and release pages that show the review (on a change of release, the previous one too). */
  pages: ItemPage[];
};

/** A post by internal and public id, its author, and the movie or release page listing it (if any). */
export type PostEvent = { postId: number; publicId: string; userId: number; pages: ItemPage[] };

/**
 * The admins' queue of change requests after a change to it: how many requests are pending and the
 * public ids of the admins (whose realtime channels hear the number). Published empty; an
 * in-transaction subscriber (lib/data/pending-changes.ts) fills it, and the after-commit push sends it.
 */
export type PendingQueue = { pending: number; admins: string[] };

/** Every event name and its payload. */
export type DomainEvents = {
  /**
   * A catalogue entity was created or changed by the data layer's writer (lib/data/catalogue-writes.ts),
   * with its revision; `pages`: the cached pages that show the change, revalidated after commit.
   */
  'catalogue.changed': {
    entity: 'movie' | 'release' | 'person' | 'label';
    id: number;
    publicId: string;
    revisionId: number;
    pages: CataloguePages;
  };
  /** A review was written. */
  'review.created': ReviewEvent;
  /** A review's fields were changed by its author. */
  'review.updated': ReviewEvent;
  /** A review was deleted: by its author, or by an admin (`byAdmin`) with a `reason`; `headline` as it was. */
  'review.deleted': ReviewEvent & { byAdmin: boolean; reason: string | null; headline: string };
  /** A user row was inserted (password or Facebook/Google registration, command line). */
  'account.created': { userId: number };
  /**
   * A user row is about to be deleted, with everything that cascades from it. `pages` starts
   * empty; an in-transaction subscriber fills it with the cached movie and release pages that show
   * the account's reviews and discussions (or discussions it replied to or liked), which are
   * revalidated once the deletion has committed; `collections` likewise with the public ids of
   * its public collections, whose cache tag expires every page naming them.
   */
  'account.deleting': { userId: number; pages: ItemPage[]; collections: string[] };
  /**
   * A collection was saved (name, description, visibility, style, shortcut flag) or trashed or
   * restored; `before`/`after` as stored. `pages`: the item pages showing the collection
   * (its entries' movies and releases), filled by a subscriber for their revalidation.
   */
  'collection.changed': {
    collectionId: number;
    publicId: string;
    userId: number;
    before: CollectionState;
    after: CollectionState;
    pages: ItemPage[];
  };
  /**
   * Entries of one collection were added, updated or removed (`items`: the entries' movies or
   * releases). `via` tells who wrote them: a member toggle, the entry dialog or API, or a file
   * import (one event for all rows of a file).
   */
  'collection.entries.changed': {
    collectionId: number;
    userId: number;
    collection: CollectionState;
    change: 'added' | 'updated' | 'removed';
    items: ItemRef[];
    via: 'toggle' | 'entry' | 'import';
  };
  /**
   * A like was set or taken back (only when a row really changed): of a movie or release
   * (`ItemRef`), or of a review, post or comment (`CommunityRef`).
   */
  'like.changed': { userId: number; item: ItemRef | CommunityRef; on: boolean };
  /**
   * A friendship changed state: `from` null for a first request; `byUserId` is the member
   * who acted (the requester for a request or cancellation, the addressee for an acceptance or
   * rejection, either for a removal).
   */
  'friendship.changed': {
    friendshipId: number;
    requesterId: number;
    addresseeId: number;
    from: FriendshipState | null;
    to: FriendshipState;
    byUserId: number;
  };
  /** A new trade match: `traderId` has the release for trade, their friend `wanterId` wants it (once per pair and release). */
  'trade.matched': { traderId: number; wanterId: number; releaseId: number; releasePublicId: string };
  /**
   * A notification row was stored for `userId` (public id `userPublicId`, which names the member's
   * realtime channel); it is pushed on that channel after commit.
   */
  'notification.created': {
    notificationId: number;
    publicId: string;
    userId: number;
    userPublicId: string;
    type: number;
  };
  /**
   * A member's catalogue suggestion now waits for approval, or `count` of them sent together (the
   * unknown discs of a collection import): `requestId` is the first of them. Not published for an
   * admin's own, which is applied at once.
   */
  'change.submitted': { userId: number; requestId: number; count: number; queue: PendingQueue };
  /** `count` pending change requests were approved, discarded or withdrawn: the queue is shorter. */
  'change.settled': { status: 'approved' | 'discarded' | 'withdrawn'; count: number; queue: PendingQueue };
  /**
   * A picture, video or shopping link was approved, edited, deleted, or dropped before approval:
   * `pages` the movie and release pages that show it (revalidated after commit), `files` an
   * uploaded picture's stored name and variant whose files are removed after commit (a deleted
   * or dropped picture), else null.
   */
  'media.changed': {
    entity: 'picture' | 'video' | 'shopping_link';
    id: number;
    pages: ItemPage[];
    files: { filename: string; variant: string | null } | null;
  };
  /** A post (discussion) was created. */
  'post.created': PostEvent;
  /** A post's headline, body or language was changed by its author. */
  'post.updated': PostEvent;
  /** A post was deleted by its author or, with a reason, by an admin (its comments go with it); `headline` as it was. */
  'post.deleted': PostEvent & { byAdmin: boolean; reason: string | null; headline: string };
  /**
   * A comment was added to a review or post: the thread and its author, and the author of the
   * comment replied to (null when it is no reply or that comment is gone).
   */
  'comment.created': {
    commentId: number;
    publicId: string;
    userId: number;
    thread: ThreadRef;
    replyToAuthorId: number | null;
  };
  /** A comment's body was changed by its author. */
  'comment.updated': { commentId: number; publicId: string; userId: number; thread: ThreadRef };
  /** A comment was deleted by its author or, with a reason, by an admin; `threadHeadline`: its review's or post's headline. */
  'comment.deleted': {
    commentId: number;
    publicId: string;
    userId: number;
    thread: ThreadRef;
    threadHeadline: string;
    byAdmin: boolean;
    reason: string | null;
  };
};

export type DomainEventName = keyof DomainEvents;

/** Publishes a further event in the same transaction (what a subscriber gets instead of importing lib/data/events.ts). */
export type PublishFn = <M extends DomainEventName>(name: M, event: DomainEvents[M]) => Promise<void>;

/**
 * A subscriber that runs inside the publisher's transaction (its failure rolls the write back);
 * `publish` publishes an event of its own in that transaction (a derived row's event).
 */
export type TransactionalSubscriber<N extends DomainEventName> = (
  tx: import('@/db').Db,
  event: DomainEvents[N],
  publish: PublishFn,
) => Promise<void>;

/** An effect that runs once the transaction has committed (its failure is logged, the write stands). */
export type AfterCommitEffect<N extends DomainEventName> = (event: DomainEvents[N]) => Promise<void> | void;

/** The subscribers of one event. */
export type Subscription<N extends DomainEventName> = {
  inTransaction?: TransactionalSubscriber<N>[];
  afterCommit?: AfterCommitEffect<N>[];
};

/** The subscribers of every event that has any. */
export type SubscriberTable = { [N in DomainEventName]?: Subscription<N> };
