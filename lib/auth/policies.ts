/**
 * Who may do what: one pure function per decision (no I/O), named `can<Verb><Noun>`. Every
 * data-layer function that reads private data or writes asks one of these before it does, and
 * keeps the owner in its SQL as well (`WHERE user_id = …`), so a wrong check and a wrong query
 * both have to happen for a leak. SQL that filters lists by the same rule lives next to the data
 * (lib/data/collection-visibility.ts) and is tested against these functions.
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
 * Editing or deleting one's own content (reviews, discussions, comments, suggestions): the owner
 * only; moderators act through {@link canModerate} instead. An account's own data, sessions, API
 * tokens and entries have policies of their own below.
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
 * Seeing a private field of a profile (the own account view with its e-mail hint and settings, the
 * linked Facebook and Google accounts): the account itself. No role sees another user's e-mail
 * address; pages and the API never carry it.
 */
export function canSeePrivateProfile(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * A row that belongs to one account, as the policies see it: a login session, a personal API
 * token, a notification, a collection import, or an entry (owned by the owner of its collection).
 */
export type Owned = { userId: number };

/**
 * Listing and ending login sessions (one, every other one, or all of them: "log out
 * everywhere"): the account's own only. Admins have no exception: nobody ends another's session.
 */
export function canManageSession(actor: Actor | null | undefined, session: Owned): boolean {
  return isOwner(actor, session.userId);
}

/**
 * Listing, creating and revoking personal API tokens: the account's own only (creating one also
 * needs re-authentication, lib/data/reauth.ts). Admins have no exception.
 */
export function canManageApiToken(actor: Actor | null | undefined, token: Owned): boolean {
  return isOwner(actor, token.userId);
}

/**
 * Reading and resetting the secret address of one's release calendar: the account's own only.
 * Admins have no exception.
 */
export function canManageCalendar(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Reading which lists hold a scanned barcode, and one's whole barcode list for the phone's offline
 * copy: each list row read is checked against its owner (`userId`), and only the account's own
 * pass, private ones included. Admins have no exception.
 */
export function canReadOwnBarcodes(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Editing a profile ("edit my data": country, municipality, social links, the mail and
 * notification settings, the picture): the account itself. Admins have no exception.
 */
export function canEditProfile(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Changing how an account logs in (its e-mail address, its password, linking and unlinking
 * Facebook or Google): the account itself, which also re-authenticates (lib/data/reauth.ts).
 */
export function canChangeCredentials(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/** Deleting an account with everything that belongs to it: the account itself (after re-authentication). */
export function canDeleteAccount(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Changing, moving or removing an entry of a collection (`entry.userId`: the collection's owner):
 * the collection's owner only, as {@link canEditCollection}. Admins have no exception.
 */
export function canEditEntry(actor: Actor | null | undefined, entry: Owned): boolean {
  return canEditCollection(actor, entry);
}

/**
 * Following a collection import (its progress, report and unknown barcodes) and picking among its
 * candidates: the member who ran it. Another user's import answers as an unknown one.
 */
export function canAccessImport(actor: Actor | null | undefined, job: Owned): boolean {
  return isOwner(actor, job.userId);
}

/**
 * Reading a member's notifications (the list, the unseen count, the realtime channel) and marking
 * them seen: the member only. Admins have no exception.
 */
export function canReadNotifications(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Reading a member's social pages: the friends' stream, the trade matches, the waiting friend
 * requests and the wanted releases that others offer. The member only; admins have no exception.
 */
export function canSeeSocialFeed(actor: Actor | null | undefined, userId: number): boolean {
  return isOwner(actor, userId);
}

/**
 * Sending a message through a contact form: everyone, visitors too (a visitor passes the bot
 * check and the per-address limit, a member the per-account limit; lib/data/contact.ts).
 */
export function canSendContactMessage(actor: Actor | null | undefined): boolean {
  return actor === null || actor === undefined || hasRole(actor, 'basic');
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
