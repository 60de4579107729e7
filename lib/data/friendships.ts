import 'server-only';
/**
 * Friendships: requests between members, their answers, and the lists
 * of friends and open requests. One row per pair (db/schema/social.ts `friendships`), whoever
 * asked last; every change of state publishes `friendship.changed` in its transaction. Who may do
 * what is lib/auth/policies.ts canChangeFriendship; a transition it refuses answers 409
 * `friendship_state`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import {
  canChangeFriendship,
  canSeeSocialFeed,
  type FriendshipAccess,
  type FriendshipAction,
} from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';
import type { FriendshipState } from '@/lib/validation/notifications';
import { countAction, countFriendRequest } from './action-limits';
import { inTransaction, publish } from './events';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';

export type { FriendshipAction } from '@/lib/auth/policies';

/** The actions of {@link changeFriendship}, in the order the API documents them. */
export const FRIENDSHIP_ACTIONS = ['request', 'accept', 'reject', 'cancel', 'remove'] as const;

/** A member as friend lists show them: public fields only. */
export type FriendUser = { public_id: string; name: string; picture: string | null; points: number };

/**
 * How the viewer stands with a user: `visitor` (not logged in), `self` (their own page), `none`
 * (no open request and not friends: the pair may ask), `outgoing` (the viewer's request waits),
 * `incoming` (the user's request waits for the viewer), `friends`.
 */
export type FriendRelation = 'visitor' | 'self' | 'none' | 'outgoing' | 'incoming' | 'friends';

/**
 * A friendship seen by one of its parties (or a visitor): the other user, the stored state (null
 * when the pair never had a row), the relation the friend button shows, and when the state last
 * changed and when the pair became friends (ISO 8601, null when not).
 */
export type FriendshipDto = {
  user: FriendUser;
  state: FriendshipState | null;
  relation: FriendRelation;
  updated_at: string | null;
  accepted_at: string | null;
};

/** One accepted friend of a user: the friend and since when (ISO 8601). */
export type FriendItem = { user: FriendUser; since: string };

/** One open request: the other member (sender of an incoming one, addressee of an outgoing one) and when it was sent. */
export type FriendRequestItem = { user: FriendUser; direction: 'incoming' | 'outgoing'; requested_at: string };

/**
 * Seconds a member whose friend request was rejected waits before asking the same member again
 * (7 days); the member who rejected may ask at any time.
 */
export const FRIEND_REQUEST_RETRY_SECONDS = 7 * 86_400;

/** Friends and requests per page. */
export const FRIEND_PAGE_SIZE = 48;

/** Waiting requests each way that the owner's friends page shows (the API pages through all). */
export const FRIEND_REQUESTS_SHOWN = 100;

type FriendshipRow = FriendshipAccess & { id: number; updatedAt: string | null; acceptedAt: string | null };
type UserRow = { id: number; public_id: string; name: string; picture: string | null; points: number };

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string | Date).toISOString());

function friendUser(r: Pick<UserRow, 'public_id' | 'name' | 'picture' | 'points'>): FriendUser {
  return { public_id: r.public_id, name: r.name, picture: r.picture, points: Number(r.points) };
}

/** The relation of `viewerId` to the other party given the pair's row. Pure. */
function relationOf(viewerId: number, f: FriendshipRow | null): FriendRelation {
  if (!f) return 'none';
  if (f.state === 'accepted') return 'friends';
  if (f.state === 'invited') return f.requesterId === viewerId ? 'outgoing' : 'incoming';
  return 'none';
}

async function userByPublicId(db: Db, publicId: string): Promise<UserRow | null> {
  const [u] = await queryRows<UserRow>(
    db,
    sql`SELECT id, public_id, name, picture, points FROM users WHERE public_id = ${publicId}`,
  );
  return u ? { ...u, id: Number(u.id) } : null;
}

