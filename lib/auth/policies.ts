/**
 * Who may do what: one pure function per decision (no I/O), named `can<Verb><Noun>`. The data
 * layer asks these before it reads or writes; SQL that filters lists by the same rule lives next
 * to the data (lib/data/collection-visibility.ts) and is tested against these functions.
 */
import { hasRole, type Actor } from './actor';

/** The fields of a collection that decide who may see and change it. */
export type CollectionAccess = { userId: number; visibility: 'public' | 'private'; deleted: boolean };

/** Whether the actor owns a row of `ownerId` (visitors own nothing). */
export function isOwner(actor: Actor | null | undefined, ownerId: number): boolean {
  return !!actor && actor.userId === ownerId;
}

/**
 * Viewing a collection, its entries, value, statistics and export: everyone sees a public one
 * that is not in the trash; a private or trashed one only its owner. Admins have no exception:
 * private lists stay private.
 */
export function canViewCollection(actor: Actor | null | undefined, c: CollectionAccess): boolean {
  return (c.visibility === 'public' && !c.deleted) || isOwner(actor, c.userId);
}

/** Changing a collection, its entries and imports, trashing and restoring it: its owner only. */
export function canEditCollection(actor: Actor | null | undefined, c: Pick<CollectionAccess, 'userId'>): boolean {
  return isOwner(actor, c.userId);
}

/**
 * Editing or deleting one's own content (an account's data, sessions, API tokens, entries,
 * reviews and posts): the owner only; moderators act through {@link canModerate} instead.
 */
export function canEditOwnContent(actor: Actor | null | undefined, ownerId: number): boolean {
  return isOwner(actor, ownerId);
}

/** Moderating: approving catalogue changes, hiding others' content, handling reports. Admins only. */
export function canModerate(actor: Actor | null | undefined): boolean {
  return hasRole(actor, 'admin');
}

/**
 * Reading, answering and closing the messages of the contact forms (`/admin/messages`): admins
 * only. Sending one is open to everyone (visitors pass the bot check).
 */
export function canHandleContactMessages(actor: Actor | null | undefined): boolean {
  return hasRole(actor, 'admin');
}

/**
 * Seeing a private field of a profile (the e-mail hint, settings, sessions): the account itself.
 * No role sees another user's e-mail address; pages and the API never carry it.
 */
export function canSeePrivateProfile(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/** Using a member feature (toggles, collections, API tokens): any logged-in user. */
export function canUseMemberFeatures(actor: Actor | null | undefined): actor is Actor {
  return hasRole(actor, 'basic');
}

/**
 * Liking a review, post or comment: any logged-in user, but not their own (a like tells the author
 * that someone else valued it, so the counters count other people only).
 */
export function canLike(actor: Actor | null | undefined, item: { userId: number }): boolean {
  return canUseMemberFeatures(actor) && !isOwner(actor, item.userId);
}

/** A friendship as the policies see it: its two parties and its state. */
export type FriendshipAccess = {
  requesterId: number;
  addresseeId: number;
  state: 'invited' | 'accepted' | 'rejected' | 'cancelled' | 'removed';
};

/** What a member may do to a friendship: request, accept, reject, cancel, remove. */
export type FriendshipAction = 'request' | 'accept' | 'reject' | 'cancel' | 'remove';

/**
 * Changing a friendship between the actor and `otherId`, given the pair's row (null when
 * the two never had one): a request to anyone but oneself when there is no row or it was rejected,
 * cancelled or removed; accepting and rejecting by the addressee of an invitation; cancelling by its
 * requester; removing an accepted friendship by either. Admins have no exception: a friendship is
 * the two members' own. Everything else is a refused transition (HTTP 409).
 */
export function canChangeFriendship(
  actor: Actor | null | undefined,
  otherId: number,
  f: FriendshipAccess | null,
  action: FriendshipAction,
): boolean {
  if (!canUseMemberFeatures(actor) || actor.userId === otherId) return false;
  if (f) {
    const pair = [f.requesterId, f.addresseeId];
    if (!pair.includes(actor.userId) || !pair.includes(otherId)) return false;
  }
  switch (action) {
    case 'request':
      return !f || f.state === 'rejected' || f.state === 'cancelled' || f.state === 'removed';
    case 'accept':
    case 'reject':
      return f?.state === 'invited' && f.addresseeId === actor.userId;
    case 'cancel':
      return f?.state === 'invited' && f.requesterId === actor.userId;
    case 'remove':
      return f?.state === 'accepted';
  }
}
