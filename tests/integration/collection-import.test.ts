/**
 * Collection import on the seeded catalogue, PGlite and PostgreSQL: the committed messy fixture
 * (tests/fixtures/import/shelf-export.csv, 62 rows a collector's spreadsheet would hold: upper-case,
 * truncated and article-inverted titles, wrong years, 11/12/13-digit codes, bad check digits,
 * missing fields, a broken quote) into a releases collection, and the Letterboxd exports
 * (watched, watchlist) into movies collections, with every row's expected outcome asserted; then
 * the stored report, the pick step, unknown barcodes, counters and value, and the API.
 *
 * The seed carries EANs only for its UK DVD records; the test gives three releases the barcodes
 * of the fixture's UPC rows (a Criterion Blu-ray a 12-digit UPC-A, the Jaws 4K an UPC-A that
 * the file writes without its leading 0, the Blade Runner 4K a 13-digit code starting with 0).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { movies } from '@/db/schema';
import { parseImportFile } from '@/lib/collections/import-parse';
import {
  getImportJob,
  getImportReport,
  importIntoCollection,
  listImports,
  pickCandidate,
  titleKeys,
  type ImportJob,
  type ImportReport,
  type ImportRowOutcome,
} from '@/lib/data/collection-import';
import type { Actor } from '@/lib/auth/actor';
import {
  createCollection,
  exportCollection,
  listEntries,
  setCollectionDeleted,
  updateEntry,
  type CollectionEntryDto,
} from '@/lib/data/collections';
import { collectionJson, entriesCsv } from '@/lib/collections/export';
import { collectionValue } from '@/lib/data/collection-values';
import { toEuros } from '@/lib/collections/rates';
import { toggleState } from '@/lib/data/toggles';
import { deleteAccount } from '@/lib/data/users';
import { POST as importPost, GET as importsGet } from '@/app/api/collections/[publicId]/imports/route';
import { GET as reportGet } from '@/app/api/collections/[publicId]/imports/[importId]/route';
import { POST as pickPost } from '@/app/api/collections/[publicId]/imports/[importId]/picks/route';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const FIXTURES = path.resolve('tests/fixtures/import');
/** A fixture file parsed; `{{IN_30_DAYS}}` stands for the date 30 days from now (a future purchase date). */
const read = (name: string) => {
  const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return parseImportFile(
    name,
    fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('{{IN_30_DAYS}}', inThirtyDays),
  );
};

/** Expected outcome of a row: status, reason, and the matched item's name and format (or the linked movie, or the candidate count). */
type Expect = {
  status: ImportRowOutcome['status'];
  reason?: ImportRowOutcome['reason'];
  item?: string;
  format?: number;
  barcode?: ImportRowOutcome['barcode_status'];
  movie?: string;
  candidates?: number;
  warnings?: string[];
};

const B = 1; // Blu-ray
const V = 2; // VHS
const D = 3; // DVD
const K = 7; // 4K UHD

