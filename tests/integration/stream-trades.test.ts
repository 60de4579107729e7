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
import { siteTimeZone } from '@/lib/time-zone';
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
    for (const [who, table, at] of writings) {
      const id = `stW${++n}`;
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

    // The definition: friends' writings, and one item per public list and day of the site's
    // calendar at its newest addition.
    const friendIds = [f1, f2, f3].map((f) => f.actor.userId);
    const utc = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);
    const siteDay = (col: string) => sql`to_char(${sql.raw(col)} AT TIME ZONE ${siteTimeZone()}, 'YYYY-MM-DD')`;
    const written = await queryRows<{ kind: string; rank: number; id: number; public_id: string; at: string }>(
      h.db,
      sql`SELECT 'review' AS kind, 1 AS rank, id, public_id, ${utc('created_at')} AS at FROM reviews WHERE user_id IN ${friendIds}
          UNION ALL SELECT 'post', 2, id, public_id, ${utc('created_at')} FROM posts WHERE user_id IN ${friendIds}
          UNION ALL SELECT 'comment', 3, id, public_id, ${utc('created_at')} FROM comments WHERE user_id IN ${friendIds}`,
    );
    const added = await queryRows<{ id: number; collection: string; item: string; at: string; day: string }>(
      h.db,
      sql`SELECT ce.id, c.public_id AS collection, r.public_id AS item, ${utc('ce.created_at')} AS at,
            ${siteDay('ce.created_at')} AS day
          FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id JOIN releases r ON r.id = ce.release_id
          WHERE c.user_id IN ${friendIds} AND c.visibility = 'public' AND c.deleted_at IS NULL`,
    );
    const groups = new Map<string, { newest: (typeof added)[number]; count: number }>();
    for (const e of added) {
      const key = `${e.collection}/${e.day}`;
      const g = groups.get(key);
      if (!g) groups.set(key, { newest: e, count: 1 });
      else {
        g.count++;
        if (e.at > g.newest.at || (e.at === g.newest.at && e.id > g.newest.id)) g.newest = e;
      }
    }
    const expected = [
      ...written.map((w) => ({ key: `${w.at}/${w.rank}`, id: w.id, label: `${w.kind}:${w.public_id}` })),
      ...[...groups.values()].map((g) => ({
        key: `${g.newest.at}/4`,
        id: g.newest.id,
        label: `entry:${g.newest.collection}:${g.newest.item}:${g.count}`,
      })),
    ]
      .sort((x, y) => (x.key === y.key ? y.id - x.id : x.key < y.key ? 1 : -1))
      .map((x) => x.label);
    expect(expected).toHaveLength(6 + 13);
    expect(expected.slice(4, 6)).toEqual([`entry:${c}:${RELEASES[3]}:1`, `entry:${c}:${RELEASES[2]}:1`]);

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
