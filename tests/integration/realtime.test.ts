/**
 * The realtime channel end to end, on PGlite and PostgreSQL: the test starts its own Soketi on a
 * free port (lib/realtime/soketi.ts) with the app's PUSHER_* pointing at it, subscribes with
 * pusher-js (Node) to a member's private channel authorized through the POST /api/pusher/auth
 * route handler, writes a comment through the data layer and receives the notification's id and
 * type; another member's subscription to that channel is refused (403), a visitor's gets 401.
 * With Soketi stopped a friend request still stores its notification (the push fails and is
 * logged) and GET /api/me counts it; once Soketi is back the client reconnects, the count it
 * refetches includes it, and the next notification is pushed live again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { GET as meGet } from '@/app/api/me/route';
import { POST as pusherAuthPost } from '@/app/api/pusher/auth/route';
import { GET as realtimeGet } from '@/app/api/realtime/route';
import { addComment } from '@/lib/data/comments';
import { changeFriendship } from '@/lib/data/friendships';
import { listNotifications } from '@/lib/data/notifications';
import { logOutEverywhere } from '@/lib/data/sessions';
import { connectNotifications, type Authorize } from '@/lib/realtime/client';
import { userChannel, type NotificationPush, type RealtimeClientConfig } from '@/lib/realtime/channels';
import { pusherServer } from '@/lib/realtime/server';
import { freePort, startSoketi, type SoketiHandle } from '@/lib/realtime/soketi';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { apiRequest, forgetWriteLimits, openCommunityDb, writePost } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';

assertPostgresConfiguredInCi();

const CREDENTIALS = { appId: 'rt-test', key: 'rt-test-key', secret: 'rt-test-secret' };

/** Polls `check` every 20 ms until it holds or `ms` pass. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}

describe.each(testEngines())('realtime notifications through Soketi on %s', (engine) => {
  let h: DbHandle;
  let soketi: SoketiHandle;
  let port: number;
  let config: RealtimeClientConfig;
  let n = 0;
  const member = () => registerMember(h.db, { label: 'Listener', n: ++n });
  /** Authorization through the route handler with `who`'s session cookie (null: a visitor). */
  const authorizeAs =
    (who: Member | null): Authorize =>
    async (params) => {
      const res = await pusherAuthPost(
        apiRequest('POST', '/api/pusher/auth', { body: params, cookie: who?.cookie ?? null }),
      );
      if (!res.ok) throw new Error(`refused ${res.status}`);
      return (await res.json()) as { auth: string };
    };
  const start = () => startSoketi({ host: '127.0.0.1', port, ...CREDENTIALS });

  beforeAll(async () => {
    ({ h } = await openCommunityDb(engine, {
      movies: [{ publicId: 'rtMovie0001', name: 'Sisu', titleKey: 'sisu', year: 2022 }],
    }));
    port = await freePort();
    vi.stubEnv('PUSHER_APP_ID', CREDENTIALS.appId);
    vi.stubEnv('PUSHER_KEY', CREDENTIALS.key);
    vi.stubEnv('PUSHER_SECRET', CREDENTIALS.secret);
    vi.stubEnv('PUSHER_HOST', '127.0.0.1');
    vi.stubEnv('PUSHER_PORT', String(port));
    vi.stubEnv('PUSHER_CLUSTER', '');
    vi.stubEnv('PUSHER_USE_TLS', '');
    soketi = await start();
    config = (await (await realtimeGet(apiRequest('GET', '/api/realtime'))).json()) as RealtimeClientConfig;
  });
  afterAll(async () => {
    await soketi?.stop();
    vi.unstubAllEnvs();
    await h?.close();
  });

  it('the client settings name the server and the public key, never the secret', () => {
    expect(config).toEqual({ key: CREDENTIALS.key, host: '127.0.0.1', port, tls: false, cluster: null });
  });

  it("a member receives their notification's id and type; another member and a visitor are refused", async () => {
    const [owner, replier] = [await member(), await member()];
    const received: NotificationPush[] = [];
    const mine = await connectNotifications({
      config,
      userPublicId: owner.actor.publicId,
      authorize: authorizeAs(owner),
      onNotification: (p) => received.push(p),
    });
    try {
      await mine.subscribed;
      const post = await writePost(h.db, owner, { headline: 'Live', body: 'Text', language: 'en' });
      await forgetWriteLimits(h.db);
      const r = await addComment(
        replier.actor,
        { thread: { type: 'post', publicId: post }, input: { body: 'Hello', reply_to: null } },
        h.db,
      );
      expect(r.ok).toBe(true);
      await until(() => received.length > 0);
      const [stored] = (await listNotifications(owner.actor, {}, h.db)).items;
      expect(received).toEqual([{ id: stored.public_id, type: NOTIFICATION_TYPES.postReply }]);
      expect(JSON.stringify(received[0]).length).toBeLessThan(1024);

      for (const [who, status] of [
        [replier, 'refused 403'],
        [null, 'refused 401'],
      ] as const) {
        const eavesdrop: NotificationPush[] = [];
        const other = await connectNotifications({
          config,
          userPublicId: owner.actor.publicId,
          authorize: authorizeAs(who),
          onNotification: (p) => eavesdrop.push(p),
        });
        try {
          await expect(other.subscribed).rejects.toThrow(status);
        } finally {
          other.disconnect();
        }
      }
    } finally {
      mine.disconnect();
    }
  });

  it("channel auth takes the Pusher libraries' form body as well as JSON, and refuses a session logged out elsewhere", async () => {
    const owner = await member();
    const params = { socket_id: '1234.5678', channel_name: userChannel(owner.actor.publicId) };
    const asForm = (cookie: string) =>
      pusherAuthPost(
        new Request('http://localhost/api/pusher/auth', {
          method: 'POST',
          headers: { origin: 'http://localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params).toString(),
        }),
      );
    const form = await asForm(owner.cookie);
    expect(form.status).toBe(200);
    const json = await pusherAuthPost(apiRequest('POST', '/api/pusher/auth', { body: params, cookie: owner.cookie }));
    expect(await form.json()).toEqual(await json.json());
    // Another member's channel stays refused in either form.
    const other = await member();
    expect((await asForm(other.cookie)).status).toBe(403);
    await logOutEverywhere(owner.actor, h.db);
    const revoked = await asForm(owner.cookie);
    expect(revoked.status).toBe(401);
    expect(
      (await pusherAuthPost(apiRequest('POST', '/api/pusher/auth', { body: params, cookie: owner.cookie }))).status,
    ).toBe(401);
  });

  it('with Soketi down a friend request is stored and counted by /api/me; after the reconnect the count is refetched and the next push arrives', async () => {
    const [me, friend, third] = [await member(), await member(), await member()];
    const counts: number[] = [];
    const unseen = async () => {
      const res = await meGet(apiRequest('GET', '/api/me', { cookie: me.cookie }));
      expect(res.status).toBe(200);
      return ((await res.json()) as { notifications_unseen_count: number }).notifications_unseen_count;
    };
    const received: NotificationPush[] = [];
    const conn = await connectNotifications({
      config,
      userPublicId: me.actor.publicId,
      authorize: authorizeAs(me),
      onNotification: (p) => received.push(p),
      onReconnect: () => void unseen().then((n) => counts.push(n)),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await conn.subscribed;
      await soketi.stop();
      await until(() => conn.state() !== 'connected');
      // A real write through the data layer: the request commits although its push fails.
      const request = await changeFriendship(friend.actor, { publicId: me.actor.publicId, action: 'request' }, h.db);
      expect(request?.ok).toBe(true);
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/realtime push of notification .* failed/),
        expect.anything(),
      );
      const stored = (await listNotifications(me.actor, {}, h.db)).items;
      expect(stored.map((n) => n.type)).toEqual([NOTIFICATION_TYPES.friendRequest]);
      expect(await unseen()).toBe(1);
      expect(received).toEqual([]);
      soketi = await start();
      await until(() => counts.length > 0, 60_000);
      expect(counts).toEqual([1]);
      expect(conn.state()).toBe('connected');
      // pusher-js subscribes again after the reconnect; wait until Soketi has the channel occupied.
      const channelPath = `/channels/${userChannel(me.actor.publicId)}`;
      await until(async () => {
        const res = await pusherServer().get({ path: channelPath });
        return res.ok && ((await res.json()) as { occupied?: boolean }).occupied === true;
      }, 30_000);

      // The next notice is pushed live over the re-established subscription.
      const next = await changeFriendship(third.actor, { publicId: me.actor.publicId, action: 'request' }, h.db);
      expect(next?.ok).toBe(true);
      await until(() => received.length > 0);
      const [newest] = (await listNotifications(me.actor, {}, h.db)).items;
      expect(received).toEqual([{ id: newest.public_id, type: NOTIFICATION_TYPES.friendRequest }]);
      expect(await unseen()).toBe(2);
    } finally {
      logged.mockRestore();
      conn.disconnect();
    }
  });
});
