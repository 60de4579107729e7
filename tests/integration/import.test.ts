/**
 * Importer against real databases (PGlite; PostgreSQL when TEST_DATABASE_URL is set) with the
 * real seed files: merge of one film across sources, same-title films kept apart, provenance,
 * Finnish censorship releases, idempotence (on PostgreSQL when configured, else PGlite), malformed
 * records reported with file:line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { searchAll } from '@/lib/data/search';
import { importFiles, seedFiles } from '@/lib/import';
import { assertPostgresConfiguredInCi, createTestDb, getSeededTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

type MovieWithSources = { name: string; year: number | null; sources: string[] };

async function moviesByTitle(h: DbHandle, key: string): Promise<MovieWithSources[]> {
  return queryRows<MovieWithSources>(
    h.db,
    sql`SELECT m.name, m.year, array_agg(s.source_id ORDER BY s.source_id) AS sources
        FROM movies m JOIN movie_sources s ON s.movie_id = m.id WHERE m.title_key = ${key}
        GROUP BY m.id ORDER BY m.year NULLS LAST`,
  );
}

async function tableCounts(h: DbHandle) {
  const [row] = await queryRows<Record<string, number>>(
    h.db,
    sql`SELECT (SELECT count(*) FROM movies)::int AS movies, (SELECT count(*) FROM movie_sources)::int AS movie_sources,
               (SELECT count(*) FROM releases)::int AS releases, (SELECT count(*) FROM release_movies)::int AS release_movies,
               (SELECT count(*) FROM persons)::int AS persons, (SELECT count(*) FROM credits)::int AS credits,
               (SELECT count(*) FROM labels)::int AS labels, (SELECT count(*) FROM censorship_events)::int AS events`,
  );
  return row;
}

/** Every movie_sources row as `source id → movie public id`, in source id order. */
async function sourceOwners(h: DbHandle): Promise<string[]> {
  const rows = await queryRows<{ source_id: string; movie: string }>(
    h.db,
    sql`SELECT s.source_id, m.public_id AS movie FROM movie_sources s JOIN movies m ON m.id = s.movie_id ORDER BY s.source_id COLLATE "C"`,
  );
  return rows.map((r) => `${r.source_id} → ${r.movie}`);
}

/** Every release as `release public id → its movies' public ids in position order`, in release public id order. */
async function releaseMovies(h: DbHandle): Promise<string[]> {
  const rows = await queryRows<{ release: string; movies: string[] }>(
    h.db,
    sql`SELECT r.public_id AS release, array_agg(m.public_id ORDER BY rm.position, m.public_id) AS movies
        FROM releases r JOIN release_movies rm ON rm.release_id = r.id JOIN movies m ON m.id = rm.movie_id
        GROUP BY r.public_id ORDER BY r.public_id COLLATE "C"`,
  );
  return rows.map((r) => `${r.release} → ${r.movies.join(',')}`);
}

/** Every movie's and release's search document as its sorted words, in id order. */
async function searchWordsOf(h: DbHandle): Promise<string[]> {
  const rows = await queryRows<{ kind: string; id: number; search_text: string }>(
    h.db,
    sql`SELECT 'movie' AS kind, id, search_text FROM movies UNION ALL SELECT 'release', id, search_text FROM releases
        ORDER BY 1, 2`,
  );
  return rows.map((r) => `${r.kind} ${r.id}: ${[...new Set(r.search_text.split(' '))].sort().join(' ')}`);
}

