/**
 * The domain events of the data layer and their payloads (types only). A domain publishes an
 * event inside its transaction (lib/data/events.ts); the subscribers of other domains
 * (lib/data/subscribers.ts) react in the same transaction or once it has committed.
 */
import type { ToggleItem } from '@/lib/validation/toggles';

/** A movie or release by internal id and public id. */
export type ItemRef = { type: ToggleItem; id: number; publicId: string };

/** The fields of a collection that decide whether its entries feed the toggle counters. */
export type CollectionState = { style: number; shortcut_default: boolean; deleted: boolean };

/** Every event name and its payload. */
export type DomainEvents = {
  /** A user row was inserted (password or Facebook/Google registration, command line). */
  'account.created': { userId: number };
  /** A user row is about to be deleted, with everything that cascades from it. */
  'account.deleting': { userId: number };
  /** A collection's state changed (style, shortcut flag, trash, restore); `before`/`after` as stored. */
  'collection.changed': { collectionId: number; userId: number; before: CollectionState; after: CollectionState };
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
  /** A like was set or taken back (only when a row really changed). */
  'like.changed': { userId: number; item: ItemRef; on: boolean };
};

export type DomainEventName = keyof DomainEvents;

/** A subscriber that runs inside the publisher's transaction (its failure rolls the write back). */
export type TransactionalSubscriber<N extends DomainEventName> = (
  tx: import('@/db').Db,
  event: DomainEvents[N],
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
