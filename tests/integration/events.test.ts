/**
 * Domain events (lib/data/events.ts) on PGlite and PostgreSQL: in-transaction subscribers commit
 * or roll back with the write; after-commit effects run only after the commit, never after a
 * rollback, and their failure is logged without failing the write; nested transactions wait for
 * the outer commit. Then the real subscribers: default lists on registration, the value snapshot
 * of every entry change except toggles, and cached item pages revalidated after the commit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Db, type DbHandle } from '@/db';
import { movies, releases } from '@/db/schema';
import type { SubscriberTable } from '@/lib/data/event-types';
import { inTransaction, publish } from '@/lib/data/events';
import { addEntry, createCollection, listCollections, removeEntry } from '@/lib/data/collections';
import { setToggle } from '@/lib/data/toggles';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';

// No Next request runs here: record what the after-commit effect asks the page cache to drop.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({
  revalidatePath: (path: string) => void revalidated.push(path),
  revalidateTag: () => undefined,
}));

assertPostgresConfiguredInCi();

async function probeRows(db: Db): Promise<number[]> {
  return (await queryRows<{ v: number }>(db, sql`SELECT v FROM event_probe ORDER BY v`)).map((r) => Number(r.v));
}

describe.each(testEngines())('domain events on %s', (engine) => {
  let h: DbHandle;
  let n = 0;

  beforeAll(async () => {
    h = await createTestDb(engine);
    await h.db.execute(sql`CREATE TABLE event_probe (v integer NOT NULL)`);
    await h.db.insert(movies).values({ publicId: 'evMovie0001', name: 'Sisu', titleKey: 'sisu', year: 2022 });
    await h.db
      .insert(releases)
      .values({ publicId: 'evRelease01', name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray' });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h.db.execute(sql`DELETE FROM event_probe`);
    revalidated.length = 0;
    vi.restoreAllMocks();
  });

  /** A table whose `account.created` subscriber writes the user id into event_probe and whose effect records it. */
  function probeTable(
    effects: number[],
    opts: { failSubscriber?: boolean; failEffect?: boolean } = {},
  ): SubscriberTable {
    return {
      'account.created': {
        inTransaction: [
          async (tx, e) => {
            await tx.execute(sql`INSERT INTO event_probe (v) VALUES (${e.userId})`);
            if (opts.failSubscriber) throw new Error('subscriber failed');
          },
        ],
        afterCommit: [
          async (e) => {
            // Committed: the subscriber's row is visible outside the transaction.
            effects.push(...(await probeRows(h.db)).filter((v) => v === e.userId));
            if (opts.failEffect) throw new Error('effect failed');
          },
        ],
      },
    };
  }

  it('runs subscribers inside the transaction and effects only after it committed', async () => {
    const effects: number[] = [];
    const table = probeTable(effects);
    const seenInside = await inTransaction(
      h.db,
      async (tx) => {
        await publish(tx, 'account.created', { userId: 7 });
        // The subscriber wrote in this transaction; the effect has not run yet.
        return { rows: await probeRows(tx), effects: [...effects] };
      },
      { subscribers: table },
    );
    expect(seenInside).toEqual({ rows: [7], effects: [] });
    expect(effects).toEqual([7]);
    expect(await probeRows(h.db)).toEqual([7]);
  });

  it('rolls the subscriber back with the write and runs no effect when the work fails afterwards', async () => {
    const effects: number[] = [];
    await expect(
      inTransaction(
        h.db,
        async (tx) => {
          await publish(tx, 'account.created', { userId: 8 });
          throw new Error('work failed');
        },
        { subscribers: probeTable(effects) },
      ),
    ).rejects.toThrow('work failed');
    expect(await probeRows(h.db)).toEqual([]);
    expect(effects).toEqual([]);
  });

  it('a failing subscriber fails the write', async () => {
    const effects: number[] = [];
    await expect(
      inTransaction(
        h.db,
        async (tx) => {
          await tx.execute(sql`INSERT INTO event_probe (v) VALUES (100)`);
          await publish(tx, 'account.created', { userId: 9 });
        },
        { subscribers: probeTable(effects, { failSubscriber: true }) },
      ),
    ).rejects.toThrow('subscriber failed');
    expect(await probeRows(h.db)).toEqual([]);
    expect(effects).toEqual([]);
  });

  it('a failing after-commit effect is logged and the write stands', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const effects: number[] = [];
    const result = await inTransaction(
      h.db,
      async (tx) => {
        await publish(tx, 'account.created', { userId: 10 });
        return 'saved';
      },
      { subscribers: probeTable(effects, { failEffect: true }) },
    );
    expect(result).toBe('saved');
    expect(effects).toEqual([10]);
    expect(await probeRows(h.db)).toEqual([10]);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('after-commit effect failed'),
      expect.stringMatching(/^Error: effect failed\n/),
    );
  });

  it('a nested inTransaction joins the outer one: its effects wait for the outer commit', async () => {
    const effects: number[] = [];
    const table = probeTable(effects);
    await inTransaction(
      h.db,
      async (tx) => {
        await inTransaction(tx, (inner) => publish(inner, 'account.created', { userId: 11 }));
        expect(effects).toEqual([]);
      },
      { subscribers: table },
    );
    expect(effects).toEqual([11]);
  });

  it('refuses to publish outside inTransaction (the effects would be lost)', async () => {
    await expect(publish(h.db, 'account.created', { userId: 12 })).rejects.toThrow('outside inTransaction');
    await expect(
      h.db.transaction((tx) => publish(tx as unknown as Db, 'account.created', { userId: 12 })),
    ).rejects.toThrow('outside inTransaction');
    expect(await probeRows(h.db)).toEqual([]);
  });

  it('registration creates the default lists through account.created', async () => {
    const { actor } = await registerMember(h.db, { label: 'Eventful', n: ++n });
    const lists = await listCollections(actor, { owner: actor.publicId, cursor: null, limit: 48 }, h.db);
    expect(lists.items.map((c) => c.style).sort()).toEqual([2, 6]);
  });

  it('every entry change takes a value snapshot and revalidates the item pages after the commit; toggles take no snapshot', async () => {
    const { actor } = await registerMember(h.db, { label: 'Eventful', n: ++n });
    const created = await createCollection(
      actor,
      {
        name: 'Shelf',
        description: null,
        visibility: 'public',
        category: 'releases',
        style: 3,
        shortcut_default: false,
      },
      h.db,
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const snapshots = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            h.db,
            sql`SELECT COUNT(*)::int AS n FROM collection_value_snapshots s JOIN collections c ON c.id = s.collection_id WHERE c.user_id = ${actor.userId}`,
          )
        )[0].n,
      );

    const added = await addEntry(
      actor,
      {
        collection: created.collection.public_id,
        item: { type: 'release', publicId: 'evRelease01' },
        price: '12.50',
        currency: 'EUR',
      },
      h.db,
    );
    if (!added.ok) throw new Error(JSON.stringify(added.errors));
    expect(await snapshots()).toBe(1);
    expect(revalidated).toContain('/en/release/evRelease01');
    expect(revalidated).toContain('/fi/release/evRelease01/user_collections');

    revalidated.length = 0;
    await removeEntry(actor, added.entry.id, h.db);
    expect(await snapshots()).toBe(2);
    expect(revalidated).toContain('/en/release/evRelease01');

    // A toggle writes an entry of the HAVE list: counted and revalidated, no snapshot.
    revalidated.length = 0;
    expect(await setToggle(actor, { kind: 'have', item: 'release', publicId: 'evRelease01', on: true }, h.db)).toEqual({
      on: true,
      count: 1,
    });
    expect(await snapshots()).toBe(2);
    expect(revalidated).toContain('/en/release/evRelease01');
  });
});
