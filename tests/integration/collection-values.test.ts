/**
 * Collection values on PGlite and PostgreSQL: an item's value average (currency conversion with
 * the stated rate table, one entry per user, every entry of an admin, public collections only,
 * none without prices), a collection's total and condition-weighted value with a snapshot after
 * every change of its entries, and a user's total as each viewer may see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db';
import { labels, releases } from '@/db/schema';
import { collectionStats } from '@/lib/data/collection-stats';
import { CONDITION_WEIGHTS, rateTable } from '@/lib/collections/rates';
import { collectionValue, itemValueAverage, userCollectionsValue } from '@/lib/data/collection-values';
import { addEntry, createCollection, removeEntry, updateEntry } from '@/lib/data/collections';
import type { Actor, Role } from '@/lib/auth/actor';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';

assertPostgresConfiguredInCi();

const PRICED = 'valRelease1';
const UNPRICED = 'valRelease2';

describe.each(testEngines())('collection values on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  const member = async (role: Role = 'basic'): Promise<Actor> => (await registerMember(h.db, 'Valuer', ++n, role)).actor;
  const shelf = async (actor: Actor, name: string, visibility: 'public' | 'private' = 'public') => {
    const r = await createCollection(actor, { name, category: 'releases', visibility }, h.db);
    if (!r.ok) throw new Error('create failed');
    return r.collection.public_id;
  };
  const add = async (actor: Actor, collection: string, input: Record<string, string>) => {
    const r = await addEntry(actor, collection, { type: 'release', publicId: PRICED }, input, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.entry.id;
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

    const expected = ((20 + 11 / table.perEuro.GBP + 5 + 7) / 4).toFixed(2);
    expect(await itemValueAverage({ type: 'release', publicId: PRICED }, h.db)).toEqual({ average_eur: expected, count: 4, rates_date: '2024-12-31', rates_source: table.source });
    expect(await itemValueAverage({ type: 'release', publicId: UNPRICED }, h.db)).toBeNull();
  });

  it('a collection keeps its total, its condition-weighted value and a snapshot after each change', async () => {
    const owner = await member();
    const id = await shelf(owner, 'Valued shelf');
    const first = await add(owner, id, { price: '10.00', currency: 'EUR', condition: '6' });
    const r2 = await addEntry(owner, id, { type: 'release', publicId: UNPRICED }, { price: '100', currency: 'SEK', condition: '4' }, h.db);
    if (!r2.ok) throw new Error('add failed');
    const sek = 100 / rateTable().perEuro.SEK;
    const v = await collectionValue(owner, id, h.db);
    expect(v).toMatchObject({
      total_eur: (10 + sek).toFixed(2),
      weighted_eur: (10 * CONDITION_WEIGHTS[6] + sek * CONDITION_WEIGHTS[4]).toFixed(2),
      priced_count: 2,
      entries_count: 2,
    });
    expect(v?.history.map((s) => s.total_eur)).toEqual([(10 + sek).toFixed(2), '10.00']);

    await updateEntry(owner, first, { price: '15', currency: 'EUR', condition: '6' }, h.db);
    await removeEntry(owner, r2.entry.id, h.db);
    const after = await collectionValue(owner, id, h.db);
    expect(after?.total_eur).toBe('15.00');
    expect(after?.history.map((s) => s.total_eur)).toEqual(['15.00', (15 + sek).toFixed(2), (10 + sek).toFixed(2), '10.00']);

    const stranger = await member();
    const secret = await shelf(owner, 'Hidden value', 'private');
    expect(await collectionValue(stranger, secret, h.db)).toBeNull();
    expect(await collectionValue(owner, secret, h.db)).toMatchObject({ total_eur: '0.00', priced_count: 0 });

    await addEntry(owner, secret, { type: 'release', publicId: PRICED }, { price: '50', currency: 'EUR' }, h.db);
    expect((await userCollectionsValue(null, owner.publicId, h.db)).total_eur).toBe('15.00');
    expect((await userCollectionsValue(owner, owner.publicId, h.db)).total_eur).toBe('65.00');
  });

  it('statistics count entries by format, decade, label and country, with total and average value', async () => {
    const [label] = await h.db.insert(labels).values({ publicId: 'valLabel001', name: 'Future Film', nameKey: 'future film' }).returning({ id: labels.id });
    await h.db.insert(releases).values([
      { publicId: 'statRel0001', name: 'A (Blu-ray)', format: 1, nameKey: 'a blu ray', releaseYear: 1987, country: 4, labelId: label.id },
      { publicId: 'statRel0002', name: 'B (Blu-ray)', format: 1, nameKey: 'b blu ray', streetDate: '1994-05-02', country: 4, labelId: label.id },
      { publicId: 'statRel0003', name: 'C (DVD)', format: 3, nameKey: 'c dvd', releaseYear: 1981 },
    ]);
    const owner = await member();
    const id = await shelf(owner, 'Stats shelf');
    for (const [publicId, price] of [['statRel0001', '10'], ['statRel0002', '20'], ['statRel0003', '']] as const) {
      const r = await addEntry(owner, id, { type: 'release', publicId }, { price }, h.db);
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
      by_decade: [
        { key: '1980', count: 2 },
        { key: '1990', count: 1 },
      ],
      by_label: [{ key: 'Future Film', count: 2 }],
      by_country: [{ key: '4', count: 2 }],
      value: { total_eur: '30.00', average_eur: '15.00', priced_count: 2, entries_count: 3 },
    });
    const secret = await shelf(owner, 'Secret stats', 'private');
    expect(await collectionStats(null, secret, h.db)).toBeNull();
    expect(await collectionStats(owner, secret, h.db)).toMatchObject({ entries: 0 });
  });
});
