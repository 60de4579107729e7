/**
 * Notifications on PGlite and PostgreSQL: one notice per type from the domain events (friend
 * request and acceptance, comments and replies, likes, trade matches, admin removals with the
 * reason and headline, new releases after an import run), the review- and release-notification
 * flags on and off, never a notice to oneself and one per recipient, each stored row pushed after
 * commit; the API list (keyset pages, no e-mail addresses), mark-all-seen and /api/me's unseen
 * count; the daily e-mail digest (.eml files, mailed once, only with the flag); an account's
 * notices go with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type DbHandle } from '@/db';
import { GET as notificationsGet } from '@/app/api/notifications/route';
import { POST as seenPost } from '@/app/api/notifications/seen/route';
import { GET as meGet } from '@/app/api/me/route';
import { addComment, deleteComment } from '@/lib/data/comments';
import { inTransaction, publish } from '@/lib/data/events';
import { notifyNewReleases } from '@/lib/data/new-release-notices';
import { listNotifications, sendDigests, unseenCount, type NotificationDto } from '@/lib/data/notifications';
import { deletePost } from '@/lib/data/posts';
import { deleteReview } from '@/lib/data/reviews';
import { setToggle } from '@/lib/data/toggles';
import { deleteAccount } from '@/lib/data/users';
import type { Mail } from '@/lib/mail';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { apiRequest, forgetWriteLimits, insertReview, openCommunityDb, writePost } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

const pushes = vi.hoisted(() => [] as { userPublicId: string; type: number; publicId: string }[]);
vi.mock('@/lib/realtime/server', () => ({
  pushNotification: async (e: { userPublicId: string; type: number; publicId: string }) => {
    pushes.push({ userPublicId: e.userPublicId, type: e.type, publicId: e.publicId });
  },
  // The queue count of the admins' top bars (tests/integration/pending-changes.test.ts pushes it for real).
  pushPendingChanges: async () => {},
  authorizeChannel: () => ({ auth: 'test' }),
}));

/**
 * Outgoing mail: passed through to lib/mail.ts (an .eml file) until a test records it instead, then
 * kept in `attempts`, and refused (as an SMTP server would) for the addresses in `refuse`.
 */
const mail = vi.hoisted(() => ({ record: false, attempts: [] as Mail[], refuse: new Set<string>() }));
vi.mock('@/lib/mail', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/mail')>();
  return {
    ...actual,
    sendMail: async (m: Mail) => {
      if (!mail.record) return actual.sendMail(m);
      mail.attempts.push(m);
      if (mail.refuse.has(m.to)) throw new Error(`550 mailbox unavailable: ${m.to}`);
      return 'recorded';
    },
  };
});

assertPostgresConfiguredInCi();

const MOVIE = 'ntMovie0001';
const OTHER_MOVIE = 'ntMovie0002';
const RELEASE = 'ntRelease01';
const T = NOTIFICATION_TYPES;

