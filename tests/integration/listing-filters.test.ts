/**
 * Street-date filters and sort orders of the release and title listings, on a small catalogue of
 * fixture releases (PGlite; PostgreSQL too when TEST_DATABASE_URL is set). The seed's street
 * dates all lie in the past, so the `dr`/`dn` windows are checked here against releases dated
 * relative to today (on the site's calendar, the reference of lib/data/releases.ts), and every sort (spine numbers
 * included) against an independently sorted copy of the fixtures: the documented key, releases without a key last,
 * ties by internal id in the direction of the sort (the keyset order of the listings).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, schema, type DbHandle } from '@/db';
import { GET as releasesList } from '@/app/api/releases/route';
import { GET as titlesList } from '@/app/api/titles/route';
import { fewReleasesOfTypes, todayIso, TYPE_SET_MAX } from '@/lib/data/releases';
import type { Page, ReleaseListItem, TitleListItem } from '@/lib/data/types';
import { RELEASE_PRESETS } from '@/lib/validation/listing';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const DAY_MS = 86_400_000;

/** The calendar date `offset` days from today on the site's calendar, YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  return new Date(Date.parse(`${todayIso()}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** A fixture release: street date as days from today (null: undated) and the other sort keys. */
type Fixture = {
  id: string;
  name: string;
  day: number | null;
  year: number | null;
  cut: number | null;
  /** Minutes after a fixed instant: the `added_desc` key. */
  added: number;
  movie: string;
  approved?: boolean;
};

/** Names, years, cut lengths and catalogue times share values on purpose, so ties are decided by id. */
const RELEASES: Fixture[] = [
  { id: 'dtToday0001', name: 'Kummeli (DVD)', day: 0, year: 1991, cut: null, added: 5, movie: 'dtMovieKumm' },
  { id: 'dtMinus0001', name: 'Alien (Blu-ray)', day: -1, year: 1979, cut: 120, added: 1, movie: 'dtMovieAlie' },
  { id: 'dtPlus00001', name: 'Uuno (VHS)', day: 1, year: 1984, cut: 30, added: 9, movie: 'dtMovieUuno' },
  { id: 'dtPlus00005', name: 'Alien (Blu-ray)', day: 5, year: 1979, cut: 120, added: 3, movie: 'dtMovieAlie' },
  { id: 'dtPlus00007', name: 'Zombi (DVD)', day: 7, year: null, cut: null, added: 3, movie: 'dtMovieZomb' },
  { id: 'dtPlus00008', name: 'Brazil (4K)', day: 8, year: 1985, cut: 600, added: 7, movie: 'dtMovieBraz' },
  { id: 'dtPlus00028', name: 'Brazil (Blu-ray)', day: 28, year: 1985, cut: null, added: 4, movie: 'dtMovieBraz' },
  { id: 'dtPlus00040', name: 'Manhunter (4K)', day: 40, year: 1986, cut: null, added: 2, movie: 'dtMovieManh' },
  { id: 'dtMinus0007', name: 'Brazil (DVD)', day: -7, year: 1985, cut: 30, added: 8, movie: 'dtMovieBraz' },
  { id: 'dtMinus0008', name: 'Kummeli (VHS)', day: -8, year: 1991, cut: 45, added: 5, movie: 'dtMovieKumm' },
  { id: 'dtMinus0028', name: 'Manhunter (DVD)', day: -28, year: 1986, cut: 600, added: 6, movie: 'dtMovieManh' },
  { id: 'dtMinus0090', name: 'Manhunter (VHS)', day: -90, year: 1986, cut: 30, added: 7, movie: 'dtMovieManh' },
  { id: 'dtMinus0200', name: 'Uuno (DVD)', day: -200, year: 1984, cut: null, added: 4, movie: 'dtMovieUuno' },
  { id: 'dtMinus0365', name: 'Zombi (VHS)', day: -365, year: null, cut: 45, added: 0, movie: 'dtMovieZomb' },
  { id: 'dtMinus0366', name: 'Alien (4K)', day: -366, year: 1979, cut: null, added: 10, movie: 'dtMovieAlie' },
  { id: 'dtMinus0400', name: 'Kummeli (Blu-ray)', day: -400, year: 1991, cut: 120, added: 1, movie: 'dtMovieKumm' },
  { id: 'dtUndated01', name: 'Uuno (Blu-ray)', day: null, year: 1984, cut: 30, added: 6, movie: 'dtMovieUuno' },
  { id: 'dtUndated02', name: 'Brazil (VHS)', day: null, year: 1985, cut: null, added: 2, movie: 'dtMovieBraz' },
  // Not approved: never listed, whatever its date.
  {
    id: 'dtHidden002',
    name: 'Alien (DVD)',
    day: 2,
    year: 1979,
    cut: null,
    added: 11,
    movie: 'dtMovieAlie',
    approved: false,
  },
];