/** shelf-export.csv line by line (line 1 is the header). */
const SHELF: Record<number, Expect> = {
  2: { status: 'matched', item: 'Grand Illusion', format: B },
  3: { status: 'matched', item: 'Seven Samurai', format: B }, // upper case, "BD", "29,90", 14.2.2023
  4: { status: 'matched', item: 'Seven Samurai (1954)', format: K },
  5: { status: 'matched', item: 'The Graduate', format: B }, // "Graduate, The", year off by one
  6: { status: 'matched', item: 'The Honeymoon Killers', format: B },
  7: { status: 'matched', item: 'M', format: B }, // one letter, year decides between M (1931) and M (1951)
  8: { status: 'matched', item: 'Stranger Than Paradise', format: B },
  9: { status: 'matched', item: 'Jeanne Dielman, 23, quai du Commerce, 1080 Bruxelles', format: B }, // punctuation missing
  10: { status: 'matched', item: 'Anatomy of a Murder', format: B }, // truncated title
  11: { status: 'matched', item: 'Fantastic Mr. Fox', format: B },
  12: { status: 'ambiguous', reason: 'several_releases', movie: 'Rome, Open City', candidates: 2 }, // single disc and the War Trilogy box
  13: { status: 'matched', item: 'Godzilla: The Showa-Era Films', format: B }, // only in the box set
  14: { status: 'matched', item: 'The Incredible Shrinking Man', format: B },
  15: { status: 'matched', item: 'Chungking Express', format: B },
  16: { status: 'matched', item: 'Ran', format: B },
  17: { status: 'matched', item: 'Rashomon', format: B }, // 1951 for 1950
  18: { status: 'matched', item: 'In the Mood for Love', format: B },
  19: { status: 'ambiguous', reason: 'several_releases', movie: 'In the Mood for Love', candidates: 2 },
  20: { status: 'matched', item: 'Night of the Living Dead', format: B },
  21: { status: 'matched', item: 'Garden State', format: D, barcode: 'matched' },
  22: { status: 'matched', item: 'Mr. Deeds', format: D, barcode: 'matched' }, // no title, spaced barcode
  23: { status: 'matched', item: 'Orange County', format: D, barcode: 'matched' },
  24: { status: 'matched', item: 'The Rescuers', format: D, barcode: 'invalid_check_digit' }, // rejected barcode, title still matches
  25: { status: 'matched', item: 'Stewart Francis Live - Tour de Francis', format: D, barcode: 'matched' },
  26: { status: 'matched', item: 'Shadows', format: B, barcode: 'matched' }, // 12-digit UPC-A
  27: { status: 'matched', item: 'Jaws: 45th Anniversary Edition', format: K, barcode: 'matched' }, // 11-digit UPC without its leading 0
  28: { status: 'matched', item: 'Blade Runner: The Final Cut', format: K, barcode: 'matched' }, // 13 digits with a leading 0
  29: { status: 'unmatched', reason: 'barcode_unknown', barcode: 'unknown', movie: 'Suspiria', candidates: 2 },
  30: { status: 'unmatched', reason: 'barcode_unknown', barcode: 'unknown', movie: 'Heat', candidates: 2 }, // unknown 11-digit UPC
  31: { status: 'unmatched', reason: 'barcode_unknown', barcode: 'unknown', movie: 'Maniac Cop 2', candidates: 0 },
  32: {
    status: 'ambiguous',
    reason: 'several_releases',
    barcode: 'invalid_check_digit',
    movie: 'Inception',
    candidates: 3,
  },
  33: { status: 'matched', item: 'Vertigo (single film release)', format: K, barcode: 'invalid_format' }, // "12345"
  34: { status: 'ambiguous', reason: 'several_releases', movie: 'Inception', candidates: 3 },
  35: { status: 'unmatched', reason: 'no_release', movie: 'The Fog' }, // the 4K steelbook is Carpenter's 1980 film, not the 2005 remake
  36: { status: 'ambiguous', reason: 'several_releases', movie: 'Parasite', candidates: 3 },
  37: { status: 'matched', item: 'Predator', format: V }, // no year: Predator (1987) and The Predator (2018), one VHS
  38: { status: 'unmatched', reason: 'no_release_of_format', movie: 'Predator' },
  39: { status: 'ambiguous', reason: 'several_releases', candidates: 4 }, // Halloween without a year: two of 1978, 2018, the trilogy
  40: { status: 'ambiguous', reason: 'several_releases', movie: 'Halloween', candidates: 2 }, // Lionsgate's and Shout's 4K
  41: { status: 'matched', item: 'RoboCop', format: V },
  42: { status: 'matched', item: 'The Evil Dead', format: V },
  43: { status: 'matched', reason: 'already_in_collection', item: 'The Evil Dead', format: V }, // the same tape again
  44: { status: 'matched', item: 'Kuolleet ja haudatut', format: V }, // the Finnish title of Dead & Buried
  45: { status: 'matched', item: 'Koston kruunajaiset', format: V }, // "videokasetti"
  46: { status: 'matched', item: 'Bloodsport', format: V },
  47: { status: 'matched', item: 'Braddock: Missing in Action III', format: V },
  48: { status: 'matched', item: 'Maniac Cop', format: V },
  49: { status: 'matched', item: 'Blown Away', format: V }, // MGM's tape of the 1994 film (disc record)
  50: { status: 'unmatched', reason: 'title_not_found' },
  51: { status: 'unmatched', reason: 'year_mismatch', candidates: 1 }, // Grand Illusion is from 1937
  52: { status: 'unmatched', reason: 'no_title' },
  53: { status: 'ambiguous', reason: 'several_releases', movie: 'Akira', candidates: 2 },
  54: { status: 'matched', item: 'Akira (3-Disc Limited Edition)', format: K },
  55: { status: 'ambiguous', reason: 'several_releases', movie: 'Taxi Driver', candidates: 2 },
  56: { status: 'ambiguous', reason: 'several_releases', movie: 'The Texas Chain Saw Massacre', candidates: 6 }, // "… Mass": six 4K of the 1974 film
  57: { status: 'matched', reason: 'already_in_collection', item: 'Seven Samurai', format: B },
  58: { status: 'unmatched', reason: 'unreadable' }, // unclosed quote
  59: { status: 'matched', item: 'Dead & Buried (1981) (wide release)', format: K },
  60: { status: 'matched', item: 'RoboCop', format: B, warnings: ['price', 'condition', 'date'] },
  61: { status: 'ambiguous', reason: 'several_releases', movie: 'Psycho', candidates: 2 }, // the single film and the Psycho Collection
  62: { status: 'matched', item: 'The Thing (1982)', format: K, warnings: ['date'] }, // a date in the future is left out
  63: { status: 'unmatched', reason: 'no_release_of_format', movie: 'Vertigo' },
};

