/**
 * Benchmark case 4: import of the seed (seed/*.gz, lib/import seedFiles) into an empty database,
 * on PGlite (a fresh temporary directory) and on PostgreSQL (a fresh temporary database
 * `discshelf_bench_import_<pid>` on the server of DATABASE_URL, dropped afterwards). Measured:
 * the importer's wall time (migrations excluded) in seconds, and rows written per second (rows
 * of every catalogue table after the import / seconds). The target counts only when rows were
 * written (bench/verdicts.ts importCheck).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, queryRows, type DbHandle } from '@/db';
import { importFiles, seedFiles } from '@/lib/import';

/**
 * Result of one import run: wall seconds, rows in the catalogue tables afterwards, rows per
 * second, and the records read from the seed files (optional: older results lack it).
 */
export type ImportResult = {
  engine: 'pglite' | 'postgres';
  seconds: number;
  rows: number;
  rowsPerSecond: number;
  records?: number;
};

/** Tables counted as imported rows. */
const TABLES = [
  'labels',
  'movies',
  'movie_sources',
  'persons',
  'credits',
  'releases',
  'release_movies',
  'censorship_events',
  'pictures',
  'buying_links',
] as const;

async function importInto(handle: DbHandle): Promise<ImportResult> {
  await migrateDatabase(handle);
  const started = performance.now();
  const report = await importFiles(handle.db, seedFiles());
  const seconds = (performance.now() - started) / 1000;
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql.raw(`SELECT (${TABLES.map((t) => `(SELECT count(*) FROM ${t})`).join(' + ')})::int AS n`),
  );
  const rows = row?.n ?? 0;
  return {
    engine: handle.kind,
    seconds: Math.round(seconds * 10) / 10,
    rows,
    rowsPerSecond: Math.round(rows / seconds),
    records: report.files.reduce((n, f) => n + f.records, 0),
  };
}

/** Imports the seed into a fresh PGlite directory under the OS temp folder (removed afterwards). */
export async function importPglite(): Promise<ImportResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-bench-pglite-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    return await importInto(handle);
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports the seed into a fresh database next to `databaseUrl` (created and dropped here). */
export async function importPostgres(databaseUrl: string): Promise<ImportResult> {
  const name = `discshelf_bench_import_${process.pid}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    const handle = await openDatabase({ url: u.toString() });
    try {
      return await importInto(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end({ timeout: 5 });
  }
}