/** The films of the fixture releases (titles listing): title key and year. */
/** The dated, approved fixture releases out now (street date today or earlier), newest first. */
const OUT_NOW = [
  'dtToday0001',
  'dtMinus0001',
  'dtMinus0007',
  'dtMinus0008',
  'dtMinus0028',
  'dtMinus0090',
  'dtMinus0200',
  'dtMinus0365',
  'dtMinus0366',
  'dtMinus0400',
];

const MOVIES = [
  { id: 'dtMovieAlie', name: 'Alien', year: 1979 },
  { id: 'dtMovieBraz', name: 'Brazil', year: 1985 },
  { id: 'dtMovieKumm', name: 'Kummeli Kultakuume', year: 1991 },
  { id: 'dtMovieManh', name: 'Manhunter', year: 1986 },
  { id: 'dtMovieUuno', name: 'Uuno Turhapuro', year: 1984 },
  { id: 'dtMovieZomb', name: 'Zombi', year: null },
  // No releases: only in unfiltered title lists.
  { id: 'dtMovieNone', name: 'Aaltoja', year: 2001 },
  { id: 'dtMovieKala', name: 'Kalamari Union', year: 1985 },
];

const ADDED_BASE = Date.UTC(2025, 0, 1);

/** A fixture's spine number (the `spine` key): the film's year within its century, none without a year. */
const spineOf = (r: Fixture): number | null => (r.year === null ? null : r.year % 100);

type ListHandler = (request: Request) => Promise<Response>;

