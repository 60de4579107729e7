/**
 * Test databases on the real engines: PGlite always, PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it; under CI=true a missing server fails the tests instead of skipping them).
 *
 * - `createTestDb(engine)`: an empty, migrated database, copied from an empty migrated template
 *   built beside the seeded one (PGlite: a directory; PostgreSQL: a template database).
 * - `getSeededTestDb(engine)`: a private copy of a database with the full seed imported. The seeded
 *   template is built once per seed/migration content (PGlite: a data directory under
 *   .data/test-template, copied per call; PostgreSQL: a template database cloned with
 *   CREATE DATABASE … TEMPLATE), so each test file gets its own copy in seconds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type DbHandle } from '@/db';
import { importFiles, seedFiles } from '@/lib/import';

export type Engine = 'pglite' | 'postgres';

/** Engines to run integration tests on: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Fails under CI when PostgreSQL tests would otherwise be left out. */
export function assertPostgresConfiguredInCi(): void {
  if (process.env.CI && !process.env.TEST_DATABASE_URL)
    throw new Error('CI must set TEST_DATABASE_URL: the PostgreSQL tests cannot be skipped under CI.');
}

let hashOfContent: string | null = null;

/** Hash of what a seeded template holds (seed files, migrations, importer); computed once per process. */
function contentHash(): string {
  if (hashOfContent) return hashOfContent;
  const h = crypto.createHash('sha256');
  for (const f of seedFiles()) h.update(fs.readFileSync(f));
  for (const f of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    const p = path.join(MIGRATIONS_DIR, f);
    if (fs.statSync(p).isFile()) h.update(fs.readFileSync(p));
  }
  for (const f of fs.readdirSync(path.resolve('lib/import')).sort())
    h.update(fs.readFileSync(path.resolve('lib/import', f)));
  h.update(fs.readFileSync(path.resolve('lib/text.ts')));
  hashOfContent = h.digest('hex').slice(0, 12);
  return hashOfContent;
}

/** URL of database `dbName` on the TEST_DATABASE_URL server. */
export function serverUrl(dbName: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL as string);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** Runs `fn` with a one-connection client on TEST_DATABASE_URL (CREATE / DROP DATABASE), then closes it. */
export async function admin<T>(fn: (q: postgres.Sql) => Promise<T>): Promise<T> {
  const q = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
  try {
    return await fn(q);
  } finally {
    await q.end({ timeout: 5 });
  }
}

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
}

/** Opens a fresh postgres database cloned from `template`, dropped on close. */
async function openPostgresCopy(template: string): Promise<DbHandle> {
  const name = uniqueName('discshelf_t');
  await admin((q) => q.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const handle = await openDatabase({ url: serverUrl(name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * An empty, migrated database on the given engine; close() removes it. A copy of an empty
 * migrated template (built once per contentHash): a new PGlite database runs initdb, about 4 s of
 * CPU, while copying and opening the template takes about 1 s; on PostgreSQL a clone takes about
 * half the time of the migrations.
 */
export async function createTestDb(engine: Engine = 'pglite'): Promise<DbHandle> {
  const hash = contentHash();
  if (engine === 'pglite') return openPgliteCopy(await pgliteTemplate(hash, 'empty'));
  return openPostgresCopy(await postgresTemplate(hash, 'empty'));
}

/**
 * What a template (PGlite directory or PostgreSQL database) holds: the migrated schema, and with
 * `seeded` the seed files imported.
 */
type TemplateKind = 'seeded' | 'empty';

/**
 * Builds a PGlite template in a folder of its own and moves it into place; when another process
 * has put one there meanwhile, that one is kept and this build is discarded.
 */
async function buildPgliteTemplate(dir: string, kind: TemplateKind): Promise<void> {
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: building });
  await migrateDatabase(handle);
  if (kind === 'seeded') await importFiles(handle.db, seedFiles());
  await handle.close();
  try {
    fs.renameSync(building, dir);
  } catch (e) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw e;
  }
}

/** Folder of the PGlite template of `kind` for `hash` (the seeded one is named by the hash alone), built when missing. */
async function pgliteTemplate(hash: string, kind: TemplateKind = 'seeded'): Promise<string> {
  const root = path.resolve('.data', 'test-template');
  const dir = path.join(root, kind === 'seeded' ? hash : `${hash}-empty`);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is no template (templates are moved in whole): remove it.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    await buildPgliteTemplate(dir, kind);
  }
  return dir;
}

/** Opens a private copy of a PGlite template directory; close() removes the copy. */
async function openPgliteCopy(templateDir: string): Promise<DbHandle> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-pglite-'));
  fs.cpSync(templateDir, copy, { recursive: true });
  const handle = await openDatabase({ dataDir: copy });
  await handle.db.execute(sql`SELECT 1`);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      fs.rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * Folder of the PGlite seeded template for the current seed and migrations when one has been
 * built (by the integration tests' global setup or a first `getSeededTestDb`), else null. A
 * PGlite data directory: copy it before opening it, never open it in place.
 */
export function builtPgliteTemplate(): string | null {
  const dir = path.resolve('.data', 'test-template', contentHash());
  return fs.existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/**
 * Name of the PostgreSQL template database of `kind` for `hash` (`discshelf_seed_<hash>`, the
 * empty one with `_empty` after it), built when missing.
 */
async function postgresTemplate(hash: string, kind: TemplateKind = 'seeded'): Promise<string> {
  const template = kind === 'seeded' ? `discshelf_seed_${hash}` : `discshelf_seed_${hash}_empty`;
  const exists = await admin((q) => q`SELECT 1 FROM pg_database WHERE datname = ${template}`);
  if (!exists.length) {
    const building = uniqueName('discshelf_seedbuild');
    await admin((q) => q.unsafe(`CREATE DATABASE ${building}`));
    const h = await openDatabase({ url: serverUrl(building) });
    await migrateDatabase(h);
    if (kind === 'seeded') await importFiles(h.db, seedFiles());
    await h.close();
    await admin(async (q) => {
      const again = await q`SELECT 1 FROM pg_database WHERE datname = ${template}`;
      if (again.length) await q.unsafe(`DROP DATABASE ${building} WITH (FORCE)`);
      else await q.unsafe(`ALTER DATABASE ${building} RENAME TO ${template}`);
    });
  }
  return template;
}

/**
 * Name of the PostgreSQL database holding the seed (migrated, imported; built when missing), to
 * clone with `CREATE DATABASE … TEMPLATE`: never connect to it, or the clones fail while connected.
 */
export async function seededPostgresTemplate(): Promise<string> {
  return postgresTemplate(contentHash());
}

/**
 * Builds the seeded template of every test engine that lacks one, both at once (about a minute),
 * and the empty ones createTestDb copies.
 * The integration project's global setup calls it before its files start, so files running in
 * parallel find the templates ready instead of each building them.
 */
export async function ensureSeedTemplates(): Promise<void> {
  const hash = contentHash();
  await Promise.all(
    testEngines().map((e) =>
      e === 'postgres'
        ? postgresTemplate(hash).then(() => postgresTemplate(hash, 'empty'))
        : pgliteTemplate(hash).then(() => pgliteTemplate(hash, 'empty')),
    ),
  );
}

/**
 * A private database with the full seed imported (see module doc); close() removes the copy.
 * Without the global setup, the first call per seed content builds the template.
 */
export async function getSeededTestDb(engine: Engine = 'pglite'): Promise<DbHandle> {
  const hash = contentHash();
  if (engine === 'postgres') return openPostgresCopy(await postgresTemplate(hash));
  return openPgliteCopy(await pgliteTemplate(hash));
}
