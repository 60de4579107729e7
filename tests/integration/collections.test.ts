/**
 * Collections and entries on PGlite and PostgreSQL: default lists from registration, validation
 * and the spec's rules (category fixed after creation, an item of the other kind refused, one
 * shortcut list per style), visibility (private collections are their owner's only, also through
 * the API), entries with prices and conditions, trash and restore, and counters that agree with
 * the toggles whichever way an entry arrives or leaves.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { movies, releases } from '@/db/schema';
import { GET as collectionGet } from '@/app/api/collections/[publicId]/route';
import { GET as entriesGet } from '@/app/api/collections/[publicId]/entries/route';
import { GET as exportGet } from '@/app/api/collections/[publicId]/export/route';
import { parse } from 'csv-parse/sync';
import { GET as collectionsGet, POST as collectionsPost } from '@/app/api/collections/route';
import { POST as dialogPost } from '@/app/api/me/collection_entries/route';
import {
  addEntry,
  collectionsForItem,
  collectionsWithItem,
  createCollection,
  getCollection,
  listCollections,
  listEntries,
  removeEntry,
  setCollectionDeleted,
  updateCollection,
  updateEntry,
} from '@/lib/data/collections';
import { listLikes, setToggle, toggleState } from '@/lib/data/toggles';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const MOVIE = 'colMovie001';
const RELEASE = 'colRelease1';

describe.each(testEngines())('collections on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  const member = () => registerMember(h.db, { label: 'Curator', n: ++n });
  const ctx = (publicId: string) => ({ params: Promise.resolve({ publicId }) });

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await h.db.insert(movies).values({ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 });
    await h.db
      .insert(releases)
      .values({ publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('every new user has the default lists: watched movies and movies to see, as shortcut lists', async () => {
    const { actor } = await member();
    const page = await listCollections(actor, { owner: actor.publicId, cursor: null, limit: 48 }, h.db);
    expect(page.items.map((c) => [c.style, c.category, c.shortcut_default]).sort()).toEqual([
      [2, 'movies', true],
      [6, 'movies', true],
    ]);
  });

  it('create: required name, category, shortcut rules', async () => {
    const { actor } = await member();
    expect(await createCollection(actor, { name: ' ', category: 'movies' }, h.db)).toEqual({
      ok: false,
      errors: { name: 'required' },
    });
    expect(await createCollection(actor, { name: 'x'.repeat(101), category: 'movies' }, h.db)).toEqual({
      ok: false,
      errors: { name: 'maxLength' },
    });
    expect(await createCollection(actor, { name: 'No kind' } as never, h.db)).toMatchObject({
      ok: false,
      errors: { category: 'required' },
    });
    expect(
      await createCollection(
        actor,
        { name: 'Shortcut?', category: 'releases', style: 2, shortcut_default: true },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { shortcut_default: 'shortcutInvalid' } });
    expect(
      await createCollection(
        actor,
        { name: 'Second watched', category: 'movies', style: 2, shortcut_default: true },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { shortcut_default: 'shortcutTaken' } });
    const r = await createCollection(
      actor,
      { name: 'Finnish VHS for trade', description: 'Tapes', category: 'releases', style: 7, visibility: 'public' },
      h.db,
    );
    expect(r).toMatchObject({
      ok: true,
      collection: {
        name: 'Finnish VHS for trade',
        category: 'releases',
        style: 7,
        visibility: 'public',
        entries_count: 0,
        mine: true,
        deleted: false,
      },
    });
  });

  it('the category cannot change; an item of the other kind is refused with a message', async () => {
    const { actor } = await member();
    const r = await createCollection(actor, { name: 'Steelbooks', category: 'releases', style: 3 }, h.db);
    if (!r.ok) throw new Error('create failed');
    const id = r.collection.public_id;
    expect(await updateCollection(actor, { publicId: id, name: 'Steelbooks', category: 'movies' }, h.db)).toEqual({
      ok: false,
      errors: { category: 'categoryLocked' },
    });
    expect(
      await updateCollection(actor, { publicId: id, name: 'Steelbooks', category: 'releases', style: 3 }, h.db),
    ).toEqual({ ok: false, errors: { _form: 'nothingToUpdate' } });
    expect(await addEntry(actor, { collection: id, item: { type: 'movie', publicId: MOVIE } }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'categoryMismatchReleases' },
    });
    const added = await addEntry(
      actor,
      {
        collection: id,
        item: { type: 'release', publicId: RELEASE },
        price: '19,9',
        condition: '6',
        acquired_on: '2024-05-01',
        comment: 'Sealed',
      },
      h.db,
    );
    expect(added).toMatchObject({
      ok: true,
      entry: {
        price: '19.90',
        currency: 'EUR',
        condition: 6,
        acquired_on: '2024-05-01',
        comment: 'Sealed',
        release: { public_id: RELEASE },
      },
    });
    expect(await addEntry(actor, { collection: id, item: { type: 'release', publicId: RELEASE } }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'alreadyInCollection' },
    });
    expect((await getCollection(actor, id, h.db))?.entries_count).toBe(1);
  });

  it('entry fields are validated: price with 2 decimals, currency, condition 1-6, a real past date', async () => {
    const { actor } = await member();
    const r = await createCollection(actor, { name: 'Prices', category: 'releases' }, h.db);
    if (!r.ok) throw new Error('create failed');
    const id = r.collection.public_id;
    expect(
      await addEntry(actor, { collection: id, item: { type: 'release', publicId: RELEASE }, price: '19.999' }, h.db),
    ).toEqual({ ok: false, errors: { price: 'priceInvalid' } });
    expect(
      await addEntry(actor, { collection: id, item: { type: 'release', publicId: RELEASE }, currency: 'NOK' }, h.db),
    ).toEqual({ ok: false, errors: { currency: 'invalid' } });
    expect(
      await addEntry(actor, { collection: id, item: { type: 'release', publicId: RELEASE }, condition: '7' }, h.db),
    ).toEqual({ ok: false, errors: { condition: 'invalid' } });
    expect(
      await addEntry(
        actor,
        { collection: id, item: { type: 'release', publicId: RELEASE }, acquired_on: '2023-02-30' },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { acquired_on: 'invalid' } });
    expect(
      await addEntry(
        actor,
        { collection: id, item: { type: 'release', publicId: RELEASE }, acquired_on: '2999-01-01' },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { acquired_on: 'invalid' } });
    const ok = await addEntry(
      actor,
      { collection: id, item: { type: 'release', publicId: RELEASE }, price: 12, currency: 'GBP' },
      h.db,
    );
    expect(ok).toMatchObject({ ok: true, entry: { price: '12.00', currency: 'GBP' } });
    if (!ok.ok) throw new Error('add failed');
    const saved = await updateEntry(
      actor,
      { entryId: ok.entry.id, price: '', currency: 'GBP', watched_method: 'cinema' },
      h.db,
    );
    expect(saved).toMatchObject({ ok: true, entry: { price: null, currency: null, watched_method: 'cinema' } });
    const other = await member();
    await expect(updateEntry(other.actor, { entryId: ok.entry.id, comment: 'mine now' }, h.db)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await expect(removeEntry(other.actor, ok.entry.id, h.db)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('private collections are visible to their owner only (data layer and API)', async () => {
    const owner = await member();
    const other = await member();
    const r = await createCollection(
      owner.actor,
      { name: 'Secret wishlist', category: 'releases', visibility: 'private' },
      h.db,
    );
    if (!r.ok) throw new Error('create failed');
    const id = r.collection.public_id;
    await addEntry(owner.actor, { collection: id, item: { type: 'release', publicId: RELEASE } }, h.db);
    expect(await getCollection(owner.actor, id, h.db)).not.toBeNull();
    expect(await getCollection(other.actor, id, h.db)).toBeNull();
    expect(await getCollection(null, id, h.db)).toBeNull();
    expect(await listEntries(other.actor, { publicId: id, cursor: null, limit: 48 }, h.db)).toBeNull();
    expect(
      (await listCollections(null, { owner: owner.actor.publicId, cursor: null, limit: 48 }, h.db)).items.map(
        (c) => c.name,
      ),
    ).not.toContain('Secret wishlist');
    expect(
      (await listCollections(owner.actor, { owner: owner.actor.publicId, cursor: null, limit: 48 }, h.db)).items.map(
        (c) => c.name,
      ),
    ).toContain('Secret wishlist');

    const anon = await collectionGet(new Request(`${ORIGIN}/api/collections/${id}`), ctx(id));
    expect(anon.status).toBe(404);
    const asOther = await entriesGet(
      new Request(`${ORIGIN}/api/collections/${id}/entries`, { headers: { cookie: other.cookie } }),
      ctx(id),
    );
    expect(asOther.status).toBe(404);
    const asOwner = await entriesGet(
      new Request(`${ORIGIN}/api/collections/${id}/entries`, { headers: { cookie: owner.cookie } }),
      ctx(id),
    );
    expect(((await asOwner.json()) as { items: unknown[] }).items).toHaveLength(1);
    const listed = await collectionsGet(new Request(`${ORIGIN}/api/collections?user=${owner.actor.publicId}`));
    expect(JSON.stringify(await listed.json())).not.toContain('Secret wishlist');

    // An item's "in collections" subpage lists public collections only.
    const open = await createCollection(owner.actor, { name: 'Open shelf', category: 'releases' }, h.db);
    if (!open.ok) throw new Error('create failed');
    await addEntry(
      owner.actor,
      { collection: open.collection.public_id, item: { type: 'release', publicId: RELEASE } },
      h.db,
    );
    const holding = (
      await collectionsWithItem({ type: 'release', publicId: RELEASE }, { cursor: null, limit: 48 }, h.db)
    ).items.map((c) => c.name);
    expect(holding).toContain('Open shelf');
    expect(holding).not.toContain('Secret wishlist');
    // The all-users list leaves out empty collections (every user has empty default lists).
    const all = (await listCollections(null, { cursor: null, limit: 100 }, h.db)).items;
    expect(all.every((c) => c.entries_count > 0)).toBe(true);
    expect(all.map((c) => c.name)).toContain('Open shelf');
  });

  it('the API refuses visitors and bad parameters', async () => {
    const post = await collectionsPost(
      new Request(`${ORIGIN}/api/collections`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{"name":"x","category":"movies"}',
      }),
    );
    expect(post.status).toBe(401);
    expect((await collectionsGet(new Request(`${ORIGIN}/api/collections?category=games`))).status).toBe(400);
    expect((await collectionsGet(new Request(`${ORIGIN}/api/collections?cursor=nonsense`))).status).toBe(400);
  });

  it('entries of shortcut lists feed the counters however they arrive; trash, restore and style changes move them', async () => {
    const { actor } = await member();
    const watched = (
      await listCollections(actor, { owner: actor.publicId, category: 'movies', cursor: null, limit: 48 }, h.db)
    ).items.find((c) => c.style === 2);
    if (!watched) throw new Error('no watched list');
    const seen0 = (await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts.seen ?? 0;

    const added = await addEntry(
      actor,
      { collection: watched.public_id, item: { type: 'movie', publicId: MOVIE }, watched_method: 'cinema' },
      h.db,
    );
    if (!added.ok) throw new Error('add failed');
    expect(await toggleState(actor, { item: 'movie', publicId: MOVIE }, h.db)).toMatchObject({
      counts: { seen: seen0 + 1 },
      mine: { seen: true },
    });
    expect(
      (await collectionsForItem(actor, { type: 'movie', publicId: MOVIE }, h.db)).find(
        (c) => c.public_id === watched.public_id,
      )?.has_item,
    ).toBe(true);

    await setCollectionDeleted(actor, { publicId: watched.public_id, deleted: true }, h.db);
    expect(await toggleState(actor, { item: 'movie', publicId: MOVIE }, h.db)).toMatchObject({
      counts: { seen: seen0 },
      mine: { seen: false },
    });
    // A toggle now makes a new watched list; the restored one comes back without the shortcut.
    await setToggle(actor, { kind: 'seen', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setCollectionDeleted(actor, { publicId: watched.public_id, deleted: false }, h.db);
    expect((await getCollection(actor, watched.public_id, h.db))?.shortcut_default).toBe(false);
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts.seen).toBe(seen0 + 1);

    // The restored list becomes a "for sale" list; the new one stops being a shortcut: counters follow.
    const [fresh] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM collections WHERE user_id = ${actor.userId} AND style = 2 AND shortcut_default AND deleted_at IS NULL`,
    );
    expect(
      await updateCollection(
        actor,
        { publicId: fresh.public_id, name: 'Seen, old', category: 'movies', style: 2, shortcut_default: false },
        h.db,
      ),
    ).toMatchObject({ ok: true });
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts.seen).toBe(seen0);
    expect(
      await updateCollection(
        actor,
        { publicId: watched.public_id, name: 'Watched movies', category: 'movies', style: 2, shortcut_default: true },
        h.db,
      ),
    ).toMatchObject({ ok: true });
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts.seen).toBe(seen0 + 1);

    await removeEntry(actor, added.entry.id, h.db);
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts.seen).toBe(seen0);
    const trash = await listCollections(actor, { deleted: true, cursor: null, limit: 48 }, h.db);
    expect(trash.items).toEqual([]);
  });

  it('the add-to-collection dialog endpoint adds to an existing or a new collection and names it', async () => {
    const { actor, cookie } = await member();
    const post = (body: unknown) =>
      dialogPost(
        new Request(`${ORIGIN}/api/me/collection_entries`, {
          method: 'POST',
          headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const missing = await post({ release: RELEASE, collection: '' });
    expect(await missing.json()).toMatchObject({ fields: { collection: 'required' } });
    const noName = await post({ release: RELEASE, collection: 'new', new_name: '' });
    expect(await noName.json()).toMatchObject({ fields: { new_name: 'required' } });
    const created = await post({
      release: RELEASE,
      collection: 'new',
      new_name: 'Blu-ray shelf',
      price: '24.90',
      currency: 'SEK',
      condition: '2',
    });
    expect(created.status).toBe(200);
    const body = (await created.json()) as {
      collection: { public_id: string; name: string };
      entry: { price: string; currency: string };
    };
    expect(body).toMatchObject({ collection: { name: 'Blu-ray shelf' }, entry: { price: '24.90', currency: 'SEK' } });
    expect(await getCollection(actor, body.collection.public_id, h.db)).toMatchObject({
      category: 'releases',
      entries_count: 1,
    });
    const again = await post({ release: RELEASE, collection: body.collection.public_id });
    expect(await again.json()).toMatchObject({ fields: { _form: 'alreadyInCollection' } });
    const watched = (await listCollections(actor, { owner: actor.publicId, cursor: null, limit: 48 }, h.db)).items.find(
      (c) => c.style === 2,
    );
    const wrongKind = await post({ release: RELEASE, collection: watched?.public_id });
    expect(await wrongKind.json()).toMatchObject({ fields: { _form: 'categoryMismatchMovies' } });
    const other = await member();
    const foreign = await dialogPost(
      new Request(`${ORIGIN}/api/me/collection_entries`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: other.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ release: RELEASE, collection: body.collection.public_id }),
      }),
    );
    expect(foreign.status).toBe(404);
  });

  it("a user's likes are listed newest first", async () => {
    const { actor } = await member();
    await setToggle(actor, { kind: 'like', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setToggle(actor, { kind: 'like', item: 'release', publicId: RELEASE, on: true }, h.db);
    const likes = await listLikes(actor.publicId, { cursor: null, limit: 48 }, h.db);
    expect(likes.items.map((l) => l.release?.public_id ?? l.movie?.public_id)).toEqual([RELEASE, MOVIE]);
    const first = await listLikes(actor.publicId, { cursor: null, limit: 1 }, h.db);
    expect(first.next_cursor).not.toBeNull();
    expect(
      (await listLikes(actor.publicId, { cursor: first.next_cursor, limit: 1 }, h.db)).items[0].movie?.public_id,
    ).toBe(MOVIE);
  });

  it('exports a collection as CSV and JSON with the import columns; private ones only to the owner', async () => {
    const owner = await member();
    const r = await createCollection(
      owner.actor,
      { name: 'Ääni & kuva: "VHS"', category: 'releases', visibility: 'private' },
      h.db,
    );
    if (!r.ok) throw new Error('create failed');
    const id = r.collection.public_id;
    await addEntry(
      owner.actor,
      {
        collection: id,
        item: { type: 'release', publicId: RELEASE },
        price: '9.5',
        currency: 'USD',
        condition: '3',
        acquired_on: '2020-01-31',
        comment: 'Line one\nline "two", with comma',
      },
      h.db,
    );
    const csv = await exportGet(
      new Request(`${ORIGIN}/api/collections/${id}/export?format=csv`, { headers: { cookie: owner.cookie } }),
      ctx(id),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="Aani-kuva-VHS-${id}.csv"`);
    const rows = parse((await csv.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'release',
        title: 'Sisu (Blu-ray)',
        format: 'bluray',
        price: '9.50',
        currency: 'USD',
        condition: '3',
        date: '2020-01-31',
        notes: 'Line one\nline "two", with comma',
        public_id: RELEASE,
      }),
    ]);
    const json = await exportGet(
      new Request(`${ORIGIN}/api/collections/${id}/export?format=json`, { headers: { cookie: owner.cookie } }),
      ctx(id),
    );
    const doc = (await json.json()) as { collection: { name: string; mine?: boolean }; entries: { price: string }[] };
    expect(doc.collection.name).toBe('Ääni & kuva: "VHS"');
    expect('mine' in doc.collection).toBe(false);
    expect(doc.entries[0].price).toBe('9.50');
    expect((await exportGet(new Request(`${ORIGIN}/api/collections/${id}/export?format=csv`), ctx(id))).status).toBe(
      404,
    );
    expect(
      (
        await exportGet(
          new Request(`${ORIGIN}/api/collections/${id}/export?format=xml`, { headers: { cookie: owner.cookie } }),
          ctx(id),
        )
      ).status,
    ).toBe(400);
  });
});