/** Every item of a listing, page by page (small pages, so ties and nulls cross page boundaries). */
async function walk<T extends { public_id: string }>(
  handler: ListHandler,
  query: string,
  limit = 3,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const url: string = `http://localhost/api/x?${query}${query ? '&' : ''}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await handler(new Request(url));
    expect(res.status, url).toBe(200);
    const body = (await res.json()) as Page<T>;
    ids.push(...body.items.map((i) => i.public_id));
    cursor = body.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error(`${query}: more than 50 pages`);
}

/**
 * The fixtures in listing order, sorted here without the production code: by `key` in `dir`,
 * rows without a key after all others, ties (and the keyless rows) by internal id (`dbId` maps a
 * fixture id to it) in `dir`.
 */
function sortedCopy<T extends { id: string }>(
  rows: T[],
  order: { key: (r: T) => string | number | null; dir: 'asc' | 'desc'; dbId: Map<string, number> },
): string[] {
  const { key, dir, dbId } = order;
  const sign = dir === 'asc' ? 1 : -1;
  const byId = (a: T, b: T) => sign * (dbId.get(a.id)! - dbId.get(b.id)!);
  return [...rows]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === null && kb === null) return byId(a, b);
      if (ka === null) return 1;
      if (kb === null) return -1;
      if (ka !== kb) return sign * (ka < kb ? -1 : 1);
      return byId(a, b);
    })
    .map((r) => r.id);
}

describe.each(testEngines())('listing filters and sorts on %s', (engine) => {
  let h: DbHandle;
  let releaseDbId: Map<string, number>;
  let movieDbId: Map<string, number>;
  const listed = RELEASES.filter((r) => r.approved !== false);

  beforeAll(async () => {
    h = await createTestDb(engine);
    const movies = await h.db
      .insert(schema.movies)
      .values(
        MOVIES.map((m) => ({
          publicId: m.id,
          sourceId: `test:${m.id}`,
          name: m.name,
          year: m.year,
          titleKey: m.name.toLowerCase(),
          searchText: m.name.toLowerCase(),
          createdAt: new Date(ADDED_BASE),
        })),
      )
      .returning({ id: schema.movies.id, publicId: schema.movies.publicId });
    movieDbId = new Map(movies.map((m) => [m.publicId, m.id]));
    // Inserted one by one in an order unlike any sort key, so ids decide nothing by accident.
    for (const r of [...RELEASES].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).reverse()) {
      const [row] = await h.db
        .insert(schema.releases)
        .values({
          publicId: r.id,
          sourceId: `test:${r.id}`,
          name: r.name,
          format: 3,
          streetDate: r.day === null ? null : dayFromToday(r.day),
          movieYear: r.year,
          isCut: r.cut !== null,
          cutSeconds: r.cut,
          spineNumber: spineOf(r),
          createdAt: new Date(ADDED_BASE + r.added * 60_000),
          approved: r.approved ?? true,
          nameKey: r.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, ' ')
            .trim(),
          searchText: r.name.toLowerCase(),
        })
        .returning({ id: schema.releases.id });
      await h.db.insert(schema.releaseMovies).values({ releaseId: row.id, movieId: movieDbId.get(r.movie)! });
    }
    const ids = await queryRows<{ id: number; public_id: string }>(h.db, sql`SELECT id, public_id FROM releases`);
    releaseDbId = new Map(ids.map((r) => [r.public_id, r.id]));
    useAsProcessDb(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("today is the site's calendar day (Helsinki by default), not UTC's", () => {
    // 22:30 UTC on 29 November is already 00:30 on the 30th in Helsinki.
    const lateEvening = new Date('2026-11-29T22:30:00Z');
    expect(todayIso(lateEvening)).toBe('2026-11-30');
    expect(todayIso(lateEvening, 'UTC')).toBe('2026-11-29');
    expect(todayIso(new Date('2026-11-29T21:59:00Z'))).toBe('2026-11-29');
  });

  describe('street date (dr, dn) counted from today', () => {
    // Expected lists are written out: past = up to and including today, future = after today,
    // dn = a window of that many days back (past) or ahead (future), both ends included.
    it.each([
      ['dr=past&so=date_desc', OUT_NOW],
      ['dr=past&dn=7&so=date_desc', ['dtToday0001', 'dtMinus0001', 'dtMinus0007']],
      ['dr=past&dn=28&so=date_desc', ['dtToday0001', 'dtMinus0001', 'dtMinus0007', 'dtMinus0008', 'dtMinus0028']],
      [
        'dr=past&dn=90&so=date_desc',
        ['dtToday0001', 'dtMinus0001', 'dtMinus0007', 'dtMinus0008', 'dtMinus0028', 'dtMinus0090'],
      ],
      [
        'dr=past&dn=365&so=date_desc',
        [
          'dtToday0001',
          'dtMinus0001',
          'dtMinus0007',
          'dtMinus0008',
          'dtMinus0028',
          'dtMinus0090',
          'dtMinus0200',
          'dtMinus0365',
        ],
      ],
      [
        'dn=365&so=date_desc',
        [
          'dtToday0001',
          'dtMinus0001',
          'dtMinus0007',
          'dtMinus0008',
          'dtMinus0028',
          'dtMinus0090',
          'dtMinus0200',
          'dtMinus0365',
        ],
      ],
      [
        'dr=future&so=date_asc',
        ['dtPlus00001', 'dtPlus00005', 'dtPlus00007', 'dtPlus00008', 'dtPlus00028', 'dtPlus00040'],
      ],
      ['dr=future&dn=7&so=date_asc', ['dtPlus00001', 'dtPlus00005', 'dtPlus00007']],
      ['dr=future&dn=28&so=date_asc', ['dtPlus00001', 'dtPlus00005', 'dtPlus00007', 'dtPlus00008', 'dtPlus00028']],
      [
        'dr=future&dn=90&so=date_asc',
        ['dtPlus00001', 'dtPlus00005', 'dtPlus00007', 'dtPlus00008', 'dtPlus00028', 'dtPlus00040'],
      ],
    ])('/api/releases?%s lists exactly its releases', async (query, expected) => {
      expect(await walk<ReleaseListItem>(releasesList, query)).toEqual(expected);
    });

    it('the out_now and upcoming presets list exactly the past and the future releases', async () => {
      const preset = (name: 'out_now' | 'upcoming') => new URLSearchParams(RELEASE_PRESETS[name]).toString();
      expect(await walk<ReleaseListItem>(releasesList, preset('upcoming'))).toEqual([
        'dtPlus00001',
        'dtPlus00005',
        'dtPlus00007',
        'dtPlus00008',
        'dtPlus00028',
        'dtPlus00040',
      ]);
      expect(await walk<ReleaseListItem>(releasesList, preset('out_now'))).toEqual(OUT_NOW);
    });

    it('titles: those with a release in the window', async () => {
      const titles = async (query: string) => (await walk<TitleListItem>(titlesList, `${query}&so=name`)).sort();
      expect(await titles('dr=future')).toEqual([
        'dtMovieAlie',
        'dtMovieBraz',
        'dtMovieManh',
        'dtMovieUuno',
        'dtMovieZomb',
      ]);
      expect(await titles('dr=future&dn=7')).toEqual(['dtMovieAlie', 'dtMovieUuno', 'dtMovieZomb']);
      expect(await titles('dr=past&dn=7')).toEqual(['dtMovieAlie', 'dtMovieBraz', 'dtMovieKumm']);
      expect(await titles('dr=past&dn=365')).toEqual([
        'dtMovieAlie',
        'dtMovieBraz',
        'dtMovieKumm',
        'dtMovieManh',
        'dtMovieUuno',
        'dtMovieZomb',
      ]);
    });
  });

  describe('release sorts', () => {
    const dateKey = (r: Fixture) => (r.day === null ? null : dayFromToday(r.day));
    it.each([
      [
        'name',
        (r: Fixture) =>
          r.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, ' ')
            .trim(),
        'asc',
      ],
      ['year_desc', (r: Fixture) => r.year, 'desc'],
      ['cut_desc', (r: Fixture) => r.cut, 'desc'],
      ['added_desc', (r: Fixture) => r.added, 'desc'],
      ['date_desc', dateKey, 'desc'],
      ['date_asc', dateKey, 'asc'],
      ['spine', spineOf, 'asc'],
    ] as const)('so=%s: every approved release in the documented order, ties by id', async (so, key, dir) => {
      const expected = sortedCopy(listed, { key, dir, dbId: releaseDbId });
      expect(await walk<ReleaseListItem>(releasesList, `so=${so}`)).toEqual(expected);
      // One page of everything gives the same order as the walk across pages.
      expect(await walk<ReleaseListItem>(releasesList, `so=${so}`, 100)).toEqual(expected);
    });

    it('the fixtures really have ties and gaps in every sort key', () => {
      const keys: ((r: Fixture) => string | number | null)[] = [
        (r) => r.name,
        (r) => r.year,
        (r) => r.cut,
        (r) => r.added,
        spineOf,
      ];
      for (const key of keys) {
        const values = listed.map((r) => key(r)).filter((v) => v !== null);
        expect(new Set(values).size).toBeLessThan(values.length);
      }
      expect(
        listed.some((r) => r.year === null) && listed.some((r) => r.cut === null) && listed.some((r) => r.day === null),
      ).toBe(true);
    });
  });

  describe('title type filters of releases', () => {
    const dateKey = (r: Fixture) => (r.day === null ? null : dayFromToday(r.day));
    const ofMovies = (movies: string[]) => listed.filter((r) => movies.includes(r.movie));
    const setType = (movies: string[], type: number) =>
      h.db.execute(sql`UPDATE movies SET type = ${type} WHERE public_id IN ${movies}`);

    it('tv_series and tv_episode list the releases of those titles in every sort, films the rest', async () => {
      await setType(['dtMovieBraz'], 2);
      await setType(['dtMovieUuno'], 5);
      try {
        expect(await fewReleasesOfTypes(h.db, ['tv_series'])).toHaveLength(ofMovies(['dtMovieBraz']).length);
        expect(await fewReleasesOfTypes(h.db, ['movie', 'tv_series'])).toBeNull();
        for (const [fi, movies] of [
          ['tv_series', ['dtMovieBraz']],
          ['tv_episode', ['dtMovieUuno']],
          ['tv_series,tv_episode', ['dtMovieBraz', 'dtMovieUuno']],
          ['movie', ['dtMovieAlie', 'dtMovieKumm', 'dtMovieManh', 'dtMovieZomb']],
        ] as const) {
          const rows = ofMovies([...movies]);
          expect(await walk<ReleaseListItem>(releasesList, `fi=${fi}`), fi).toEqual(
            sortedCopy(rows, { key: dateKey, dir: 'desc', dbId: releaseDbId }),
          );
          expect(await walk<ReleaseListItem>(releasesList, `fi=${fi}&so=added_desc`), fi).toEqual(
            sortedCopy(rows, { key: (r) => r.added, dir: 'desc', dbId: releaseDbId }),
          );
        }
      } finally {
        await setType(['dtMovieBraz', 'dtMovieUuno'], 1);
      }
    });

    it('more releases of a type than the set holds: each release is tested for the type instead', async () => {
      // TYPE_SET_MAX + 1 episodes, all in one release (as a box set of a season holds them).
      const release = releaseDbId.get('dtMinus0001')!;
      await h.db.execute(
        sql`INSERT INTO movies (public_id, source_id, name, type, title_key, search_text)
            SELECT 'dtEp' || g, 'test:dtEp' || g, 'Episode ' || g, 5, 'episode ' || g, 'episode ' || g
            FROM generate_series(1, ${TYPE_SET_MAX + 1}) g`,
      );
      await h.db.execute(
        sql`INSERT INTO release_movies (release_id, movie_id, position)
            SELECT ${release}, id, row_number() OVER (ORDER BY id) FROM movies WHERE public_id LIKE 'dtEp%'`,
      );
      try {
        expect(await fewReleasesOfTypes(h.db, ['tv_episode'])).toBeNull();
        expect(await walk<ReleaseListItem>(releasesList, 'fi=tv_episode')).toEqual(['dtMinus0001']);
      } finally {
        await h.db.execute(sql`DELETE FROM movies WHERE public_id LIKE 'dtEp%'`);
      }
    });
  });

  describe('title sorts', () => {
    const titles = MOVIES.map((m) => ({ ...m, key: m.name.toLowerCase() }));
    it.each([
      ['name', (m: (typeof titles)[number]) => m.key, 'asc'],
      ['year_desc', (m: (typeof titles)[number]) => m.year, 'desc'],
      ['date_asc', (m: (typeof titles)[number]) => m.year, 'asc'],
    ] as const)('so=%s: every title in the documented order, ties by id', async (so, key, dir) => {
      expect(await walk<TitleListItem>(titlesList, `so=${so}`, 2)).toEqual(
        sortedCopy(titles, { key, dir, dbId: movieDbId }),
      );
    });
  });
});
