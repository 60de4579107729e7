/**
 * The policy matrix (lib/auth/policies.ts): every kind of actor against every decision, with the
 * expected allow / deny. The same table's route half is tests/integration/policy-matrix.test.ts.
 * New features add their rows here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { hasRole, requireAllowed, requireRole } from '@/lib/auth/actor';
import {
  canAccessImport,
  canChangeCredentials,
  canChangeFriendship,
  canDeleteAccount,
  canEditCollection,
  canEditEntry,
  canEditOwnContent,
  canEditProfile,
  canHandleContactMessages,
  canLike,
  canManageApiToken,
  canManageCalendar,
  canReadOwnBarcodes,
  canManageSession,
  canModerate,
  canReadNotifications,
  canSeePrivateProfile,
  canSeeSocialFeed,
  canSendContactMessage,
  canUseMemberFeatures,
  canViewCollection,
  type CollectionAccess,
  type FriendshipAccess,
  type FriendshipAction,
} from '@/lib/auth/policies';
import * as policies from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';

const OWNER_ID = 1;
const actors = {
  visitor: null,
  member: { userId: 2, publicId: 'member0002', name: 'Member', role: 'basic', sessionId: 2 },
  owner: { userId: OWNER_ID, publicId: 'owner00001', name: 'Owner', role: 'basic', sessionId: 1 },
  admin: { userId: 3, publicId: 'admin00003', name: 'Admin', role: 'admin', sessionId: 3 },
  ownerAdmin: { userId: OWNER_ID, publicId: 'owner00001', name: 'Owner', role: 'admin', sessionId: 4 },
} satisfies Record<string, Actor | null>;
type Kind = keyof typeof actors;

const publicList: CollectionAccess = { userId: OWNER_ID, visibility: 'public', deleted: false };
const privateList: CollectionAccess = { userId: OWNER_ID, visibility: 'private', deleted: false };
const trashedList: CollectionAccess = { userId: OWNER_ID, visibility: 'public', deleted: true };

/** A friendship of the owner with the member (the member asked): each actor acts on the pair with the other one. */
const MEMBER_ID = 2;
const invitation: FriendshipAccess = { requesterId: MEMBER_ID, addresseeId: OWNER_ID, state: 'invited' };
const friends: FriendshipAccess = { ...invitation, state: 'accepted' };
const friendship = (a: Actor | null, f: FriendshipAccess | null, action: FriendshipAction) =>
  canChangeFriendship(a, a?.userId === OWNER_ID ? MEMBER_ID : OWNER_ID, f, action);

/** The owner, as a plain member or as an admin: nobody else, other admins included. */
const OWN: Kind[] = ['owner', 'ownerAdmin'];

