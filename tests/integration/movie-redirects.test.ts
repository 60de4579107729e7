/**
 * Repair of a database an older importer filled: a yearless duplicate movie made from a 4K row
 * ("Alien: 40th Anniversary Edition", as the old importer created it) with its release, users'
 * seen / want-to-see entries and likes, and a redirect of its own. Importing again on start-up
 * (the file's import was recorded by an older importer version) merges it into Alien (1979):
 * the release, entries and likes move (duplicates dropped), counters are recomputed, and its
 * public id answers a permanent redirect on the movie page (both locales, the same tab) and in
 * the JSON API. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as titleItem } from '@/app/api/titles/[publicId]/route';
import { redirectMergedMovie } from '@/components/movies/merged-movie';
import { parseImportFile } from '@/lib/collections/import-parse';
import { importIntoCollection } from '@/lib/data/collection-import';
import { getMovieRedirect } from '@/lib/data/movie-redirects';
import { setToggle } from '@/lib/data/toggles';
import { formatReport, importFiles, seedFiles, type ImportReport } from '@/lib/import';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const UHD_FILE = seedFiles().find((f) => path.basename(f).startsWith('releases_4k'))!;
const OLD_ID = 'oldAlien40';
const OLDER_ID = 'olderAlien';

/** The redirect Next's permanentRedirect throws: its status and location. */
async function redirectOf(run: () => Promise<void>): Promise<{ status: number; location: string } | null> {
  try {
    await run();
    return null;
  } catch (e) {
    const digest = String((e as { digest?: string }).digest ?? '');
    const parts = digest.split(';');
    if (parts[0] !== 'NEXT_REDIRECT') throw e;
    return { location: parts[2], status: Number(parts[3]) };
  }
}