/** The row of the pair `a`, `b` (either order), locked for the transaction with `lock`. */
async function pairRow(db: Db, a: number, b: number, lock = false): Promise<FriendshipRow | null> {
  const [r] = await queryRows<{
    id: number;
    requester_id: number;
    addressee_id: number;
    state: FriendshipState;
    updated_at: string | Date;
    accepted_at: string | Date | null;
  }>(
    db,
    sql`SELECT id, requester_id, addressee_id, state, updated_at, accepted_at FROM friendships
        WHERE LEAST(requester_id, addressee_id) = LEAST(${a}::integer, ${b}::integer)
          AND GREATEST(requester_id, addressee_id) = GREATEST(${a}::integer, ${b}::integer)
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    requesterId: Number(r.requester_id),
    addresseeId: Number(r.addressee_id),
    state: r.state,
    updatedAt: iso(r.updated_at),
    acceptedAt: iso(r.accepted_at),
  };
}

function toDto(viewerId: number | null, other: UserRow, f: FriendshipRow | null): FriendshipDto {
  return {
    user: friendUser(other),
    state: f?.state ?? null,
    relation: viewerId == null ? 'visitor' : viewerId === other.id ? 'self' : relationOf(viewerId, f),
    updated_at: f?.updatedAt ?? null,
    accepted_at: f?.state === 'accepted' ? f.acceptedAt : null,
  };
}

/**
 * How the viewer (null: a visitor) stands with the user `publicId`: the friend button's state.
 * A visitor learns nothing about the user's friendships (`relation: 'visitor'`, state null).
 * @returns null for an unknown user
 */
export async function getFriendship(viewer: Actor | null, publicId: string, db?: Db): Promise<FriendshipDto | null> {
  const d = await resolveDb(db);
  const other = await userByPublicId(d, publicId);
  if (!other) return null;
  if (!viewer || viewer.userId === other.id) return toDto(viewer?.userId ?? null, other, null);
  return toDto(viewer.userId, other, await pairRow(d, viewer.userId, other.id));
}

/** The state an allowed action leads to. */
const NEXT_STATE: Record<FriendshipAction, FriendshipState> = {
  request: 'invited',
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  remove: 'removed',
};

/** Outcome of {@link changeFriendship}: the new state, or a field problem (`_form: friendSelf` for a request to oneself). */
export type ChangeFriendshipResult =
  { ok: true; friendship: FriendshipDto } | { ok: false; errors: Record<string, string> };

/**
 * The actor's action on the friendship with the user `publicId`: `request` (to anyone
 * but oneself, when the pair has no row or it was rejected, cancelled or removed: the same row
 * becomes `invited` with the actor as requester), `accept` / `reject` (the addressee of an
 * invitation), `cancel` (its requester), `remove` (either party of an accepted friendship). The
 * pair's row is locked for the change, so two requests at once make one row; each change publishes
 * `friendship.changed` in the transaction.
 * @returns null for an unknown user; `_form: friendSelf` for a request to oneself
 * Limits (lib/data/action-limits.ts): 30 actions an hour, 20 new requests a day, 3 a day to the
 * same member; after a rejection its sender waits FRIEND_REQUEST_RETRY_SECONDS.
 * @throws AppError friendship_state (HTTP 409) for any other transition; action_limited (HTTP
 *   429) past the limits; friend_request_wait (HTTP 429) for a request again too soon after its
 *   rejection
 */
export async function changeFriendship(
  actor: Actor,
  input: { publicId: string; action: FriendshipAction },
  db?: Db,
): Promise<ChangeFriendshipResult | null> {
  const { publicId, action } = input;
  const d = await resolveDb(db);
  const other = await userByPublicId(d, publicId);
  if (!other) return null;
  if (other.id === actor.userId) {
    if (action === 'request') return { ok: false, errors: { _form: 'friendSelf' } };
    throw new AppError('friendship_state');
  }
  await countAction(actor, 'friendship', d);
  if (action === 'request') await countFriendRequest(actor, other.id, d);
  return inTransaction(d, async (tx) => {
    let f = await pairRow(tx, actor.userId, other.id, true);
    if (action === 'request' && f) refuseEarlyRetry(actor, f);
    if (!f && action === 'request') {
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO friendships (requester_id, addressee_id, state)
            VALUES (${actor.userId}, ${other.id}, 'invited')
            ON CONFLICT ((LEAST(requester_id, addressee_id)), (GREATEST(requester_id, addressee_id))) DO NOTHING
            RETURNING id`,
      );
      if (inserted[0]) {
        const row = await pairRow(tx, actor.userId, other.id);
        await publish(tx, 'friendship.changed', {
          friendshipId: Number(inserted[0].id),
          requesterId: actor.userId,
          addresseeId: other.id,
          from: null,
          to: 'invited',
          byUserId: actor.userId,
        });
        return { ok: true as const, friendship: toDto(actor.userId, other, row) };
      }
      // The other member asked at the same moment: their row decides.
      f = await pairRow(tx, actor.userId, other.id, true);
    }
    if (!canChangeFriendship(actor, other.id, f, action) || !f) throw new AppError('friendship_state');
    const to = NEXT_STATE[action];
    const [requesterId, addresseeId] = action === 'request' ? [actor.userId, other.id] : [f.requesterId, f.addresseeId];
    await tx.execute(
      sql`UPDATE friendships SET state = ${to}, requester_id = ${requesterId}, addressee_id = ${addresseeId},
            updated_at = now(), accepted_at = ${to === 'accepted' ? sql`now()` : sql`accepted_at`}
          WHERE id = ${f.id}`,
    );
    await publish(tx, 'friendship.changed', {
      friendshipId: f.id,
      requesterId,
      addresseeId,
      from: f.state,
      to,
      byUserId: actor.userId,
    });
    return { ok: true as const, friendship: toDto(actor.userId, other, await pairRow(tx, actor.userId, other.id)) };
  });
}

/**
 * A request again by the member whose request the other rejected, before
 * FRIEND_REQUEST_RETRY_SECONDS have passed since the rejection.
 * @throws AppError friend_request_wait (HTTP 429, `seconds` and whole `days` to wait)
 */