/** action → the actor kinds allowed (every other kind is denied). */
const MATRIX: { action: string; check: (a: Actor | null) => boolean; allowed: Kind[] }[] = [
  {
    action: 'view a public collection',
    check: (a) => canViewCollection(a, publicList),
    allowed: ['visitor', 'member', 'owner', 'admin', 'ownerAdmin'],
  },
  {
    action: 'view a private collection',
    check: (a) => canViewCollection(a, privateList),
    allowed: ['owner', 'ownerAdmin'],
  },
  {
    action: 'view a trashed collection',
    check: (a) => canViewCollection(a, trashedList),
    allowed: ['owner', 'ownerAdmin'],
  },
  { action: 'edit a collection', check: (a) => canEditCollection(a, publicList), allowed: ['owner', 'ownerAdmin'] },
  {
    action: 'edit or delete own content',
    check: (a) => canEditOwnContent(a, OWNER_ID),
    allowed: ['owner', 'ownerAdmin'],
  },
  {
    action: 'see a private profile field',
    check: (a) => canSeePrivateProfile(a, OWNER_ID),
    allowed: ['owner', 'ownerAdmin'],
  },
  // An account's own things: the owner only, admins included in "nobody else".
  { action: 'list or end a session', check: (a) => canManageSession(a, { userId: OWNER_ID }), allowed: OWN },
  {
    action: 'list, make or revoke an API token',
    check: (a) => canManageApiToken(a, { userId: OWNER_ID }),
    allowed: OWN,
  },
  {
    action: "read or reset one's release calendar address",
    check: (a) => canManageCalendar(a, OWNER_ID),
    allowed: OWN,
  },
  {
    action: "read one's barcode list for the offline scanner",
    check: (a) => canReadOwnBarcodes(a, OWNER_ID),
    allowed: OWN,
  },
  { action: 'edit a profile and its settings', check: (a) => canEditProfile(a, OWNER_ID), allowed: OWN },
  { action: 'change e-mail, password or linked logins', check: (a) => canChangeCredentials(a, OWNER_ID), allowed: OWN },
  { action: 'delete an account', check: (a) => canDeleteAccount(a, OWNER_ID), allowed: OWN },
  { action: 'change, move or remove an entry', check: (a) => canEditEntry(a, { userId: OWNER_ID }), allowed: OWN },
  {
    action: 'follow an import and pick its candidates',
    check: (a) => canAccessImport(a, { userId: OWNER_ID }),
    allowed: OWN,
  },
  { action: 'read notifications and mark them seen', check: (a) => canReadNotifications(a, OWNER_ID), allowed: OWN },
  {
    action: 'see the stream, trades, friend requests and wanted offers',
    check: (a) => canSeeSocialFeed(a, OWNER_ID),
    allowed: OWN,
  },
  {
    action: 'send a contact message',
    check: (a) => canSendContactMessage(a),
    allowed: ['visitor', 'member', 'owner', 'admin', 'ownerAdmin'],
  },
  { action: 'moderate', check: (a) => canModerate(a), allowed: ['admin', 'ownerAdmin'] },
  {
    action: 'read, answer and close contact messages',
    check: (a) => canHandleContactMessages(a),
    allowed: ['admin', 'ownerAdmin'],
  },
  {
    action: 'use member features',
    check: (a) => canUseMemberFeatures(a),
    allowed: ['member', 'owner', 'admin', 'ownerAdmin'],
  },
  {
    action: "like someone's review, post or comment",
    check: (a) => canLike(a, { userId: OWNER_ID }),
    allowed: ['member', 'admin'],
  },
  { action: "hold the role 'admin'", check: (a) => hasRole(a, 'admin'), allowed: ['admin', 'ownerAdmin'] },
  // Friendships: the owner and the member are the pair; an admin acts on a pair of their own.
  {
    action: 'request a friendship where there is none',
    check: (a) => friendship(a, null, 'request'),
    allowed: ['member', 'owner', 'admin', 'ownerAdmin'],
  },
  {
    action: 'request a friendship with oneself',
    check: (a) => canChangeFriendship(a, a?.userId ?? 0, null, 'request'),
    allowed: [],
  },
  { action: 'request again while a request waits', check: (a) => friendship(a, invitation, 'request'), allowed: [] },
  {
    action: 'accept a friend request',
    check: (a) => friendship(a, invitation, 'accept'),
    allowed: ['owner', 'ownerAdmin'],
  },
  {
    action: 'reject a friend request',
    check: (a) => friendship(a, invitation, 'reject'),
    allowed: ['owner', 'ownerAdmin'],
  },
  { action: 'cancel a friend request', check: (a) => friendship(a, invitation, 'cancel'), allowed: ['member'] },
  {
    action: 'remove a friend',
    check: (a) => friendship(a, friends, 'remove'),
    allowed: ['member', 'owner', 'ownerAdmin'],
  },
  {
    action: 'request again after removal',
    check: (a) => friendship(a, { ...friends, state: 'removed' }, 'request'),
    allowed: ['member', 'owner', 'ownerAdmin'],
  },
];

describe('policy matrix', () => {
  it('has a row for every policy of lib/auth/policies.ts', () => {
    const source = fs.readFileSync(path.join('tests', 'unit', 'policies.test.ts'), 'utf8');
    const names = Object.keys(policies).filter((k) => k.startsWith('can'));
    // A row's check calls the policy with its actor `a`.
    expect(names.filter((k) => !source.includes(`${k}(a`))).toEqual([]);
  });
  for (const row of MATRIX) {
    for (const kind of Object.keys(actors) as Kind[]) {
      const allow = row.allowed.includes(kind);
      it(`${kind} ${allow ? 'may' : 'may not'} ${row.action}`, () => {
        expect(row.check(actors[kind])).toBe(allow);
      });
    }
  }
});

describe('requireAllowed', () => {
  it('answers 401 to a visitor, 403 when the policy refused, and the actor when it allowed', () => {
    expect(() => requireAllowed(null, true)).toThrow(expect.objectContaining({ status: 401 }) as AppError);
    expect(() => requireAllowed(actors.member, canModerate(actors.member))).toThrow(
      expect.objectContaining({ status: 403 }) as AppError,
    );
    expect(requireAllowed(actors.admin, canModerate(actors.admin))).toBe(actors.admin);
  });
});

describe('requireRole', () => {
  it('answers 401 to a visitor, 403 to a member without the role, and the actor otherwise', () => {
    expect(() => requireRole(null, 'basic')).toThrow(expect.objectContaining({ status: 401 }) as AppError);
    expect(() => requireRole(actors.member, 'admin')).toThrow(expect.objectContaining({ status: 403 }) as AppError);
    expect(requireRole(actors.admin, 'admin')).toBe(actors.admin);
    expect(requireRole(actors.admin, 'basic')).toBe(actors.admin);
    expect(requireRole(actors.member, 'basic')).toBe(actors.member);
  });
});
