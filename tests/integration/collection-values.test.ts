/**
 * Collection values on PGlite and PostgreSQL: an item's value average (currency conversion with
 * the stated rate table, one entry per user, every entry of an admin, public collections only,
 * none without prices), a collection's total and condition-weighted value with a snapshot after
 * every change of its entries, and a user's total as each viewer may see it. Expected euros are
 * written out, worked from the ECB rates of 2024-12-31 (1 EUR = 1.0389 USD = 0.82918 GBP =
 * 11.459 SEK) and the condition weights (1 mint 1, 2 0.85, 3 0.7, 4 0.4, 5 0.1, 6 sealed 1.1,
 * none 0.7), or from a CURRENCY_RATES table the test sets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from '@/db';
import { labels, movies, releases } from '@/db/schema';
import { collectionStats } from '@/lib/data/collection-stats';
import { rateTable } from '@/lib/collections/rates';
import { collectionValue, itemValueAverage, userCollectionsValue } from '@/lib/data/collection-values';
import { addEntry, createCollection, removeEntry, updateEntry } from '@/lib/data/collections';
import type { Actor, Role } from '@/lib/auth/actor';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { dayIn, siteTimeZone } from '@/lib/time-zone';

assertPostgresConfiguredInCi();

const PRICED = 'valRelease1';
const UNPRICED = 'valRelease2';

describe.each(testEngines())('collection values on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  const member = async (role: Role = 'basic'): Promise<Actor> =>
    (await registerMember(h.db, { label: 'Valuer', n: ++n, role: role })).actor;
  const shelf = async (actor: Actor, name: string, visibility: 'public' | 'private' = 'public') => {
    const r = await createCollection(actor, { name, category: 'releases', visibility }, h.db);
    if (!r.ok) throw new Error('create failed');
    return r.collection.public_id;
  };
  /** Adds `release` (default PRICED) to `collection` with the entry fields in `input`; the entry's id. */
  const add = async (actor: Actor, collection: string, input: { release?: string } & Record<string, string>) => {
    const { release = PRICED, ...fields } = input;
    const r = await addEntry(actor, { collection, item: { type: 'release', publicId: release }, ...fields }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.entry.id;
  };
  let releaseNo = 0;
  /** A new release of its own (a collection holds an item once). */
  const newRelease = async () => {
    const publicId = `valExtra${String(++releaseNo).padStart(3, '0')}`;
    await h.db
      .insert(releases)
      .values({ publicId, name: `Extra ${releaseNo} (DVD)`, format: 3, nameKey: `extra ${releaseNo} dvd` });
    return publicId;
  };

  beforeAll(async () => {
    h = await createTestDb(engine);
    await h.db.insert(releases).values([
      { publicId: PRICED, name: 'Kummeli Kultakuume (DVD)', format: 3, nameKey: 'kummeli kultakuume dvd' },
      { publicId: UNPRICED, name: 'Uuno Turhapuro (VHS)', format: 2, nameKey: 'uuno turhapuro vhs' },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('value average: euros at the stated rates, one entry per user, all of an admin, public only', async () => {
    const table = rateTable();
    expect(table).toMatchObject({ date: '2024-12-31', source: 'European Central Bank euro reference rates' });
    const a = await member();
    await add(a, await shelf(a, 'A first'), { price: '10', currency: 'EUR' });
    await add(a, await shelf(a, 'A second'), { price: '20', currency: 'EUR' }); // A's newest counts
    const b = await member();
    await add(b, await shelf(b, 'B'), { price: '11', currency: 'GBP' });
    const c = await member();
    await add(c, await shelf(c, 'C secret', 'private'), { price: '100', currency: 'EUR' }); // private: left out
    const admin = await member('admin');
    await add(admin, await shelf(admin, 'Admin one'), { price: '5', currency: 'EUR' });
    await add(admin, await shelf(admin, 'Admin two'), { price: '7', currency: 'EUR' });
    const d = await member();
    await add(d, await shelf(d, 'D unpriced'), { condition: '2' }); // no price: left out

    // (20 + 11 GBP = 13.266 EUR + 5 + 7) / 4 = 11.3165
    expect(await itemValueAverage({ type: 'release', publicId: PRICED }, h.db)).toEqual({
      average_eur: '11.32',
      count: 4,
      rates_date: '2024-12-31',
      rates_source: 'European Central Bank euro reference rates',
    });
    expect(await itemValueAverage({ type: 'release', publicId: UNPRICED }, h.db)).toBeNull();
  });

  it('a collection keeps its total, its condition-weighted value and its value at the end of each day with a change', async () => {
    const owner = await member();
    const id = await shelf(owner, 'Valued shelf');
    /** Moves the collection's stored snapshots one day back, as if they had been taken yesterday. */
    const aDayPasses = () =>
      h.db.execute(
        sql`UPDATE collection_value_snapshots SET taken_at = taken_at - interval '1 day'
            WHERE collection_id = (SELECT c.id FROM collections c WHERE c.public_id = ${id})`,
      );
    const first = await add(owner, id, { price: '10.00', currency: 'EUR', condition: '6' });
    await aDayPasses();
    const r2 = await addEntry(
      owner,
      { collection: id, item: { type: 'release', publicId: UNPRICED }, price: '100', currency: 'SEK', condition: '4' },
      h.db,
    );
    if (!r2.ok) throw new Error('add failed');
    // 100 SEK = 8.7268 EUR; weighted: 10 × 1.1 (sealed) + 8.7268 × 0.4 (condition 4) = 14.4907
    const v = await collectionValue(owner, id, h.db);
    expect(v).toMatchObject({ total_eur: '18.73', weighted_eur: '14.49', priced_count: 2, entries_count: 2 });
    expect(v?.history.map((s) => s.total_eur)).toEqual(['18.73', '10.00']);

    // Two changes on the next day (23.73, then 15.00): the day shows its last value only.
    await aDayPasses();
    await updateEntry(owner, { entryId: first, price: '15', currency: 'EUR', condition: '6' }, h.db);
    await removeEntry(owner, r2.entry.id, h.db);
    const after = await collectionValue(owner, id, h.db);
    expect(after?.total_eur).toBe('15.00');
    expect(after?.history.map((s) => s.total_eur)).toEqual(['15.00', '18.73', '10.00']);
    expect(after?.history.map((s) => s.entries_count)).toEqual([1, 2, 1]);
    const days = after!.history.map((s) => dayIn(s.taken_at, siteTimeZone()));
    expect(new Set(days).size).toBe(3);
    // Every change keeps its own snapshot; only the history shown is one per day.
    const [stored] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM collection_value_snapshots
          WHERE collection_id = (SELECT c.id FROM collections c WHERE c.public_id = ${id})`,
    );
    expect(stored.n).toBe(4);

    const stranger = await member();
    const secret = await shelf(owner, 'Hidden value', 'private');
    expect(await collectionValue(stranger, secret, h.db)).toBeNull();
    expect(await collectionValue(owner, secret, h.db)).toMatchObject({ total_eur: '0.00', priced_count: 0 });

    await addEntry(
      owner,
      { collection: secret, item: { type: 'release', publicId: PRICED }, price: '50', currency: 'EUR' },
      h.db,
    );
    expect((await userCollectionsValue(null, owner.publicId, h.db)).total_eur).toBe('15.00');
    expect((await userCollectionsValue(owner, owner.publicId, h.db)).total_eur).toBe('65.00');
  });

  it("the history's days are the site's calendar days (Helsinki), not UTC's", async () => {
    const owner = await member();
    const id = await shelf(owner, 'Late-night shelf');
    // 23:30 and 00:30 in Helsinki, the same UTC day: two days of history; 00:30 and 01:30 one.
    for (const [at, total] of [
      ['2026-11-28T21:30:00Z', '1.00'],
      ['2026-11-28T22:30:00Z', '2.00'],
      ['2026-11-28T23:30:00Z', '3.00'],
    ])
      await h.db.execute(
        sql`INSERT INTO collection_value_snapshots (collection_id, taken_at, total_eur, weighted_eur, priced_count, entries_count)
            SELECT c.id, ${at}::timestamptz, ${total}, ${total}, 1, 1 FROM collections c WHERE c.public_id = ${id}`,
      );
    const v = await collectionValue(owner, id, h.db);
    expect(v?.history.map((s) => [dayIn(s.taken_at, 'Europe/Helsinki'), s.total_eur])).toEqual([
      ['2026-11-29', '3.00'],
      ['2026-11-28', '1.00'],
    ]);
  });

  it('condition-weighted value: an entry without a condition counts at 0.7 (fine/OK), an unpriced one not at all', async () => {
    const owner = await member();
    const id = await shelf(owner, 'Conditions shelf');
    await add(owner, id, { price: '10', currency: 'EUR', release: await newRelease() }); // no condition: 10 × 0.7
    await add(owner, id, { price: '20', currency: 'EUR', condition: '5', release: await newRelease() }); // poor: 20 × 0.1
    await add(owner, id, { price: '40', currency: 'EUR', condition: '1', release: await newRelease() }); // mint: 40 × 1
    await add(owner, id, { condition: '6', release: await newRelease() }); // no price
    expect(await collectionValue(owner, id, h.db)).toMatchObject({
      total_eur: '70.00',
      weighted_eur: '49.00',
      priced_count: 3,
      entries_count: 4,
    });
  });

  it('CURRENCY_RATES replaces the built-in rates, with its date and source on every value', async () => {
    vi.stubEnv(
      'CURRENCY_RATES',
      JSON.stringify({ USD: 2, GBP: 0.5, SEK: 10, date: '2026-11-20', source: 'Test central bank' }),
    );
    expect(rateTable()).toEqual({
      perEuro: { EUR: 1, USD: 2, GBP: 0.5, SEK: 10 },
      date: '2026-11-20',
      source: 'Test central bank',
    });
    const owner = await member();
    const id = await shelf(owner, 'Rates shelf');
    const gbp = await newRelease();
    await add(owner, id, { price: '10', currency: 'GBP', release: gbp }); // 20.00 EUR
    await add(owner, id, { price: '30', currency: 'USD', condition: '2', release: await newRelease() }); // 15.00 EUR, × 0.85
    await add(owner, id, { price: '100', currency: 'SEK', condition: '6', release: await newRelease() }); // 10.00 EUR, × 1.1
    // weighted: 20 × 0.7 + 15 × 0.85 + 10 × 1.1 = 14 + 12.75 + 11 = 37.75
    expect(await collectionValue(owner, id, h.db)).toMatchObject({
      total_eur: '45.00',
      weighted_eur: '37.75',
      rates_date: '2026-11-20',
      rates_source: 'Test central bank',
    });
    expect(await itemValueAverage({ type: 'release', publicId: gbp }, h.db)).toEqual({
      average_eur: '20.00',
      count: 1,
      rates_date: '2026-11-20',
      rates_source: 'Test central bank',
    });
    expect(await userCollectionsValue(null, owner.publicId, h.db)).toMatchObject({
      total_eur: '45.00',
      rates_date: '2026-11-20',
    });

    // A table that is not JSON leaves the built-in rates in use: 10 GBP = 12.06 EUR.
    vi.stubEnv('CURRENCY_RATES', 'USD=2');
    expect(await itemValueAverage({ type: 'release', publicId: gbp }, h.db)).toEqual({
      average_eur: '12.06',
      count: 1,
      rates_date: '2024-12-31',
      rates_source: 'European Central Bank euro reference rates',
    });
  });

  it('statistics count entries by format, film decade, release decade, label and country (and those not known), with total and average value', async () => {
    const [label] = await h.db
      .insert(labels)
      .values({ publicId: 'valLabel001', name: 'Future Film', nameKey: 'future film' })
      .returning({ id: labels.id });
    await h.db.insert(releases).values([
      {
        publicId: 'statRel0001',
        name: 'A (Blu-ray)',
        format: 1,
        nameKey: 'a blu ray',
        releaseYear: 1987,
        movieYear: 1959,
        country: 4,
        labelId: label.id,
      },
      {
        publicId: 'statRel0002',
        name: 'B (Blu-ray)',
        format: 1,
        nameKey: 'b blu ray',
        streetDate: '1994-05-02',
        movieYear: 1954,
        country: 4,
        labelId: label.id,
      },
      { publicId: 'statRel0003', name: 'C (DVD)', format: 3, nameKey: 'c dvd', releaseYear: 1981 },
    ]);
    const owner = await member();
    const id = await shelf(owner, 'Stats shelf');
    for (const [publicId, price] of [
      ['statRel0001', '10'],
      ['statRel0002', '20'],
      ['statRel0003', ''],
    ] as const) {
      const r = await addEntry(owner, { collection: id, item: { type: 'release', publicId }, price }, h.db);
      if (!r.ok) throw new Error('add failed');
    }
    const stats = await collectionStats(null, id, h.db);
    expect(stats).toMatchObject({
      category: 'releases',
      entries: 3,
      by_format: [
        { key: '1', count: 2 },
        { key: '3', count: 1 },
      ],
      // The film's decade (a release without a film counts in none), then the release's own.
      by_decade: [{ key: '1950', count: 2 }],
      by_release_decade: [
        { key: '1980', count: 2 },
        { key: '1990', count: 1 },
      ],
      by_label: [{ key: 'Future Film', count: 2 }],
      by_country: [{ key: '4', count: 2 }],
      // C has no film, label or country: each grouping accounts for it as not known.
      not_known: { format: 0, decade: 1, release_decade: 0, label: 1, country: 1 },
      value: { total_eur: '30.00', average_eur: '15.00', priced_count: 2, entries_count: 3 },
    });
    const secret = await shelf(owner, 'Secret stats', 'private');
    expect(await collectionStats(null, secret, h.db)).toBeNull();
    expect(await collectionStats(owner, secret, h.db)).toMatchObject({ entries: 0 });

    // A list of movies: by decade and by first production country; no formats, labels or release decades.
    await h.db.insert(movies).values([
      { publicId: 'statFilm001', name: 'Ikiru', titleKey: 'ikiru', year: 1952, countries: ['Japan'] },
      { publicId: 'statFilm002', name: 'Sansho', titleKey: 'sansho', year: 1954, countries: ['Japan', 'Finland'] },
      {
        publicId: 'statFilm003',
        name: 'Komisario Palmu',
        titleKey: 'komisario palmu',
        year: 1960,
        countries: ['Finland'],
      },
      { publicId: 'statFilm004', name: 'Untitled', titleKey: 'untitled' },
    ]);
    const films = await createCollection(owner, { name: 'Seen', category: 'movies' }, h.db);
    if (!films.ok) throw new Error('create failed');
    for (const publicId of ['statFilm001', 'statFilm002', 'statFilm003', 'statFilm004'])
      expect(
        (await addEntry(owner, { collection: films.collection.public_id, item: { type: 'movie', publicId } }, h.db)).ok,
      ).toBe(true);
    expect(await collectionStats(null, films.collection.public_id, h.db)).toMatchObject({
      category: 'movies',
      entries: 4,
      by_format: [],
      by_decade: [
        { key: '1950', count: 2 },
        { key: '1960', count: 1 },
      ],
      by_release_decade: [],
      by_label: [],
      by_country: [
        { key: 'Japan', count: 2 },
        { key: 'Finland', count: 1 },
      ],
      not_known: { format: 0, decade: 1, release_decade: 0, label: 0, country: 1 },
    });
  });
});
