import 'server-only';
/**
 * Who reacts to which domain event (lib/data/events.ts), in order. In-transaction subscribers
 * keep derived rows right in the same transaction as the write; after-commit effects touch what
 * is outside the database. The modules listed here never publish events themselves, so the
 * import graph has no cycle.
 */
import { removePicture } from '@/lib/images';
import { revalidateCatalogue, revalidateCollections, revalidateItemPages } from '@/lib/page-cache';
import { CATALOGUE_PICTURE_SIZES } from '@/lib/picture-urls';
import { pushNotification, pushPendingChanges } from '@/lib/realtime/server';
import { snapshotOnEntries } from './collection-values';
import { collectCollectionPages } from './collection-pages';
import { collectAccountPages } from './community-pages';
import type { SubscriberTable } from './event-types';
import { countCollectionChange, countEntries, countLike, uncountAccount, uncountCommunity } from './item-counters';
import {
  keepPendingNotices,
  notifyComment,
  notifyCommentRemoved,
  notifyFriendship,
  notifyLike,
  notifyPendingChanges,
  notifyPostRemoved,
  notifyReviewRemoved,
  notifyTrade,
} from './notifications';
import { fillPendingQueue } from './pending-changes';
import { createDefaultLists } from './shortcut-lists';
import { matchTradesOnCollection, matchTradesOnEntries, matchTradesOnFriendship } from './trades';

/** The subscribers of every event. */
export const SUBSCRIBERS: SubscriberTable = {
  'catalogue.changed': { afterCommit: [(e) => revalidateCatalogue(e.pages)] },
  'media.changed': {
    afterCommit: [
      (e) => revalidateItemPages(e.pages),
      // A deleted or dropped upload's files go once the row's change is committed.
      (e) => {
        if (e.files) removePicture(e.files.filename, Object.keys(CATALOGUE_PICTURE_SIZES), e.files.variant);
      },
    ],
  },
  'account.created': { inTransaction: [createDefaultLists] },
  'account.deleting': {
    inTransaction: [uncountAccount, uncountCommunity, collectAccountPages, keepPendingNotices],
    afterCommit: [(e) => revalidateItemPages(e.pages), (e) => revalidateCollections(e.collections)],
  },
  'collection.changed': {
    inTransaction: [countCollectionChange, matchTradesOnCollection, collectCollectionPages],
    afterCommit: [(e) => revalidateItemPages(e.pages), (e) => revalidateCollections([e.publicId])],
  },
  'collection.entries.changed': {
    inTransaction: [countEntries, snapshotOnEntries, matchTradesOnEntries],
    afterCommit: [(e) => revalidateItemPages(e.items)],
  },
  'like.changed': { inTransaction: [countLike, notifyLike] },
  'friendship.changed': { inTransaction: [matchTradesOnFriendship, notifyFriendship] },
  'trade.matched': { inTransaction: [notifyTrade] },
  'notification.created': { afterCommit: [pushNotification] },
  'change.submitted': { inTransaction: [notifyPendingChanges, fillPendingQueue], afterCommit: [pushPendingChanges] },
  'change.settled': { inTransaction: [fillPendingQueue], afterCommit: [pushPendingChanges] },
  'review.created': { afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'review.updated': { afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'review.deleted': { inTransaction: [notifyReviewRemoved], afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'post.created': { afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'post.updated': { afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'post.deleted': { inTransaction: [notifyPostRemoved], afterCommit: [(e) => revalidateItemPages(e.pages)] },
  'comment.created': { inTransaction: [notifyComment], afterCommit: [(e) => revalidateItemPages(e.thread.pages)] },
  'comment.deleted': {
    inTransaction: [notifyCommentRemoved],
    afterCommit: [(e) => revalidateItemPages(e.thread.pages)],
  },
};
