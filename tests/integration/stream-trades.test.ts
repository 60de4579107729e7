/**
 * The stream and trade matching on PGlite and PostgreSQL. Stream: the reviews, posts, comments and
 * collection additions of accepted friends only (not of pending or removed ones, never of private
 * or trashed collections), newest first in keyset pages, members only. Trade matching: a release
 * in a for-trade list (style 7) and a friend's wanted list (style 4) is stored once per trader,
 * wanter and release and published as `trade.matched` once, on adding entries either way and on
 * accepting a friendship; private lists never match; /api/trades lists the matches that still hold
 * (not after unfriending or removing an entry); account deletion removes the matches.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as streamGet } from '@/app/api/stream/route';
import { GET as tradesGet } from '@/app/api/trades/route';
import {
  addEntry,
  createCollection,
  removeEntry,
  setCollectionDeleted,
  updateCollection,
} from '@/lib/data/collections';
import type { DomainEvents, SubscriberTable } from '@/lib/data/event-types';
import { inTransaction } from '@/lib/data/events';
import { changeFriendship, type FriendshipAction } from '@/lib/data/friendships';
import { listStream, STREAM_EXCERPT_MAX, type StreamItem } from '@/lib/data/stream';
import type { Page } from '@/lib/data/types';
import { SUBSCRIBERS } from '@/lib/data/subscribers';
import { listTrades } from '@/lib/data/trades';
import { deleteAccount } from '@/lib/data/users';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { apiRequest, insertReview, openCommunityDb, writePost } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

assertPostgresConfiguredInCi();

const MOVIE = 'stMovie0001';
const RELEASES = Array.from({ length: 8 }, (_, i) => `stRelease0${i + 1}`);

describe.each(testEngines())('stream and trade matching on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  const matched: DomainEvents['trade.matched'][] = [];
  /** The app's subscribers plus a recorder of trade.matched (published by a subscriber, not by a domain). */
  const recording: SubscriberTable = {
    ...SUBSCRIBERS,
    'trade.matched': {
      ...SUBSCRIBERS['trade.matched'],
      inTransaction: [
        ...(SUBSCRIBERS['trade.matched']?.inTransaction ?? []),
        async (_tx, e) => {
          matched.push(e);
        },
      ],
    },
  };
  /** Runs a write with the recording subscribers (the data layer joins this transaction). */
  const recorded = <T>(work: (tx: typeof h.db) => Promise<T>) => inTransaction(h.db, work, { subscribers: recording });

  const member = () => registerMember(h.db, { label: 'Streamer', n: ++n });

  async function act(who: Member, other: Member, action: FriendshipAction) {
    const r = await recorded((tx) => changeFriendship(who.actor, { publicId: other.actor.publicId, action }, tx));
    if (!r?.ok) throw new Error(`${action} failed`);
  }
  async function befriend(a: Member, b: Member) {
    await act(a, b, 'request');
    await act(b, a, 'accept');
  }
  async function list(
    who: Member,
    opts: { style: number; visibility?: 'public' | 'private'; category?: 'movies' | 'releases' },
  ): Promise<string> {
    const r = await createCollection(
      who.actor,
      {
        name: `List ${++n}`,
        description: null,
        visibility: opts.visibility ?? 'public',
        category: opts.category ?? 'releases',
        style: opts.style,
        shortcut_default: false,
      },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.collection.public_id;
  }
  async function add(who: Member, collection: string, release: string, type: 'movie' | 'release' = 'release') {
    const r = await recorded((tx) => addEntry(who.actor, { collection, item: { type, publicId: release } }, tx));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.entry.id;
  }
  const matchRows = () =>
    queryRows<{ trader_id: number; wanter_id: number; release_id: number }>(
      h.db,
      sql`SELECT trader_id, wanter_id, release_id FROM trade_matches ORDER BY id`,
    );

  beforeAll(async () => {
    ({ h } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 }],
      releases: RELEASES.map((publicId, i) => ({
        publicId,
        name: `Sisu edition ${i + 1}`,
        format: 1,
        nameKey: `sisu edition ${i + 1}`,
        movies: [MOVIE],
      })),
    }));
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    matched.length = 0;
    await h.db.execute(sql`DELETE FROM trade_matches`);
  });

  it('the stream shows what accepted friends did, newest first, never private collections, in keyset pages', async () => {
    const [me, friend, pending, stranger, former] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await befriend(me, friend);
    await act(pending, me, 'request');
    await befriend(former, me);
    await act(me, former, 'remove');

    const shelf = await list(friend, { style: 1 });
    const secret = await list(friend, { style: 1, visibility: 'private' });
    const trashed = await list(friend, { style: 1 });
    await add(friend, shelf, RELEASES[0]!);
    await add(friend, secret, RELEASES[1]!);
    await add(friend, trashed, RELEASES[2]!);
    await setCollectionDeleted(friend.actor, { publicId: trashed, deleted: true }, h.db);
    await insertReview(h.db, {
      publicId: `stRev${++n}`,
      author: friend,
      movie: MOVIE,
      headline: 'Great',
      body: `First paragraph.\n\n${'word '.repeat(100)}`,
    });
    const post = await writePost(h.db, friend, { headline: 'Steelbooks', body: 'Which?', language: 'en' });
    await h.db.execute(
      sql`INSERT INTO comments (public_id, user_id, post_id, body)
          SELECT ${`stCom${++n}`}, ${friend.actor.userId}, id, 'Reply' FROM posts WHERE public_id = ${post}`,
    );
    // Others' activity never shows.
    for (const other of [pending, stranger, former, me]) {
      await insertReview(h.db, { publicId: `stRev${++n}`, author: other, movie: MOVIE, headline: 'Hidden', body: 'x' });
      await add(other, await list(other, { style: 1 }), RELEASES[0]!);
    }

    const all = await listStream(me.actor, {}, h.db);
    expect(all.items.map((s) => [s.kind, s.user.public_id])).toEqual(
      expect.arrayContaining([
        ['entry', friend.actor.publicId],
        ['review', friend.actor.publicId],
        ['post', friend.actor.publicId],
        ['comment', friend.actor.publicId],
      ]),
    );
    expect(all.items).toHaveLength(4);
    const entry = all.items.find((s) => s.kind === 'entry');
    expect(entry).toMatchObject({
      item: { type: 'release', public_id: RELEASES[0] },
      collection: { public_id: shelf },
      public_id: null,
    });
    expect(all.items.find((s) => s.kind === 'comment')).toMatchObject({
      thread: { type: 'post', public_id: post },
      title: 'Steelbooks',
      excerpt: 'Reply',
    });
    expect(all.items.find((s) => s.kind === 'post')?.excerpt).toBe('Which?');
    expect(entry?.excerpt).toBeNull();
    // A review's excerpt: its ingress, else its body with whitespace folded, cut at a word.
    const reviewExcerpt = async () =>
      (await listStream(me.actor, {}, h.db)).items.find((s) => s.kind === 'review')?.excerpt;
    const cut = await reviewExcerpt();
    expect(cut).toMatch(/^First paragraph\. word word .*word…$/);
    expect(cut!.length).toBeLessThanOrEqual(STREAM_EXCERPT_MAX);
    await h.db.execute(sql`UPDATE reviews SET ingress = ' The lead. ' WHERE user_id = ${friend.actor.userId}`);
    expect(await reviewExcerpt()).toBe('The lead.');
    const times = all.items.map((s) => s.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Keyset pages of one item each give the same items in the same order, each once.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listStream(me.actor, { limit: 1, cursor }, h.db);
      paged.push(...page.items.map((s) => `${s.kind}:${s.public_id ?? s.item?.public_id}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.items.map((s) => `${s.kind}:${s.public_id ?? s.item?.public_id}`));

    // The pending requester, the removed friend and the stranger see nothing of `friend`.
    for (const other of [pending, stranger, former])
      expect((await listStream(other.actor, {}, h.db)).items.map((s) => s.user.public_id)).not.toContain(
        friend.actor.publicId,
      );

    // The API: members only, same page.
    expect((await streamGet(apiRequest('GET', '/api/stream'))).status).toBe(401);
    const res = await streamGet(apiRequest('GET', '/api/stream?limit=2', { cookie: me.cookie }));
    const body = (await res.json()) as { items: unknown[]; next_cursor: string | null };
    expect(body.items).toHaveLength(2);
    expect(body.next_cursor).toEqual(expect.any(String));
    expect((await streamGet(apiRequest('GET', '/api/stream?cursor=bad', { cookie: me.cookie }))).status).toBe(400);
  });

  it('a day of additions to one collection is one stream item, at the newest, with their number', async () => {
    const [me, friend] = [await member(), await member()];
    await befriend(me, friend);
    const shelf = await list(friend, { style: 3 });
    const other = await list(friend, { style: 4 });
    const older = await add(friend, shelf, RELEASES[0]!);
    await add(friend, shelf, RELEASES[1]!);
    await add(friend, shelf, RELEASES[2]!);
    await add(friend, other, RELEASES[0]!);
    // The first addition was two days ago, with a comment: an item of its own, with the comment.
    await h.db.execute(
      sql`UPDATE collection_entries SET created_at = now() - interval '2 days', comment = 'Sealed, from a flea market'
          WHERE id = ${older}`,
    );
    await h.db.execute(sql`UPDATE collection_entries SET comment = 'Not shown for a group' WHERE collection_id =
          (SELECT id FROM collections WHERE public_id = ${shelf}) AND id <> ${older}`);
    const items = (await listStream(me.actor, {}, h.db)).items.filter((s) => s.kind === 'entry');
    expect(items.map((s) => [s.collection?.public_id, s.item?.public_id, s.entries, s.excerpt])).toEqual([
      [other, RELEASES[0], 1, null],
      [shelf, RELEASES[2], 2, null],
      [shelf, RELEASES[0], 1, 'Sealed, from a flea market'],
    ]);
    // Keyset pages of one give the same three items.
    const first = await listStream(me.actor, { limit: 1 }, h.db);
    const second = await listStream(me.actor, { limit: 1, cursor: first.next_cursor }, h.db);
    const third = await listStream(me.actor, { limit: 1, cursor: second.next_cursor }, h.db);
    expect([...first.items, ...second.items, ...third.items].map((s) => s.entries)).toEqual([1, 2, 1]);
    expect(third.next_cursor).toBeNull();
  });

  it('the stream’s pages hold what its definition gives over the friends’ whole history, at any page size', async () => {
    const [me, f1, f2, f3, stranger] = [await member(), await member(), await member(), await member(), await member()];
    await befriend(me, f1);
    await befriend(f2, me);
    await befriend(me, f3);
    const [a, b, hidden] = [
      await list(f1, { style: 3 }),
      await list(f1, { style: 4 }),
      await list(f1, { style: 3, visibility: 'private' }),
    ];
    const [c, trashed] = [await list(f2, { style: 7 }), await list(f2, { style: 3 })];
    const strangers = await list(stranger, { style: 3 });
    // Four lists with a morning and an afternoon addition on the newest day: pages of two end at
    // the third one's afternoon, so the next page starts on a day the four lists all reach back
    // into; the two items after it are both days of list c.
    const busy = [
      await list(f3, { style: 1 }),
      await list(f3, { style: 1 }),
      await list(f3, { style: 1 }),
      await list(f3, { style: 1 }),
    ];
    // Additions at fixed times of the site's clock (Helsinki, UTC+2 in early March): ties within
    // and across lists and kinds, both sides of its midnight (22:00 UTC, the same UTC day).
    const day = (d: number, time: string) => `2026-03-${String(10 + d).padStart(2, '0')}T${time}+02:00`;
    const entries: [string, number, string][] = [
      [a, 0, day(0, '10:00:00')],
      [a, 1, day(0, '10:00:00')],
      [a, 2, day(0, '11:30:00')],
      [a, 3, day(0, '23:59:59.999999')],
      [a, 4, day(1, '00:00:00')],
      [a, 5, day(3, '08:15:00')],
      [b, 0, day(0, '11:30:00')],
      [b, 1, day(0, '11:30:00')],
      [b, 2, day(4, '09:00:00')],
      [c, 0, day(0, '12:00:00')],
      [c, 1, day(2, '12:00:00')],
      [c, 2, day(5, '12:00:00')],
      [c, 3, day(6, '12:00:00')],
      ...busy.flatMap((l, i): [string, number, string][] => [
        [l, 0, day(7, `0${6 + i}:00:00`)],
        [l, 1, day(7, ['14:00:00', '13:00:00', '12:30:00', '12:00:00'][i]!)],
      ]),
      [hidden, 0, day(6, '12:00:00')],
      [trashed, 0, day(6, '12:00:00')],
      [strangers, 0, day(6, '12:00:00')],
    ];
    for (const [collection, release, at] of entries)
      await h.db.execute(
        sql`INSERT INTO collection_entries (collection_id, release_id, created_at, comment)
            SELECT c.id, r.id, ${at}::timestamptz, ${release === 5 ? 'Found it at last' : null}
            FROM collections c, releases r WHERE c.public_id = ${collection} AND r.public_id = ${RELEASES[release]}`,
      );
    await setCollectionDeleted(f2.actor, { publicId: trashed, deleted: true }, h.db);
    const writings: [Member, 'reviews' | 'posts' | 'comments', string][] = [
      [f3, 'reviews', day(0, '11:30:00')],
      [f3, 'reviews', day(0, '11:30:00')],
      [f1, 'posts', day(1, '00:00:00')],
      [f2, 'comments', day(0, '11:30:00')],
      [f2, 'comments', day(3, '08:15:00')],
      [f3, 'comments', day(4, '09:00:00')],
      [stranger, 'reviews', day(2, '10:00:00')],
    ];
    const post = await writePost(h.db, stranger, { headline: 'Slipcovers', body: 'Keep or toss?', language: 'en' });
    /** The public ids of `writings`, in its order. */
    const written: string[] = [];
    for (const [who, table, at] of writings) {
      const id = `stW${++n}`;
      written.push(id);
      if (table === 'reviews')
        await insertReview(h.db, { publicId: id, author: who, movie: MOVIE, headline: `Review ${id}`, body: 'Sharp.' });
      else if (table === 'posts')
        await h.db.execute(
          sql`INSERT INTO posts (public_id, user_id, headline, body, language, search_text)
              VALUES (${id}, ${who.actor.userId}, ${`Post ${id}`}, 'Which?', 'en', '')`,
        );
      else
        await h.db.execute(
          sql`INSERT INTO comments (public_id, user_id, post_id, body)
              SELECT ${id}, ${who.actor.userId}, id, 'Keep.' FROM posts WHERE public_id = ${post}`,
        );
      await h.db.execute(sql`UPDATE ${sql.raw(table)} SET created_at = ${at}::timestamptz WHERE public_id = ${id}`);
    }

    // Worked out by hand from the fixture: the friends' writings, and one item per public list and
    // day of the site's calendar at its newest addition (with the day's count), newest first; at
    // the same moment an addition comes before a comment, a comment before a discussion, a
    // discussion before a review, and of two of a kind the later written first. Nothing of the
    // private, trashed or stranger's lists, nor the stranger's review.
    const [review1, review2, post1, comment1, comment2, comment3] = written;
    const entry = (list: string, release: number, count: number) => `entry:${list}:${RELEASES[release]}:${count}`;
    const expected = [
      // Day 7: each busy list's afternoon addition, the morning one counted with it.
      entry(busy[0]!, 1, 2), // 14:00
      entry(busy[1]!, 1, 2), // 13:00
      entry(busy[2]!, 1, 2), // 12:30
      entry(busy[3]!, 1, 2), // 12:00
      entry(c, 3, 1), // day 6, 12:00
      entry(c, 2, 1), // day 5, 12:00
      entry(b, 2, 1), // day 4, 09:00 …
      `comment:${comment3}`, // … the same moment
      entry(a, 5, 1), // day 3, 08:15 …
      `comment:${comment2}`, // … the same moment
      entry(c, 1, 1), // day 2, 12:00
      entry(a, 4, 1), // day 1, 00:00: after the site's midnight, a day of its own …
      `post:${post1}`, // … the same moment
      entry(a, 3, 4), // day 0, 23:59:59.999999, with 10:00, 10:00 and 11:30
      entry(c, 0, 1), // day 0, 12:00
      entry(b, 1, 2), // day 0, 11:30, two at once: the later added named …
      `comment:${comment1}`, // … the same moment
      `review:${review2}`,
      `review:${review1}`,
    ];

    const label = (s: StreamItem) =>
      s.kind === 'entry'
        ? `entry:${s.collection?.public_id}:${s.item?.public_id}:${s.entries}`
        : `${s.kind}:${s.public_id}`;
    expect((await listStream(me.actor, { limit: 100 }, h.db)).items.map(label)).toEqual(expected);
    for (const limit of [1, 2, 3, 5]) {
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<StreamItem> = await listStream(me.actor, { limit, cursor }, h.db);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        paged.push(...page.items.map(label));
        cursor = page.next_cursor;
      } while (cursor);
      expect(paged, `pages of ${limit}`).toEqual(expected);
    }
    // A day's only addition brings its comment; a group of several does not.
    const single = (await listStream(me.actor, { limit: 100 }, h.db)).items.find(
      (s) => s.item?.public_id === RELEASES[5],
    );
    expect(single?.excerpt).toBe('Found it at last');
  });

  it("a day of additions is a day of the site's calendar, 23 or 25 hours long when the clock changes", async () => {
    const [me, friend] = [await member(), await member()];
    await befriend(me, friend);
    const shelf = await list(friend, { style: 3 });
    // Around 29 March 2026 in Helsinki, a 23-hour day (summer time from 03:00): 23:30 and 00:30
    // on either side of both its midnights.
    const at = [
      '2026-03-28T23:30:00+02:00',
      '2026-03-29T00:30:00+02:00',
      '2026-03-29T23:30:00+03:00',
      '2026-03-30T00:30:00+03:00',
    ];
    for (const [i, t] of at.entries())
      await h.db.execute(
        sql`INSERT INTO collection_entries (collection_id, release_id, created_at)
            SELECT c.id, r.id, ${t}::timestamptz FROM collections c, releases r
            WHERE c.public_id = ${shelf} AND r.public_id = ${RELEASES[i]}`,
      );
    const items = (await listStream(me.actor, { limit: 100 }, h.db)).items;
    expect(items.map((s) => [s.item?.public_id, s.entries, s.at])).toEqual([
      [RELEASES[3], 1, '2026-03-29T21:30:00.000Z'],
      [RELEASES[2], 2, '2026-03-29T20:30:00.000Z'],
      [RELEASES[0], 1, '2026-03-28T21:30:00.000Z'],
    ]);
  });

  it('a forged stream cursor is refused, never a failing cast', async () => {
    const me = await member();
    const forged = (key: string) => Buffer.from(JSON.stringify(['stream', key, 1])).toString('base64url');
    for (const key of [
      '2026-13-45T00:00:00.000000/1',
      'not a time',
      '2026-03-10T10:00:00.000000/9',
      '2026-03-10T25:00:00.000000/1',
    ]) {
      await expect(listStream(me.actor, { cursor: forged(key) }, h.db)).rejects.toMatchObject({ code: 'bad_cursor' });
      const res = await streamGet(apiRequest('GET', `/api/stream?cursor=${forged(key)}`, { cookie: me.cookie }));
      expect(res.status).toBe(400);
    }
    const ok = await listStream(me.actor, { cursor: forged('2026-03-10T10:00:00.000000/1') }, h.db);
    expect(ok.items).toEqual([]);
  });

  it('adding to a for-trade list matches friends’ wanted lists once per pair and release, both directions', async () => {
    const [trader, wanter, stranger] = [await member(), await member(), await member()];
    await befriend(trader, wanter);
    const wanted = await list(wanter, { style: 4 });
    const strangerWanted = await list(stranger, { style: 4 });
    await add(wanter, wanted, RELEASES[0]!);
    await add(stranger, strangerWanted, RELEASES[0]!);
    const forTrade = await list(trader, { style: 7 });
    await add(trader, forTrade, RELEASES[0]!);
    expect(await matchRows()).toEqual([
      { trader_id: trader.actor.userId, wanter_id: wanter.actor.userId, release_id: expect.any(Number) },
    ]);
    expect(matched).toEqual([
      {
        traderId: trader.actor.userId,
        wanterId: wanter.actor.userId,
        releaseId: expect.any(Number),
        releasePublicId: RELEASES[0],
      },
    ]);

    // The same release again (a second for-trade list, removed and added back): no new match, no event.
    const second = await list(trader, { style: 7 });
    await add(trader, second, RELEASES[0]!);
    const entryId = await add(trader, await list(trader, { style: 7 }), RELEASES[0]!);
    expect(entryId).toEqual(expect.any(Number));
    expect(await matchRows()).toHaveLength(1);
    expect(matched).toHaveLength(1);

    // The other direction: the wanter also trades a release the trader wants.
    const traderWanted = await list(trader, { style: 4 });
    await add(trader, traderWanted, RELEASES[1]!);
    await add(wanter, await list(wanter, { style: 7 }), RELEASES[1]!);
    expect(matched.map((m) => [m.traderId, m.wanterId, m.releasePublicId])).toEqual([
      [trader.actor.userId, wanter.actor.userId, RELEASES[0]],
      [wanter.actor.userId, trader.actor.userId, RELEASES[1]],
    ]);

    // Both see both matches in /api/trades, each from their side.
    const trades = async (who: Member) =>
      (
        (await (await tradesGet(apiRequest('GET', '/api/trades', { cookie: who.cookie }))).json()) as {
          items: { direction: string; friend: { public_id: string }; release: { public_id: string } }[];
        }
      ).items.map((t) => [t.direction, t.friend.public_id, t.release.public_id]);
    expect(await trades(trader)).toEqual([
      ['want', wanter.actor.publicId, RELEASES[1]],
      ['offer', wanter.actor.publicId, RELEASES[0]],
    ]);
    expect(await trades(wanter)).toEqual([
      ['offer', trader.actor.publicId, RELEASES[1]],
      ['want', trader.actor.publicId, RELEASES[0]],
    ]);
    expect(await trades(stranger)).toEqual([]);
    expect((await tradesGet(apiRequest('GET', '/api/trades'))).status).toBe(401);

    // Removing the wanted entry ends that match in the list; unfriending ends all of them.
    const [w] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT ce.id FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id
          WHERE c.public_id = ${traderWanted}`,
    );
    await removeEntry(trader.actor, Number(w!.id), h.db);
    expect(await trades(trader)).toEqual([['offer', wanter.actor.publicId, RELEASES[0]]]);
    await act(wanter, trader, 'remove');
    expect(await trades(trader)).toEqual([]);
    expect(await trades(wanter)).toEqual([]);
    expect(await matchRows()).toHaveLength(2);

    // Friends again: the stored match holds again, and nobody is told twice.
    matched.length = 0;
    await befriend(wanter, trader);
    expect(matched).toEqual([]);
    expect(await trades(trader)).toEqual([['offer', wanter.actor.publicId, RELEASES[0]]]);
  });

  it('accepting a friendship matches the lists the two already have, both ways', async () => {
    const [a, b] = [await member(), await member()];
    await add(a, await list(a, { style: 7 }), RELEASES[0]!);
    await add(a, await list(a, { style: 4 }), RELEASES[1]!);
    await add(b, await list(b, { style: 4 }), RELEASES[0]!);
    await add(b, await list(b, { style: 7 }), RELEASES[1]!);
    await act(a, b, 'request');
    expect(matched).toEqual([]);
    await act(b, a, 'accept');
    expect(matched.map((m) => [m.traderId, m.wanterId, m.releasePublicId]).sort()).toEqual(
      [
        [a.actor.userId, b.actor.userId, RELEASES[0]],
        [b.actor.userId, a.actor.userId, RELEASES[1]],
      ].sort(),
    );
    expect((await listTrades(a.actor, {}, h.db)).items).toHaveLength(2);
  });

  it('private and trashed lists never match, movie lists neither', async () => {
    const [a, b] = [await member(), await member()];
    await befriend(a, b);
    await add(b, await list(b, { style: 4, visibility: 'private' }), RELEASES[0]!);
    await add(a, await list(a, { style: 7 }), RELEASES[0]!);
    await add(b, await list(b, { style: 7, visibility: 'private' }), RELEASES[1]!);
    await add(a, await list(a, { style: 4 }), RELEASES[1]!);
    // The list being added to is private: no match with a friend's public list either.
    await add(b, await list(b, { style: 4 }), RELEASES[2]!);
    await add(a, await list(a, { style: 7, visibility: 'private' }), RELEASES[2]!);
    const trashedWanted = await list(b, { style: 4 });
    await setCollectionDeleted(b.actor, { publicId: trashedWanted, deleted: true }, h.db);
    await add(a, await list(a, { style: 7, category: 'movies' }), MOVIE, 'movie');
    expect(matched).toEqual([]);
    expect(await matchRows()).toEqual([]);
    expect((await listTrades(a.actor, {}, h.db)).items).toEqual([]);
  });

  it('a list made public, turned into a for-trade list or restored from the trash matches what it holds', async () => {
    const [a, b] = [await member(), await member()];
    await befriend(a, b);
    await add(b, await list(b, { style: 4 }), RELEASES[0]!);
    await add(b, await list(b, { style: 4 }), RELEASES[1]!);
    await add(b, await list(b, { style: 4 }), RELEASES[2]!);
    const save = async (publicId: string, change: { style: number; visibility: 'public' | 'private' }) => {
      const r = await recorded((tx) =>
        updateCollection(
          a.actor,
          { publicId, name: `Saved ${++n}`, description: null, shortcut_default: false, ...change },
          tx,
        ),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
    };
    const hidden = await list(a, { style: 7, visibility: 'private' });
    await add(a, hidden, RELEASES[0]!);
    expect(matched).toEqual([]);
    await save(hidden, { style: 7, visibility: 'public' });
    expect(matched.map((m) => m.releasePublicId)).toEqual([RELEASES[0]]);

    const plain = await list(a, { style: 1 });
    await add(a, plain, RELEASES[1]!);
    expect(matched).toHaveLength(1);
    await save(plain, { style: 7, visibility: 'public' });
    expect(matched.map((m) => m.releasePublicId)).toEqual([RELEASES[0], RELEASES[1]]);

    const trashed = await list(a, { style: 7 });
    await setCollectionDeleted(a.actor, { publicId: trashed, deleted: true }, h.db);
    await h.db.execute(
      sql`INSERT INTO collection_entries (collection_id, release_id)
          SELECT c.id, r.id FROM collections c, releases r WHERE c.public_id = ${trashed} AND r.public_id = ${RELEASES[2]}`,
    );
    await recorded((tx) => setCollectionDeleted(a.actor, { publicId: trashed, deleted: false }, tx));
    expect(matched.map((m) => m.releasePublicId)).toEqual([RELEASES[0], RELEASES[1], RELEASES[2]]);
    // Saving again tells nobody twice.
    await save(plain, { style: 7, visibility: 'public' });
    expect(matched).toHaveLength(3);
  });

  /** Saves `who`'s collection with a style and visibility, through the recording subscribers. */
  async function save(who: Member, publicId: string, change: { style: number; visibility: 'public' | 'private' }) {
    const r = await recorded((tx) =>
      updateCollection(
        who.actor,
        { publicId, name: `Saved ${++n}`, description: null, shortcut_default: false, ...change },
        tx,
      ),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
  }
  /** The actor's current matches as `direction friend release`, newest first. */
  const holding = async (who: Member) =>
    (await listTrades(who.actor, { limit: 100 }, h.db)).items.map(
      (t) => `${t.direction} ${t.friend.public_id} ${t.release.public_id}`,
    );

  it('/api/trades pages: newest match first, ties by the later match, each once; a bad cursor is a 400', async () => {
    const [trader, wanter] = [await member(), await member()];
    await befriend(trader, wanter);
    const wanted = await list(wanter, { style: 4 });
    for (const r of RELEASES.slice(0, 5)) await add(wanter, wanted, r);
    const forTrade = await list(trader, { style: 7 });
    for (const r of RELEASES.slice(0, 5)) await add(trader, forTrade, r);
    expect(matched.map((m) => m.releasePublicId)).toEqual(RELEASES.slice(0, 5));
    // When each was found: release 2 last, 0 an hour earlier, 4 two hours, 1 and 3 three hours.
    for (const [release, hours] of [
      [0, 1],
      [1, 3],
      [2, 0],
      [3, 3],
      [4, 2],
    ] as const)
      await h.db.execute(
        sql`UPDATE trade_matches SET created_at = now() - ${`${hours} hours`}::interval
            WHERE release_id = (SELECT id FROM releases WHERE public_id = ${RELEASES[release]})`,
      );
    const order = [2, 0, 4, 3, 1].map((i) => `offer ${wanter.actor.publicId} ${RELEASES[i]}`);
    expect(await holding(trader)).toEqual(order);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await tradesGet(
        apiRequest('GET', `/api/trades?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie: trader.cookie }),
      );
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        items: { direction: string; friend: { public_id: string }; release: { public_id: string } }[];
        next_cursor: string | null;
      };
      pages.push(page.items.map((t) => `${t.direction} ${t.friend.public_id} ${t.release.public_id}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual([order.slice(0, 2), order.slice(2, 4), order.slice(4)]);
    // The wanter's side, paged by the data function.
    const first = await listTrades(wanter.actor, { limit: 3 }, h.db);
    const rest = await listTrades(wanter.actor, { limit: 3, cursor: first.next_cursor }, h.db);
    expect([...first.items, ...rest.items].map((t) => `${t.direction} ${t.release.public_id}`)).toEqual(
      [2, 0, 4, 3, 1].map((i) => `want ${RELEASES[i]}`),
    );
    expect(rest.next_cursor).toBeNull();
    expect((await tradesGet(apiRequest('GET', '/api/trades?cursor=broken!', { cookie: trader.cookie }))).status).toBe(
      400,
    );
    await expect(listTrades(trader.actor, { cursor: 'broken!' }, h.db)).rejects.toMatchObject({ code: 'bad_cursor' });
  });

  it('a match stops holding while the for-trade list is private or in the trash, and holds again untold after', async () => {
    const [trader, wanter] = [await member(), await member()];
    await befriend(trader, wanter);
    await add(wanter, await list(wanter, { style: 4 }), RELEASES[0]!);
    const forTrade = await list(trader, { style: 7 });
    await add(trader, forTrade, RELEASES[0]!);
    const match = [`offer ${wanter.actor.publicId} ${RELEASES[0]}`];
    expect(await holding(trader)).toEqual(match);
    expect(matched).toHaveLength(1);

    await save(trader, forTrade, { style: 7, visibility: 'private' });
    expect(await holding(trader)).toEqual([]);
    expect(await holding(wanter)).toEqual([]);
    await save(trader, forTrade, { style: 7, visibility: 'public' });
    expect(await holding(trader)).toEqual(match);

    await recorded((tx) => setCollectionDeleted(trader.actor, { publicId: forTrade, deleted: true }, tx));
    expect(await holding(trader)).toEqual([]);
    expect(await holding(wanter)).toEqual([]);
    await recorded((tx) => setCollectionDeleted(trader.actor, { publicId: forTrade, deleted: false }, tx));
    expect(await holding(wanter)).toEqual([`want ${trader.actor.publicId} ${RELEASES[0]}`]);
    // The match was stored once and told once.
    expect(matched).toHaveLength(1);
    expect(await matchRows()).toHaveLength(1);
  });

  it("the wanter's side: a wanted list made public or restored from the trash matches, and stops holding when hidden", async () => {
    const [trader, wanter] = [await member(), await member()];
    await befriend(trader, wanter);
    const forTrade = await list(trader, { style: 7 });
    await add(trader, forTrade, RELEASES[0]!);
    await add(trader, forTrade, RELEASES[1]!);

    const hidden = await list(wanter, { style: 4, visibility: 'private' });
    await add(wanter, hidden, RELEASES[0]!);
    expect(matched).toEqual([]);
    await save(wanter, hidden, { style: 4, visibility: 'public' });
    expect(matched).toEqual([
      {
        traderId: trader.actor.userId,
        wanterId: wanter.actor.userId,
        releaseId: expect.any(Number),
        releasePublicId: RELEASES[0],
      },
    ]);
    expect(await holding(wanter)).toEqual([`want ${trader.actor.publicId} ${RELEASES[0]}`]);

    const trashed = await list(wanter, { style: 4 });
    await setCollectionDeleted(wanter.actor, { publicId: trashed, deleted: true }, h.db);
    await h.db.execute(
      sql`INSERT INTO collection_entries (collection_id, release_id)
          SELECT c.id, r.id FROM collections c, releases r WHERE c.public_id = ${trashed} AND r.public_id = ${RELEASES[1]}`,
    );
    expect(matched).toHaveLength(1);
    await recorded((tx) => setCollectionDeleted(wanter.actor, { publicId: trashed, deleted: false }, tx));
    expect(matched.map((m) => [m.traderId, m.wanterId, m.releasePublicId])).toEqual([
      [trader.actor.userId, wanter.actor.userId, RELEASES[0]],
      [trader.actor.userId, wanter.actor.userId, RELEASES[1]],
    ]);
    expect(await holding(trader)).toEqual([
      `offer ${wanter.actor.publicId} ${RELEASES[1]}`,
      `offer ${wanter.actor.publicId} ${RELEASES[0]}`,
    ]);

    // Hidden again: that list's match stops holding; the other stays.
    await save(wanter, hidden, { style: 4, visibility: 'private' });
    expect(await holding(trader)).toEqual([`offer ${wanter.actor.publicId} ${RELEASES[1]}`]);
    expect(matched).toHaveLength(2);
  });

  // Races between connections: PGlite is one connection, which runs everything in turn.
  if (engine === 'postgres') {
    it('concurrent additions store each match once and tell it once, and never miss one (PostgreSQL)', async () => {
      const [trader, wanter] = [await member(), await member()];
      await befriend(trader, wanter);
      const wanted = await list(wanter, { style: 4 });
      await add(wanter, wanted, RELEASES[0]!);
      const forTrade = await Promise.all([1, 2, 3, 4].map(() => list(trader, { style: 7 })));
      // The same release added to four for-trade lists at once.
      await Promise.all(forTrade.map((l) => add(trader, l, RELEASES[0]!)));
      expect(matched.map((m) => m.releasePublicId)).toEqual([RELEASES[0]]);
      // Both sides of a match added at the same moment, for five releases: the later of the two
      // additions must see the earlier one.
      await Promise.all(
        RELEASES.slice(1, 6).flatMap((r, i) => [add(trader, forTrade[i % 4]!, r), add(wanter, wanted, r)]),
      );
      const rows = await matchRows();
      const [{ ids }] = await queryRows<{ ids: number[] }>(
        h.db,
        sql`SELECT array_agg(id ORDER BY id) AS ids FROM releases WHERE public_id IN ${RELEASES.slice(0, 6)}`,
      );
      expect(rows.map((r) => Number(r.release_id)).sort((x, y) => x - y)).toEqual(ids.map(Number));
      expect(rows.every((r) => r.trader_id === trader.actor.userId && r.wanter_id === wanter.actor.userId)).toBe(true);
      expect(matched.map((m) => m.releasePublicId).sort()).toEqual(RELEASES.slice(0, 6));
      // Each member heard of each release once.
      const [{ notices }] = await queryRows<{ notices: number }>(
        h.db,
        sql`SELECT count(*)::int AS notices FROM notifications
            WHERE type = ${NOTIFICATION_TYPES.tradeMatch} AND user_id IN (${trader.actor.userId}, ${wanter.actor.userId})`,
      );
      expect(Number(notices)).toBe(12);
    });
  }

  it('deleting an account removes its trade matches', async () => {
    const [a, b] = [await member(), await member()];
    await befriend(a, b);
    await add(b, await list(b, { style: 4 }), RELEASES[2]!);
    await add(a, await list(a, { style: 7 }), RELEASES[2]!);
    expect(await matchRows()).toHaveLength(1);
    expect(await deleteAccount(a.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    expect(await matchRows()).toEqual([]);
    expect((await listTrades(b.actor, {}, h.db)).items).toEqual([]);
  });
});