const WATCHED: Record<number, Expect> = {
  2: { status: 'matched', item: 'Grand Illusion' },
  3: { status: 'matched', item: 'Seven Samurai' },
  4: { status: 'matched', item: 'Treasure Island' }, // 1950 of nine Treasure Islands
  5: { status: 'ambiguous', reason: 'several_movies', candidates: 2 }, // two from 1972
  6: { status: 'matched', item: 'Halloween' },
  7: { status: 'matched', item: 'Parasite' },
  8: { status: 'matched', item: 'The Thing' },
  9: { status: 'matched', item: 'Jeanne Dielman, 23, quai du Commerce, 1080 Bruxelles' },
  10: { status: 'matched', item: 'Rashomon' },
  11: { status: 'matched', item: 'Everything Everywhere All at Once' },
  12: { status: 'unmatched', reason: 'title_not_found' },
  13: { status: 'ambiguous', reason: 'several_movies', candidates: 2 }, // 1993: Blown Away 1992 and 1994 are both a year off
  14: { status: 'matched', item: 'Heat' },
  15: { status: 'matched', item: 'M' },
};

const WATCHLIST: Record<number, Expect> = {
  2: { status: 'matched', item: 'Suspiria' },
  3: { status: 'matched', item: 'Shadows' },
  4: { status: 'matched', item: 'The Fog' },
  5: { status: 'matched', item: 'Psycho' },
  6: { status: 'matched', item: 'Inception' },
  7: { status: 'matched', item: 'Dead & Buried' }, // by its Finnish name
  8: { status: 'unmatched', reason: 'title_not_found' },
};

function expectRows(report: ImportReport, expected: Record<number, Expect>) {
  expect(report.rows.map((r) => r.line)).toEqual(Object.keys(expected).map(Number));
  for (const row of report.rows) {
    const e = expected[row.line];
    const got = {
      status: row.status,
      reason: row.reason,
      item: row.item?.name,
      format: row.item?.format ?? undefined,
      barcode: row.barcode_status,
      movie: row.movie?.name,
      candidates: row.candidates.length,
      warnings: row.warnings.map((w) => w.field),
    };
    const want = {
      status: e.status,
      reason: e.reason ?? null,
      item: e.item,
      format: e.format,
      barcode: e.barcode ?? 'none',
      // A matched row may name its movie or not; any other row links exactly the expected one.
      movie: e.status === 'matched' ? got.movie : e.movie,
      candidates: e.candidates ?? 0,
      warnings: e.warnings ?? [],
    };
    expect({ line: row.line, ...got }).toEqual({ line: row.line, ...want });
  }
}

describe('title keys of import rows', () => {
  it('drop bracketed notes, edition and format words, and articles', () => {
    expect(titleKeys('Alien (Director’s Cut) [Blu-ray]')).toEqual(['alien directors cut blu ray', 'alien']);
    expect(titleKeys('The Texas Chain Saw Massacre - 40th Anniversary Edition')).toContain('texas chain saw massacre');
    expect(titleKeys('Inception (Steelbook)')).toEqual(['inception steelbook', 'inception']);
    expect(titleKeys('Ran')).toEqual(['ran']);
  });
});