function refuseEarlyRetry(actor: Actor, f: FriendshipRow): void {
  if (f.state !== 'rejected' || f.requesterId !== actor.userId || !f.updatedAt) return;
  const left = Math.ceil((Date.parse(f.updatedAt) + FRIEND_REQUEST_RETRY_SECONDS * 1000 - Date.now()) / 1000);
  if (left > 0) throw new AppError('friend_request_wait', { seconds: left, days: Math.ceil(left / 86_400) });
}

/** The SQL of the ids of `userId`'s accepted friends (a subquery for lists of friends' rows). */
export function friendIdsSql(userId: number) {
  return sql`SELECT CASE WHEN fr.requester_id = ${userId} THEN fr.addressee_id ELSE fr.requester_id END
             FROM friendships fr
             WHERE fr.state = 'accepted' AND (fr.requester_id = ${userId} OR fr.addressee_id = ${userId})`;
}

const FRIEND_SORT: KeysetSort = { name: 'friends', expr: sql`f.accepted_at`, cast: 'timestamptz', dir: 'desc' };
const REQUEST_SORT: KeysetSort = { name: 'requests', expr: sql`f.updated_at`, cast: 'timestamptz', dir: 'desc' };

type ListRow = {
  id: number;
  sk: string | null;
  at: string | Date;
  public_id: string;
  name: string;
  picture: string | null;
  points: number;
};

/**
 * One page of the accepted friends of the user `publicId`, newest friendship first (public:
 * /user/{id}/friends).
 * @returns null for an unknown user
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listFriends(publicId: string, page: Paging = {}, db?: Db): Promise<Page<FriendItem> | null> {
  const { cursor = null, limit = FRIEND_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const owner = await userByPublicId(d, publicId);
  if (!owner) return null;
  const rows = await keysetRows<ListRow>(d, {
    columns: sql`f.id, f.accepted_at AS at, u.public_id, u.name, u.picture, u.points`,
    from: sql`friendships f JOIN users u ON u.id = CASE WHEN f.requester_id = ${owner.id} THEN f.addressee_id ELSE f.requester_id END`,
    conds: [sql`f.state = 'accepted'`, sql`(f.requester_id = ${owner.id} OR f.addressee_id = ${owner.id})`],
    sort: FRIEND_SORT,
    idCol: sql`f.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: FRIEND_SORT }, (r) => ({ user: friendUser(r), since: iso(r.at) ?? '' }));
}

/**
 * One page of the actor's open friend requests, newest first: `incoming` (sent to the actor, to
 * accept or reject) or `outgoing` (sent by the actor, to cancel). The owner's only
 * (lib/auth/policies.ts canSeeSocialFeed, and the actor's id in the SQL).
 * @throws AppError unauthorized when the actor may not see its own requests; bad_cursor (HTTP 400)
 */
export async function listFriendRequests(
  actor: Actor,
  direction: 'incoming' | 'outgoing',
  page: Paging = {},
  db?: Db,
): Promise<Page<FriendRequestItem>> {
  if (!canSeeSocialFeed(actor, actor.userId)) throw new AppError('unauthorized');
  const { cursor = null, limit = FRIEND_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const [mine, theirs] = direction === 'incoming' ? ['addressee_id', 'requester_id'] : ['requester_id', 'addressee_id'];
  const rows = await keysetRows<ListRow>(d, {
    columns: sql`f.id, f.updated_at AS at, u.public_id, u.name, u.picture, u.points`,
    from: sql`friendships f JOIN users u ON u.id = f.${sql.raw(theirs)}`,
    conds: [sql`f.state = 'invited'`, sql`f.${sql.raw(mine)} = ${actor.userId}`],
    sort: REQUEST_SORT,
    idCol: sql`f.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: REQUEST_SORT }, (r) => ({
    user: friendUser(r),
    direction,
    requested_at: iso(r.at) ?? '',
  }));
}

/** What {@link answerableFriendRequests} reads of a notification. */
type RequestNotice = { public_id: string; type_name: string | null; actor: { public_id: string; name: string } | null };

/**
 * Of the given notifications (newest first, as listed), the friend requests the actor can still
 * answer: for each sender whose request waits, that sender's newest friend-request notice (one
 * who asked again after a cancel has older ones too). One query for the actor's waiting requests
 * (the newest {@link FRIEND_REQUESTS_SHOWN}), none when no friend request is given.
 */
export async function answerableFriendRequests<N extends RequestNotice>(
  actor: Actor,
  notices: readonly N[],
  db?: Db,
): Promise<Array<N & { actor: NonNullable<N['actor']> }>> {
  const requests = notices.filter(
    (n): n is N & { actor: NonNullable<N['actor']> } => n.type_name === 'friendRequest' && n.actor != null,
  );
  if (!requests.length) return [];
  const waiting = await listFriendRequests(actor, 'incoming', { limit: FRIEND_REQUESTS_SHOWN }, db);
  const senders = new Set(waiting.items.map((r) => r.user.public_id));
  return requests.filter((n) => senders.delete(n.actor.public_id));
}
