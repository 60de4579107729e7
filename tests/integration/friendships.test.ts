/**
 * Friendships on PGlite and PostgreSQL: every allowed transition
 * (request, accept, reject, cancel, remove, and a new request after rejected, cancelled and
 * removed on the same row), every refused one (409 friendship_state through the API, a request to
 * oneself 400), the `friendship.changed` events, the friends list (public) and the owner's request
 * lists with keyset pages, the friendship as a visitor and each party sees it, and account deletion
 * taking the pair's row with it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as friendshipGet, POST as friendshipPost } from '@/app/api/users/[publicId]/friendship/route';
import { GET as friendsGet } from '@/app/api/users/[publicId]/friends/route';
import { GET as requestsGet } from '@/app/api/friend_requests/route';
import {
  answerableFriendRequests,
  changeFriendship,
  getFriendship,
  listFriendRequests,
  listFriends,
  FRIEND_REQUEST_RETRY_SECONDS,
  type FriendshipAction,
} from '@/lib/data/friendships';
import { createCollection, setCollectionDeleted } from '@/lib/data/collections';
import { deleteAccount, userActivity } from '@/lib/data/users';
import { NOTIFICATION_TYPES, type FriendshipState } from '@/lib/validation/notifications';
import { apiRequest, insertReview, openCommunityDb, publicIdContext, writePost } from '../support/community';
import type { PublishedEvent } from '../support/published-events';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

const published = vi.hoisted(() => [] as PublishedEvent[]);
vi.mock('@/lib/data/events', async (importOriginal) =>
  (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
);

assertPostgresConfiguredInCi();

describe.each(testEngines())('friendships on %s', (engine) => {
  let h: DbHandle;
  let admin: Member;
  let n = 0;
  const member = () => registerMember(h.db, { label: 'Friend', n: ++n });

  /** POST /api/users/{other}/friendship `{ action }` as `who`: status and JSON body. */
  async function post(who: Member, other: Member, action: FriendshipAction) {
    const res = await friendshipPost(
      apiRequest('POST', `/api/users/${other.actor.publicId}/friendship`, { body: { action }, cookie: who.cookie }),
      publicIdContext(other.actor.publicId),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** The pair's stored row. */
  async function row(a: Member, b: Member) {
    const rows = await queryRows<{ requester_id: number; addressee_id: number; state: FriendshipState }>(
      h.db,
      sql`SELECT requester_id, addressee_id, state FROM friendships
          WHERE LEAST(requester_id, addressee_id) = LEAST(${a.actor.userId}::integer, ${b.actor.userId}::integer)
            AND GREATEST(requester_id, addressee_id) = GREATEST(${a.actor.userId}::integer, ${b.actor.userId}::integer)`,
    );
    return rows;
  }

  /** Brings the pair to `state` through the allowed transitions (`a` the requester). */
  async function reach(a: Member, b: Member, state: FriendshipState): Promise<void> {
    const act = async (who: Member, other: Member, action: FriendshipAction) => {
      const r = await changeFriendship(who.actor, { publicId: other.actor.publicId, action }, h.db);
      if (!r?.ok) throw new Error(`${action} failed`);
    };
    await act(a, b, 'request');
    if (state === 'accepted' || state === 'removed') await act(b, a, 'accept');
    if (state === 'rejected') await act(b, a, 'reject');
    if (state === 'cancelled') await act(a, b, 'cancel');
    if (state === 'removed') await act(b, a, 'remove');
  }

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [{ publicId: 'frMovie0001', name: 'Sisu', titleKey: 'sisu', year: 2022 }],
    }));
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    published.length = 0;
  });

  it('request → accept → remove, each step answered with the new state and one friendship.changed event', async () => {
    const [a, b] = [await member(), await member()];
    const sent = await post(a, b, 'request');
    expect(sent).toMatchObject({ status: 200, body: { state: 'invited', relation: 'outgoing' } });
    expect((sent.body.user as { public_id: string }).public_id).toBe(b.actor.publicId);
    expect(await row(a, b)).toEqual([{ requester_id: a.actor.userId, addressee_id: b.actor.userId, state: 'invited' }]);
    expect((await getFriendship(b.actor, a.actor.publicId, h.db))?.relation).toBe('incoming');

    const accepted = await post(b, a, 'accept');
    expect(accepted).toMatchObject({ status: 200, body: { state: 'accepted', relation: 'friends' } });
    expect(accepted.body.accepted_at).toEqual(expect.any(String));
    const removed = await post(a, b, 'remove');
    expect(removed).toMatchObject({ status: 200, body: { state: 'removed', relation: 'none', accepted_at: null } });

    const changes = published.filter((p) => p.name === 'friendship.changed').map((p) => p.event);
    expect(changes).toEqual([
      expect.objectContaining({
        requesterId: a.actor.userId,
        addresseeId: b.actor.userId,
        from: null,
        to: 'invited',
        byUserId: a.actor.userId,
      }),
      expect.objectContaining({ from: 'invited', to: 'accepted', byUserId: b.actor.userId }),
      expect.objectContaining({ from: 'accepted', to: 'removed', byUserId: a.actor.userId }),
    ]);
    expect(new Set(changes.map((c) => c.friendshipId)).size).toBe(1);
  });

  it('reject by the addressee, cancel by the requester, remove by the addressee', async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    await post(a, b, 'request');
    expect(await post(b, a, 'reject')).toMatchObject({ status: 200, body: { state: 'rejected', relation: 'none' } });
    await post(a, c, 'request');
    expect(await post(a, c, 'cancel')).toMatchObject({ status: 200, body: { state: 'cancelled', relation: 'none' } });
    await reach(a, d, 'accepted');
    expect(await post(d, a, 'remove')).toMatchObject({ status: 200, body: { state: 'removed' } });
  });

  it.each(['rejected', 'cancelled', 'removed'] as const)(
    'after %s either member may ask again: the same row becomes invited with the new requester',
    async (state) => {
      const [a, b] = [await member(), await member()];
      await reach(a, b, state);
      const before = await row(a, b);
      expect(before[0]?.state).toBe(state);
      expect(await post(b, a, 'request')).toMatchObject({
        status: 200,
        body: { state: 'invited', relation: 'outgoing' },
      });
      expect(await row(a, b)).toEqual([
        { requester_id: b.actor.userId, addressee_id: a.actor.userId, state: 'invited' },
      ]);
      // And the first requester may ask again too, after a cancellation.
      await post(b, a, 'cancel');
      expect((await post(a, b, 'request')).status).toBe(200);
      expect(await row(a, b)).toHaveLength(1);
    },
  );

  // Every refused transition: [state, who acts (requester / addressee), action].
  const REFUSED: [FriendshipState | 'none', 'requester' | 'addressee', FriendshipAction][] = [
    ['none', 'requester', 'accept'],
    ['none', 'requester', 'reject'],
    ['none', 'requester', 'cancel'],
    ['none', 'requester', 'remove'],
    ['invited', 'requester', 'request'],
    ['invited', 'addressee', 'request'],
    ['invited', 'requester', 'accept'],
    ['invited', 'requester', 'reject'],
    ['invited', 'addressee', 'cancel'],
    ['invited', 'requester', 'remove'],
    ['invited', 'addressee', 'remove'],
    ['accepted', 'requester', 'request'],
    ['accepted', 'addressee', 'request'],
    ['accepted', 'addressee', 'accept'],
    ['accepted', 'addressee', 'reject'],
    ['accepted', 'requester', 'cancel'],
    ...(['rejected', 'cancelled', 'removed'] as const).flatMap((s) =>
      (['accept', 'reject', 'cancel', 'remove'] as const).flatMap((action) => [
        [s, 'requester', action] as [FriendshipState, 'requester', FriendshipAction],
        [s, 'addressee', action] as [FriendshipState, 'addressee', FriendshipAction],
      ]),
    ),
  ];

  it.each(REFUSED)('from %s, the %s may not %s: 409 and nothing changes', async (state, who, action) => {
    const [a, b] = [await member(), await member()];
    if (state !== 'none') await reach(a, b, state);
    const before = await row(a, b);
    published.length = 0;
    const [actor, other] = who === 'requester' ? [a, b] : [b, a];
    const res = await post(actor, other, action);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This friendship cannot change that way now', code: 'friendship_state' });
    expect(await row(a, b)).toEqual(before);
    expect(published.filter((p) => p.name === 'friendship.changed')).toEqual([]);
  });

  it('a request to oneself is a field error; an unknown user 404; a visitor 401; another origin 403', async () => {
    const a = await member();
    expect(await post(a, a, 'request')).toEqual({
      status: 400,
      body: { error: 'invalid', fields: { _form: 'friendSelf' } },
    });
    expect((await post(a, a, 'remove')).status).toBe(409);
    const ghost = { actor: { ...a.actor, publicId: 'noSuchUser1' }, cookie: a.cookie };
    expect((await post(a, ghost, 'request')).status).toBe(404);
    const b = await member();
    const visitor = await friendshipPost(
      apiRequest('POST', `/api/users/${b.actor.publicId}/friendship`, { body: { action: 'request' } }),
      publicIdContext(b.actor.publicId),
    );
    expect(visitor.status).toBe(401);
    const foreign = await friendshipPost(
      new Request(`http://localhost/api/users/${b.actor.publicId}/friendship`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', cookie: a.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'request' }),
      }),
      publicIdContext(b.actor.publicId),
    );
    expect(foreign.status).toBe(403);
    const bad = await friendshipPost(
      apiRequest('POST', `/api/users/${b.actor.publicId}/friendship`, {
        body: { action: 'befriend' },
        cookie: a.cookie,
      }),
      publicIdContext(b.actor.publicId),
    );
    expect(bad.status).toBe(400);
    expect(await row(a, b)).toEqual([]);
  });

  it('an admin has no exception: another pair’s friendship is out of reach', async () => {
    const [a, b] = [await member(), await member()];
    await post(a, b, 'request');
    // The admin acting on "the friendship with a" acts on the admin's own pair, which has no invitation.
    expect((await post(admin, a, 'accept')).status).toBe(409);
    expect((await post(admin, b, 'cancel')).status).toBe(409);
    expect((await row(a, b))[0]?.state).toBe('invited');
  });

  it('two requests of the pair at once make one row', async () => {
    const [a, b] = [await member(), await member()];
    const results = await Promise.allSettled([
      changeFriendship(a.actor, { publicId: b.actor.publicId, action: 'request' }, h.db),
      changeFriendship(b.actor, { publicId: a.actor.publicId, action: 'request' }, h.db),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value?.ok)).toHaveLength(1);
    expect(await row(a, b)).toHaveLength(1);
  });

  it('GET friendship: a visitor learns nothing, the owner sees self, each party its side', async () => {
    const [a, b] = [await member(), await member()];
    await post(a, b, 'request');
    const get = async (cookie: string | null, of: Member) =>
      (await (
        await friendshipGet(
          apiRequest('GET', `/api/users/${of.actor.publicId}/friendship`, { cookie }),
          publicIdContext(of.actor.publicId),
        )
      ).json()) as { relation: string; state: string | null };
    expect(await get(null, a)).toMatchObject({ relation: 'visitor', state: null });
    expect(await get(a.cookie, a)).toMatchObject({ relation: 'self', state: null });
    expect(await get(a.cookie, b)).toMatchObject({ relation: 'outgoing', state: 'invited' });
    expect(await get(b.cookie, a)).toMatchObject({ relation: 'incoming', state: 'invited' });
    expect(await get((await member()).cookie, a)).toMatchObject({ relation: 'none', state: null });
  });

  it('friends list (public) and the owner’s requests in and out, newest first in keyset pages', async () => {
    const owner = await member();
    const friends: Member[] = [];
    for (let i = 0; i < 3; i++) {
      const f = await member();
      await reach(f, owner, 'accepted');
      friends.push(f);
    }
    const incoming = await member();
    await reach(incoming, owner, 'invited');
    const outgoing = await member();
    await reach(owner, outgoing, 'invited');
    const gone = await member();
    await reach(owner, gone, 'removed');

    const first = await listFriends(owner.actor.publicId, { limit: 2 }, h.db);
    expect(first?.items.map((f) => f.user.name)).toEqual([friends[2]!.actor.name, friends[1]!.actor.name]);
    const second = await listFriends(owner.actor.publicId, { limit: 2, cursor: first?.next_cursor }, h.db);
    expect(second?.items.map((f) => f.user.name)).toEqual([friends[0]!.actor.name]);
    expect(second?.next_cursor).toBeNull();
    // The other side lists the owner.
    expect((await listFriends(friends[0]!.actor.publicId, {}, h.db))?.items.map((f) => f.user.public_id)).toEqual([
      owner.actor.publicId,
    ]);
    expect(await listFriends('noSuchUser1', {}, h.db)).toBeNull();

    const api = await friendsGet(
      apiRequest('GET', `/api/users/${owner.actor.publicId}/friends?limit=1`),
      publicIdContext(owner.actor.publicId),
    );
    const page = (await api.json()) as {
      items: { user: Record<string, unknown>; since: string }[];
      next_cursor: string;
    };
    expect(Object.keys(page.items[0]!.user).sort()).toEqual(['name', 'picture', 'points', 'public_id']);
    expect(page.next_cursor).toEqual(expect.any(String));

    expect((await listFriendRequests(owner.actor, 'incoming', {}, h.db)).items).toEqual([
      {
        user: expect.objectContaining({ public_id: incoming.actor.publicId }),
        direction: 'incoming',
        requested_at: expect.any(String),
      },
    ]);
    expect((await listFriendRequests(owner.actor, 'outgoing', {}, h.db)).items.map((r) => r.user.public_id)).toEqual([
      outgoing.actor.publicId,
    ]);
    const visitor = await requestsGet(apiRequest('GET', '/api/friend_requests'));
    expect(visitor.status).toBe(401);
    const mine = await requestsGet(
      apiRequest('GET', '/api/friend_requests?direction=outgoing', { cookie: owner.cookie }),
    );
    expect(((await mine.json()) as { items: { direction: string }[] }).items).toEqual([
      expect.objectContaining({ direction: 'outgoing' }),
    ]);
    const wrong = await requestsGet(
      apiRequest('GET', '/api/friend_requests?direction=sideways', { cookie: owner.cookie }),
    );
    expect(wrong.status).toBe(400);
    const badCursor = await friendsGet(
      apiRequest('GET', `/api/users/${owner.actor.publicId}/friends?cursor=nonsense`),
      publicIdContext(owner.actor.publicId),
    );
    expect(badCursor.status).toBe(400);
  });

  it('the notifications page answers only waiting requests, on each sender’s newest notice', async () => {
    const [owner, waiting, accepted, again] = [await member(), await member(), await member(), await member()];
    await reach(waiting, owner, 'invited');
    await reach(accepted, owner, 'accepted');
    await reach(again, owner, 'cancelled');
    await changeFriendship(again.actor, { publicId: owner.actor.publicId, action: 'request' }, h.db);
    const notice = (id: string, from: Member, type = 'friendRequest') => ({
      public_id: id,
      type_name: type,
      actor: { public_id: from.actor.publicId, name: from.actor.name },
    });
    const notices = [
      notice('again-new', again),
      notice('accepted', accepted),
      notice('again-old', again),
      notice('waiting', waiting),
      notice('liked', waiting, 'reviewLike'),
      { public_id: 'no-actor', type_name: 'friendRequest', actor: null },
    ];
    expect((await answerableFriendRequests(owner.actor, notices, h.db)).map((n) => n.public_id)).toEqual([
      'again-new',
      'waiting',
    ]);
    // The senders see no answers of their own requests; a page without requests needs no lookup.
    expect(await answerableFriendRequests(waiting.actor, [notice('x', owner)], h.db)).toEqual([]);
    const noDatabase = new Proxy({} as typeof h.db, {
      get() {
        throw new Error('no lookup expected');
      },
    });
    expect(await answerableFriendRequests(owner.actor, [notices[4]!], noDatabase)).toEqual([]);
    await expect(answerableFriendRequests(owner.actor, [notices[0]!], noDatabase)).rejects.toThrow(
      'no lookup expected',
    );
  });

  /** The addressee's friend-request notices from `from` (NOTIFICATION_TYPES.friendRequest). */
  async function requestNotices(to: Member, from: Member) {
    return queryRows<{ id: number; seen_at: string | null }>(
      h.db,
      sql`SELECT id, seen_at FROM notifications
          WHERE user_id = ${to.actor.userId} AND actor_id = ${from.actor.userId} AND type = ${NOTIFICATION_TYPES.friendRequest}
          ORDER BY id`,
    );
  }

  it('request and cancel again and again: one notice while it is unseen, and 3 requests a day to one member', async () => {
    const [a, b] = [await member(), await member()];
    for (let i = 0; i < 3; i++) {
      expect((await post(a, b, 'request')).status).toBe(200);
      expect((await post(a, b, 'cancel')).status).toBe(200);
    }
    expect(await requestNotices(b, a)).toHaveLength(1);
    const fourth = await post(a, b, 'request');
    expect(fourth).toMatchObject({ status: 429, body: { code: 'action_limited' } });
    expect(await row(a, b)).toEqual([
      { requester_id: a.actor.userId, addressee_id: b.actor.userId, state: 'cancelled' },
    ]);
    // Once the addressee has seen the notice, a new request (from a fresh pair's point of view) notifies again.
    const c = await member();
    expect((await post(a, c, 'request')).status).toBe(200);
    await h.db.execute(sql`UPDATE notifications SET seen_at = now() WHERE user_id = ${c.actor.userId}`);
    expect((await post(a, c, 'cancel')).status).toBe(200);
    expect((await post(a, c, 'request')).status).toBe(200);
    expect(await requestNotices(c, a)).toHaveLength(2);
  });

  it('a rejected request waits 7 days before its sender may ask again; the one who rejected may ask at once', async () => {
    const [a, b] = [await member(), await member()];
    await reach(a, b, 'rejected');
    const early = await friendshipPost(
      apiRequest('POST', `/api/users/${b.actor.publicId}/friendship`, {
        body: { action: 'request' },
        cookie: a.cookie,
      }),
      publicIdContext(b.actor.publicId),
    );
    expect(early.status).toBe(429);
    expect(await early.json()).toMatchObject({ code: 'friend_request_wait' });
    const wait = Number(early.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(FRIEND_REQUEST_RETRY_SECONDS - 60);
    expect(wait).toBeLessThanOrEqual(FRIEND_REQUEST_RETRY_SECONDS);
    expect((await row(a, b))[0]?.state).toBe('rejected');
    // A week later the sender may ask again.
    await h.db.execute(
      sql`UPDATE friendships SET updated_at = now() - make_interval(secs => ${FRIEND_REQUEST_RETRY_SECONDS + 1})
          WHERE requester_id = ${a.actor.userId} AND addressee_id = ${b.actor.userId}`,
    );
    expect((await post(a, b, 'request')).status).toBe(200);
    // The member who rejected is not held back.
    const [c, d] = [await member(), await member()];
    await reach(c, d, 'rejected');
    expect((await post(d, c, 'request')).status).toBe(200);
  });

  it('new friend requests: 20 a day per member; friendship actions: 30 an hour', async () => {
    const sender = await member();
    const others: Member[] = [];
    for (let i = 0; i < 21; i++) others.push(await member());
    for (const o of others.slice(0, 20)) expect((await post(sender, o, 'request')).status).toBe(200);
    expect(await post(sender, others[20]!, 'request')).toMatchObject({ status: 429, body: { code: 'action_limited' } });
    expect(await row(sender, others[20]!)).toEqual([]);
    // The 21 actions so far count against the hour's 30 (the refused request too): 9 answers pass, the 10th not.
    for (const o of others.slice(0, 9)) expect((await post(sender, o, 'cancel')).status).toBe(200);
    expect(await post(sender, others[9]!, 'cancel')).toMatchObject({ status: 429, body: { code: 'action_limited' } });
    expect((await row(sender, others[9]!))[0]?.state).toBe('invited');
  });

  it('deleting an account removes its friendships on both sides', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await reach(a, b, 'accepted');
    await reach(c, a, 'invited');
    expect(await deleteAccount(a.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    const left = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM friendships WHERE requester_id = ${a.actor.userId} OR addressee_id = ${a.actor.userId}`,
    );
    expect(left[0]?.n).toBe(0);
    expect((await listFriends(b.actor.publicId, {}, h.db))?.items).toEqual([]);
    expect((await listFriendRequests(c.actor, 'outgoing', {}, h.db)).items).toEqual([]);
  });

  it("a profile's activity counts reviews, posts, accepted friends and the collections the viewer may see", async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    // A new member starts with the default lists registration creates (shortcut-lists.ts).
    const start = (await userActivity(null, a.actor.publicId, h.db))!;
    expect(start).toMatchObject({ reviews: 0, posts: 0, friends: 0 });
    const own = (await userActivity(a.actor, a.actor.publicId, h.db))!.collections;
    await insertReview(h.db, {
      publicId: `actRev${n}`,
      author: a,
      movie: 'frMovie0001',
      headline: 'Sisu',
      body: 'Good.',
    });
    await writePost(h.db, a, { headline: 'Sisu on disc?', body: 'Any news?', language: 'en' });
    await writePost(h.db, a, { headline: 'Sisu 4K', body: 'Any news?', language: 'en' });
    await reach(a, b, 'accepted');
    await reach(c, a, 'accepted');
    await reach(a, d, 'invited');
    const made: string[] = [];
    for (const visibility of ['public', 'public', 'private'] as const) {
      const r = await createCollection(
        a.actor,
        { name: `Shelf ${made.length}`, description: null, visibility, category: 'releases' },
        h.db,
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      made.push(r.collection.public_id);
    }
    // A public collection in the trash counts for nobody.
    await setCollectionDeleted(a.actor, { publicId: made[1]!, deleted: true }, h.db);
    const base = { reviews: 1, posts: 2, friends: 2 };
    expect(await userActivity(null, a.actor.publicId, h.db)).toEqual({ ...base, collections: start.collections + 1 });
    expect(await userActivity(b.actor, a.actor.publicId, h.db)).toEqual({
      ...base,
      collections: start.collections + 1,
    });
    // The owner also counts the private one.
    expect(await userActivity(a.actor, a.actor.publicId, h.db)).toEqual({ ...base, collections: own + 2 });
    expect(await userActivity(null, 'noSuchUser', h.db)).toBeNull();
  });
});