describe.each(testEngines())('notifications on %s', (engine) => {
  let h: DbHandle;
  let admin: Member;
  let n = 0;
  const member = () => registerMember(h.db, { label: 'Notified', n: ++n });
  const notices = async (who: Member): Promise<NotificationDto[]> =>
    (await listNotifications(who.actor, { limit: 100 }, h.db)).items;
  const types = async (who: Member) => (await notices(who)).map((x) => x.type_name);
  const setFlags = (who: Member, flags: { review?: boolean; release?: boolean; email?: boolean }) =>
    h.db.execute(sql`UPDATE users SET
      review_notifications = COALESCE(${flags.review ?? null}::boolean, review_notifications),
      release_notifications = COALESCE(${flags.release ?? null}::boolean, release_notifications),
      email_notifications = COALESCE(${flags.email ?? null}::boolean, email_notifications)
      WHERE id = ${who.actor.userId}`);
  async function review(who: Member, headline = 'A review'): Promise<string> {
    const publicId = `ntRev${++n}`;
    await insertReview(h.db, { publicId, author: who, movie: MOVIE, headline, body: 'Text' });
    return publicId;
  }
  async function comment(
    who: Member,
    thread: { type: 'review' | 'post'; publicId: string },
    replyTo: string | null = null,
  ) {
    await forgetWriteLimits(h.db);
    const r = await addComment(who.actor, { thread, input: { body: `Comment ${++n}`, reply_to: replyTo } }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.comment.public_id;
  }
  const releaseId = async (publicId: string) =>
    Number((await queryRows<{ id: number }>(h.db, sql`SELECT id FROM releases WHERE public_id = ${publicId}`))[0].id);

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [
        { publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 },
        { publicId: OTHER_MOVIE, name: 'Tuntematon sotilas', titleKey: 'tuntematon sotilas', year: 1955 },
      ],
      releases: [{ publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray', movies: [MOVIE] }],
    }));
  });
  beforeEach(() => {
    pushes.length = 0;
    mail.record = false;
    mail.attempts.length = 0;
    mail.refuse.clear();
  });
  /** Records outgoing mail from here on, after a digest run that mails what earlier tests left. */
  async function recordMail(): Promise<void> {
    mail.record = true;
    await sendDigests(h.db);
    mail.attempts.length = 0;
  }
  const emailOf = async (who: Member) =>
    (await queryRows<{ email: string }>(h.db, sql`SELECT email FROM users WHERE id = ${who.actor.userId}`))[0].email;
  /** The notices of `who` the digest has claimed (mailed_at set), and those still waiting. */
  const mailState = async (who: Member) =>
    (
      await queryRows<{ mailed: boolean }>(
        h.db,
        sql`SELECT mailed_at IS NOT NULL AS mailed FROM notifications WHERE user_id = ${who.actor.userId} ORDER BY id`,
      )
    ).map((r) => r.mailed);
  /** A friend request of `from` to `to`, as the friendship domain publishes it. */
  const friendRequest = (from: Member, to: Member) =>
    inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', {
        friendshipId: 0,
        requesterId: from.actor.userId,
        addresseeId: to.actor.userId,
        from: null,
        to: 'invited',
        byUserId: from.actor.userId,
      }),
    );
  afterAll(async () => {
    await h?.close();
  });

  it('friend request to the addressee, acceptance to the requester, each pushed after commit', async () => {
    const [a, b] = [await member(), await member()];
    const event = { friendshipId: 1, requesterId: a.actor.userId, addresseeId: b.actor.userId };
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', { ...event, from: null, to: 'invited', byUserId: a.actor.userId }),
    );
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', { ...event, from: 'invited', to: 'accepted', byUserId: b.actor.userId }),
    );
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', { ...event, from: 'accepted', to: 'removed', byUserId: b.actor.userId }),
    );
    const [request] = await notices(b);
    expect(await types(b)).toEqual(['friendRequest']);
    expect(request).toMatchObject({
      type: T.friendRequest,
      actor: { public_id: a.actor.publicId, name: a.actor.name },
    });
    expect(await types(a)).toEqual(['friendAccepted']);
    expect(pushes).toEqual([
      { userPublicId: b.actor.publicId, type: T.friendRequest, publicId: request.public_id },
      { userPublicId: a.actor.publicId, type: T.friendAccepted, publicId: expect.any(String) },
    ]);
  });

  it('comments: on a review (flag on and off), in a discussion, replies; one per recipient, never oneself', async () => {
    const [author, c1, c2] = [await member(), await member(), await member()];
    const rev = await review(author, 'Sisu rocks');
    await comment(author, { type: 'review', publicId: rev });
    expect(await notices(author)).toEqual([]);
    const first = await comment(c1, { type: 'review', publicId: rev });
    const [rc] = await notices(author);
    expect(rc).toMatchObject({
      type_name: 'reviewComment',
      actor: { public_id: c1.actor.publicId },
      review: { public_id: rev, name: 'Sisu rocks' },
      comment: { public_id: expect.any(String) },
    });
    // The review's author replies to c1: c1 hears of the reply, the author of nothing.
    await comment(author, { type: 'review', publicId: rev }, first);
    expect(await types(c1)).toEqual(['commentReply']);
    expect(await types(author)).toEqual(['reviewComment']);
    // c2 replies to the author's own comment on the author's review: one notice, not two.
    const own = await comment(author, { type: 'review', publicId: rev });
    await comment(c2, { type: 'review', publicId: rev }, own);
    expect(await types(author)).toEqual(['reviewComment', 'reviewComment']);
    // Flag off: no reviewComment, but a reply to the author's comment still reaches them.
    await setFlags(author, { review: false });
    await comment(c1, { type: 'review', publicId: rev });
    expect(await types(author)).toHaveLength(2);
    await comment(c2, { type: 'review', publicId: rev }, own);
    expect(await types(author)).toEqual(['commentReply', 'reviewComment', 'reviewComment']);

    const owner = await member();
    const p = await writePost(h.db, owner, { headline: 'Best slipcovers', body: 'Show them', language: 'en' });
    const top = await comment(c1, { type: 'post', publicId: p });
    await comment(c2, { type: 'post', publicId: p }, top);
    expect((await notices(owner)).map((x) => [x.type_name, x.post?.name, x.actor?.public_id])).toEqual([
      ['postReply', 'Best slipcovers', c2.actor.publicId],
      ['postReply', 'Best slipcovers', c1.actor.publicId],
    ]);
    expect((await notices(c1)).map((x) => [x.type_name, x.post?.public_id])).toEqual([
      ['commentReply', p],
      ['commentReply', undefined],
    ]);
  });

  it('likes: of a review (flag on and off), of a discussion and a comment; once per liker and subject', async () => {
    const [author, fan, other] = [await member(), await member(), await member()];
    const rev = await review(author, 'Liked review');
    const like = (who: Member, item: 'review' | 'post' | 'comment', publicId: string, on = true) =>
      setToggle(who.actor, { kind: 'like', item, publicId, on }, h.db);
    await like(fan, 'review', rev);
    await like(fan, 'review', rev, false);
    await like(fan, 'review', rev);
    expect((await notices(author)).map((x) => [x.type_name, x.review?.name])).toEqual([['reviewLike', 'Liked review']]);
    await setFlags(author, { review: false });
    await like(other, 'review', rev);
    expect(await types(author)).toEqual(['reviewLike']);

    const p = await writePost(h.db, author, { headline: 'Liked topic', body: 'Text', language: 'en' });
    await like(fan, 'post', p);
    const c = await comment(author, { type: 'post', publicId: p });
    await like(other, 'comment', c);
    const [commentLike, postLike] = await notices(author);
    expect(postLike).toMatchObject({ type_name: 'contentLike', post: { public_id: p }, comment: null });
    expect(commentLike).toMatchObject({
      type_name: 'contentLike',
      actor: { public_id: other.actor.publicId },
      post: { public_id: p, name: 'Liked topic' },
      comment: { public_id: c },
    });
  });

  it('trade match: both members, each with the other as actor and the release', async () => {
    const [trader, wanter] = [await member(), await member()];
    const release = await releaseId(RELEASE);
    await inTransaction(h.db, (tx) =>
      publish(tx, 'trade.matched', {
        traderId: trader.actor.userId,
        wanterId: wanter.actor.userId,
        releaseId: release,
        releasePublicId: RELEASE,
      }),
    );
    for (const [who, other] of [
      [trader, wanter],
      [wanter, trader],
    ] as const)
      expect(await notices(who)).toEqual([
        expect.objectContaining({
          type_name: 'tradeMatch',
          actor: { public_id: other.actor.publicId, name: other.actor.name },
          release: { public_id: RELEASE, name: 'Sisu (Blu-ray)' },
        }),
      ]);
  });

  it('admin removals: the reason and the headline; the author deleting their own content hears nothing', async () => {
    const author = await member();
    const rev = await review(author, 'Removed review');
    expect(await deleteReview(admin.actor, { publicId: rev, reason: 'Spoilers' }, h.db)).toEqual({ ok: true });
    const p = await writePost(h.db, author, { headline: 'Removed topic', body: 'Text', language: 'en' });
    expect(await deletePost(admin.actor, { publicId: p, reason: 'Spam' }, h.db)).toEqual({ ok: true });
    const kept = await writePost(h.db, author, { headline: 'Kept topic', body: 'Text', language: 'en' });
    const c = await comment(author, { type: 'post', publicId: kept });
    expect(await deleteComment(admin.actor, { publicId: c, reason: 'Rude' }, h.db)).toEqual({ ok: true });
    const own = await review(author, 'Own deletion');
    await deleteReview(author.actor, { publicId: own }, h.db);
    const list = await notices(author);
    expect(list.map((x) => [x.type_name, x.subject_text, x.reason, x.actor])).toEqual([
      ['commentRemoved', 'Kept topic', 'Rude', null],
      ['postRemoved', 'Removed topic', 'Spam', null],
      ['reviewRemoved', 'Removed review', 'Spoilers', null],
    ]);
    expect(list[0].post).toEqual({ public_id: kept, name: 'Kept topic' });
    expect(list[2].movie).toEqual({ public_id: MOVIE, name: 'Sisu' });
  });

  it('new releases after an import run: want-to-see and wanted lists, the release flag, never twice', async () => {
    const [fan, wanter, off, none] = [await member(), await member(), await member(), await member()];
    await setFlags(fan, { release: true });
    await setFlags(wanter, { release: true });
    await setFlags(none, { release: true });
    // fan wants to see the movie (default list, style 6); wanter has the older release in a wanted
    // list (style 4); off has the movie on want-to-see with the flag off; none wants nothing.
    for (const who of [fan, off])
      await setToggle(who.actor, { kind: 'want_see', item: 'movie', publicId: OTHER_MOVIE, on: true }, h.db);
    // Everything in the catalogue so far is older than this run: a day old.
    await h.db.execute(
      sql`INSERT INTO releases (public_id, name, format, name_key) VALUES ('ntOldRel001', 'Old', 2, 'old')`,
    );
    await h.db.execute(sql`UPDATE releases SET created_at = now() - interval '1 day'`);
    await h.db.execute(sql`INSERT INTO release_movies (release_id, movie_id)
      SELECT r.id, m.id FROM releases r, movies m WHERE r.public_id = 'ntOldRel001' AND m.public_id = ${OTHER_MOVIE}`);
    await h.db.execute(sql`INSERT INTO collections (public_id, user_id, name, category, style, visibility)
      VALUES (${`ntWant${n}`}, ${wanter.actor.userId}, 'Wanted', 'releases', 4, 'public')`);
    await h.db.execute(sql`INSERT INTO collection_entries (collection_id, release_id)
      SELECT c.id, r.id FROM collections c, releases r WHERE c.public_id = ${`ntWant${n}`} AND r.public_id = 'ntOldRel001'`);

    const [{ now: since }] = await queryRows<{ now: string }>(h.db, sql`SELECT now()::text AS now`);
    // What an import run adds: a new release of the movie.
    await h.db.execute(
      sql`INSERT INTO releases (public_id, name, format, name_key) VALUES ('ntNewRel001', 'Tuntematon sotilas 4K', 1, 'tuntematon sotilas 4k')`,
    );
    await h.db.execute(sql`INSERT INTO release_movies (release_id, movie_id)
      SELECT r.id, m.id FROM releases r, movies m WHERE r.public_id = 'ntNewRel001' AND m.public_id = ${OTHER_MOVIE}`);
    expect(await notifyNewReleases(h.db, new Date(since))).toBe(2);
    for (const who of [fan, wanter])
      expect(await notices(who)).toEqual([
        expect.objectContaining({
          type_name: 'newRelease',
          actor: null,
          movie: { public_id: OTHER_MOVIE, name: 'Tuntematon sotilas' },
          release: { public_id: 'ntNewRel001', name: 'Tuntematon sotilas 4K' },
        }),
      ]);
    expect(await notices(off)).toEqual([]);
    expect(await notices(none)).toEqual([]);
    expect(pushes.map((p) => p.type)).toEqual([T.newRelease, T.newRelease]);
    expect(await notifyNewReleases(h.db, new Date(since))).toBe(0);
  });

  it('API: keyset pages without e-mail addresses, mark all seen, /api/me counts the unseen', async () => {
    const [me, sender1, sender2, sender3] = [await member(), await member(), await member(), await member()];
    for (const [i, actor] of [sender1, sender2, sender3].entries())
      await inTransaction(h.db, (tx) =>
        publish(tx, 'friendship.changed', {
          friendshipId: i,
          requesterId: actor.actor.userId,
          addresseeId: me.actor.userId,
          from: null,
          to: 'invited',
          byUserId: actor.actor.userId,
        }),
      );
    const get = (q = '') => notificationsGet(apiRequest('GET', `/api/notifications${q}`, { cookie: me.cookie }));
    const first = await get('?limit=2');
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as { items: NotificationDto[]; next_cursor: string };
    expect(page1.items).toHaveLength(2);
    expect(JSON.stringify(page1)).not.toContain('@example.fi');
    expect(Object.keys(page1.items[0]).sort()).toEqual(
      [
        'actor',
        'comment',
        'count',
        'created_at',
        'movie',
        'post',
        'public_id',
        'reason',
        'release',
        'review',
        'seen',
        'subject_text',
        'type',
        'type_name',
      ].sort(),
    );
    const page2 = (await (await get(`?limit=2&cursor=${page1.next_cursor}`)).json()) as {
      items: NotificationDto[];
      next_cursor: null;
    };
    expect(page2.next_cursor).toBeNull();
    // Newest first, each once: the third request, the second, then the first.
    expect([...page1.items, ...page2.items].map((x) => x.actor?.public_id)).toEqual(
      [sender3, sender2, sender1].map((a) => a.actor.publicId),
    );
    expect((await get('?cursor=broken!')).status).toBe(400);
    expect((await notificationsGet(apiRequest('GET', '/api/notifications'))).status).toBe(401);

    const me1 = (await (await meGet(apiRequest('GET', '/api/me', { cookie: me.cookie }))).json()) as {
      notifications_unseen_count: number;
    };
    expect(me1.notifications_unseen_count).toBe(3);
    const seen = await seenPost(apiRequest('POST', '/api/notifications/seen', { cookie: me.cookie }));
    expect(await seen.json()).toEqual({ ok: true, marked: 3 });
    expect(await unseenCount(me.actor, h.db)).toBe(0);
    const me2 = (await (await meGet(apiRequest('GET', '/api/me', { cookie: me.cookie }))).json()) as {
      notifications_unseen_count: number;
    };
    expect(me2.notifications_unseen_count).toBe(0);
    expect((await notices(me)).map((x) => x.seen)).toEqual([true, true, true]);
  });

  it('daily digest: unseen, unmailed notices of members with the e-mail flag, as .eml files, once', async () => {
    const mailRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'digest-mail-'));
    vi.stubEnv('DATA_DIR', mailRoot);
    try {
      // Earlier tests' notices are mailed (or left) first, so this test counts its own.
      await sendDigests(h.db);
      fs.rmSync(path.join(mailRoot, 'mail'), { recursive: true, force: true });
      const mails = () =>
        fs.existsSync(path.join(mailRoot, 'mail')) ? fs.readdirSync(path.join(mailRoot, 'mail')) : [];
      const [mailed, quiet, seen, actor] = [await member(), await member(), await member(), await member()];
      await setFlags(quiet, { email: false });
      for (const who of [mailed, quiet, seen])
        await inTransaction(h.db, (tx) =>
          publish(tx, 'friendship.changed', {
            friendshipId: 99,
            requesterId: actor.actor.userId,
            addresseeId: who.actor.userId,
            from: null,
            to: 'invited',
            byUserId: actor.actor.userId,
          }),
        );
      await h.db.execute(sql`UPDATE notifications SET seen_at = now() WHERE user_id = ${seen.actor.userId}`);
      expect(await sendDigests(h.db, { siteUrl: 'https://discshelf.example' })).toEqual({
        members: 1,
        notifications: 1,
        failed: 0,
      });
      expect(mails()).toHaveLength(1);
      const text = fs.readFileSync(path.join(mailRoot, 'mail', mails()[0]), 'utf8');
      expect(text).toMatch(new RegExp(`^To: notified${mailed.actor.name.split(' ')[1]}@example\\.fi$`, 'm'));
      const body = text.replace(/=\r?\n/g, '');
      expect(body).toContain(`${actor.actor.name} sent you a friend request`);
      expect(body).toContain('https://discshelf.example/notifications');
      expect(body).toContain('https://discshelf.example/fi/notifications');
      const [row] = await queryRows<{ mailed: boolean }>(
        h.db,
        sql`SELECT mailed_at IS NOT NULL AS mailed FROM notifications WHERE user_id = ${mailed.actor.userId}`,
      );
      expect(row.mailed).toBe(true);
      expect(await sendDigests(h.db)).toEqual({ members: 0, notifications: 0, failed: 0 });
      expect(mails()).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('digest: a refused send gives its notices back for the next run; the other members are mailed', async () => {
    await recordMail();
    const [refused, mailed, actor] = [await member(), await member(), await member()];
    await friendRequest(actor, refused);
    await friendRequest(actor, mailed);
    mail.refuse.add(await emailOf(refused));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await sendDigests(h.db)).toEqual({ members: 1, notifications: 1, failed: 1 });
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining('notification digest not sent'),
        expect.stringContaining('550 mailbox unavailable'),
      );
    } finally {
      logged.mockRestore();
    }
    expect(mail.attempts.map((m) => m.to)).toEqual([await emailOf(refused), await emailOf(mailed)]);
    expect(await mailState(refused)).toEqual([false]);
    expect(await mailState(mailed)).toEqual([true]);
    // The next run sends what waited, and only that.
    mail.refuse.clear();
    mail.attempts.length = 0;
    expect(await sendDigests(h.db)).toEqual({ members: 1, notifications: 1, failed: 0 });
    expect(mail.attempts.map((m) => m.to)).toEqual([await emailOf(refused)]);
    expect(mail.attempts[0].text).toContain(`${actor.actor.name} sent you a friend request`);
    expect(await mailState(refused)).toEqual([true]);
  });

  it('digest: at most 50 notices listed, newest first, the rest counted; all of them claimed', async () => {
    await recordMail();
    const busy = await member();
    // 53 removals of discussions "Topic 01" (the newest) … "Topic 53" (the oldest), a minute apart.
    await h.db.execute(sql`INSERT INTO notifications (public_id, user_id, type, subject_text, reason, created_at)
      SELECT 'ntCap' || lpad(i::text, 5, '0'), ${busy.actor.userId}, ${T.postRemoved}, 'Topic ' || lpad(i::text, 2, '0'),
             'Spam', now() - i * interval '1 minute'
      FROM generate_series(1, 53) AS i`);
    expect(await sendDigests(h.db)).toEqual({ members: 1, notifications: 53, failed: 0 });
    expect(mail.attempts).toHaveLength(1);
    const [sent] = mail.attempts;
    expect(sent.subject).toContain('(53)');
    const english = sent.text.slice(0, sent.text.indexOf('----'));
    const lines = english.split('\n').filter((l) => l.startsWith('- '));
    const topic = (i: number) => `Topic ${String(i).padStart(2, '0')}`;
    expect(lines).toEqual([
      ...Array.from({ length: 50 }, (_, i) => `- An admin removed your discussion “${topic(i + 1)}”. Reason: Spam`),
      '- … (+3)',
    ]);
    expect(english).not.toContain(topic(51));
    expect(await mailState(busy)).toEqual(Array(53).fill(true));
  });

  it('digest: addresses ending in .invalid (deleted or placeholder accounts) are never mailed', async () => {
    await recordMail();
    const [placeholder, actor] = [await member(), await member()];
    await h.db.execute(
      sql`UPDATE users SET email = ${`gone-${placeholder.actor.userId}@deleted.invalid`} WHERE id = ${placeholder.actor.userId}`,
    );
    await friendRequest(actor, placeholder);
    expect(await sendDigests(h.db)).toEqual({ members: 0, notifications: 0, failed: 0 });
    expect(mail.attempts).toEqual([]);
    expect(await mailState(placeholder)).toEqual([false]);
  });

  // Races between connections: PGlite is one connection, which runs everything in turn.
  if (engine === 'postgres') {
    it('digest: servers running it at the same moment mail each notice once (PostgreSQL)', async () => {
      await recordMail();
      const [asker1, asker2] = [await member(), await member()];
      const recipients = await Promise.all(Array.from({ length: 12 }, () => member()));
      for (const who of recipients) {
        await friendRequest(asker1, who);
        await friendRequest(asker2, who);
      }
      // Three servers: handles of their own on the same database, each with its own pool.
      const servers = await Promise.all([0, 1, 2].map(() => openDatabase({ url: h.url! })));
      try {
        const reports = await Promise.all(servers.map((server) => sendDigests(server.db)));
        expect(reports.reduce((sum, r) => sum + r.members, 0)).toBe(12);
        expect(reports.reduce((sum, r) => sum + r.notifications, 0)).toBe(24);
        expect(reports.map((r) => r.failed)).toEqual([0, 0, 0]);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
      // One message per member, carrying both of their notices.
      const emails = await Promise.all(recipients.map(emailOf));
      expect(mail.attempts.map((m) => m.to).sort()).toEqual([...emails].sort());
      expect(mail.attempts.map((m) => m.subject.includes('(2)'))).toEqual(Array(12).fill(true));
      for (const who of recipients) expect(await mailState(who)).toEqual([true, true]);
    });

    it('a like set and taken back concurrently, again and again, notifies its author once at most (PostgreSQL)', async () => {
      const [author, fan, other] = [await member(), await member(), await member()];
      const rev = await review(author, 'Raced review');
      const like = (who: Member, on: boolean) =>
        setToggle(who.actor, { kind: 'like', item: 'review', publicId: rev, on }, h.db);
      for (let round = 0; round < 4; round++) {
        await forgetWriteLimits(h.db);
        await Promise.all(
          [true, false, true, false, true, true, false, true].flatMap((on) => [like(fan, on), like(other, on)]),
        );
      }
      // One reviewLike per liker, however the sets and take-backs interleaved.
      expect((await notices(author)).map((x) => [x.type_name, x.actor?.public_id]).sort()).toEqual(
        [
          ['reviewLike', fan.actor.publicId],
          ['reviewLike', other.actor.publicId],
        ].sort(),
      );
      expect(pushes.filter((p) => p.userPublicId === author.actor.publicId)).toHaveLength(2);
      // The counter matches the likes that remain.
      const [row] = await queryRows<{ likes_count: number; likes: number }>(
        h.db,
        sql`SELECT r.likes_count, (SELECT count(*)::int FROM likes WHERE review_id = r.id) AS likes
              FROM reviews r WHERE r.public_id = ${rev}`,
      );
      expect(Number(row.likes_count)).toBe(Number(row.likes));
    });
  }

  it('an account takes its notifications with it; notices it caused stay without an actor', async () => {
    const [gone, other] = [await member(), await member()];
    const event = { friendshipId: 7, from: null, to: 'invited' as const };
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', {
        ...event,
        requesterId: other.actor.userId,
        addresseeId: gone.actor.userId,
        byUserId: other.actor.userId,
      }),
    );
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', {
        ...event,
        requesterId: gone.actor.userId,
        addresseeId: other.actor.userId,
        byUserId: gone.actor.userId,
      }),
    );
    expect(await deleteAccount(gone.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    const [left] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${gone.actor.userId}`,
    );
    expect(Number(left.n)).toBe(0);
    expect(await notices(other)).toEqual([expect.objectContaining({ type_name: 'friendRequest', actor: null })]);
  });
});
