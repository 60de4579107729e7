/**
 * `npm run import:collection` (scripts/import-collection.ts) run as a child process against a
 * seeded database, on PGlite and on PostgreSQL: `--collection new` with a Letterboxd export, an
 * existing releases collection by public id (the README's example file, twice), and the refusals
 * (unknown user, unknown collection, Letterboxd into a releases collection, bad arguments, a
 * missing or empty file) with exit code 1 and nothing written. What the script printed is checked
 * against the entries lib/data reads back.
 *
 * PGlite is a single-process database: the test writes its setup, closes the copy (keeping its
 * directory), and the script opens it as `$DATA_DIR/pglite`; the test reopens it to read results.
 * PostgreSQL takes both at once: the script gets the copy's URL in DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DbHandle } from '@/db';
import { collections } from '@/db/schema';
import { getImportReport } from '@/lib/data/collection-import';
import {
  createCollection,
  getCollection,
  listCollections,
  listEntries,
  type CollectionEntryDto,
} from '@/lib/data/collections';
import type { Actor } from '@/lib/auth/actor';
import { COLLECTION_STYLES } from '@/lib/validation/collection-limits';
import { assertPostgresConfiguredInCi, getSeededTestDb, serverUrl, testEngines, type Engine } from '../support/db';
import { registerMember } from '../support/members';

assertPostgresConfiguredInCi();

const SCRIPT = 'scripts/import-collection.ts';
const TSX = path.resolve('node_modules/.bin/tsx');
const WATCHED = 'tests/fixtures/import/letterboxd/watched.csv';
const EXAMPLE = 'public/examples/collection-import.csv';
const PUBLIC_ID = '[A-Za-z0-9_-]{10}';

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs the script as `npm run import:collection` does (the project's tsx), with `env` over the test's environment. */
function runScript(env: Record<string, string>, args: string[]): Run {
  const r = spawnSync(TSX, [SCRIPT, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A seeded database the script can open, and a way for the test to read it between runs. */
type Target = {
  env: Record<string, string>;
  read<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
};

/**
 * A seeded copy with `setup` written into it, handed over to the script: PostgreSQL by URL (the
 * test keeps its connection), PGlite as `$DATA_DIR/pglite` (the test's connection closed first).
 */
async function seededTarget<S>(engine: Engine, setup: (db: Db) => Promise<S>): Promise<{ target: Target; state: S }> {
  const h = await getSeededTestDb(engine);
  let state: S;
  try {
    state = await setup(h.db);
  } catch (e) {
    await h.close();
    throw e;
  }
  if (engine === 'postgres') {
    const url = serverUrl(new URL(h.location).pathname.slice(1));
    return { state, target: { env: { DATABASE_URL: url }, read: (fn) => fn(h.db), dispose: () => h.close() } };
  }
  // Close the PGlite client but keep its directory (the handle's own close() would delete it).
  await (h.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
  const dir = path.join(dataDir, 'pglite');
  fs.renameSync(h.location, dir);
  const read = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const handle: DbHandle = await openDatabase({ dataDir: dir });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  return {
    state,
    target: {
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      read,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    },
  };
}

async function allEntries(db: Db, actor: Actor, publicId: string): Promise<CollectionEntryDto[]> {
  const page = await listEntries(actor, { publicId, cursor: null, limit: 100 }, db);
  if (!page) throw new Error(`collection ${publicId} not found`);
  return page.items;
}

describe.each(testEngines())('npm run import:collection on %s', (engine) => {
  let target: Target;
  let actor: Actor;
  let shelf: string;

  beforeAll(async () => {
    const r = await seededTarget(engine, async (db) => {
      const member = await registerMember(db, { label: 'Importer', n: 1 });
      const created = await createCollection(
        member.actor,
        {
          name: 'Shelf',
          description: null,
          visibility: 'private',
          category: 'releases',
          style: COLLECTION_STYLES.owns,
          shortcut_default: false,
        },
        db,
      );
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
      // Public ids may begin with a dash; this one does, so the tests pass it as
      // `--collection -…` the way a collector would type it.
      const shelf = `-${created.collection.public_id.slice(1)}`;
      await db
        .update(collections)
        .set({ publicId: shelf })
        .where(eq(collections.publicId, created.collection.public_id));
      return { actor: member.actor, shelf };
    });
    target = r.target;
    ({ actor, shelf } = r.state);
  });

  afterAll(async () => {
    await target?.dispose();
  });

  it('creates a movies collection for a Letterboxd export with --collection new, imports it and prints the report', async () => {
    // The user name is matched whatever its letter case.
    const run = runScript(target.env, ['--user', 'importer 1', '--collection', 'new', WATCHED]);
    expect(run.stderr).not.toMatch(/failed|error/i);
    expect(run.status, run.stderr).toBe(0);
    const created = new RegExp(
      `^Created the private movies collection "watched \\(Letterboxd\\)" of Importer 1: public id (${PUBLIC_ID}), /collection/(${PUBLIC_ID})$`,
      'm',
    ).exec(run.stdout);
    expect(created).not.toBeNull();
    const publicId = created![1];
    expect(created![2]).toBe(publicId);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      '14 rows: 11 matched (11 added, 0 already in the collection), 2 ambiguous, 1 unmatched; 0 unknown barcodes stored for moderation',
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `^Imported watched\\.csv \\(Letterboxd export: watched films\\) into "watched \\(Letterboxd\\)" ` +
          `\\(movies collection, /collection/${publicId}\\); report (${PUBLIC_ID})$`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `^line 2: matched \\| "Grand Illusion" 1937 \\| movie "Grand Illusion" \\(1937\\) /movie/${PUBLIC_ID}, added$`,
        'm',
      ),
    );
    expect(lines).toContain(
      'line 12: unmatched, no movie of this title in the catalogue | "A Short Film Nobody Catalogued" 2023',
    );
    const blownAway = lines.findIndex((l) => l.startsWith('line 13: '));
    expect(lines[blownAway]).toBe('line 13: ambiguous, several movies have this title | "Blown Away" 1993');
    expect(lines.slice(blownAway + 1, blownAway + 3)).toEqual([
      expect.stringMatching(/^ {4}candidate: movie "Blown Away" \(1994\) \/movie\//),
      expect.stringMatching(/^ {4}candidate: movie "Blown Away" \(1992\) \/movie\//),
    ]);
    const reportId = /; report (\S+)$/m.exec(run.stdout)![1];

    await target.read(async (db) => {
      const c = await getCollection(actor, publicId, db);
      expect(c).toMatchObject({
        name: 'watched (Letterboxd)',
        category: 'movies',
        style: COLLECTION_STYLES.watched,
        visibility: 'private',
        entries_count: 11,
      });
      const entries = await allEntries(db, actor, publicId);
      const names = entries.map((e) => `${e.movie?.name} (${e.movie?.year})`).sort();
      expect(names).toEqual(
        [
          'Everything Everywhere All at Once (2022)',
          'Grand Illusion (1937)',
          'Halloween (1978)',
          'Heat (1995)',
          'Jeanne Dielman, 23, quai du Commerce, 1080 Bruxelles (1975)',
          'M (1931)',
          'Parasite (2019)',
          'Rashomon (1950)',
          'Seven Samurai (1954)',
          'The Thing (1982)',
          'Treasure Island (1950)',
        ].sort(),
      );
      // The printed path is the entry's movie; Letterboxd's date became the entry's date.
      const grand = entries.find((e) => e.movie?.name === 'Grand Illusion');
      expect(run.stdout).toContain(`movie "Grand Illusion" (1937) /movie/${grand?.movie?.public_id}, added`);
      expect(grand?.acquired_on).toBe('2024-01-03');
      const report = await getImportReport(actor, { collection: publicId, importId: reportId }, db);
      expect(report?.counts).toEqual({
        rows: 14,
        matched: 11,
        added: 11,
        already: 0,
        ambiguous: 2,
        unmatched: 1,
        unknown_barcodes: 0,
      });
    });
  });

  it('imports the example file into an existing releases collection by public id, and adds nothing twice', async () => {
    const run = runScript(target.env, ['--user', 'Importer 1', '--collection', shelf, EXAMPLE]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('Created the');
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      '8 rows: 8 matched (8 added, 0 already in the collection), 0 ambiguous, 0 unmatched; 0 unknown barcodes stored for moderation',
    );
    expect(run.stdout).toMatch(
      new RegExp(
        String.raw`^line 4: matched \| "Garden State" 2004 DVD barcode 5017180816203 \| release "Garden State" ` +
          String.raw`\(DVD, [^)]*GB, EAN 5017180816203\) /release/[A-Za-z0-9_-]{10}, added \(found by barcode 5017180816203\)$`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(
      /^line 9: matched \| "Kuolleet ja haudatut" 1981 VHS \| release "Kuolleet ja haudatut" \(1981, VHS, FI\) \/release\/[A-Za-z0-9_-]{10}, added$/m,
    );

    await target.read(async (db) => {
      const entries = await allEntries(db, actor, shelf);
      expect(entries).toHaveLength(8);
      const byName = new Map(entries.map((e) => [e.release?.name, e]));
      expect(byName.get('Garden State')).toMatchObject({
        price: '4.99',
        currency: 'GBP',
        condition: 2,
        acquired_on: '2023-08-19',
        comment: 'UK disc from a charity shop',
      });
      expect(byName.get('The Rescuers')).toMatchObject({
        price: '6.50',
        currency: 'EUR',
        condition: 2,
        acquired_on: '2024-01-14',
        comment: null,
      });
      expect(byName.get('Seven Samurai')).toMatchObject({ price: '34.90', acquired_on: '2023-03-12' });
      expect(byName.get('The Thing (1982)')).toMatchObject({ currency: 'USD', condition: 6 });
    });

    const again = runScript(target.env, ['--user', 'Importer 1', '--collection', shelf, EXAMPLE]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      '8 rows: 8 matched (0 added, 8 already in the collection), 0 ambiguous, 0 unmatched',
    );
    expect(again.stdout).toMatch(
      /^line 2: matched \| "Grand Illusion" 1937 Blu-ray \| release "Grand Illusion" .*, already in the collection, not added again$/m,
    );
  });

  // The refusals come from the script's lookups, the same on both engines: checked on one (three
  // runs of the script cost half a minute on PGlite).
  if (engine === testEngines().at(-1))
    it('refuses an unknown user, an unknown collection and a Letterboxd export into a releases collection with exit code 1', async () => {
      const noUser = runScript(target.env, ['--user', 'Nobody At All', '--collection', 'new', WATCHED]);
      expect(noUser.status).toBe(1);
      expect(noUser.stderr).toContain('No user named "Nobody At All"');
      expect(noUser.stdout).not.toContain('Created the');

      const noCollection = runScript(target.env, ['--user', 'Importer 1', '--collection', 'XXXXXXXXXX', EXAMPLE]);
      expect(noCollection.status).toBe(1);
      expect(noCollection.stderr).toContain('No collection XXXXXXXXXX of this user');

      const letterboxd = runScript(target.env, ['--user', 'Importer 1', '--collection', shelf, WATCHED]);
      expect(letterboxd.status).toBe(1);
      expect(letterboxd.stderr).toContain(
        `A Letterboxd export lists movies: collection ${shelf} is a releases collection`,
      );
      expect(letterboxd.stdout).not.toMatch(/^\d+ rows:/m);

      await target.read(async (db) => {
        expect(await allEntries(db, actor, shelf)).toHaveLength(8);
        // Besides the registration's shortcut lists, only Shelf and the first test's collection exist: the refused runs made none.
        const mine = await listCollections(actor, { owner: actor.publicId, cursor: null, limit: 100 }, db);
        expect(
          mine.items
            .filter((c) => !c.shortcut_default)
            .map((c) => c.name)
            .sort(),
        ).toEqual(['Shelf', 'watched (Letterboxd)']);
      });
    });
});

describe('npm run import:collection: arguments and files', () => {
  // These are refused before the database is opened; DATA_DIR points at an empty folder to be sure.
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-args-'));
    env = { DATABASE_URL: '', DATA_DIR: dataDir };
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints the usage for missing arguments and a clear message for a missing or empty file, with exit code 1', () => {
    const noFile = runScript(env, ['--user', 'Importer 1', '--collection', 'new']);
    expect(noFile.status).toBe(1);
    expect(noFile.stderr).toContain('Give the file to import');
    expect(noFile.stderr).toContain('usage: npm run import:collection -- --user NAME --collection PUBLIC_ID|new FILE');
    const noUser = runScript(env, ['--collection', 'new', EXAMPLE]);
    expect(noUser.status).toBe(1);
    expect(noUser.stderr).toContain('Give the user name: --user NAME');
    const missing = runScript(env, ['--user', 'Importer 1', '--collection', 'new', path.join(dataDir, 'nope.csv')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('nope.csv: no such file');
    const empty = path.join(dataDir, 'empty.csv');
    fs.writeFileSync(empty, 'title,year,format\n');
    const emptyRun = runScript(env, ['--user', 'Importer 1', '--collection', 'new', empty]);
    expect(emptyRun.status).toBe(1);
    expect(emptyRun.stderr).toContain('The file has no rows to import');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
