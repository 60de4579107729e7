/**
 * lib/data functions called directly with an explicit database (PGlite; PostgreSQL too when
 * TEST_DATABASE_URL is set): DTO details the API tests do not reach, approval, pictures,
 * related releases, sitemap paging.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, schema, type DbHandle } from '@/db';
import { getRelease, listOtherReleases, listReleases } from '@/lib/data/releases';
import { getTitle, listTitles, wikipediaUrl } from '@/lib/data/movies';
import { getPerson, listPersonReleases, listPersons } from '@/lib/data/persons';
import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import { getLabel, labelFormatCounts, labelHasSpineNumbers, listLabelsView } from '@/lib/data/labels';
import { searchAll, SEARCH_CANDIDATE_LIMIT } from '@/lib/data/search';
import { listSitemapUrls, sitemapIdSpans } from '@/lib/data/sitemap';
import { AppError } from '@/lib/errors';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { count, FIX, insertFixtures } from './api-fixtures';

assertPostgresConfiguredInCi();

describe.each(testEngines())('lib/data on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    await insertFixtures(h.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('title detail: names, company, video thumbnail, Wikipedia link, releases, source ids', async () => {
    const t = await getTitle(FIX.amelie, h.db);
    expect(t).not.toBeNull();
    expect(t).toMatchObject({
      name: 'Amélie',
      original_name: "Le Fabuleux Destin d'Amélie Poulain",
      year: 2001,
      runtime_min: 122,
      wikipedia_url: 'https://en.wikipedia.org/wiki/Am%C3%A9lie',
      production_companies: [{ public_id: FIX.company, name: 'Claudie Ossard Productions' }],
      source_ids: ['test:amelie'],
      cast_crew: [],
    });
    expect(t!.videos).toEqual([
      {
        public_id: 'fixVideo001',
        youtube_id: 'HUECWi5pX7o?t=5',
        type: 1,
        chapter: null,
        thumbnail_url: 'https://img.youtube.com/vi/HUECWi5pX7o/hqdefault.jpg',
      },
    ]);
    expect(t!.releases.map((r) => r.public_id)).toEqual([FIX.amelieRelease]);
    expect(await getTitle('noSuchTitle', h.db)).toBeNull();
  });

  it('wikipediaUrl builds the English Wikipedia address', () => {
    expect(wikipediaUrl('Alien_(film)')).toBe('https://en.wikipedia.org/wiki/Alien_(film)');
    expect(wikipediaUrl(null)).toBeNull();
  });

  it('release detail: every field, RRP as text, default picture, movie poster fallback', async () => {
    const r = await getRelease(FIX.upcRelease, h.db);
    expect(r).toMatchObject({
      ean: FIX.upc.ean13,
      rrp: '120.00',
      rrp_currency: 'EUR',
      picture_url: 'https://example.org/zzyzx-front.jpg',
      format: 3,
      country: 1,
    });
    expect(r!.pictures).toEqual([
      {
        public_id: 'fixPict0001',
        type: 4,
        url: 'https://example.org/zzyzx-front.jpg',
        srcset: null,
        source: null,
        is_default: true,
      },
    ]);
    const a = await getRelease(FIX.amelieRelease, h.db);
    expect(a).toMatchObject({
      audio_tracks: [{ language: 'French', system: 'Dolby Digital 5.1' }],
      subtitles: ['Finnish', 'Swedish'],
      rrp: '15.00',
      picture_url: null,
    });
    const hunter = (await listTitles({ q: 'The Night of the Hunter (1955)' }, { cursor: null, limit: 1 }, h.db))
      .items[0];
    const rel = (await getTitle(hunter.public_id, h.db))!.releases[0];
    expect(rel.picture_url).toBe(hunter.picture_url);
    expect(rel.picture_url).toMatch(/^https:\/\//);
  });

  it('Finnish video release: censorship events of its film in Finland, with the release ref', async () => {
    const page = await listReleases({ co: [4], fi: ['cut'], so: 'cut_desc' }, { cursor: null, limit: 1 }, h.db);
    const r = await getRelease(page.items[0].public_id, h.db);
    expect(r!.is_cut).toBe(true);
    expect(r!.censorship.length).toBeGreaterThan(0);
    expect(r!.censorship.every((e) => e.country === 'FI')).toBe(true);
    expect(r!.censorship.some((e) => e.release?.public_id === r!.public_id)).toBe(true);
    const title = await getTitle(r!.movies[0].public_id, h.db);
    expect(title!.censorship.map((e) => e.source_id)).toEqual(
      expect.arrayContaining(r!.censorship.map((e) => e.source_id)),
    );
  });

  it('unapproved releases are hidden from lists, details and search', async () => {
    await h.db.update(schema.releases).set({ approved: false }).where(eq(schema.releases.publicId, FIX.upcRelease));
    try {
      expect(await getRelease(FIX.upcRelease, h.db)).toBeNull();
      expect((await listReleases({ ean: FIX.upc.ean13 }, { cursor: null, limit: 10 }, h.db)).items).toEqual([]);
      expect((await searchAll('zzyzx', h.db)).releases).toEqual([]);
      expect((await searchAll('zzyzx', h.db)).movies.map((m) => m.public_id)).toEqual([FIX.upcMovie]);
    } finally {
      await h.db.update(schema.releases).set({ approved: true }).where(eq(schema.releases.publicId, FIX.upcRelease));
    }
    expect(await getRelease(FIX.upcRelease, h.db)).not.toBeNull();
  });

  it('other releases share a movie and exclude the release itself', async () => {
    const hunter = (await listTitles({ q: 'The Night of the Hunter (1955)' }, { cursor: null, limit: 1 }, h.db))
      .items[0];
    const releases = (await getTitle(hunter.public_id, h.db))!.releases;
    expect(releases.length).toBeGreaterThanOrEqual(2);
    const others = await listOtherReleases(releases[0].public_id, h.db);
    expect(others.map((r) => r.public_id).sort()).toEqual(
      releases
        .slice(1)
        .map((r) => r.public_id)
        .sort(),
    );
    expect(await listOtherReleases('noSuchRelease', h.db)).toEqual([]);
  });

  it('person releases contain a credited title; unknown person → null', async () => {
    const kubrick = (await listPersons({ q: 'Stanley Kubrick' }, { cursor: null, limit: 1 }, h.db)).items[0];
    const person = await getPerson(kubrick.public_id, h.db);
    const titleIds = new Set(person!.credits.map((c) => c.title.public_id));
    const page = await listPersonReleases(kubrick.public_id, { cursor: null, limit: 24 }, h.db);
    expect(page!.items.length).toBeGreaterThan(0);
    for (const r of page!.items) expect(r.movies.some((m) => titleIds.has(m.public_id))).toBe(true);
    expect(await listPersonReleases('noSuchPerson', { cursor: null, limit: 24 }, h.db)).toBeNull();
    expect(await getPerson('noSuchPerson', h.db)).toBeNull();
    // Each credited title carries its number of approved releases, counted here independently.
    const counts = await queryRows<{ public_id: string; n: number }>(
      h.db,
      sql`SELECT m.public_id, COUNT(r.id)::int AS n FROM movies m
          LEFT JOIN release_movies rm ON rm.movie_id = m.id LEFT JOIN releases r ON r.id = rm.release_id AND r.approved
          WHERE m.public_id IN (${sql.join(
            [...titleIds].map((id) => sql`${id}`),
            sql`, `,
          )}) GROUP BY m.public_id`,
    );
    const expected = new Map(counts.map((c) => [c.public_id, Number(c.n)]));
    for (const c of person!.credits) expect(c.title.release_count, c.title.name).toBe(expected.get(c.title.public_id));
    expect(person!.credits.some((c) => c.title.release_count > 0)).toBe(true);
  });

  it('companies: detail, titles, unknown → null', async () => {
    expect(await getProductionCompany(FIX.company, h.db)).toMatchObject({
      name: 'Claudie Ossard Productions',
      country: 'FR',
      movie_count: 1,
    });
    expect((await listCompanyTitles(FIX.company, { cursor: null, limit: 24 }, h.db))!.items.map((t) => t.name)).toEqual(
      ['Amélie'],
    );
    expect(await listCompanyTitles('noSuchCompany', { cursor: null, limit: 24 }, h.db)).toBeNull();
  });

  it('labels view counts equal live release counts; label detail', async () => {
    const view = await listLabelsView(h.db);
    for (const l of view.slice(0, 10)) {
      const n = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r JOIN labels l ON l.id = r.label_id WHERE l.public_id = ${l.public_id} AND r.approved`,
      );
      expect(l.release_count, l.name).toBe(n);
      expect((await getLabel(l.public_id, h.db))!.release_count).toBe(n);
    }
  });

  it('a label offers spine order exactly when one of its approved releases has a spine number', async () => {
    const view = await listLabelsView(h.db);
    for (const l of view) {
      const numbered = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r JOIN labels l ON l.id = r.label_id
            WHERE l.public_id = ${l.public_id} AND r.approved AND r.spine_number IS NOT NULL`,
      );
      expect(await labelHasSpineNumbers(l.public_id, h.db), l.name).toBe(numbered > 0);
    }
    const criterion = view.find((l) => l.name === 'The Criterion Collection')!;
    expect(await labelHasSpineNumbers(criterion.public_id, h.db)).toBe(true);
    expect(await labelHasSpineNumbers('noSuchLabel', h.db)).toBe(false);
  });

  it("a label's releases are counted per format group, in group order, as its release count adds up", async () => {
    const view = await listLabelsView(h.db);
    const criterion = view.find((l) => l.name === 'The Criterion Collection')!;
    const formats = await labelFormatCounts(criterion.public_id, h.db);
    const expected = [];
    for (const [group, ids] of [
      ['4k', [7, 11]],
      ['bluray', [1, 5]],
      ['dvd', [3, 4]],
      ['videotapes', [2]],
    ] as const) {
      const n = await count(
        h.db,
        sql`SELECT count(*)::int AS n FROM releases r JOIN labels l ON l.id = r.label_id
            WHERE l.public_id = ${criterion.public_id} AND r.approved AND r.format IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      if (n) expected.push({ group, count: n });
    }
    // The seed has Criterion's Blu-rays and 4K UHDs at least.
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(formats).toEqual(expected);
    expect(formats.reduce((t, f) => t + f.count, 0)).toBe(criterion.release_count);
    expect(await labelFormatCounts('noSuchLabel', h.db)).toEqual([]);
  });

  it('default page sizes and bad cursors', async () => {
    expect((await listReleases({}, { cursor: null, limit: undefined }, h.db)).items).toHaveLength(24);
    expect((await listTitles({}, { cursor: null, limit: undefined }, h.db)).items).toHaveLength(24);
    expect((await listPersons({}, { cursor: null, limit: undefined }, h.db)).items).toHaveLength(48);
    await expect(listReleases({}, { cursor: 'garbage', limit: 24 }, h.db)).rejects.toBeInstanceOf(AppError);
    const titles = await listTitles({}, { cursor: null, limit: 2 }, h.db);
    await expect(listReleases({}, { cursor: titles.next_cursor, limit: 24 }, h.db)).rejects.toMatchObject({
      code: 'bad_cursor',
      status: 400,
    });
  });

  it('search counts candidates up to the documented limit', async () => {
    expect(SEARCH_CANDIDATE_LIMIT).toBe(1000);
    expect((await searchAll('a', h.db)).complex).toBe(true);
    expect((await searchAll('garden state', h.db)).complex).toBe(false);
    expect(await searchAll('   ', h.db)).toEqual({
      q: '',
      movies: [],
      releases: [],
      reviews: [],
      labels: [],
      persons: [],
      complex: false,
      close: null,
      credits: null,
    });
    const year = await searchAll('(1979)', h.db);
    expect(year.movies.length).toBe(8);
    expect(year.movies.every((m) => m.year === 1979)).toBe(true);
  });

  it('sitemap: id spans and disjoint pages covering every approved release', async () => {
    const spans = await sitemapIdSpans(h.db);
    expect(spans.releases).toBe(await count(h.db, sql`SELECT max(id)::int AS n FROM releases`));
    expect(spans.movies).toBe(await count(h.db, sql`SELECT max(id)::int AS n FROM movies`));
    const approved = await count(h.db, sql`SELECT count(*)::int AS n FROM releases WHERE approved`);
    const size = 1000;
    const seen = new Set<string>();
    let listed = 0;
    for (let page = 1; page <= Math.ceil(spans.releases / size); page++) {
      const entries = await listSitemapUrls('releases', { page, pageSize: size }, h.db);
      expect(entries.length).toBeLessThanOrEqual(size);
      listed += entries.length;
      for (const e of entries) seen.add(e.public_id);
    }
    expect(listed).toBe(approved);
    expect(seen.size).toBe(approved);
    expect(
      await listSitemapUrls('releases', { page: Math.ceil(spans.releases / size) + 1, pageSize: size }, h.db),
    ).toEqual([]);
    const labels = await listSitemapUrls('labels', { page: 1, pageSize: 5 }, h.db);
    expect(labels).toHaveLength(5);
    expect(labels[0].lastmod).toBeNull();
  });
});