describe.each(testEngines())('seed import on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('imports every release of the seed files (one duplicate 4K id rejected)', async () => {
    const c = await tableCounts(h);
    // 1,202 Criterion + 2,155 distinct 4K rows + 6 disc records + 8 Finnish video releases.
    expect(c.releases).toBe(1202 + 2155 + 6 + 8);
    expect(c.labels).toBeGreaterThanOrEqual(81);
    expect(c.events).toBe(37);
    // 35,781 Wikipedia films, plus films only Criterion/4K/censorship know, minus nothing: every wp row is one movie.
    const [wp] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(DISTINCT movie_id)::int AS n FROM movie_sources WHERE source_id LIKE 'wp:%'`,
    );
    expect(wp.n).toBe(35781);
    // Movies only release rows name (4K rows and disc records no film list knows, and box sets
    // that do not list their films): 434, where the importer that took edition names for films
    // left 746. Every release holds at least one movie.
    const [fromRows] = await queryRows<{ n: number; empty: number }>(
      h.db,
      sql`SELECT (SELECT count(*) FROM movies m WHERE EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id)
                    AND NOT EXISTS (SELECT 1 FROM movie_sources s WHERE s.movie_id = m.id
                                    AND s.source_id NOT LIKE 'tdb4k:%' AND s.source_id NOT LIKE 'filmbrainz:%'))::int AS n,
                 (SELECT count(*) FROM releases r WHERE NOT EXISTS (SELECT 1 FROM release_movies rm WHERE rm.release_id = r.id))::int AS empty`,
    );
    expect(fromRows).toEqual({ n: 434, empty: 0 });
  });

  it('merges one film from Criterion, Wikipedia and the 4K list into one movie', async () => {
    const hunter = await moviesByTitle(h, 'night of the hunter');
    expect(hunter).toHaveLength(1);
    expect(hunter[0].year).toBe(1955);
    expect(hunter[0].sources).toEqual(expect.arrayContaining(['tmdb:3112', 'wp:The_Night_of_the_Hunter_(film)']));
    expect(hunter[0].sources.some((s) => s.startsWith('tdb4k:'))).toBe(true);

    const tcm = await moviesByTitle(h, 'texas chain saw massacre');
    expect(tcm).toHaveLength(1);
    expect(tcm[0].sources).toEqual(
      expect.arrayContaining(['wp:The_Texas_Chain_Saw_Massacre', 'fi-cens-film:The Texas Chain Saw Massacre|1974']),
    );

    // "Dead & Buried" (Wikipedia) and "Dead and Buried" (censorship data) are one film.
    const dab = await moviesByTitle(h, 'dead and buried');
    expect(dab).toHaveLength(1);
    expect(dab[0].sources).toEqual(expect.arrayContaining(['wp:Dead_%26_Buried', 'fi-cens-film:Dead and Buried|1981']));

    // The disc record of Garden State (EAN 5017180816203) joins the Wikipedia film.
    const gs = await moviesByTitle(h, 'garden state');
    expect(gs).toHaveLength(1);
    expect(gs[0].sources).toEqual(
      expect.arrayContaining(['wp:Garden_State_(film)', 'filmbrainz:garden_state.dvd.5017180816203']),
    );

    // 4K listings write the article last ("Witch, The"); it still meets Wikipedia's "The Witch" (2015).
    const witch = await moviesByTitle(h, 'witch');
    expect(witch.find((m) => m.year === 2016)?.sources.some((s) => s.startsWith('tdb4k:'))).toBe(true);
  });

  it('keeps films that share a title apart (remakes, other years)', async () => {
    expect((await moviesByTitle(h, 'king kong')).map((m) => m.year)).toEqual([1933, 1976, 2005]);
    expect((await moviesByTitle(h, 'scarface')).map((m) => m.year)).toEqual([1932, 1983]);
    expect((await moviesByTitle(h, 'thing')).filter((m) => m.year === 1982 || m.year === 2011)).toHaveLength(2);
    const scarface1932 = (await moviesByTitle(h, 'scarface'))[0];
    expect(scarface1932.sources).toContain('tmdb:877');
    expect(scarface1932.sources.some((s) => s.startsWith('tdb4k:'))).toBe(false);
  });

  it('stores Criterion spines, 4K details and provenance on releases', async () => {
    const [spine1] = await queryRows<{ name: string; spine_number: number; label: string; format: number }>(
      h.db,
      sql`SELECT r.name, r.spine_number, l.name AS label, r.format FROM releases r JOIN labels l ON l.id = r.label_id WHERE r.source_id = 'criterion:1'`,
    );
    expect(spine1).toEqual({ name: 'Grand Illusion', spine_number: 1, label: 'The Criterion Collection', format: 1 });
    const [uhd] = await queryRows<{ street_date: string; hdr: string[]; format: number; label: string }>(
      h.db,
      sql`SELECT r.street_date::text, r.hdr, r.format, l.name AS label FROM releases r JOIN labels l ON l.id = r.label_id WHERE r.source_id =
        'tdb4k:6b0ebbe4d740'`,
    );
    expect(uhd).toEqual({
      street_date: '2019-10-22',
      hdr: ['Dolby Vision'],
      format: 7,
      label: '20th Century Studios Home Entertainment',
    });
    // The Daniel Craig collection contains its four films.
    const [craig] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM release_movies rm JOIN releases r ON r.id = rm.release_id WHERE r.source_id = 'tdb4k:6b0ebbe4d740'`,
    );
    expect(craig.n).toBe(4);
    // People are de-duplicated: Jean Gabin (TMDb 11544) is one person.
    const gabin = await queryRows<{ tmdb_person_id: number }>(
      h.db,
      sql`SELECT tmdb_person_id FROM persons WHERE name_key = 'jean gabin'`,
    );
    expect(gabin).toEqual([{ tmdb_person_id: 11544 }]);
  });

  it('turns Finnish video censorship events into cut Finnish videotape releases', async () => {
    const rows = await queryRows<{
      name: string;
      format: number;
      country: number;
      is_cut: boolean;
      cut_seconds: number | null;
      cut_source: string;
    }>(
      h.db,
      sql`SELECT name, format, country, is_cut, cut_seconds, cut_source FROM releases WHERE source_id = 'fi-cens-003'`,
    );
    expect(rows).toEqual([
      {
        name: 'Kuolleet ja haudatut',
        format: 2,
        country: 4,
        is_cut: true,
        cut_seconds: 540,
        cut_source: 'https://vertapakkiin.com/tag/1981/',
      },
    ]);
    const [n] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM releases WHERE country = 4 AND format = 2 AND is_cut`,
    );
    expect(n.n).toBe(8);
    // The undated RoboCop cut (an early-1990s report) belongs to the 1987 film, not the remake.
    const [robo] = await queryRows<{ year: number }>(
      h.db,
      sql`SELECT m.year FROM censorship_events e JOIN movies m ON m.id = e.movie_id WHERE e.source_id = 'fi-cens-010'`,
    );
    expect(robo.year).toBe(1987);
  });

  it("finds a film's earlier releases by the Finnish title a later file gives it", async () => {
    // The 4K list and the disc records come before the censorship records, which name Dead &
    // Buried "Noituutta": its Blue Underground releases were written without that title.
    const rows = await queryRows<{ name: string; search_text: string }>(
      h.db,
      sql`SELECT r.name, r.search_text FROM releases r JOIN release_movies rm ON rm.release_id = r.id
          JOIN movies m ON m.id = rm.movie_id
          WHERE m.title_key = 'dead and buried' AND m.year = 1981 AND r.source_id NOT LIKE 'fi-cens-%'
          ORDER BY r.name`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect({ name: r.name, words: r.search_text.split(' ') }).toMatchObject({
        words: expect.arrayContaining(['noituutta']),
      });
    const found = await searchAll('noituutta', h.db);
    expect(found.releases.map((r) => r.name)).toEqual(expect.arrayContaining(rows.map((r) => r.name)));
  });

  it('on start-up (skipUnchanged) skips files already recorded without loading the catalogue', async () => {
    const report = await importFiles(h.db, seedFiles(), { skipUnchanged: true });
    expect(report.files.map((f) => f.skipped)).toEqual(seedFiles().map(() => true));
    for (const c of Object.values(report.counts))
      expect(c).toEqual({ inserted: 0, updated: 0, merged: 0, rejected: 0 });
  });
});

// The whole seed imported again (half a minute) on one engine: the importer's SQL is the same on
// both, and the re-import beside online writes runs on both (catalogue-import-safety.test.ts).
describe.each(testEngines().slice(-1))('seed re-import on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is idempotent: importing the same files again changes no counts and moves no source row to another movie', async () => {
    const before = await tableCounts(h);
    const sourcesBefore = await sourceOwners(h);
    const documentsBefore = await searchWordsOf(h);
    const releasesBefore = await releaseMovies(h);
    expect(sourcesBefore.length).toBe(before.movie_sources);
    const report = await importFiles(h.db, seedFiles());
    expect(await tableCounts(h)).toEqual(before);
    // Every release and censorship event of the files is written again by its source id (updated),
    // the duplicate 4K id is rejected again; no movie, person, credit or label changes.
    expect(report.counts).toEqual({
      movies: { inserted: 0, updated: 0, merged: 0, rejected: 0 },
      releases: { inserted: 0, updated: 1202 + 2155 + 6 + 8, merged: 0, rejected: 1 },
      persons: { inserted: 0, updated: 0, merged: 0, rejected: 0 },
      credits: { inserted: 0, updated: 0, merged: 0, rejected: 0 },
      labels: { inserted: 0, updated: 0, merged: 0, rejected: 0 },
      censorship_events: { inserted: 0, updated: 37, merged: 0, rejected: 0 },
    });
    // No movie is made from a release row again, nothing is left to repair.
    expect(report.createdFromReleases).toEqual({ count: 0, sample: [] });
    expect(report.repair).toEqual({ merged: 0, deleted: 0, sample: [] });
    // Each source row still belongs to the same movie (by public id), each release to the same movies.
    expect(await sourceOwners(h)).toEqual(sourcesBefore);
    expect(await releaseMovies(h)).toEqual(releasesBefore);
    // Every search document holds the same words.
    expect(await searchWordsOf(h)).toEqual(documentsBefore);
  });
});

describe.each(testEngines())('malformed input on %s', (engine) => {
  let h: DbHandle;
  let dir: string;
  beforeAll(async () => {
    h = await createTestDb(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-import-'));
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports each bad line as file:line: reason and imports the rest', async () => {
    const file = path.join(dir, 'movies.jsonl');
    fs.writeFileSync(
      file,
      [
        JSON.stringify({
          id: 'wp:Good_One',
          title: 'Good One',
          year: 1999,
          type_hint: 'movie',
          genres: ['Drama'],
          cast: ['Ann Actor'],
          extract: null,
          wikipedia_href: null,
          thumbnail: null,
        }),
        '{"id": "wp:Broken", "title": ',
        JSON.stringify({ id: 'wp:No_Title', title: '', year: 2001 }),
        JSON.stringify({ id: 'wp:Bad_Year', title: 'Bad Year', year: 'soon' }),
        JSON.stringify({
          id: 'wp:Good_Two',
          title: 'Good Two',
          year: 2000,
          type_hint: 'short',
          genres: [],
          cast: [],
          extract: 'A text.',
          wikipedia_href: 'Good_Two',
          thumbnail: null,
        }),
      ].join('\n'),
    );
    const report = await importFiles(h.db, [file]);
    const rejected = report.files[0].rejected;
    expect(rejected).toHaveLength(3);
    expect(rejected[0]).toMatch(/^movies\.jsonl:2: invalid JSON/);
    expect(rejected[1]).toMatch(/^movies\.jsonl:3: title: title is empty/);
    expect(rejected[2]).toMatch(/^movies\.jsonl:4: year: /);
    expect(report.counts.movies).toMatchObject({ inserted: 2, rejected: 3 });
    const names = await queryRows<{ name: string; type: number }>(
      h.db,
      sql`SELECT name, type FROM movies ORDER BY name`,
    );
    expect(names).toEqual([
      { name: 'Good One', type: 1 },
      { name: 'Good Two', type: 3 },
    ]);
  });

  it('refuses a file whose data set it cannot detect, naming the file', async () => {
    const file = path.join(dir, 'unknown.json');
    fs.writeFileSync(file, JSON.stringify([{ foo: 1 }]));
    await expect(importFiles(h.db, [file])).rejects.toThrow(/unknown\.json: cannot detect the data set/);
  });
});
