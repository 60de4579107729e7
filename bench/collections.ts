/**
 * Benchmark case `collections`: a big collection's pages and a collector's offers, through
 * lib/data, on a fixture made for the run (members whose e-mail ends in
 * `@bench-collections.invalid`, deleted at the end with their lists and entries):
 *
 * - ten sellers, each with a public for-sale list of `entries` distinct approved releases (prices
 *   in the four currencies, conditions, added over about six weeks) and a public for-trade list
 *   of a fifth as many, the lists overlapping from seller to seller;
 * - a wanter with a wanted list of `wanted` releases, most of them offered by the sellers.
 *
 * Timed per call (one warm-up round, then `rounds` rounds, each call in turn): the first page of
 * the first seller's for-sale list in each order (added, name, price) and searched with a frequent
 * word (`q=the`), its statistics and its value, and the wanter's offers (`/trades`). No targets:
 * the rows show how these pages grow with a collection's size. Milliseconds.
 */
import type postgres from 'postgres';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { collectionStats } from '@/lib/data/collection-stats';
import { collectionValue } from '@/lib/data/collection-values';
import { listEntries, wantedOffers } from '@/lib/data/collections';
import { newPublicId } from '@/lib/data/public-id';
import { benchMember, removeBenchMembers } from './members';
import { summarize, timed, type Summary } from './stats';

/** Options of {@link runCollectionsCase}. */
export type CollectionsCaseOptions = {
  db: Db;
  raw: postgres.Sql;
  /** Entries of each seller's for-sale list. */
  entries: number;
  /** Releases on the wanter's wanted list. */
  wanted: number;
  rounds: number;
  log?: (line: string) => void;
};

/** One timed call. */
export type CollectionsCall = { name: string; description: string; app: Summary; samples: number[] };

/** What the case measured. */
export type CollectionsCaseResult = { entries: number; wanted: number; sellers: number; calls: CollectionsCall[] };

const DOMAIN = '@bench-collections.invalid';
const SELLERS = 10;

/**
 * A public release list of `count` approved releases from the `offset`-th (by id), priced when
 * `priced`; returns its public id.
 */
async function fill(
  raw: postgres.Sql,
  owner: Actor,
  list: { style: number; count: number; offset: number; priced: boolean },
): Promise<string> {
  const publicId = newPublicId();
  const [c] = await raw<{ id: number }[]>`
    INSERT INTO collections (public_id, user_id, name, visibility, category, style)
    VALUES (${publicId}, ${owner.userId}, ${`Bench list ${list.style}`}, 'public', 'releases', ${list.style})
    RETURNING id`;
  await raw`
    INSERT INTO collection_entries (collection_id, release_id, price, currency, condition, created_at, updated_at)
    SELECT ${c.id}, r.id,
      CASE WHEN ${list.priced} THEN (5 + r.id % 40)::numeric END,
      CASE WHEN ${list.priced} THEN (ARRAY['EUR', 'GBP', 'USD', 'SEK'])[1 + r.id % 4] END,
      1 + r.id % 6, now() - (r.id % 1000) * interval '1 hour', now()
    FROM (SELECT id FROM releases WHERE approved ORDER BY id OFFSET ${list.offset} LIMIT ${list.count}) r`;
  await raw`UPDATE collections SET entries_count = ${list.count} WHERE id = ${c.id}`;
  return publicId;
}

/** Runs the collections case (see module doc). */
export async function runCollectionsCase(o: CollectionsCaseOptions): Promise<CollectionsCaseResult> {
  const { db, raw } = o;
  await removeBenchMembers(raw, DOMAIN);
  try {
    const stamp = Date.now().toString(36);
    o.log?.(`collections: ${SELLERS} sellers with ${o.entries} for sale each, a wanter of ${o.wanted} …`);
    const wanter = await benchMember(db, `Bench wanter ${stamp}`, `wanter-${stamp}`, DOMAIN);
    await fill(raw, wanter, { style: 4, count: o.wanted, offset: 0, priced: false });
    let sale = '';
    for (let i = 0; i < SELLERS; i++) {
      const seller = await benchMember(db, `Bench seller ${stamp} ${i}`, `seller-${stamp}-${i}`, DOMAIN);
      const list = await fill(raw, seller, { style: 5, count: o.entries, offset: i * 100, priced: true });
      if (i === 0) sale = list;
      await fill(raw, seller, { style: 7, count: Math.ceil(o.entries / 5), offset: 500 + i * 50, priced: false });
    }
    await raw`ANALYZE collections`;
    await raw`ANALYZE collection_entries`;
    const of = `the first seller's for-sale list (${o.entries} entries)`;
    const calls: { name: string; description: string; run: () => Promise<unknown> }[] = [
      {
        name: 'entries_added',
        description: `page 1 of ${of}, newest first`,
        run: () => listEntries(null, { publicId: sale }, db),
      },
      {
        name: 'entries_name',
        description: `page 1 of ${of} by name`,
        run: () => listEntries(null, { publicId: sale, so: 'name' }, db),
      },
      {
        name: 'entries_price',
        description: `page 1 of ${of} by price`,
        run: () => listEntries(null, { publicId: sale, so: 'price' }, db),
      },
      {
        name: 'entries_q',
        description: `page 1 of ${of} searched for "the"`,
        run: () => listEntries(null, { publicId: sale, q: 'the' }, db),
      },
      { name: 'stats', description: `the statistics of ${of}`, run: () => collectionStats(null, sale, db) },
      { name: 'value', description: `the value of ${of}`, run: () => collectionValue(null, sale, db) },
      {
        name: 'wanted_offers',
        description: `the offers of ${SELLERS} sellers for a wanted list of ${o.wanted} (/trades)`,
        run: () => wantedOffers(wanter, db),
      },
    ];
    const samples = calls.map(() => [] as number[]);
    for (let round = 0; round <= o.rounds; round++)
      for (const [i, call] of calls.entries()) {
        const { ms } = await timed(call.run);
        if (round > 0) samples[i].push(ms);
      }
    const result: CollectionsCaseResult = {
      entries: o.entries,
      wanted: o.wanted,
      sellers: SELLERS,
      calls: calls.map((c, i) => ({
        name: c.name,
        description: c.description,
        app: summarize(samples[i]),
        samples: samples[i],
      })),
    };
    o.log?.(`collections: ${result.calls.map((c) => `${c.name} p95 ${c.app.p95} ms`).join(', ')}`);
    return result;
  } finally {
    await removeBenchMembers(raw, DOMAIN);
  }
}
