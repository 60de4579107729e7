/**
 * Scanning at the shop: a barcode's releases with the viewer's own lists (GET /api/barcodes/{code},
 * lib/data/scan.ts lookupBarcode) and a member's barcode list for the phone's offline copy
 * (GET /api/me/barcodes, memberBarcodes), on PGlite and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db';
import { GET as barcodeGet } from '@/app/api/barcodes/[code]/route';
import { GET as meBarcodesGet } from '@/app/api/me/barcodes/route';
import { addEntry, createCollection } from '@/lib/data/collections';
import { lookupBarcode, memberBarcodes } from '@/lib/data/scan';
import { setToggle } from '@/lib/data/toggles';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { apiRequest, insertCatalogue } from '../support/community';
import { registerMember, type Member } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

/** EAN-13s with valid check digits; a UPC-A release is stored as its EAN-13 (a leading 0). */
const EAN_A = '6417832001237';
const EAN_B = '5051892199995';
const UPC_C = '025192354786';
const EAN_UNKNOWN = '6401234567897';

const CATALOGUE = {
  movies: [
    { publicId: 'scan-movie1', name: 'Scan Film', titleKey: 'scan film', year: 1984 },
    { publicId: 'scan-movie2', name: 'Other Scan Film', titleKey: 'other scan film', year: 1999 },
  ],
  releases: [
    {
      publicId: 'scan-a',
      name: 'Scan Film (Blu-ray)',
      format: 1,
      nameKey: 'scan film bluray',
      ean: EAN_A,
      releaseYear: 2020,
      movies: ['scan-movie1'],
    },
    {
      publicId: 'scan-b',
      name: 'Scan Film (4K UHD)',
      format: 7,
      nameKey: 'scan film 4k',
      ean: EAN_B,
      movies: ['scan-movie1'],
    },
    {
      publicId: 'scan-c',
      name: 'Other Scan Film (DVD)',
      format: 3,
      nameKey: 'other scan film dvd',
      ean: `0${UPC_C}`,
      movies: ['scan-movie2'],
    },
    // Awaiting approval: no scan finds it.
    {
      publicId: 'scan-d',
      name: 'Scan Film (VHS)',
      format: 2,
      nameKey: 'scan film vhs',
      ean: EAN_UNKNOWN,
      approved: false,
      movies: ['scan-movie1'],
    },
    // No barcode: never in the offline list.
    { publicId: 'scan-e', name: 'Scan Film (DVD)', format: 3, nameKey: 'scan film dvd', movies: ['scan-movie1'] },
  ],
};

