/**
 * JSON API contract: the route handlers' GET functions called directly with
 * `new Request(...)` against the seeded database (PGlite; PostgreSQL too when TEST_DATABASE_URL
 * is set), plus a few fixture rows (tests/integration/api-fixtures.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as titlesList } from '@/app/api/titles/route';
import { GET as titleItem } from '@/app/api/titles/[publicId]/route';
import { GET as releasesList } from '@/app/api/releases/route';
import { GET as releaseItem } from '@/app/api/releases/[publicId]/route';
import { GET as personsList } from '@/app/api/persons/route';
import { GET as personItem } from '@/app/api/persons/[publicId]/route';
import { GET as labelsList } from '@/app/api/labels/route';
import { GET as labelItem } from '@/app/api/labels/[publicId]/route';
import { GET as companiesList } from '@/app/api/production_companies/route';
import { GET as companyItem } from '@/app/api/production_companies/[publicId]/route';
import { GET as search } from '@/app/api/search/route';
import { GET as labelsView } from '@/app/api/labels_view/route';
import { GET as health } from '@/app/api/health/route';
import { GET as version } from '@/app/version.json/route';
import { APP_VERSION } from '@/lib/version';
import type {
  LabelDetail,
  LabelListItem,
  Page,
  PersonDetail,
  ReleaseDetail,
  ReleaseListItem,
  SearchPage,
  SearchResult,
  TitleDetail,
  TitleListItem,
} from '@/lib/data/types';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { count, FIX, insertFixtures, useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const SERVER_ERROR = 'Something went wrong but it is not your fault. Please try again later or use the contact form';

type ListHandler = (request: Request) => Promise<Response>;
type ItemHandler = (request: Request, context: { params: Promise<{ publicId: string }> }) => Promise<Response>;

async function get<T>(handler: ListHandler, path: string): Promise<{ status: number; body: T }> {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, body: (await res.json()) as T };
}

async function getItem<T>(handler: ItemHandler, path: string, publicId: string): Promise<{ status: number; body: T }> {
  const res = await handler(new Request(`http://localhost${path}`), { params: Promise.resolve({ publicId }) });
  return { status: res.status, body: (await res.json()) as T };
}

/** Every page of a list, following next_cursor. */
async function walk<T>(handler: ListHandler, path: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const url: string = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body } = await get<Page<T>>(handler, url);
    expect(status, url).toBe(200);
    pages.push(body.items);
    cursor = body.next_cursor;
  } while (cursor && pages.length < 200);
  return pages;
}

const q = encodeURIComponent;