describe.each(testEngines())('collection import on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  const member = () => registerMember(h.db, { label: 'Importer', n: ++n });
  const releasesCollection = async (actor: Awaited<ReturnType<typeof member>>['actor'], name = 'Shelf') => {
    const c = await createCollection(actor, { name, category: 'releases', style: 3 }, h.db);
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    return c.collection.public_id;
  };

  /** Polls an import job until it is done or failed (the API runs it after its response). */
  const waitForImport = async (actor: Actor, collection: string, importId: string) => {
    for (let i = 0; i < 600; i++) {
      const job = await getImportJob(actor, { collection, importId }, h.db);
      if (!job || job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${importId} did not finish`);
  };

  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    await h.db.execute(sql`UPDATE releases SET ean = '0715515012058' WHERE source_id = 'criterion:251'`);
    await h.db.execute(sql`UPDATE releases SET ean = '0025192213571' WHERE name = 'Jaws: 45th Anniversary Edition'`);
    await h.db.execute(sql`UPDATE releases SET ean = '0883929674213' WHERE name = 'Blade Runner: The Final Cut'`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('matches every row of the messy shelf export as expected and adds the matched ones with their fields', async () => {
    const { actor } = await member();
    const shelf = await releasesCollection(actor);
    const r = await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    expectRows(r.report, SHELF);
    expect(r.report.counts).toEqual({
      rows: 62,
      matched: 41,
      added: 39,
      already: 2,
      ambiguous: 11,
      unmatched: 10,
      unknown_barcodes: 3,
    });
    expect(r.report.unknown_columns).toEqual(['Shelf']);
    expect(r.report.rows.find((x) => x.line === 58)?.problem).toMatch(/quote/i);

    const entries = await listEntries(actor, { publicId: shelf, cursor: null, limit: 100 }, h.db);
    expect(entries?.items).toHaveLength(39);
    const byName = (name: string) => entries?.items.find((e) => e.release?.name === name);
    expect(byName('Grand Illusion')).toMatchObject({
      price: '24.95',
      currency: 'EUR',
      condition: 1,
      acquired_on: '2023-01-14',
      comment: 'Criterion spine 1',
    });
    expect(byName('Seven Samurai')).toMatchObject({
      price: '29.90',
      currency: 'EUR',
      condition: 2,
      acquired_on: '2023-02-14',
    });
    expect(byName('Fantastic Mr. Fox')).toMatchObject({ price: '15.00', currency: 'GBP' });
    expect(byName('The Incredible Shrinking Man')).toMatchObject({ price: '39.95', currency: 'USD', condition: 3 });
    expect(byName('Bloodsport')).toMatchObject({ condition: 4 });
    expect(byName('RoboCop')?.release?.format ?? null).not.toBeNull();
    const value = await collectionValue(actor, shelf, h.db);
    // 24.95 + 29.90 + 39.99 + 5.00 + 3 + 19.99 euros, 15 GBP and 39.95 USD at the stated rates; one snapshot for the import.
    const total = 24.95 + 29.9 + 39.99 + 5 + 3 + 19.99 + toEuros(15, 'GBP') + toEuros(39.95, 'USD');
    expect(value).toMatchObject({ priced_count: 8, entries_count: 39 });
    expect(Number(value?.total_eur)).toBeCloseTo(total, 1);
    expect(value?.history).toHaveLength(1);
  });

  it('imports its own CSV and JSON exports back as the same items with the same fields', async () => {
    const { actor } = await member();
    const shelf = await releasesCollection(actor);
    await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    await updateEntry(
      actor,
      {
        entryId: (await listEntries(actor, { publicId: shelf, cursor: null, limit: 1 }, h.db))?.items[0].id ?? 0,
        comment: 'Kommentti',
        comment_language: 'fi',
        watched_method: 'disc',
        price: '12.00',
        currency: 'SEK',
      },
      h.db,
    );
    const exported = await exportCollection(actor, shelf, h.db);
    if (!exported) throw new Error('export');
    const fields = (items: CollectionEntryDto[] | undefined) =>
      new Map(
        (items ?? []).map((e) => [
          e.release?.public_id,
          [e.price, e.currency, e.condition, e.acquired_on, e.comment, e.comment_language, e.watched_method],
        ]),
      );
    const original = fields(exported.entries);
    expect(original.size).toBe(39);
    for (const [name, text] of [
      ['copy.csv', entriesCsv(exported.entries)],
      ['copy.json', collectionJson(exported.collection, exported.entries)],
    ]) {
      const copy = await releasesCollection(actor, name);
      const r = await importIntoCollection(
        actor,
        { collection: copy, fileName: name, parsed: parseImportFile(name, text) },
        h.db,
      );
      if (!r.ok) throw new Error(r.error);
      expect(r.report.counts).toMatchObject({ rows: 39, matched: 39, added: 39, ambiguous: 0, unmatched: 0 });
      expect(r.report.rows.every((x) => x.warnings.length === 0)).toBe(true);
      expect(fields((await listEntries(actor, { publicId: copy, cursor: null, limit: 100 }, h.db))?.items)).toEqual(
        original,
      );
    }
  });

  it('keeps unknown barcodes with title and format for moderation, once per user and code, until the account is deleted', async () => {
    const { actor } = await member();
    const shelf = await releasesCollection(actor);
    await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    const rows = await queryRows<{ ean: string; title: string; format: number }>(
      h.db,
      sql`SELECT ean, title, format FROM unknown_barcodes WHERE user_id = ${actor.userId} ORDER BY ean`,
    );
    expect(rows.map((x) => ({ ...x, format: Number(x.format) }))).toEqual([
      { ean: '0024543675433', title: 'Heat', format: K },
      { ean: '0760137123453', title: 'Suspiria', format: K },
      { ean: '6416548001128', title: 'Maniac Cop 2', format: V },
    ]);
    // Deleting the account takes its import reports and the unknown barcodes of its imports along.
    expect(await deleteAccount(actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    const left = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT (SELECT count(*) FROM unknown_barcodes WHERE user_id = ${actor.userId})
          + (SELECT count(*) FROM collection_imports WHERE user_id = ${actor.userId}) AS n`,
    );
    expect(Number(left[0].n)).toBe(0);
  });

  it('imports a second time without adding anything twice', async () => {
    const { actor } = await member();
    const shelf = await releasesCollection(actor);
    await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    const again = await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    if (!again.ok) throw new Error(again.error);
    expect(again.report.counts).toMatchObject({ matched: 41, added: 0, already: 41 });
    expect((await listEntries(actor, { publicId: shelf, cursor: null, limit: 100 }, h.db))?.items).toHaveLength(39);
  });

  it('imports a Letterboxd watched export into the watched list, moving the seen counters', async () => {
    const { actor } = await member();
    const lists = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM collections WHERE user_id = ${actor.userId} AND style = 2 AND shortcut_default`,
    );
    const parsed = read('letterboxd/watched.csv');
    expect(parsed).toMatchObject({ kind: 'letterboxd', letterboxdList: 'watched' });
    const r = await importIntoCollection(
      actor,
      { collection: lists[0].public_id, fileName: 'watched.csv', parsed },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    expectRows(r.report, WATCHED);
    expect(r.report.counts).toMatchObject({ rows: 14, matched: 11, added: 11, ambiguous: 2, unmatched: 1 });
    const rashomon = r.report.rows.find((x) => x.line === 10)?.item;
    expect(await toggleState(actor, { item: 'movie', publicId: rashomon?.public_id ?? '' }, h.db)).toMatchObject({
      counts: { seen: 1 },
      mine: { seen: true },
    });
    expect(
      (await listEntries(actor, { publicId: lists[0].public_id, cursor: null, limit: 100 }, h.db))?.items[0],
    ).toMatchObject({ acquired_on: expect.stringMatching(/^2024-01-/) });
  });

  it('imports a Letterboxd watchlist into a movies collection, and refuses one into a releases collection', async () => {
    const { actor } = await member();
    const c = await createCollection(actor, { name: 'To see', category: 'movies', style: 6 }, h.db);
    if (!c.ok) throw new Error('collection');
    const parsed = read('letterboxd/watchlist.csv');
    expect(parsed.letterboxdList).toBe('watchlist');
    const r = await importIntoCollection(
      actor,
      { collection: c.collection.public_id, fileName: 'watchlist.csv', parsed },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    expectRows(r.report, WATCHLIST);
    expect(
      await importIntoCollection(
        actor,
        { collection: await releasesCollection(actor), fileName: 'watchlist.csv', parsed },
        h.db,
      ),
    ).toEqual({ ok: false, error: 'letterboxdNeedsMovies' });
  });

  it('matches release rows to movies in a movies collection', async () => {
    const { actor } = await member();
    const c = await createCollection(actor, { name: 'Seen', category: 'movies' }, h.db);
    if (!c.ok) throw new Error('collection');
    const parsed = parseImportFile(
      'seen.csv',
      'title;year;format;ean\nGarden State;;DVD;5017180816203\nRome Open City;1945;Blu-ray;\nPredator;;VHS;\n',
    );
    const r = await importIntoCollection(
      actor,
      { collection: c.collection.public_id, fileName: 'seen.csv', parsed },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.report.rows.map((x) => [x.status, x.item?.type, x.item?.name, x.reason])).toEqual([
      ['matched', 'movie', 'Garden State', null], // the release's movie, by barcode
      ['matched', 'movie', 'Rome, Open City', null], // one movie, however many releases
      ['ambiguous', undefined, undefined, 'several_movies'], // Predator (1987) or The Predator (2018)
    ]);
  });

  it("reads a disc row's year after its film's as the disc's: the film of a release of that year, else the latest before it", async () => {
    const { actor } = await member();
    // The seed holds one Casablanca, the 1942 film; its two TV series (1955, 1983) join it here.
    await h.db.insert(movies).values([
      { publicId: 'casaTv1955a', name: 'Casablanca', titleKey: 'casablanca', year: 1955, type: 2 },
      { publicId: 'casaTv1983a', name: 'Casablanca', titleKey: 'casablanca', year: 1983, type: 2 },
    ]);
    const run = async (category: 'movies' | 'releases', csv: string) => {
      const c = await createCollection(actor, { name: `Disc years ${category}`, category }, h.db);
      if (!c.ok) throw new Error('collection');
      const parsed = parseImportFile('shelf.csv', csv);
      const r = await importIntoCollection(
        actor,
        { collection: c.collection.public_id, fileName: 'shelf.csv', parsed },
        h.db,
      );
      if (!r.ok) throw new Error(r.error);
      const named = (x: ImportRowOutcome['item']) => (x ? `${x.name} (${x.year ?? '-'})` : null);
      return r.report.rows.map((x) => [x.status, x.reason, named(x.item ?? x.movie), x.item?.format ?? null]);
    };
    expect(
      await run(
        'releases',
        [
          'title,year,format',
          'Casablanca,2022,4K', // the 1942 film's 80th anniversary 4K of 2022
          'Casablanca,2008,Blu-ray', // the 1942 film, not the 1983 TV series; no Blu-ray of it in the catalogue
          'Halloween,2021,4K', // the 1978 film's Collector's Edition of 2021, not the 2018 film (the latest before 2021)
          'Godzilla,2019,4K', // the 1998 film's 4K of 2019, not the 2014 film
          'The Mummy,2008,Blu-ray', // the 1999 film: the latest before 2008 (not 1932, not 2017); no release of it
          'Casablanca,1990,4K', // no 4K disc is from 1990: a film year, and no film is of it
          'Grand Illusion,1950,DVD', // no DVD is from 1950
        ].join('\n'),
      ),
    ).toEqual([
      ['matched', null, 'Casablanca (80th anniversary) (2022)', 7],
      ['unmatched', 'no_release_of_format', 'Casablanca (1942)', null],
      ['matched', null, "Halloween: Collector's Edition (2021)", 7],
      ['matched', null, 'Godzilla (1998) (2019)', 7],
      ['unmatched', 'no_release', 'The Mummy (1999)', null],
      ['unmatched', 'year_mismatch', null, null],
      ['unmatched', 'year_mismatch', null, null],
    ]);
    expect(
      await run(
        'movies',
        [
          'title;year;format',
          'Casablanca;2008;Blu-ray', // a disc: the 1942 film
          'Casablanca;2008;', // no disc named: 2008 is the film's year, and no Casablanca is of it
          'The Mummy;2008;Blu-ray',
          'Godzilla;2019;4K',
        ].join('\n'),
      ),
    ).toEqual([
      ['matched', null, 'Casablanca (1942)', null],
      ['unmatched', 'year_mismatch', null, null],
      ['matched', null, 'The Mummy (1999)', null],
      ['matched', null, 'Godzilla (1998)', null],
    ]);
  });

  it('stores the report for its owner only; the owner picks a candidate of an ambiguous row', async () => {
    const { actor } = await member();
    const { actor: other } = await member();
    const shelf = await releasesCollection(actor);
    const r = await importIntoCollection(
      actor,
      { collection: shelf, fileName: 'shelf-export.csv', parsed: read('shelf-export.csv') },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    const id = r.report.public_id;
    expect((await getImportReport(actor, { collection: shelf, importId: id }, h.db))?.rows).toHaveLength(62);
    expect(await getImportReport(other, { collection: shelf, importId: id }, h.db)).toBeNull();
    expect(
      await getImportReport(actor, { collection: await releasesCollection(actor, 'Other shelf'), importId: id }, h.db),
    ).toBeNull(); // another collection's path
    expect(
      (await listImports(actor, shelf, h.db))?.map((i) => [i.public_id, i.file_name, i.status, i.counts?.added]),
    ).toEqual([[id, 'shelf-export.csv', 'done', 39]]);

    const row = r.report.rows.find((x) => x.line === 36) as ImportRowOutcome; // Parasite 4K
    await expect(
      pickCandidate(other, { collection: shelf, importId: id, line: 36, item: row.candidates[1].public_id }, h.db),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
    expect(
      await pickCandidate(actor, { collection: shelf, importId: id, line: 36, item: 'notACandidat' }, h.db),
    ).toEqual({ ok: false, error: 'notACandidate' });
    const picked = await pickCandidate(
      actor,
      { collection: shelf, importId: id, line: 36, item: row.candidates[1].public_id },
      h.db,
    );
    if (!picked.ok) throw new Error(picked.error);
    expect(picked.row).toMatchObject({
      status: 'matched',
      reason: 'picked',
      added: true,
      item: { public_id: row.candidates[1].public_id },
    });
    expect(picked.counts).toMatchObject({ matched: 42, added: 40, ambiguous: 10 });
    expect(
      await pickCandidate(
        actor,
        { collection: shelf, importId: id, line: 36, item: row.candidates[0].public_id },
        h.db,
      ),
    ).toEqual({ ok: false, error: 'alreadyResolved' });
    expect(
      (await getImportReport(actor, { collection: shelf, importId: id }, h.db))?.rows.find((x) => x.line === 36)
        ?.status,
    ).toBe('matched');
    // A suggestion of an unmatched row can be picked too: the Suspiria whose barcode is unknown.
    const suspiria = r.report.rows.find((x) => x.line === 29) as ImportRowOutcome;
    const p2 = await pickCandidate(
      actor,
      { collection: shelf, importId: id, line: 29, item: suspiria.candidates[0].public_id },
      h.db,
    );
    expect(p2.ok && p2.row.entry).toMatchObject({
      price: '45.00',
      currency: 'EUR',
      condition: 1,
      comment: 'Synapse 3-disc',
    });
    expect((await listEntries(actor, { publicId: shelf, cursor: null, limit: 100 }, h.db))?.items).toHaveLength(41);
  });

  it('refuses an empty file, too many rows, another user’s collection and one in the trash', async () => {
    const { actor } = await member();
    const { actor: other } = await member();
    const shelf = await releasesCollection(actor);
    await expect(
      importIntoCollection(other, { collection: shelf, fileName: 'a.csv', parsed: read('shelf-export.csv') }, h.db),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
    expect(
      await importIntoCollection(
        actor,
        { collection: shelf, fileName: 'a.csv', parsed: parseImportFile('a.csv', 'title,year\n') },
        h.db,
      ),
    ).toEqual({ ok: false, error: 'emptyFile' });
    const big = parseImportFile('big.csv', `title\n${'Ran\n'.repeat(5001)}`);
    expect(await importIntoCollection(actor, { collection: shelf, fileName: 'big.csv', parsed: big }, h.db)).toEqual({
      ok: false,
      error: 'tooManyRows',
      params: { max: 5000, rows: 5001 },
    });
    expect((await listEntries(actor, { publicId: shelf, cursor: null, limit: 10 }, h.db))?.items).toHaveLength(0);
    // A collection in the trash takes no import until it is restored.
    await setCollectionDeleted(actor, { publicId: shelf, deleted: true }, h.db);
    await expect(
      importIntoCollection(
        actor,
        { collection: shelf, fileName: 'a.csv', parsed: parseImportFile('a.csv', 'title,year\nRan,1985\n') },
        h.db,
      ),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  describe('API', () => {
    const ORIGIN = 'http://localhost';
    const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
    /** Posts `file` (none: an empty form) to the import route of `publicId`, from `origin`. */
    const upload = (
      cookie: string,
      publicId: string,
      { file, origin = ORIGIN }: { file: File | null; origin?: string },
    ) => {
      const form = new FormData();
      if (file) form.set('file', file);
      return importPost(
        new Request(`${ORIGIN}/api/collections/${publicId}/imports`, {
          method: 'POST',
          headers: { cookie, origin },
          body: form,
        }),
        ctx({ publicId }),
      );
    };

    it('uploads a file, answers the report, lists imports, reads the report and takes a pick', async () => {
      const { actor, cookie } = await member();
      const shelf = await releasesCollection(actor);
      const text = fs.readFileSync(path.join(FIXTURES, 'shelf-export.csv'), 'utf8');
      const res = await upload(cookie, shelf, { file: new File([text], 'shelf-export.csv', { type: 'text/csv' }) });
      expect(res.status).toBe(202);
      const job = (await res.json()) as ImportJob;
      expect(job).toMatchObject({ file_name: 'shelf-export.csv', status: 'queued', rows_total: 62, counts: null });
      expect(await waitForImport(actor, shelf, job.public_id)).toMatchObject({ status: 'done', rows_done: 62 });
      const report = (await getImportReport(actor, { collection: shelf, importId: job.public_id }, h.db))!;
      expect(report.counts).toMatchObject({ rows: 62, added: 39 });
      expect(JSON.stringify(report)).not.toMatch(/@example\.fi|argon2/);

      const list = await importsGet(
        new Request(`${ORIGIN}/api/collections/${shelf}/imports`, { headers: { cookie } }),
        ctx({ publicId: shelf }),
      );
      expect(((await list.json()) as { items: { public_id: string }[] }).items.map((i) => i.public_id)).toEqual([
        report.public_id,
      ]);
      const got = await reportGet(
        new Request(`${ORIGIN}/api/collections/${shelf}/imports/${report.public_id}`, { headers: { cookie } }),
        ctx({ publicId: shelf, importId: report.public_id }),
      );
      expect(((await got.json()) as ImportReport).rows).toHaveLength(62);

      const row = report.rows.find((x) => x.line === 55) as ImportRowOutcome;
      const pickReq = (body: unknown) =>
        pickPost(
          new Request(`${ORIGIN}/api/collections/${shelf}/imports/${report.public_id}/picks`, {
            method: 'POST',
            headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
          ctx({ publicId: shelf, importId: report.public_id }),
        );
      const pick = await pickReq({ line: 55, item: row.candidates[1].public_id });
      expect(pick.status).toBe(200);
      expect(await pick.json()).toMatchObject({ row: { line: 55, status: 'matched', reason: 'picked' } });
      const again = await pickReq({ line: 55, item: row.candidates[0].public_id });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'This row has already been imported', code: 'import_resolved' });
      const bad = await pickReq({ line: 'x' });
      expect(bad.status).toBe(400);
    });

    it('answers 400 with a JSON error for bad uploads, 401 without a session, 404 for another user’s collection', async () => {
      const { actor, cookie } = await member();
      const { cookie: otherCookie } = await member();
      const shelf = await releasesCollection(actor);
      const noFile = await upload(cookie, shelf, { file: null });
      expect([noFile.status, await noFile.json()]).toEqual([
        400,
        { error: 'Choose a file to import', code: 'import_no_file', key: 'importNoFile', params: {} },
      ]);
      const letterboxd = await upload(cookie, shelf, {
        file: new File([fs.readFileSync(path.join(FIXTURES, 'letterboxd/watched.csv'))], 'watched.csv'),
      });
      expect([letterboxd.status, await letterboxd.json()]).toEqual([
        400,
        {
          error: 'A Letterboxd export lists movies: import it into a movies collection',
          code: 'import_letterboxd_movies',
          key: 'importLetterboxdMovies',
          params: {},
        },
      ]);
      const huge = await upload(cookie, shelf, {
        file: new File(['title\n', 'x'.repeat(5 * 1024 * 1024)], 'huge.csv'),
      });
      expect([huge.status, await huge.json()]).toEqual([
        413,
        {
          error: 'The file is larger than 5 MB: split it into smaller files',
          code: 'import_too_large',
          key: 'importTooLarge',
          params: { mb: 5 },
        },
      ]);
      const binary = await upload(cookie, shelf, {
        file: new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x14, 0x00])], 'shelf.zip'),
      });
      expect([binary.status, await binary.json()]).toMatchObject([
        400,
        { error: 'The file is not a text file: import CSV, JSON or JSON Lines', key: 'importNotText' },
      ]);
      expect((await upload('', shelf, { file: new File(['title\nRan'], 'a.csv') })).status).toBe(401);
      expect((await upload(otherCookie, shelf, { file: new File(['title\nRan'], 'a.csv') })).status).toBe(404);
      expect(
        (await upload(cookie, shelf, { file: new File(['title\nRan'], 'a.csv'), origin: 'https://evil.example' }))
          .status,
      ).toBe(403);
      const other = await reportGet(
        new Request(`${ORIGIN}/api/collections/${shelf}/imports/nope`, { headers: { cookie: otherCookie } }),
        ctx({ publicId: shelf, importId: 'nope' }),
      );
      expect(other.status).toBe(404);
    });
  });
});