describe.each(testEngines())('scanning barcodes on %s', (engine) => {
  let h: DbHandle;
  let member: Member;
  let other: Member;
  let privateList: string;

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await insertCatalogue(h.db, CATALOGUE);
    member = await registerMember(h.db, { label: 'Scanner', n: 1 });
    other = await registerMember(h.db, { label: 'Scanner', n: 2 });
    await setToggle(member.actor, { kind: 'have', item: 'release', publicId: 'scan-a', on: true }, h.db);
    await setToggle(member.actor, { kind: 'wanted', item: 'release', publicId: 'scan-b', on: true }, h.db);
    await setToggle(member.actor, { kind: 'have', item: 'release', publicId: 'scan-e', on: true }, h.db);
    const created = await createCollection(
      member.actor,
      {
        name: 'Shelf for trading',
        description: null,
        visibility: 'private',
        category: 'releases',
        style: 7,
        shortcut_default: false,
      },
      h.db,
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    privateList = created.collection.public_id;
    const added = await addEntry(
      member.actor,
      { collection: privateList, item: { type: 'release', publicId: 'scan-a' } },
      h.db,
    );
    if (!added.ok) throw new Error(JSON.stringify(added.errors));
    await setToggle(other.actor, { kind: 'have', item: 'release', publicId: 'scan-c', on: true }, h.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers a barcode with its releases and the member's own lists holding each", async () => {
    const found = await lookupBarcode(member.actor, EAN_A, h.db);
    expect(found.ean).toBe(EAN_A);
    expect(found.releases.map((r) => r.public_id)).toEqual(['scan-a']);
    const mine = found.releases[0]!.mine!;
    expect({ have: mine.have, wanted: mine.wanted }).toEqual({ have: true, wanted: false });
    expect(mine.lists.map((l) => [l.style, l.name])).toEqual([
      [3, expect.any(String)],
      [7, 'Shelf for trading'],
    ]);
    expect(found.releases[0]!.movies.map((m) => m.public_id)).toEqual(['scan-movie1']);

    const wanted = await lookupBarcode(member.actor, EAN_B, h.db);
    expect(wanted.releases[0]!.mine).toMatchObject({ have: false, wanted: true });
    // Someone else's HAVE is not the member's.
    const others = await lookupBarcode(member.actor, UPC_C, h.db);
    expect(others.releases[0]!.mine).toEqual({ have: false, wanted: false, lists: [] });
  });

  it('reads a UPC-A, an 11-digit UPC and spaced digits as one EAN-13; visitors get no lists', async () => {
    for (const code of [UPC_C, UPC_C.slice(1), `0 ${UPC_C.slice(0, 6)} ${UPC_C.slice(6)}`]) {
      const found = await lookupBarcode(null, code, h.db);
      expect(found.ean, code).toBe(`0${UPC_C}`);
      expect(found.releases.map((r) => [r.public_id, r.mine])).toEqual([['scan-c', null]]);
    }
  });

  it('answers an unknown barcode (or one of an unapproved release) with no releases', async () => {
    expect(await lookupBarcode(member.actor, EAN_UNKNOWN, h.db)).toEqual({ ean: EAN_UNKNOWN, releases: [] });
  });

  it('GET /api/barcodes/{code}: 200 with the lists for the session, 400 with the coded barcode errors', async () => {
    const call = (code: string, cookie?: string) =>
      barcodeGet(apiRequest('GET', `/api/barcodes/${code}`, { cookie }), { params: Promise.resolve({ code }) });
    const res = await call(EAN_A, member.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ean: string; releases: { public_id: string; mine: { have: boolean } }[] };
    expect(body.releases.map((r) => [r.public_id, r.mine.have])).toEqual([['scan-a', true]]);

    const visitor = (await (await call(EAN_A)).json()) as { releases: { mine: unknown }[] };
    expect(visitor.releases[0]!.mine).toBeNull();

    const short = await call('12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'barcode_format' });
    const wrong = await call('6417832001230');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'barcode_check_digit',
      error: 'Invalid barcode 6417832001230: wrong check digit 0, the check digit should be 7',
    });
  });

  it("the member's barcode list: every release with a barcode in their lists, HAVE / WANTED and lists, theirs only", async () => {
    const list = await memberBarcodes(member.actor, h.db);
    expect(list.user).toBe(member.actor.publicId);
    expect(Date.parse(list.read_at)).not.toBeNaN();
    const byId = Object.fromEntries(list.releases.map((r) => [r.public_id, r]));
    expect(Object.keys(byId).sort()).toEqual(['scan-a', 'scan-b']);
    expect(byId['scan-a']).toMatchObject({ ean: EAN_A, format: 1, release_year: 2020, have: true, wanted: false });
    expect(byId['scan-a']!.lists.map((l) => l.public_id)).toContain(privateList);
    expect(byId['scan-b']).toMatchObject({ ean: EAN_B, have: false, wanted: true });

    const theirs = await memberBarcodes(other.actor, h.db);
    expect(theirs.releases.map((r) => r.public_id)).toEqual(['scan-c']);
    await expect(memberBarcodes(null, h.db)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('GET /api/me/barcodes: the list for the session, 401 without one', async () => {
    const res = await meBarcodesGet(apiRequest('GET', '/api/me/barcodes', { cookie: member.cookie }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: string; releases: { ean: string }[] };
    expect(body.user).toBe(member.actor.publicId);
    expect(body.releases.map((r) => r.ean).sort()).toEqual([EAN_B, EAN_A].sort());
    const visitor = await meBarcodesGet(apiRequest('GET', '/api/me/barcodes'), { params: Promise.resolve({}) });
    expect(visitor.status).toBe(401);
  });

  it('a release removed from the lists leaves the barcode list', async () => {
    await setToggle(member.actor, { kind: 'wanted', item: 'release', publicId: 'scan-b', on: false }, h.db);
    const list = await memberBarcodes(member.actor, h.db);
    expect(list.releases.map((r) => r.public_id)).toEqual(['scan-a']);
  });
});