describe.each(testEngines())('JSON API on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    await insertFixtures(h.db);
    useAsProcessDb(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('list contract', () => {
    it('GET /api/releases: items with the list fields and a next_cursor', async () => {
      const { status, body } = await get<Page<ReleaseListItem>>(releasesList, '/api/releases');
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['items', 'next_cursor']);
      expect(body.items).toHaveLength(24);
      expect(typeof body.next_cursor).toBe('string');
      for (const item of body.items) {
        for (const key of [
          'public_id',
          'source_id',
          'name',
          'format',
          'label',
          'spine_id',
          'street_date',
          'release_year',
          'ean',
          'movies',
        ])
          expect(item).toHaveProperty(key);
        expect(item.movies.length).toBeGreaterThan(0);
        for (const m of item.movies) expect(Object.keys(m).sort()).toEqual(['name', 'public_id', 'year']);
      }
      // Default sort: street date, newest first.
      const dates = body.items.map((i) => i.street_date).filter((d): d is string => d !== null);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it.each([
      ['/api/titles', titlesList],
      ['/api/persons', personsList],
      ['/api/labels', labelsList],
      ['/api/production_companies', companiesList],
    ] as const)('GET %s: items with public_id and source_id', async (path, handler) => {
      const { status, body } = await get<Page<{ public_id: string; source_id: string | null }>>(
        handler,
        `${path}?limit=5`,
      );
      expect(status).toBe(200);
      expect(body.items.length).toBeGreaterThan(0);
      for (const item of body.items) {
        expect(typeof item.public_id).toBe('string');
        expect(item).toHaveProperty('source_id');
      }
    });

    it('labels_view: every label with its count of approved releases', async () => {
      const { status, body } = await get<{ items: LabelListItem[] }>(labelsView, '/api/labels_view');
      expect(status).toBe(200);
      const criterion = body.items.find((l) => l.name === 'The Criterion Collection');
      expect(criterion).toBeDefined();
      const byLabel = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r JOIN labels l ON l.id = r.label_id WHERE l.name = 'The Criterion Collection' AND r.approved`,
      );
      expect(criterion!.release_count).toBe(byLabel);
      expect(criterion!.release_count).toBeGreaterThan(1200);
      // The same count as the label's release list, page by page.
      const pages = await walk<ReleaseListItem>(releasesList, `/api/releases?label=${criterion!.public_id}`, 100);
      expect(pages.flat()).toHaveLength(criterion!.release_count);
      const total = body.items.reduce((a, l) => a + l.release_count, 0);
      expect(total).toBe(
        await count(h.db, sql`SELECT count(*)::int AS n FROM releases WHERE approved AND label_id IS NOT NULL`),
      );
      expect(body.items.every((l) => l.release_count > 0)).toBe(true);
    });
  });

  describe("a label's search through cast and crew", () => {
    it("a label's search also finds its releases of the films credited to the persons the words name, page after page", async () => {
      const { body: labels } = await get<{ items: LabelListItem[] }>(labelsView, '/api/labels_view');
      const criterion = labels.items.find((l) => l.name === 'The Criterion Collection')!;
      // Counted independently: the label's releases named after Kurosawa, and those holding a
      // film he (or another Kurosawa) is credited on.
      const label = sql`(SELECT id FROM labels WHERE public_id = ${criterion.public_id})`;
      const named = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r WHERE r.label_id = ${label} AND r.approved
              AND r.search_text LIKE '%kurosawa%'`,
      );
      const expected = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r WHERE r.label_id = ${label} AND r.approved
              AND (r.search_text LIKE '%kurosawa%' OR EXISTS (
                SELECT 1 FROM release_movies rm JOIN credits c ON c.movie_id = rm.movie_id
                JOIN persons p ON p.id = c.person_id
                WHERE rm.release_id = r.id AND p.search_text LIKE '%kurosawa%'))`,
      );
      expect(expected).toBeGreaterThan(named + 10);
      const path = `/api/releases?label=${criterion.public_id}&q=kurosawa&so=name`;
      const first = await get<SearchPage<ReleaseListItem>>(releasesList, `${path}&limit=5`);
      expect(first.status).toBe(200);
      expect(first.body.credited?.[0]).toMatchObject({ name: 'Akira Kurosawa' });
      const pages = await walk<ReleaseListItem>(releasesList, path, 5);
      const all = pages.flat();
      expect(all).toHaveLength(expected);
      expect(new Set(all.map((r) => r.public_id)).size).toBe(expected);
      expect(all.every((r) => r.label?.public_id === criterion.public_id)).toBe(true);
      expect(all.map((r) => r.name)).toEqual(
        expect.arrayContaining(['Seven Samurai', "Akira Kurosawa's Dreams (1990)"]),
      );
      // A format in the words still narrows them.
      const dvd = await get<SearchPage<ReleaseListItem>>(
        releasesList,
        `/api/releases?label=${criterion.public_id}&q=${q('kurosawa [dvd]')}&limit=100`,
      );
      expect(dvd.body.credited).toBeDefined();
      expect(dvd.body.items.length).toBeLessThan(expected);
      expect(dvd.body.items.every((r) => r.format === 3)).toBe(true);
    });

    it('only on a label, and only when the words name a person with films there', async () => {
      const { body: labels } = await get<{ items: LabelListItem[] }>(labelsView, '/api/labels_view');
      const criterion = labels.items.find((l) => l.name === 'The Criterion Collection')!;
      const all = await get<SearchPage<ReleaseListItem>>(releasesList, '/api/releases?q=kurosawa');
      expect(all.body.credited).toBeUndefined();
      const titleOnly = await get<SearchPage<ReleaseListItem>>(
        releasesList,
        `/api/releases?label=${criterion.public_id}&q=${q('seven samurai')}`,
      );
      expect(titleOnly.body.items.length).toBeGreaterThan(0);
      expect(titleOnly.body.credited).toBeUndefined();
      const nobody = await get<SearchPage<ReleaseListItem>>(
        releasesList,
        `/api/releases?label=${criterion.public_id}&q=zzqqxx`,
      );
      expect(nobody.body).toMatchObject({ items: [], next_cursor: null });
      expect(nobody.body.credited).toBeUndefined();
    });
  });

  describe('cursor pagination', () => {
    it('page 2 differs from page 1', async () => {
      const p1 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?limit=10');
      const p2 = await get<Page<ReleaseListItem>>(
        releasesList,
        `/api/releases?limit=10&cursor=${q(p1.body.next_cursor!)}`,
      );
      expect(p2.status).toBe(200);
      const ids1 = new Set(p1.body.items.map((i) => i.public_id));
      expect(p2.body.items).toHaveLength(10);
      expect(p2.body.items.some((i) => ids1.has(i.public_id))).toBe(false);
    });

    it.each(['date_desc', 'date_asc', 'name', 'year_desc', 'cut_desc', 'added_desc'])(
      'so=%s walks every release of a filter once, across null sort keys',
      async (so) => {
        // VHS + DVD: Finnish videotapes (no street date, one without cut length) and filmbrainz DVDs.
        const pages = await walk<ReleaseListItem>(releasesList, `/api/releases?fo=2,3,4&so=${so}`, 4);
        const ids = pages.flat().map((i) => i.public_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(
          await count(h.db, sql`SELECT count(*)::int AS n FROM releases WHERE approved AND format IN (2, 3, 4)`),
        );
        expect(pages.length).toBeGreaterThan(2);
      },
    );

    it.each(['date_desc', 'date_asc', 'year_desc', 'added_desc'])(
      'so=%s: UK releases (dated and undated) in order, each once',
      async (so) => {
        const pages = await walk<ReleaseListItem>(releasesList, `/api/releases?co=2&so=${so}`, 25);
        const items = pages.flat();
        expect(items.length).toBe(
          await count(h.db, sql`SELECT count(*)::int AS n FROM releases WHERE approved AND country = 2`),
        );
        expect(new Set(items.map((i) => i.public_id)).size).toBe(items.length);
        if (so.startsWith('date')) {
          const dates = items.map((i) => i.street_date);
          const firstNull = dates.indexOf(null);
          expect(firstNull).toBeGreaterThan(25);
          expect(dates.slice(firstNull).every((d) => d === null)).toBe(true);
          const known = dates.slice(0, firstNull) as string[];
          expect(known).toEqual(so === 'date_desc' ? [...known].sort().reverse() : [...known].sort());
        }
      },
    );

    it('walks a larger title list by name without duplicates, in name order', async () => {
      const pages = await walk<TitleListItem>(titlesList, `/api/titles?q=${q('night')}&so=name`, 50);
      const items = pages.flat();
      expect(items.length).toBeGreaterThan(100);
      expect(new Set(items.map((i) => i.public_id)).size).toBe(items.length);
      // The documented key (the folded title key), ties by internal id, sorted here from the rows.
      const rows = await queryRows<{ public_id: string; title_key: string; id: number }>(
        h.db,
        sql`SELECT public_id, title_key, id FROM movies WHERE public_id IN (${sql.join(
          items.map((i) => sql`${i.public_id}`),
          sql`, `,
        )})`,
      );
      const expected = rows
        .sort((a, b) => (a.title_key < b.title_key ? -1 : a.title_key > b.title_key ? 1 : a.id - b.id))
        .map((r) => r.public_id);
      expect(items.map((i) => i.public_id)).toEqual(expected);
    });

    it('persons and labels paginate too', async () => {
      for (const [handler, path] of [
        [personsList, `/api/persons?q=${q('john')}`],
        [labelsList, '/api/labels'],
      ] as const) {
        const pages = await walk<{ public_id: string }>(handler, path, 20);
        const ids = pages.flat().map((i) => i.public_id);
        expect(pages.length).toBeGreaterThan(1);
        expect(new Set(ids).size).toBe(ids.length);
      }
    });

    it('a cursor of another sort or a forged cursor is a 400', async () => {
      const p1 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?limit=2');
      const other = await get<{ error: string }>(
        releasesList,
        `/api/releases?so=name&cursor=${q(p1.body.next_cursor!)}`,
      );
      expect(other.status).toBe(400);
      expect(other.body.error).toMatch(/cursor/i);
      const forged = Buffer.from(JSON.stringify(['date_desc', "2020-01-01'; DROP TABLE releases; --", 1])).toString(
        'base64url',
      );
      expect((await get(releasesList, `/api/releases?cursor=${forged}`)).status).toBe(400);
    });
  });

  describe('q', () => {
    it('is accent- and case-insensitive: amelie finds Amélie', async () => {
      for (const text of ['amelie', 'AMÉLIE', 'Amelie!', 'destin d amelie']) {
        const { body } = await get<Page<TitleListItem>>(titlesList, `/api/titles?q=${q(text)}`);
        expect(
          body.items.map((i) => i.name),
          text,
        ).toContain('Amélie');
      }
      const releases = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?q=amelie`);
      expect(releases.body.items.map((i) => i.public_id)).toContain(FIX.amelieRelease);
    });

    it('Title (year) restricts the year', async () => {
      const { body } = await get<Page<TitleListItem>>(titlesList, `/api/titles?q=${q('Alien (1979)')}`);
      expect(body.items.map((i) => i.name)).toContain('Alien');
      expect(body.items.every((i) => i.year === 1979)).toBe(true);
      const other = await get<Page<TitleListItem>>(titlesList, `/api/titles?q=${q('Alien (1986)')}`);
      expect(other.body.items.map((i) => i.name)).not.toContain('Alien');
    });

    it('(year) alone lists that year', async () => {
      const { body } = await get<Page<TitleListItem>>(titlesList, `/api/titles?q=${q('(1955)')}&limit=100`);
      expect(body.items).toHaveLength(100);
      expect(body.items.every((i) => i.year === 1955)).toBe(true);
    });

    it('[4k] and [dvd] restrict release formats', async () => {
      const uhd = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?q=${q('Alien [4k]')}`);
      expect(uhd.body.items.length).toBeGreaterThan(2);
      expect(uhd.body.items.every((i) => i.format === 7 || i.format === 11)).toBe(true);
      expect(uhd.body.items.every((i) => /alien/i.test(i.name))).toBe(true);
      const dvd = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?q=${q('[dvd]')}`);
      expect(dvd.body.items.map((i) => i.name)).toContain('Garden State');
      expect(dvd.body.items.every((i) => i.format === 3 || i.format === 4)).toBe(true);
    });

    it('q works on persons, labels and companies', async () => {
      const persons = await get<Page<{ name: string }>>(personsList, `/api/persons?q=${q('KUBRICK')}`);
      expect(persons.body.items.map((p) => p.name)).toContain('Stanley Kubrick');
      const labels = await get<Page<{ name: string }>>(labelsList, `/api/labels?q=criterion`);
      expect(labels.body.items.map((p) => p.name)).toEqual(['The Criterion Collection']);
      const companies = await get<Page<{ name: string }>>(companiesList, `/api/production_companies?q=ossard`);
      expect(companies.body.items.map((p) => p.name)).toEqual(['Claudie Ossard Productions']);
    });
  });

  describe('release lookups', () => {
    it('EAN-13, UPC-A and 11-digit UPC find the same release', async () => {
      for (const code of [FIX.upc.ean13, FIX.upc.upcA, FIX.upc.upc11]) {
        const { status, body } = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?ean=${code}`);
        expect(status).toBe(200);
        expect(
          body.items.map((i) => i.public_id),
          code,
        ).toEqual([FIX.upcRelease]);
        expect(body.items[0].ean).toBe(FIX.upc.ean13);
      }
      const seed = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?ean=5017180816203');
      expect(seed.body.items.map((i) => i.name)).toEqual(['Garden State']);
    });

    it('a wrong check digit is a 400 with a clear message', async () => {
      const { status, body } = await get<{ error: string }>(releasesList, '/api/releases?ean=5017180816204');
      expect(status).toBe(400);
      expect(body.error).toBe('Invalid barcode 5017180816204: wrong check digit 4, the check digit should be 3');
    });

    it('label and spine find a Criterion spine', async () => {
      const labels = await get<Page<LabelListItem>>(labelsList, `/api/labels?q=criterion`);
      const label = labels.body.items[0].public_id;
      const { body } = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?label=${label}&spine=1`);
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        spine_id: 1,
        label: { public_id: label, name: 'The Criterion Collection' },
      });
    });
  });

  describe('filters', () => {
    it('Finnish censorship preset: cut, country 4, cut length descending', async () => {
      const { body } = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?fi=cut&co=4&so=cut_desc');
      expect(body.items.length).toBe(8);
      expect(body.items.every((i) => i.is_cut && i.country === 4)).toBe(true);
      const secs = body.items.map((i) => i.cut_seconds);
      expect(secs.at(-1)).toBeNull();
      const known = secs.filter((s): s is number => s !== null);
      expect(known).toEqual([...known].sort((a, b) => b - a));
    });

    it('cut duration bands', async () => {
      const over10 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?cd=over10');
      expect(over10.body.items.length).toBeGreaterThan(0);
      expect(over10.body.items.every((i) => (i.cut_seconds ?? 0) > 600)).toBe(true);
      const upto5 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?cd=upto5');
      expect(upto5.body.items.map((i) => i.cut_seconds)).toEqual([240]);
    });

    it('formats and countries', async () => {
      const vhs = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?fo=2&limit=100');
      expect(vhs.body.items.length).toBe(9);
      expect(vhs.body.items.every((i) => i.format === 2)).toBe(true);
      const fin = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?co=4,96&limit=100');
      expect(fin.body.items.every((i) => i.country === 4 || i.country === 96)).toBe(true);
      expect(fin.body.items.map((i) => i.public_id)).toContain(FIX.amelieRelease);
    });

    it('street date: past lists dated releases up to today', async () => {
      // The seed has no release dated after 2024, so the windows (dn) and future dates are checked
      // on fixture releases dated relative to today: tests/integration/listing-filters.test.ts.
      const today = new Date().toISOString().slice(0, 10);
      const past = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?dr=past');
      expect(past.body.items.length).toBe(24);
      expect(past.body.items.every((i) => i.street_date !== null && i.street_date <= today)).toBe(true);
    });

    it('RRP bands in euros, other currencies converted', async () => {
      // 15.00 GBP ≈ 18.09 EUR (ECB rate of 2024-12-31): under 20, not under 10; 120 EUR: over 100.
      const u20 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?pr=u20');
      expect(u20.body.items.map((i) => i.public_id)).toEqual([FIX.amelieRelease]);
      expect((await get<Page<ReleaseListItem>>(releasesList, '/api/releases?pr=u10')).body.items).toEqual([]);
      const o100 = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?pr=o100');
      expect(o100.body.items.map((i) => i.public_id)).toEqual([FIX.upcRelease]);
    });

    it('language: releases by audio or subtitle, titles by spoken language', async () => {
      const fi = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?la=finnish');
      expect(fi.body.items.map((i) => i.public_id)).toEqual([FIX.amelieRelease]);
      const fr = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?la=French&q=amelie');
      expect(fr.body.items.map((i) => i.public_id)).toEqual([FIX.amelieRelease]);
      const titles = await get<Page<TitleListItem>>(titlesList, `/api/titles?la=french&q=amelie`);
      expect(titles.body.items.map((i) => i.public_id)).toEqual([FIX.amelie]);
    });

    it('production companies, videos, reviews and the release filter on titles', async () => {
      const any = await get<Page<TitleListItem>>(titlesList, '/api/titles?pc=any&so=year_desc');
      expect(any.body.items.map((i) => i.public_id)).toEqual([FIX.amelie]);
      const one = await get<Page<TitleListItem>>(titlesList, `/api/titles?pc=${FIX.company}`);
      expect(one.body.items.map((i) => i.public_id)).toEqual([FIX.amelie]);
      const rel = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?pc=${FIX.company}`);
      expect(rel.body.items.map((i) => i.public_id)).toEqual([FIX.amelieRelease]);
      const video = await get<Page<TitleListItem>>(titlesList, '/api/titles?fi=video');
      expect(video.body.items.map((i) => i.public_id)).toEqual([FIX.amelie]);
      expect((await get<Page<TitleListItem>>(titlesList, '/api/titles?fi=reviewed')).body.items).toEqual([]);
      const withRelease = await get<Page<TitleListItem>>(titlesList, '/api/titles?fi=release&limit=100');
      expect(withRelease.body.items.length).toBe(100);
      expect(withRelease.body.items.every((i) => i.release_count > 0)).toBe(true);
      const tv = await get<Page<TitleListItem>>(titlesList, '/api/titles?fi=tv_series');
      expect(tv.body).toEqual({ items: [], next_cursor: null });
    });
  });

  describe('items', () => {
    it('a title with cast/crew and releases', async () => {
      const found = await get<Page<TitleListItem>>(titlesList, `/api/titles?q=${q('The Night of the Hunter (1955)')}`);
      const id = found.body.items[0].public_id;
      const { status, body } = await getItem<TitleDetail>(titleItem, `/api/titles/${id}`, id);
      expect(status).toBe(200);
      expect(body.name).toBe('The Night of the Hunter');
      expect(body.cast_crew.some((c) => c.role === 'director' && c.person.name === 'Charles Laughton')).toBe(true);
      expect(body.releases.length).toBeGreaterThanOrEqual(2);
      expect(body.wikipedia_url).toBe('https://en.wikipedia.org/wiki/The_Night_of_the_Hunter_(film)');
    });

    it('a release with its movies, label and censorship data', async () => {
      const fin = await get<Page<ReleaseListItem>>(releasesList, `/api/releases?co=4&q=${q('Kuolleet ja haudatut')}`);
      const id = fin.body.items[0].public_id;
      const { status, body } = await getItem<ReleaseDetail>(releaseItem, `/api/releases/${id}`, id);
      expect(status).toBe(200);
      expect(body.movies.map((m) => m.name)).toEqual(['Dead & Buried']);
      expect(body.censorship.length).toBeGreaterThan(0);
      expect(body.censorship.some((e) => e.release?.public_id === id)).toBe(true);
      const spine = await get<Page<ReleaseListItem>>(releasesList, '/api/releases?spine=2&q=criterion');
      const crit = await getItem<ReleaseDetail>(releaseItem, '', spine.body.items[0].public_id);
      expect(crit.body.label?.name).toBe('The Criterion Collection');
    });

    it('a person with credits and title refs', async () => {
      const found = await get<Page<{ public_id: string; name: string }>>(
        personsList,
        `/api/persons?q=${q('Stanley Kubrick')}`,
      );
      const id = found.body.items[0].public_id;
      const { body } = await getItem<PersonDetail>(personItem, `/api/persons/${id}`, id);
      expect(body.name).toBe('Stanley Kubrick');
      expect(body.credits.length).toBeGreaterThan(0);
      for (const c of body.credits)
        expect(Object.keys(c.title).sort()).toEqual(['name', 'public_id', 'release_count', 'source_id', 'year']);
      expect(body.credits.some((c) => c.role === 'director' && c.title.name === 'Paths of Glory')).toBe(true);
    });

    it('a label and a production company', async () => {
      const labels = await get<Page<LabelListItem>>(labelsList, `/api/labels?q=criterion`);
      const label = await getItem<LabelDetail>(labelItem, '', labels.body.items[0].public_id);
      expect(label.status).toBe(200);
      expect(label.body).toMatchObject({ name: 'The Criterion Collection', label_groups: expect.any(Array) });
      // Its releases per format group, which add up to its release count.
      const formats = label.body.format_counts;
      expect(formats.map((f) => f.group)).toEqual(expect.arrayContaining(['4k', 'bluray']));
      expect(formats.reduce((t, f) => t + f.count, 0)).toBe(labels.body.items[0].release_count);
      const company = await getItem<{ name: string; movie_count: number; titles: Page<TitleListItem> }>(
        companyItem,
        '',
        FIX.company,
      );
      expect(company.body).toMatchObject({ name: 'Claudie Ossard Productions', movie_count: 1 });
      expect(company.body.titles.items.map((t) => t.public_id)).toEqual([FIX.amelie]);
    });

    it.each([
      ['titles', titleItem],
      ['releases', releaseItem],
      ['persons', personItem],
      ['labels', labelItem],
      ['production_companies', companyItem],
    ] as const)('unknown %s id → 404 JSON', async (resource, handler) => {
      for (const id of ['doesNotExist', 'x'.repeat(80), '../etc']) {
        const { status, body } = await getItem(handler, `/api/${resource}/${id}`, id);
        expect(status).toBe(404);
        expect(body).toEqual({ error: '404 not found' });
      }
    });
  });

  describe('bad parameters → 400, never 500', () => {
    it.each([
      [releasesList, '/api/releases?fo=6'],
      [releasesList, '/api/releases?fo=dvd'],
      [releasesList, '/api/releases?co=1000'],
      [releasesList, '/api/releases?so=best'],
      [releasesList, '/api/releases?spine=abc'],
      [releasesList, '/api/releases?ean=12345'],
      [releasesList, '/api/releases?limit=0'],
      [releasesList, '/api/releases?limit=101'],
      [releasesList, '/api/releases?cursor=not-a-cursor'],
      [releasesList, '/api/releases?cursor=%7B%7D'],
      [releasesList, '/api/releases?dn=3'],
      [releasesList, '/api/releases?pr=cheap'],
      [titlesList, '/api/titles?fi=films'],
      [titlesList, '/api/titles?limit=x'],
      [titlesList, `/api/titles?cursor=${Buffer.from('[1,2]').toString('base64url')}`],
      [titlesList, `/api/titles?q=${'x'.repeat(201)}`],
      [personsList, '/api/persons?limit=1000'],
      [personsList, `/api/persons?cursor=${Buffer.from(JSON.stringify(['name', null, -1])).toString('base64url')}`],
      [labelsList, '/api/labels?cursor=abc'],
      [companiesList, '/api/production_companies?limit=-5'],
      [search, '/api/search'],
      [search, '/api/search?q=%20'],
    ] as const)('%#: %s', async (handler, path) => {
      const { status, body } = await get<{ error: string }>(handler, path);
      expect(status).toBe(400);
      expect(typeof body.error).toBe('string');
      expect(body.error).not.toBe(SERVER_ERROR);
    });

    it('empty parameter values are ignored', async () => {
      const { status, body } = await get<Page<ReleaseListItem>>(
        releasesList,
        '/api/releases?fo=&co=&fi=&so=&q=&limit=3&cursor=',
      );
      expect(status).toBe(200);
      expect(body.items).toHaveLength(3);
    });
  });

  describe('search', () => {
    it('a one-letter query is a complex search', async () => {
      const { status, body } = await get<SearchResult>(search, '/api/search?q=a');
      expect(status).toBe(200);
      expect(body.complex).toBe(true);
      expect(body.movies.length).toBe(8);
    });

    it('groups: up to 8 each, reviews empty, amelie finds Amélie', async () => {
      const { body } = await get<SearchResult>(search, '/api/search?q=amelie');
      expect(body.complex).toBe(false);
      expect(body.movies[0].name).toBe('Amélie');
      expect(body.releases.map((r) => r.public_id)).toContain(FIX.amelieRelease);
      expect(body.reviews).toEqual([]);
      const alien = await get<SearchResult>(search, '/api/search?q=alien');
      expect(alien.body.movies[0].name).toBe('Alien');
      for (const group of [alien.body.movies, alien.body.releases, alien.body.labels, alien.body.persons])
        expect(group.length).toBeLessThanOrEqual(8);
      const kubrick = await get<SearchResult>(search, '/api/search?q=kubrick');
      expect(kubrick.body.persons[0].name).toBe('Stanley Kubrick');
    });

    it('search syntax: (year) and [4k]', async () => {
      const year = await get<SearchResult>(search, `/api/search?q=${q('Alien (1979)')}`);
      expect(year.body.movies.map((m) => m.name)).toContain('Alien');
      expect(year.body.movies.every((m) => m.year === 1979)).toBe(true);
      const uhd = await get<SearchResult>(search, `/api/search?q=${q('alien [4k]')}`);
      expect(uhd.body.releases.length).toBeGreaterThan(0);
      expect(uhd.body.releases.every((r) => r.format === 7 || r.format === 11)).toBe(true);
    });

    it('a person and a title: the titles come through cast and crew, with `credits`; else `credits` is null', async () => {
      const { body } = await get<SearchResult>(search, `/api/search?q=${q('kurosawa samurai')}`);
      expect(body.movies.map((m) => `${m.name} (${m.year})`)).toContain('Seven Samurai (1954)');
      expect(body.credits).toEqual({
        persons: expect.arrayContaining([expect.objectContaining({ name: 'Akira Kurosawa' })]),
        title_words: 'samurai',
      });
      expect((await get<SearchResult>(search, '/api/search?q=amelie')).body.credits).toBeNull();
    });
  });

  describe('unexpected errors', () => {
    it('are logged and answered 500 with the spec text (health 503)', async () => {
      const broken = {
        db: { execute: async () => Promise.reject(new Error('connection lost')) },
        kind: 'pglite',
        location: 'broken',
        close: async () => {},
      };
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      useAsProcessDb(broken as unknown as DbHandle);
      try {
        for (const handler of [releasesList, titlesList, search] as const) {
          const { status, body } = await get<{ error: string }>(handler, '/api/x?q=alien');
          expect(status).toBe(500);
          expect(body).toEqual({ error: SERVER_ERROR, request_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
        }
        const item = await getItem<{ error: string }>(releaseItem, '', 'someId');
        expect(item).toEqual({
          status: 500,
          body: { error: SERVER_ERROR, request_id: expect.stringMatching(/^[0-9a-f]{16}$/) },
        });
        expect((await health()).status).toBe(503);
        expect(spy).toHaveBeenCalled();
        expect(String(spy.mock.calls[0]?.[1])).toContain('connection lost');
      } finally {
        spy.mockRestore();
        useAsProcessDb(h);
      }
      expect((await get(releasesList, '/api/releases?limit=1')).status).toBe(200);
    });
  });

  describe('service routes', () => {
    it('GET /version.json answers the built-in version, not cached', async () => {
      const res = version();
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(await res.json()).toEqual({ version: APP_VERSION });
    });

    it('GET /api/health reports the database', async () => {
      const res = await health();
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', db_latency_ms: expect.any(Number) });
    });
  });
});
