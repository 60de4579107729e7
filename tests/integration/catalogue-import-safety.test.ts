/**
 * The catalogue importer beside online writes, on PGlite and PostgreSQL:
 * - ids come from the tables' sequences, so a movie a writer creates while an import runs keeps
 *   its row (the importer once took `max(id) + 1` and overwrote it);
 * - a re-import keeps every field an approved change edited, re-adds no credit or contained
 *   movie one removed, and the kept names stay searchable;
 * - the import lock keeps two imports apart and takes over from a holder that died;
 * - a write keeps the close-spelling words (`search_words`) in step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { createCatalogueEntity, updateCatalogueEntity } from '@/lib/data/catalogue-writes';
import { inTransaction } from '@/lib/data/events';
import { searchAll } from '@/lib/data/search';
import { importFiles, seedFiles } from '@/lib/import';
import { acquireImportLock, ImportLockedError } from '@/lib/import/lock';
import { assertPostgresConfiguredInCi, createTestDb, getSeededTestDb, testEngines } from '../support/db';

assertPostgresConfiguredInCi();

const NO_ONE = { userId: null, approvedById: null };
const seedFile = (prefix: string) => seedFiles().find((f) => path.basename(f).startsWith(prefix))!;

describe.each(testEngines())('catalogue import beside online writes on %s', (engine) => {
  let seeded: DbHandle;
  let empty: DbHandle;
  beforeAll(async () => {
    [seeded, empty] = await Promise.all([getSeededTestDb(engine), createTestDb(engine)]);
  });
  afterAll(async () => {
    await Promise.all([seeded?.close(), empty?.close()]);
  });

  it('takes ids from the sequences: a movie created during an import keeps its row', async () => {
    // The labels and the first 150 Criterion releases (with their films and people): enough rows
    // after the online write to collide with it, a fraction of the whole file's time.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-safety-'));
    try {
      const criterion = path.join(dir, path.basename(seedFile('criterion')));
      const lines = zlib
        .gunzipSync(fs.readFileSync(seedFile('criterion')))
        .toString('utf8')
        .split('\n');
      fs.writeFileSync(criterion, zlib.gzipSync(lines.slice(0, 150).join('\n') + '\n'));
      let write: Promise<{ id: number; publicId: string }> | null = null;
      const report = await importFiles(empty.db, [seedFile('labels'), criterion], {
        progress: () => {
          write ??= inTransaction(empty.db, (tx) =>
            createCatalogueEntity(tx, 'movie', { name: 'Written Online Meanwhile', year: 1999 }, NO_ONE),
          );
        },
      });
      const made = await write!;
      const [row] = await queryRows<{ name: string; public_id: string; source_id: string | null }>(
        empty.db,
        sql`SELECT name, public_id, source_id FROM movies WHERE id = ${made.id}`,
      );
      expect(row).toEqual({ name: 'Written Online Meanwhile', public_id: made.publicId, source_id: null });
      const [{ n }] = await queryRows<{ n: number }>(empty.db, sql`SELECT count(*)::int AS n FROM movies`);
      expect(n).toBe(report.counts.movies.inserted + 1);
      expect(report.counts.movies.inserted).toBeGreaterThan(100);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a re-import keeps the fields an approved change edited and re-adds nothing it removed', async () => {
    const [movie] = await queryRows<{ id: number; name: string; akas: string[]; credits: number }>(
      seeded.db,
      sql`SELECT m.id, m.name, m.akas, (SELECT count(*)::int FROM credits c WHERE c.movie_id = m.id) AS credits
          FROM movies m JOIN movie_sources s ON s.movie_id = m.id AND s.source_id LIKE 'criterion:%'
          WHERE (SELECT count(*) FROM credits c WHERE c.movie_id = m.id) >= 2 ORDER BY m.id LIMIT 1`,
    );
    const [release] = await queryRows<{ id: number; public_id: string; name: string; movie: string }>(
      seeded.db,
      sql`SELECT r.id, r.public_id, r.name, m.public_id AS movie FROM releases r
          JOIN release_movies rm ON rm.release_id = r.id JOIN movies m ON m.id = rm.movie_id
          WHERE r.source_id LIKE 'criterion:%' AND rm.movie_id = ${movie.id} ORDER BY r.id LIMIT 1`,
    );
    const [other] = await queryRows<{ public_id: string }>(
      seeded.db,
      sql`SELECT public_id FROM movies WHERE id <> ${movie.id} AND type = 1 ORDER BY id LIMIT 1`,
    );
    const credits = await queryRows<{ person: string; role: string; character: string }>(
      seeded.db,
      sql`SELECT p.public_id AS person, c.role, c.character FROM credits c JOIN persons p ON p.id = c.person_id
          WHERE c.movie_id = ${movie.id} ORDER BY c.ord, c.id`,
    );
    await inTransaction(seeded.db, async (tx) => {
      await updateCatalogueEntity(
        tx,
        'movie',
        Number(movie.id),
        { name: 'Quixotically Renamed Film', akas: [], credits: credits.slice(1) },
        NO_ONE,
      );
      await updateCatalogueEntity(
        tx,
        'release',
        Number(release.id),
        { name: 'Quixotically Renamed Edition', movies: [other.public_id] },
        NO_ONE,
      );
    });

    await importFiles(seeded.db, [seedFile('criterion')]);

    const [m] = await queryRows<{ name: string; akas: string[]; credits: number; title_key: string }>(
      seeded.db,
      sql`SELECT name, akas, title_key, (SELECT count(*)::int FROM credits c WHERE c.movie_id = m.id) AS credits
          FROM movies m WHERE id = ${movie.id}`,
    );
    expect(m).toEqual({
      name: 'Quixotically Renamed Film',
      akas: [],
      title_key: 'quixotically renamed film',
      credits: credits.length - 1,
    });
    const [r] = await queryRows<{ name: string; movies: string[] }>(
      seeded.db,
      sql`SELECT r.name, ARRAY(SELECT mm.public_id FROM release_movies rm JOIN movies mm ON mm.id = rm.movie_id
                               WHERE rm.release_id = r.id ORDER BY rm.position) AS movies
          FROM releases r WHERE r.id = ${release.id}`,
    );
    expect(r).toEqual({ name: 'Quixotically Renamed Edition', movies: [other.public_id] });
    // The kept names are what search finds.
    const found = await searchAll('quixotically renamed', seeded.db);
    expect(found.releases.map((x) => x.public_id)).toContain(release.public_id);
    expect(found.movies.map((x) => x.name)).toContain('Quixotically Renamed Film');
    // The words of the kept names are among the close-spelling words after the re-import's rebuild.
    const words = await queryRows<{ word: string }>(
      seeded.db,
      sql`SELECT word FROM search_words WHERE word IN ('quixotically', 'renamed')`,
    );
    expect(words.map((w) => w.word).sort()).toEqual(['quixotically', 'renamed']);
  });

  it('a write adds its new words to the close-spelling words and takes away words no name holds any more', async () => {
    const made = await inTransaction(seeded.db, (tx) =>
      createCatalogueEntity(tx, 'person', { name: 'Zebulonia Quenthwick' }, NO_ONE),
    );
    const count = async (word: string) =>
      (
        await queryRows<{ doc_count: number }>(seeded.db, sql`SELECT doc_count FROM search_words WHERE word = ${word}`)
      )[0]?.doc_count ?? 0;
    expect(await count('quenthwick')).toBe(1);
    await inTransaction(seeded.db, (tx) =>
      updateCatalogueEntity(tx, 'person', made.id, { name: 'Zebulonia Quenthwyck' }, NO_ONE),
    );
    expect(await count('quenthwick')).toBe(0);
    expect(await count('quenthwyck')).toBe(1);
    expect(await count('zebulonia')).toBe(1);
  });

  it('the import lock refuses a second import while a live one holds it and takes over from a dead holder', async () => {
    const first = await acquireImportLock(empty.db);
    await expect(importFiles(empty.db, [seedFile('labels')])).rejects.toBeInstanceOf(ImportLockedError);
    await expect(acquireImportLock(empty.db)).rejects.toThrow(/Another catalogue import is running \(process \d+ on /);
    await first.release();
    // A holder on this host whose process is gone (a killed start-up import).
    await empty.db.execute(
      sql`INSERT INTO import_locks (name, holder, host, pid) VALUES ('catalogue', 'gone', ${os.hostname()}, 2147483647)`,
    );
    const report = await importFiles(empty.db, [seedFile('labels')]);
    expect(report.files[0].skipped).toBe(false);
    const [{ n }] = await queryRows<{ n: number }>(empty.db, sql`SELECT count(*)::int AS n FROM import_locks`);
    expect(n).toBe(0);
  });
});
