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
import { movies, releaseMovies, releases } from '@/db/schema';
import { GET as collectionGet, PATCH as collectionPatch } from '@/app/api/collections/[publicId]/route';
import { GET as entriesGet } from '@/app/api/collections/[publicId]/entries/route';
import { PATCH as entryPatch } from '@/app/api/collections/[publicId]/entries/[entryId]/route';
import { GET as exportGet } from '@/app/api/collections/[publicId]/export/route';
import { GET as picturesGet } from '@/app/api/collections/[publicId]/pictures/route';
import { GET as offersGet } from '@/app/api/releases/[publicId]/offers/route';
import { GET as wantedOffersGet } from '@/app/api/me/wanted_offers/route';
import { parse } from 'csv-parse/sync';
import { GET as collectionsGet, POST as collectionsPost } from '@/app/api/collections/route';
import { POST as dialogPost } from '@/app/api/me/collection_entries/route';
import { POST as movePost } from '@/app/api/collections/[publicId]/entries/[entryId]/move/route';
import {
  addEntry,
  addEntryToNewCollection,
  collectionsForItem,
  collectionsWithItem,
  createCollection,
  getCollection,
  holdingsOf,
  listCollections,
  listEntries,
  moveEntry,
  pictureChoices,
  OFFERS_SHOWN,
  releaseOffers,
  releasesWithCopy,
  wantedOffers,
  WANTED_OFFERS_SHOWN,
  removeEntry,
  type CollectionEntryDto,
  type EntrySort,
  setCollectionDeleted,
  updateCollection,
  updateEntry,
} from '@/lib/data/collections';
import { listLikes, setToggle, toggleState } from '@/lib/data/toggles';
import { userCollected, userListCounts } from '@/lib/data/users';
import type { Page } from '@/lib/data/types';
import { foldedSql } from '@/lib/data/sql';
import { foldText, searchDocument, titleKey } from '@/lib/text';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { insertReview } from '../support/community';
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
    const { actor, cookie } = await member();
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
    // A partial change (an API client's PATCH) keeps what it leaves out; "" clears a field.
    await updateEntry(actor, { entryId: ok.entry.id, price: '24,5', currency: 'GBP', comment: 'Slipcover' }, h.db);
    expect(await updateEntry(actor, { entryId: ok.entry.id, condition: 1 }, h.db)).toMatchObject({
      ok: true,
      entry: { price: '24.50', currency: 'GBP', comment: 'Slipcover', condition: 1, watched_method: 'cinema' },
    });
    const viaApi = await entryPatch(
      new Request(`${ORIGIN}/api/collections/${id}/entries/${ok.entry.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
        body: JSON.stringify({ comment: '' }),
      }),
      { params: Promise.resolve({ publicId: id, entryId: String(ok.entry.id) }) },
    );
    expect(viaApi.status).toBe(200);
    expect(await viaApi.json()).toMatchObject({ comment: null, price: '24.50', currency: 'GBP', condition: 1 });
    const other = await member();
    await expect(updateEntry(other.actor, { entryId: ok.entry.id, comment: 'mine now' }, h.db)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    // Even with a refused value: another member's entry answers as an unknown one.
    await expect(updateEntry(other.actor, { entryId: ok.entry.id, price: '1.234' }, h.db)).rejects.toMatchObject({
      code: 'not_found',
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
    // Renaming it with a PATCH that sends the name alone keeps it private (and its other fields).
    const renamed = await collectionPatch(
      new Request(`${ORIGIN}/api/collections/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: owner.cookie },
        body: JSON.stringify({ name: 'Secret wishes' }),
      }),
      ctx(id),
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Secret wishes', visibility: 'private', category: 'releases' });
    expect(await getCollection(other.actor, id, h.db)).toBeNull();
    expect(await updateCollection(owner.actor, { publicId: id, description: 'Grails only' }, h.db)).toMatchObject({
      ok: true,
      collection: { name: 'Secret wishes', description: 'Grails only', visibility: 'private' },
    });
    expect(await updateCollection(owner.actor, { publicId: id, name: '' }, h.db)).toEqual({
      ok: false,
      errors: { name: 'required' },
    });
    await updateCollection(owner.actor, { publicId: id, name: 'Secret wishlist' }, h.db);

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

  it("a profile's collection summary, the users list and a member's own holdings count the collections each may see", async () => {
    const owner = await member();
    const other = await member();
    const make = async (name: string, style: number, visibility: 'public' | 'private' = 'public', who = owner) => {
      const r = await createCollection(who.actor, { name, category: 'releases', style, visibility }, h.db);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.collection.public_id;
    };
    const add = async (collection: string, type: 'movie' | 'release', publicId: string, who = owner) => {
      const r = await addEntry(who.actor, { collection, item: { type, publicId } }, h.db);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
    };
    const owned = await make('Owned discs', 3);
    const ownedPrivate = await make('Owned, not shown', 3, 'private');
    const trade = await make('Trade pile', 7);
    await make('Wanted, empty', 4);
    await add(owned, 'release', RELEASE);
    await add(ownedPrivate, 'release', RELEASE);
    await add(trade, 'release', RELEASE);
    await setCollectionDeleted(owner.actor, { publicId: trade, deleted: true }, h.db);
    // The watched list registration made (a movies list).
    const watched = (
      await listCollections(owner.actor, { owner: owner.actor.publicId, cursor: null, limit: 48 }, h.db)
    ).items.find((c) => c.style === 2)!.public_id;
    await add(watched, 'movie', MOVIE);

    // Visitors and other members: the public collections only; one per style, so each is named.
    const shown = [
      { style: 2, entries: 1, collections: 1, collection: watched },
      { style: 3, entries: 1, collections: 1, collection: owned },
    ];
    expect(await userCollected(null, owner.actor.publicId, h.db)).toEqual(shown);
    expect(await userCollected(other.actor, owner.actor.publicId, h.db)).toEqual(shown);
    // The owner also counts the private one: two owned collections, so none is named.
    expect(await userCollected(owner.actor, owner.actor.publicId, h.db)).toEqual([
      shown[0],
      { style: 3, entries: 2, collections: 2, collection: null },
    ]);
    expect(await userCollected(null, 'noSuchUser', h.db)).toEqual([]);
    // A member browsing someone's collection sees which of their own collections (private ones
    // too, not the trash) hold each item.
    const held = await holdingsOf(
      owner.actor,
      [
        { type: 'release', publicId: RELEASE },
        { type: 'movie', publicId: MOVIE },
        { type: 'release', publicId: 'noSuchRel' },
      ],
      h.db,
    );
    expect([...held.keys()].sort()).toEqual([`movie:${MOVIE}`, `release:${RELEASE}`]);
    expect(held.get(`release:${RELEASE}`)!.map((c) => [c.public_id, c.style, c.name])).toEqual([
      [owned, 3, 'Owned discs'],
      [ownedPrivate, 3, 'Owned, not shown'],
    ]);
    expect(held.get(`movie:${MOVIE}`)!.map((c) => [c.public_id, c.style])).toEqual([[watched, 2]]);
    expect((await holdingsOf(other.actor, [{ type: 'release', publicId: RELEASE }], h.db)).size).toBe(0);
    expect((await holdingsOf(owner.actor, [], h.db)).size).toBe(0);
    // A copy is an owned, for-sale or for-trade entry (the review form offers it first); a wanted
    // one is not.
    expect(await releasesWithCopy(owner.actor, [RELEASE, 'noSuchRel'], h.db)).toEqual(new Set([RELEASE]));
    const wanting = await member();
    await add(await make('Wishes', 4, 'public', wanting), 'release', RELEASE, wanting);
    expect(await releasesWithCopy(wanting.actor, [RELEASE], h.db)).toEqual(new Set());
    await add(await make('Selling', 5, 'public', wanting), 'release', RELEASE, wanting);
    expect(await releasesWithCopy(wanting.actor, [RELEASE], h.db)).toEqual(new Set([RELEASE]));

    // The users list counts the public owned lists only, for every viewer, and the reviews.
    await insertReview(h.db, { publicId: `colRev${n}`, author: owner, movie: MOVIE, headline: 'Sisu', body: 'Good.' });
    expect(await userListCounts([owner.actor.publicId, other.actor.publicId, 'noSuchUser'], h.db)).toEqual(
      new Map([
        [owner.actor.publicId, { reviews: 1, owned: 1 }],
        [other.actor.publicId, { reviews: 0, owned: 0 }],
      ]),
    );
  });

  it("a collection's picture comes from its entries as the catalogue shows them; the owner chooses among named pictures", async () => {
    const owner = await member();
    const other = await member();
    const poster = 'https://upload.wikimedia.org/wikipedia/en/sisu-poster.jpg';
    const [movie] = await h.db
      .insert(movies)
      .values({ publicId: `colPoster${n}`, name: 'Sisu', titleKey: `sisu poster ${n}`, year: 2022, posterUrl: poster })
      .returning({ id: movies.id });
    const [release] = await h.db
      .insert(releases)
      .values({ publicId: `colPstRel${n}`, name: 'Sisu 4K', format: 7, nameKey: `sisu 4k ${n}` })
      .returning({ id: releases.id });
    await h.db.insert(releaseMovies).values({ releaseId: release!.id, movieId: movie!.id });
    const made = await createCollection(owner.actor, { name: 'Shelf with covers', category: 'releases' }, h.db);
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const id = made.collection.public_id;
    // A release without a picture of its own shows its film's poster, as release lists do.
    await addEntry(owner.actor, { collection: id, item: { type: 'release', publicId: `colPstRel${n}` } }, h.db);
    await addEntry(owner.actor, { collection: id, item: { type: 'release', publicId: RELEASE } }, h.db);
    expect((await getCollection(null, id, h.db))!.picture_url).toBe(poster);
    expect(await pictureChoices(owner.actor, id, h.db)).toEqual([{ url: poster, name: 'Sisu 4K' }]);
    expect(await pictureChoices(other.actor, id, h.db)).toEqual([]);

    const asOwner = await picturesGet(
      new Request(`${ORIGIN}/api/collections/${id}/pictures`, { headers: { cookie: owner.cookie } }),
      ctx(id),
    );
    expect(await asOwner.json()).toEqual({ items: [{ url: poster, name: 'Sisu 4K' }] });
    const asOther = await picturesGet(
      new Request(`${ORIGIN}/api/collections/${id}/pictures`, { headers: { cookie: other.cookie } }),
      ctx(id),
    );
    expect(await asOther.json()).toEqual({ items: [] });

    // A picture not among the choices is refused; one of them is kept.
    const base = { publicId: id, name: 'Shelf with covers', category: 'releases' as const };
    expect(await updateCollection(owner.actor, { ...base, picture: 'https://example.com/x.jpg' }, h.db)).toEqual({
      ok: false,
      errors: { picture: 'invalid' },
    });
    const saved = await updateCollection(owner.actor, { ...base, picture: poster }, h.db);
    expect(saved.ok && saved.collection.picture_url).toBe(poster);
  });

  it("a release's offers (for sale cheapest first in euros, then for trade; nothing private, trashed or owned) and a member's wanted ones", async () => {
    const [seller, cheap, trader, hidden] = [await member(), await member(), await member(), await member()];
    const offered = `colOffer${n}`;
    await h.db
      .insert(releases)
      .values({ publicId: offered, name: 'Sisu (Steelbook)', format: 1, nameKey: `sisu steelbook ${n}` });
    const list = async (who: typeof seller, style: number, visibility: 'public' | 'private' = 'public') => {
      const r = await createCollection(
        who.actor,
        { name: `List ${style} ${visibility}`, category: 'releases', style, visibility },
        h.db,
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.collection.public_id;
    };
    const offer = async (
      who: typeof seller,
      collection: string,
      fields: { price?: string; currency?: string; condition?: number; comment?: string } = {},
    ) => {
      const r = await addEntry(
        who.actor,
        { collection, item: { type: 'release', publicId: offered }, ...fields },
        h.db,
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
    };
    await offer(seller, await list(seller, 5), {
      price: '30',
      currency: 'EUR',
      condition: 1,
      comment: 'Sealed in shrink.',
    });
    await offer(cheap, await list(cheap, 5), { price: '12.50', currency: 'EUR', condition: 2 });
    await offer(trader, await list(trader, 7));
    // None of these is an offer: a private sale list, a sale list in the trash, an owned list.
    await offer(hidden, await list(hidden, 5, 'private'), { price: '1', currency: 'EUR' });
    const trashed = await list(hidden, 7);
    await offer(hidden, trashed);
    await setCollectionDeleted(hidden.actor, { publicId: trashed, deleted: true }, h.db);
    await offer(hidden, await list(hidden, 3), { price: '5', currency: 'EUR' });

    const found = await releaseOffers(offered, h.db);
    expect(found).toMatchObject({ for_sale: 2, for_trade: 1 });
    const offers = found?.items ?? [];
    expect(offers.map((o) => [o.owner.public_id, o.style, o.price, o.currency, o.condition])).toEqual([
      [cheap.actor.publicId, 5, '12.50', 'EUR', 2],
      [seller.actor.publicId, 5, '30.00', 'EUR', 1],
      [trader.actor.publicId, 7, null, null, null],
    ]);
    expect(offers[1]).toMatchObject({ comment: 'Sealed in shrink.', owner: { name: seller.actor.name } });
    expect(JSON.stringify(offers)).not.toContain('@');
    expect(await releaseOffers('noSuchRel', h.db)).toBeNull();
    // The same through the API, to anyone; an unknown release is a 404.
    const viaApi = await offersGet(new Request(`${ORIGIN}/api/releases/${offered}/offers`), ctx(offered));
    expect(viaApi.status).toBe(200);
    const apiBody = (await viaApi.json()) as {
      items: { owner: { public_id: string } }[];
      for_sale: number;
      for_trade: number;
    };
    expect(apiBody.items.map((o) => o.owner.public_id)).toEqual(offers.map((o) => o.owner.public_id));
    expect([apiBody.for_sale, apiBody.for_trade]).toEqual([2, 1]);
    expect((await offersGet(new Request(`${ORIGIN}/api/releases/noSuchRel1/offers`), ctx('noSuchRel1'))).status).toBe(
      404,
    );

    // /trades shows a member the offers of their wanted releases, their own offers left out.
    const buyer = await member();
    await offer(buyer, await list(buyer, 4));
    const release = { public_id: offered, name: 'Sisu (Steelbook)', format: 1 };
    expect(await wantedOffers(buyer.actor, h.db)).toEqual([
      { release, offers: 3, for_sale: 2, cheapest_eur: '12.50', cheapest: { price: '12.50', currency: 'EUR' } },
    ]);
    const mine = await wantedOffersGet(
      new Request(`${ORIGIN}/api/me/wanted_offers`, { headers: { cookie: buyer.cookie } }),
    );
    expect(await mine.json()).toEqual({
      items: [
        { release, offers: 3, for_sale: 2, cheapest_eur: '12.50', cheapest: { price: '12.50', currency: 'EUR' } },
      ],
    });
    expect((await wantedOffersGet(new Request(`${ORIGIN}/api/me/wanted_offers`))).status).toBe(401);
    await offer(seller, await list(seller, 4));
    expect(await wantedOffers(seller.actor, h.db)).toEqual([
      { release, offers: 2, for_sale: 1, cheapest_eur: '12.50', cheapest: { price: '12.50', currency: 'EUR' } },
    ]);
    // A wanted list in the trash wants nothing.
    const shelved = await member();
    const trashedWants = await list(shelved, 4);
    await offer(shelved, trashedWants);
    await setCollectionDeleted(shelved.actor, { publicId: trashedWants, deleted: true }, h.db);
    expect(await wantedOffers(shelved.actor, h.db)).toEqual([]);

    // More sales than a page lists: the cheapest OFFERS_SHOWN of them, the trade still listed, and
    // the totals count them all.
    for (let i = 0; i < OFFERS_SHOWN; i++)
      await offer(cheap, await list(cheap, 5), { price: String(40 + i), currency: 'EUR' });
    const many = await releaseOffers(offered, h.db);
    expect(many).toMatchObject({ for_sale: OFFERS_SHOWN + 2, for_trade: 1 });
    expect(many!.items.filter((o) => o.style === 5)).toHaveLength(OFFERS_SHOWN);
    expect(many!.items.filter((o) => o.style === 5)[0]).toMatchObject({ price: '12.50' });
    expect(many!.items.at(-1)).toMatchObject({ style: 7, owner: { public_id: trader.actor.publicId } });
    // The cheapest offer is the cheapest in euros, shown as its seller asks it.
    const pounds = await member();
    await offer(pounds, await list(pounds, 5), { price: '5', currency: 'GBP' });
    const [wanted] = await wantedOffers(buyer.actor, h.db);
    expect(wanted?.cheapest).toEqual({ price: '5.00', currency: 'GBP' });
    expect(Number(wanted?.cheapest_eur)).toBeGreaterThan(5);
    expect(Number(wanted?.cheapest_eur)).toBeLessThan(12.5);
  });

  it('a long wanted list: /trades lists the releases offered most recently, newest first, each once', async () => {
    const [buyer, seller, trader] = [await member(), await member(), await member()];
    const count = WANTED_OFFERS_SHOWN + 2;
    const ids = Array.from({ length: count }, (_, i) => `wantMany${n}x${i}`);
    await h.db
      .insert(releases)
      .values(ids.map((publicId, i) => ({ publicId, name: `Wanted ${i}`, format: 1, nameKey: `wanted ${n} ${i}` })));
    const list = async (who: typeof buyer, style: number) => {
      const r = await createCollection(who.actor, { name: `List ${style}`, category: 'releases', style }, h.db);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.collection.public_id;
    };
    const put = async (who: typeof buyer, collection: string, publicId: string, price?: string) => {
      const r = await addEntry(
        who.actor,
        { collection, item: { type: 'release', publicId }, ...(price ? { price, currency: 'EUR' } : {}) },
        h.db,
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.entry.id;
    };
    const [wants, alsoWants, forSale, forTrade] = [
      await list(buyer, 4),
      await list(buyer, 4),
      await list(seller, 5),
      await list(trader, 7),
    ];
    // Release i is offered i minutes after the first; the last is wanted on both wanted lists.
    for (const [i, publicId] of ids.entries()) {
      await put(buyer, wants, publicId);
      const entry = await put(seller, forSale, publicId, String(10 + i));
      await h.db.execute(
        sql`UPDATE collection_entries SET created_at = now() - interval '1 day' + ${i} * interval '1 minute'
            WHERE id = ${entry}`,
      );
    }
    await put(buyer, alsoWants, ids.at(-1)!);
    // Release 5 is also offered for trade, newest of all.
    await put(trader, forTrade, ids[5]!);

    const shown = await wantedOffers(buyer.actor, h.db);
    expect(shown).toHaveLength(WANTED_OFFERS_SHOWN);
    // Release 5 first, then the newest sale offers down to release 2 (0 and 1 are the oldest).
    const expected = [5, ...Array.from({ length: count }, (_, i) => count - 1 - i).filter((i) => i !== 5 && i > 1)];
    expect(shown.map((o) => o.release.public_id)).toEqual(expected.map((i) => ids[i]));
    expect(shown[0]).toMatchObject({ offers: 2, for_sale: 1, cheapest: { price: '15.00', currency: 'EUR' } });
    // Wanted twice, offered once: counted once.
    expect(shown[1]).toMatchObject({ release: { public_id: ids.at(-1) }, offers: 1, for_sale: 1 });
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

  it('SQL folding of names agrees with foldText (accents, special letters, &, apostrophes, marks)', async () => {
    const samples = [
      'Amélie’s Blu-rays',
      'Bjørn & Æsa: ÜBER-Sammlung',
      "Schindler's List (4K)",
      'Łódź — Þórr / straße',
      'Kalle  Kärkkäinen_hyllyt 100%',
      'Ελληνικά ja ЁЖ',
      '  ',
    ];
    for (const text of samples) {
      const [row] = await queryRows<{ folded: string }>(h.db, sql`SELECT ${foldedSql(sql`${text}::text`)} AS folded`);
      expect(row.folded, text).toBe(foldText(text));
    }
  });

  it('public collections are searched by their or their owner’s name and filtered by category and kind of list', async () => {
    const { actor } = await member();
    const name = `Hyllyn Ääni ${n}`;
    const made = async (input: Parameters<typeof createCollection>[1]) => {
      const r = await createCollection(actor, input, h.db);
      if (!r.ok) throw new Error('collection not created');
      await addEntry(
        actor,
        {
          collection: r.collection.public_id,
          item:
            input.category === 'movies' ? { type: 'movie', publicId: MOVIE } : { type: 'release', publicId: RELEASE },
        },
        h.db,
      );
      return r.collection.public_id;
    };
    const shelf = await made({ name, category: 'releases', style: 7 });
    const films = await made({ name: 'Kauhuklassikot', category: 'movies', style: 5 });
    await made({ name: 'Salainen hylly', category: 'releases', style: 7, visibility: 'private' });
    const ids = async (q: Parameters<typeof listCollections>[1]) =>
      (await listCollections(null, q, h.db)).items.map((c) => c.public_id);

    expect(await ids({ q: 'hyllyn aani' })).toEqual([shelf]);
    expect(await ids({ q: 'ÄÄNI, hyllyn!' })).toEqual([shelf]);
    // The owner's name (registerMember names them "Curator …") finds both public ones, never the private one.
    const owned = await ids({ q: actor.name });
    expect(owned).toEqual([films, shelf]);
    expect(await ids({ q: actor.name, category: 'movies' })).toEqual([films]);
    expect(await ids({ q: actor.name, style: 7 })).toEqual([shelf]);
    expect(await ids({ q: 'kauhuklassikot', style: 7 })).toEqual([]);
    expect(await ids({ q: 'salainen' })).toEqual([]);

    // The API: the same filters; a kind of list outside 1-7 is a 400.
    const api = (query: string) => collectionsGet(new Request(`${ORIGIN}/api/collections?${query}`));
    const page = (await (await api(`q=${encodeURIComponent('hyllyn ääni')}&style=7`)).json()) as {
      items: { public_id: string }[];
    };
    expect(page.items.map((c) => c.public_id)).toEqual([shelf]);
    expect((await api('style=8')).status).toBe(400);
  });

  it('entries are searched by their item (words, year, format) and ordered by addition, name, date acquired or price; paging keeps both', async () => {
    const { actor } = await member();
    // Three films and four releases of them (names, keys and documents as the importer writes them).
    const films = await h.db
      .insert(movies)
      .values([
        {
          publicId: 'findFilm001',
          name: 'Seven Samurai',
          titleKey: titleKey('Seven Samurai'),
          year: 1954,
          searchText: searchDocument('Seven Samurai', 1954),
        },
        {
          publicId: 'findFilm002',
          name: 'The Thing',
          titleKey: titleKey('The Thing'),
          year: 1982,
          searchText: searchDocument('The Thing', 1982),
        },
        {
          publicId: 'findFilm003',
          name: 'Alien',
          titleKey: titleKey('Alien'),
          year: 1979,
          searchText: searchDocument('Alien', 1979),
        },
      ])
      .returning({ id: movies.id });
    const rels = [
      ['findRel0001', 'Seven Samurai', 1, 0],
      ['findRel0002', 'Seven Samurai (1954)', 7, 0],
      ['findRel0003', 'The Thing', 7, 1],
      ['findRel0004', 'Alien: 40th Anniversary Edition', 7, 2],
    ] as const;
    const relIds = await h.db
      .insert(releases)
      .values(
        rels.map(([publicId, name, format]) => ({
          publicId,
          name,
          format,
          nameKey: titleKey(name),
          searchText: searchDocument(name),
        })),
      )
      .returning({ id: releases.id });
    await h.db.execute(
      sql`INSERT INTO release_movies (release_id, movie_id) VALUES ${sql.join(
        rels.map((r, i) => sql`(${relIds[i].id}, ${films[r[3]].id})`),
        sql`, `,
      )}`,
    );
    const made = await createCollection(actor, { name: 'Shelf to search', category: 'releases' }, h.db);
    if (!made.ok) throw new Error('collection not created');
    const publicId = made.collection.public_id;
    const acquired: Record<string, string | null> = {
      findRel0001: '2020-05-01',
      findRel0002: null,
      findRel0003: '2024-10-31',
      findRel0004: null,
    };
    // Prices in three currencies: in euros (ECB rates of 2024-12-31) 23.00, 24.06, none and 21.82.
    const priced: Record<string, { price: string | null; currency: 'EUR' | 'USD' | 'SEK' | null }> = {
      findRel0001: { price: '23', currency: 'EUR' },
      findRel0002: { price: '25', currency: 'USD' },
      findRel0003: { price: null, currency: null },
      findRel0004: { price: '250', currency: 'SEK' },
    };
    for (const [release] of rels) {
      const r = await addEntry(
        actor,
        {
          collection: publicId,
          item: { type: 'release', publicId: release },
          acquired_on: acquired[release],
          ...priced[release],
        },
        h.db,
      );
      expect(r.ok).toBe(true);
    }
    const names = async (q: string | null, so: EntrySort | null = null) =>
      (await listEntries(actor, { publicId, q, so }, h.db))!.items.map((e) => e.release!.name);

    // Default: newest addition first.
    expect(await names(null)).toEqual([
      'Alien: 40th Anniversary Edition',
      'The Thing',
      'Seven Samurai (1954)',
      'Seven Samurai',
    ]);
    expect(await names('samurai')).toEqual(['Seven Samurai (1954)', 'Seven Samurai']);
    expect(await names('SAMURAI [4k]')).toEqual(['Seven Samurai (1954)']);
    expect(await names('[bluray]')).toEqual(['Seven Samurai']);
    expect(await names('(1982)')).toEqual(['The Thing']);
    expect(await names('alien (1954)')).toEqual([]);
    // By name, a leading article left out (Alien, Seven Samurai ×2, Thing).
    expect(await names(null, 'name')).toEqual([
      'Alien: 40th Anniversary Edition',
      'Seven Samurai',
      'Seven Samurai (1954)',
      'The Thing',
    ]);
    // By date acquired, newest first; entries without a date last, newest addition first.
    expect(await names(null, 'acquired')).toEqual([
      'The Thing',
      'Seven Samurai',
      'Alien: 40th Anniversary Edition',
      'Seven Samurai (1954)',
    ]);
    // By price in euros, highest first (not by the number typed: 250 SEK is 21.82 €); no price last.
    expect(await names(null, 'price')).toEqual([
      'Seven Samurai (1954)',
      'Seven Samurai',
      'Alien: 40th Anniversary Edition',
      'The Thing',
    ]);
    expect(await names('samurai', 'price')).toEqual(['Seven Samurai (1954)', 'Seven Samurai']);

    // One entry per page: the pages follow the order and the search.
    const walk = async (q: string | null, so: EntrySort) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<CollectionEntryDto> = (await listEntries(actor, { publicId, q, so, cursor, limit: 1 }, h.db))!;
        seen.push(...page.items.map((e) => e.release!.name));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    expect(await walk(null, 'name')).toEqual(await names(null, 'name'));
    expect(await walk(null, 'acquired')).toEqual(await names(null, 'acquired'));
    expect(await walk(null, 'price')).toEqual(await names(null, 'price'));
    expect(await walk('seven', 'name')).toEqual(['Seven Samurai', 'Seven Samurai (1954)']);
    // A cursor of one order is refused by another (400), never read as a key of the wrong type.
    const byName = (await listEntries(actor, { publicId, so: 'name', limit: 1 }, h.db))!.next_cursor;
    await expect(listEntries(actor, { publicId, so: 'acquired', cursor: byName }, h.db)).rejects.toMatchObject({
      code: 'bad_cursor',
    });

    // The API: the same search and order; an unknown order is a 400.
    const api = async (query: string) =>
      entriesGet(new Request(`${ORIGIN}/api/collections/${publicId}/entries?${query}`), ctx(publicId));
    const found = (await (await api('q=samurai&so=name')).json()) as Page<CollectionEntryDto>;
    expect(found.items.map((e) => e.release!.name)).toEqual(['Seven Samurai', 'Seven Samurai (1954)']);
    const byPrice = (await (await api('so=price')).json()) as Page<CollectionEntryDto>;
    expect(byPrice.items.map((e) => [e.price, e.currency])).toEqual([
      ['25.00', 'USD'],
      ['23.00', 'EUR'],
      ['250.00', 'SEK'],
      [null, null],
    ]);
    // A forged price key (not a plain decimal number) is a 400, never a failing cast.
    const forged = Buffer.from(JSON.stringify(['price', '1e5', 1])).toString('base64url');
    expect((await api(`so=price&cursor=${forged}`)).status).toBe(400);
    const bad = await api('so=value');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String) });

    // A movies collection: words and years find movies; a format finds none.
    const watched = await createCollection(actor, { name: 'Films to search', category: 'movies' }, h.db);
    if (!watched.ok) throw new Error('collection not created');
    for (const movie of ['findFilm001', 'findFilm002'])
      await addEntry(
        actor,
        { collection: watched.collection.public_id, item: { type: 'movie', publicId: movie } },
        h.db,
      );
    const movieNames = async (q: string) =>
      (await listEntries(actor, { publicId: watched.collection.public_id, q }, h.db))!.items.map((e) => e.movie!.name);
    expect(await movieNames('thing')).toEqual(['The Thing']);
    expect(await movieNames('(1954)')).toEqual(['Seven Samurai']);
    expect(await movieNames('samurai [4k]')).toEqual([]);

    // The name order follows a release or movie renamed after it was added (the key each entry
    // keeps is carried over), and holds for an entry written outside the data layer.
    await h.db.execute(
      sql`UPDATE releases SET name = 'Shichinin no samurai', name_key = ${titleKey('Shichinin no samurai')}
          WHERE public_id = 'findRel0002'`,
    );
    expect(await names(null, 'name')).toEqual([
      'Alien: 40th Anniversary Edition',
      'Seven Samurai',
      'Shichinin no samurai',
      'The Thing',
    ]);
    expect(await walk(null, 'name')).toEqual(await names(null, 'name'));
    const filmNames = async () =>
      (await listEntries(actor, { publicId: watched.collection.public_id, so: 'name' }, h.db))!.items.map(
        (e) => e.movie!.name,
      );
    expect(await filmNames()).toEqual(['Seven Samurai', 'The Thing']);
    await h.db.execute(
      sql`UPDATE movies SET name = 'Alien', title_key = ${titleKey('Alien')} WHERE public_id = 'findFilm001'`,
    );
    expect(await filmNames()).toEqual(['Alien', 'The Thing']);
    await h.db.execute(
      sql`INSERT INTO collection_entries (collection_id, movie_id)
          SELECT c.id, m.id FROM collections c, movies m
          WHERE c.public_id = ${watched.collection.public_id} AND m.public_id = 'findFilm003'`,
    );
    expect(await filmNames()).toEqual(['Alien', 'Alien', 'The Thing']);
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

  it('an entry moves (or is copied) to another of its owner’s collections with its fields; counters follow', async () => {
    const { actor, cookie } = await member();
    const other = await member();
    const have0 = (await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts ?? {};
    // WANTED makes the wanted shortcut list; the owned list is made by hand (HAVE's shortcut).
    await setToggle(actor, { kind: 'wanted', item: 'release', publicId: RELEASE, on: true }, h.db);
    const owned = await createCollection(
      actor,
      { name: 'On the shelf', category: 'releases', style: 3, shortcut_default: true },
      h.db,
    );
    const spare = await createCollection(actor, { name: 'Spares', category: 'releases' }, h.db);
    const films = await createCollection(actor, { name: 'Films', category: 'movies' }, h.db);
    if (!owned.ok || !spare.ok || !films.ok) throw new Error('create failed');
    const [wanted] = await queryRows<{ id: number; public_id: string }>(
      h.db,
      sql`SELECT e.id, c.public_id FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          WHERE c.user_id = ${actor.userId} AND c.style = 4`,
    );
    const entryId = Number(wanted.id);
    expect(
      await updateEntry(actor, { entryId, price: '24,90', currency: 'GBP', condition: 6, comment: 'Steelbook' }, h.db),
    ).toMatchObject({ ok: true });

    // Not its owner's: 404, whatever the target; another's collection as target: 404.
    await expect(moveEntry(other.actor, { entryId, collection: owned.collection.public_id }, h.db)).rejects.toThrow(
      'not found',
    );
    await expect(
      moveEntry(actor, { entryId: 99_999_999, collection: owned.collection.public_id }, h.db),
    ).rejects.toThrow('not found');
    const theirs = await createCollection(other.actor, { name: 'Theirs', category: 'releases' }, h.db);
    if (!theirs.ok) throw new Error('create failed');
    await expect(moveEntry(actor, { entryId, collection: theirs.collection.public_id }, h.db)).rejects.toThrow(
      'not found',
    );
    // A movies list cannot take a release; the entry's own list already holds it.
    expect(await moveEntry(actor, { entryId, collection: films.collection.public_id }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'categoryMismatchMovies' },
    });
    expect(await moveEntry(actor, { entryId, collection: wanted.public_id }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'alreadyInCollection' },
    });

    // Bought: wanted → owned. The fields go along; WANTED turns off and HAVE on.
    const moved = await moveEntry(actor, { entryId, collection: owned.collection.public_id }, h.db);
    if (!moved.ok) throw new Error(JSON.stringify(moved.errors));
    expect(moved.collection).toEqual({ public_id: owned.collection.public_id, name: 'On the shelf' });
    expect(moved.entry).toMatchObject({ price: '24.90', currency: 'GBP', condition: 6, comment: 'Steelbook' });
    expect(moved.entry.id).not.toBe(entryId);
    expect(await toggleState(actor, { item: 'release', publicId: RELEASE }, h.db)).toMatchObject({
      counts: { have: (have0.have ?? 0) + 1, wanted: have0.wanted ?? 0 },
      mine: { have: true, wanted: false },
    });
    const count = async (publicId: string) => (await getCollection(actor, publicId, h.db))?.entries_count;
    expect(await count(wanted.public_id)).toBe(0);
    expect(await count(owned.collection.public_id)).toBe(1);

    // A copy keeps the entry where it was; a second copy finds it there already.
    const copied = await moveEntry(
      actor,
      { entryId: moved.entry.id, collection: spare.collection.public_id, copy: true },
      h.db,
    );
    expect(copied).toMatchObject({ ok: true, entry: { price: '24.90', condition: 6 } });
    expect([await count(owned.collection.public_id), await count(spare.collection.public_id)]).toEqual([1, 1]);
    expect(
      await moveEntry(actor, { entryId: moved.entry.id, collection: spare.collection.public_id, copy: true }, h.db),
    ).toEqual({ ok: false, errors: { _form: 'alreadyInCollection' } });

    // The API: the same move by the owner's cookie; a trashed target is not found.
    await setCollectionDeleted(actor, { publicId: spare.collection.public_id, deleted: true }, h.db);
    const move = (body: unknown) =>
      movePost(
        new Request(`${ORIGIN}/api/collections/${owned.collection.public_id}/entries/${moved.entry.id}/move`, {
          method: 'POST',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ publicId: owned.collection.public_id, entryId: String(moved.entry.id) }) },
      );
    expect((await move({ collection: spare.collection.public_id })).status).toBe(404);
    const back = await move({ collection: wanted.public_id });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({
      collection: { public_id: wanted.public_id },
      entry: { price: '24.90', currency: 'GBP', condition: 6 },
    });
    expect(await toggleState(actor, { item: 'release', publicId: RELEASE }, h.db)).toMatchObject({
      mine: { have: false, wanted: true },
    });
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

  it('a new collection from the dialog is created with its entry or not at all', async () => {
    const { actor, cookie } = await member();
    const post = (body: unknown) =>
      dialogPost(
        new Request(`${ORIGIN}/api/me/collection_entries`, {
          method: 'POST',
          headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const names = async () =>
      (
        await queryRows<{ name: string; entries: number }>(
          h.db,
          sql`SELECT c.name, (SELECT count(*)::int FROM collection_entries e WHERE e.collection_id = c.id) AS entries
              FROM collections c WHERE c.user_id = ${actor.userId} ORDER BY c.name`,
        )
      ).map((r) => `${r.name}: ${r.entries}`);
    const before = await names();
    expect(before).toEqual(['Movies I want to see: 0', 'Watched movies: 0']);

    // An entry field the entry refuses: 400 for the field, and no collection.
    const badPrice = await post({ release: RELEASE, collection: 'new', new_name: 'Doomed shelf', price: 'lots' });
    expect(badPrice.status).toBe(400);
    expect(await badPrice.json()).toMatchObject({ fields: { price: 'priceInvalid' } });
    // An item that does not exist: 404, and no collection.
    const unknown = await post({ release: 'noSuchRel01', collection: 'new', new_name: 'Doomed shelf' });
    expect(unknown.status).toBe(404);
    expect(await names()).toEqual(before);
    // The same through the data layer.
    expect(
      await addEntryToNewCollection(
        actor,
        { name: 'Doomed list', item: { type: 'movie', publicId: MOVIE }, condition: 9 },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { condition: 'invalid' } });
    expect(await names()).toEqual(before);

    // Valid entry fields: the collection and its entry, both.
    const ok = await post({ release: RELEASE, collection: 'new', new_name: 'Kept shelf', condition: 6 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ collection: { name: 'Kept shelf', style: 1 }, entry: { condition: 6 } });
    expect(await names()).toEqual(['Kept shelf: 1', 'Movies I want to see: 0', 'Watched movies: 0']);
    const made = await addEntryToNewCollection(
      actor,
      { name: 'Kept list', item: { type: 'movie', publicId: MOVIE }, comment: 'Twice' },
      h.db,
    );
    expect(made).toMatchObject({
      ok: true,
      collection: { name: 'Kept list', category: 'movies', entries_count: 1 },
      entry: { comment: 'Twice' },
    });
    expect(await names()).toEqual(['Kept list: 1', 'Kept shelf: 1', 'Movies I want to see: 0', 'Watched movies: 0']);
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