describe.each(testEngines())('repair of an older import on %s', (engine) => {
  let h: DbHandle;
  let alien: { id: number; public_id: string };
  let duplicate: number;
  let report: ImportReport;

  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    const db = h.db;
    [alien] = await queryRows<{ id: number; public_id: string }>(
      db,
      sql`SELECT id, public_id FROM movies WHERE title_key = 'alien' AND year = 1979`,
    );
    const [release] = await queryRows<{ id: number; source_id: string }>(
      db,
      sql`SELECT id, source_id FROM releases WHERE name = 'Alien: 40th Anniversary Edition'`,
    );
    // The database as the older importer left it: the row made a yearless movie of its own.
    const [dup] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO movies (public_id, source_id, name, title_key, search_text, release_count)
          VALUES (${OLD_ID}, ${release.source_id}, 'Alien: 40th Anniversary Edition', 'alien 40th anniversary edition',
                  'alien 40th anniversary edition', 1) RETURNING id`,
    );
    duplicate = dup.id;
    await db.execute(sql`UPDATE movie_sources SET movie_id = ${duplicate} WHERE source_id = ${release.source_id}`);
    await db.execute(sql`UPDATE release_movies SET movie_id = ${duplicate} WHERE release_id = ${release.id}`);
    await db.execute(sql`UPDATE movies SET release_count = release_count - 1 WHERE id = ${alien.id}`);
    await db.execute(sql`INSERT INTO movie_redirects (from_public_id, movie_id) VALUES (${OLDER_ID}, ${duplicate})`);
    // Users marked the duplicate: seen and liked (one also the film itself), want to see.
    const first = await registerMember(db, { label: 'Repair', n: 1 });
    const second = await registerMember(db, { label: 'Repair', n: 2 });
    const toggle = (actor: typeof first.actor, kind: 'seen' | 'want_see' | 'like', publicId: string) =>
      setToggle(actor, { kind, item: 'movie', publicId, on: true }, db);
    await toggle(first.actor, 'seen', OLD_ID);
    await toggle(first.actor, 'seen', alien.public_id);
    await toggle(first.actor, 'like', OLD_ID);
    await toggle(second.actor, 'want_see', OLD_ID);
    await toggle(second.actor, 'like', OLD_ID);
    await toggle(second.actor, 'like', alien.public_id);
    // The 4K file was imported by an importer without a version: start-up imports it again.
    await db.execute(sql`UPDATE import_runs SET summary = summary - 'importer' WHERE file LIKE 'releases_4k%'`);
    report = await importFiles(db, [UHD_FILE], { skipUnchanged: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('imports the file again on start-up and merges the duplicate into its film', async () => {
    expect(report.files.map((f) => f.skipped)).toEqual([false]);
    expect(report.repair.merged).toBe(1);
    expect(report.repair.sample).toEqual(['Alien: 40th Anniversary Edition → Alien (1979)']);
    expect(report.createdFromReleases.count).toBe(0);
    expect(formatReport(report)).toContain('movies created from release rows: 0');
    expect(formatReport(report)).toContain('duplicates of an older import: 1 merged into their films');
    const gone = await queryRows(h.db, sql`SELECT 1 FROM movies WHERE id = ${duplicate}`);
    expect(gone).toEqual([]);
    const [release] = await queryRows<{ movies: string[] }>(
      h.db,
      sql`SELECT array_agg(m.public_id) AS movies FROM releases r JOIN release_movies rm ON rm.release_id = r.id
          JOIN movies m ON m.id = rm.movie_id WHERE r.name = 'Alien: 40th Anniversary Edition'`,
    );
    expect(release.movies).toEqual([alien.public_id]);
    const [counts] = await queryRows<{ release_count: number; releases: number }>(
      h.db,
      sql`SELECT m.release_count, (SELECT count(*)::int FROM release_movies WHERE movie_id = m.id) AS releases
          FROM movies m WHERE m.id = ${alien.id}`,
    );
    expect(counts.release_count).toBe(counts.releases);
    // A second start finds the file imported by this version and skips it.
    const again = await importFiles(h.db, [UHD_FILE], { skipUnchanged: true });
    expect(again.files.map((f) => f.skipped)).toEqual([true]);
  });

  it("moves the users' entries and likes, drops the duplicates and recomputes the counters", async () => {
    const entries = await queryRows<{ user: string; style: number; movie: string; entries_count: number }>(
      h.db,
      sql`SELECT u.name AS user, c.style, m.public_id AS movie, c.entries_count FROM collection_entries e
          JOIN collections c ON c.id = e.collection_id JOIN users u ON u.id = c.user_id JOIN movies m ON m.id = e.movie_id
          WHERE u.name LIKE 'Repair %' ORDER BY u.name, c.style`,
    );
    expect(entries).toEqual([
      { user: 'Repair 1', style: 2, movie: alien.public_id, entries_count: 1 },
      { user: 'Repair 2', style: 6, movie: alien.public_id, entries_count: 1 },
    ]);
    const likes = await queryRows<{ user: string; movie: string }>(
      h.db,
      sql`SELECT u.name AS user, m.public_id AS movie FROM likes l JOIN users u ON u.id = l.user_id
          JOIN movies m ON m.id = l.movie_id WHERE u.name LIKE 'Repair %' ORDER BY u.name`,
    );
    expect(likes).toEqual([
      { user: 'Repair 1', movie: alien.public_id },
      { user: 'Repair 2', movie: alien.public_id },
    ]);
    const [counters] = await queryRows<{ seen_count: number; want_see_count: number; likes_count: number }>(
      h.db,
      sql`SELECT seen_count, want_see_count, likes_count FROM movie_counters WHERE movie_id = ${alien.id}`,
    );
    expect(counters).toEqual({ seen_count: 1, want_see_count: 1, likes_count: 2 });
    const stale = await queryRows(h.db, sql`SELECT 1 FROM movie_counters WHERE movie_id = ${duplicate}`);
    expect(stale).toEqual([]);
  });

  it('answers the old public ids with a permanent redirect to the film', async () => {
    const redirects = await queryRows<{ from_public_id: string; movie_id: number }>(
      h.db,
      sql`SELECT from_public_id, movie_id FROM movie_redirects WHERE from_public_id IN (${OLD_ID}, ${OLDER_ID}) ORDER BY 1`,
    );
    expect(redirects).toEqual([
      { from_public_id: OLD_ID, movie_id: alien.id },
      { from_public_id: OLDER_ID, movie_id: alien.id },
    ]);
    expect(await getMovieRedirect(OLD_ID, h.db)).toBe(alien.public_id);
    expect(await getMovieRedirect('neverMerged', h.db)).toBeNull();

    // The movie page, in both locales, keeps the tab.
    expect(await redirectOf(() => redirectMergedMovie({ locale: 'en', publicId: OLD_ID, tab: 'overview' }))).toEqual({
      status: 308,
      location: `/movie/${alien.public_id}`,
    });
    expect(await redirectOf(() => redirectMergedMovie({ locale: 'fi', publicId: OLDER_ID, tab: 'releases' }))).toEqual({
      status: 308,
      location: `/fi/movie/${alien.public_id}/releases`,
    });
    // And its history goes to the survivor's history (which shows the merge).
    expect(await redirectOf(() => redirectMergedMovie({ locale: 'fi', publicId: OLD_ID, tab: 'history' }))).toEqual({
      status: 308,
      location: `/fi/movie/${alien.public_id}/history`,
    });
    expect(
      await redirectOf(() => redirectMergedMovie({ locale: 'en', publicId: 'neverMerged', tab: 'overview' })),
    ).toBe(null);

    // The JSON API.
    const res = await titleItem(new Request(`http://localhost/api/titles/${OLD_ID}`), {
      params: Promise.resolve({ publicId: OLD_ID }),
    });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`http://localhost/api/titles/${alien.public_id}`);
    const unknown = await titleItem(new Request('http://localhost/api/titles/neverMerged'), {
      params: Promise.resolve({ publicId: 'neverMerged' }),
    });
    expect(unknown.status).toBe(404);
  });

  it("matches a merged movie's public id in an earlier export to the film on collection import", async () => {
    const { actor } = await registerMember(h.db, { label: 'Repair', n: 3 });
    const [list] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM collections WHERE user_id = ${actor.userId} AND style = 2 AND shortcut_default`,
    );
    const csv = `type,title,year,public_id\nmovie,An old export title,,${OLD_ID}\n`;
    const parsed = parseImportFile('watched.csv', csv);
    const r = await importIntoCollection(actor, { collection: list.public_id, fileName: 'watched.csv', parsed }, h.db);
    if (!r.ok) throw new Error(r.error);
    expect(r.report.counts).toMatchObject({ rows: 1, matched: 1, added: 1 });
    expect(r.report.rows[0].item).toMatchObject({ public_id: alien.public_id, name: 'Alien', year: 1979 });
  });
});
