/**
 * `npm run db:restore -- FILE [--clean]`: restores a backup made by `npm run db:backup` into an
 * empty database; a database that already has tables is refused unless `--clean` (alias
 * `--force`).
 *
 * - PostgreSQL (DATABASE_URL set; FILE a pg_dump custom archive): `pg_restore --no-owner
 *   --no-privileges --single-transaction` into the database of DATABASE_URL (create it first:
 *   `createdb NAME`), so a failing restore leaves it as it was. With `--clean` the backup's objects
 *   are dropped first (`--clean --if-exists`); tables the backup does not have stay. pg_restore
 *   must be on PATH.
 * - PGlite (no DATABASE_URL; FILE a data-directory tarball): unpacked into `$DATA_DIR/pglite` with
 *   PGlite's `loadDataDir`, first into a sibling directory that is opened and checked, then moved
 *   into place. The app server must be stopped (an open directory has a `postmaster.pid`). With
 *   `--clean` an existing database directory is moved aside to `pglite.before-restore-<time>`,
 *   not deleted.
 *
 * A backup of one engine cannot be restored into the other (the script says so). No statement
 * timeout applies. Exit codes: 0 restored, 1 the restore failed, 2 refused (bad arguments, no such
 * file, wrong kind of backup, the target not empty or in use, pg_restore missing).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir } from '@/lib/config/data-dir';
import { clientConnection, megabytes, Refused, run, runMain, stamp } from './db-archive';

const USAGE = 'Usage: npm run db:restore -- FILE [--clean]';

/** What a backup file is, from its first bytes: a pg_dump custom archive, a gzip tarball (PGlite), or neither. */
function backupKind(file: string): 'postgres' | 'pglite' | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Number of tables in the database outside the system schemas. */
async function tableCount(url: string): Promise<number> {
  const { default: postgres } = await import('postgres');
  const q = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await q<{ n: number }[]>`SELECT count(*)::int AS n FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`;
    return row!.n;
  } finally {
    await q.end({ timeout: 5 });
  }
}

async function restorePostgres(url: string, file: string, clean: boolean): Promise<string> {
  const r = spawnSync('pg_restore', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new Refused(
      'pg_restore was not found on PATH: install the PostgreSQL client tools (e.g. postgresql-client).',
    );
  const tables = await tableCount(url);
  if (tables > 0 && !clean)
    throw new Refused(
      `The database already has ${tables} tables: restore into an empty database (createdb NAME), ` +
        'or add --clean to drop the objects of the backup first.',
    );
  const conn = clientConnection(url);
  const args = ['--no-owner', '--no-privileges', '--single-transaction', `--dbname=${conn.url}`];
  if (clean) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, file], conn.env);
  return `${await tableCount(url)} tables`;
}

async function restorePglite(dir: string, file: string, clean: boolean): Promise<string> {
  const exists = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (exists && fs.existsSync(path.join(dir, 'postmaster.pid')))
    throw new Refused(`The PGlite database at ${dir} is in use (it has a postmaster.pid): stop the app server first.`);
  if (exists && !clean)
    throw new Refused(
      `${dir} already holds a database: add --clean to move it aside (kept as ${path.basename(dir)}.before-restore-<time>).`,
    );
  const building = `${dir}.restoring-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let tables: number;
  console.log(`  unpacking into ${building}…`);
  try {
    const client = new PGlite(building, { extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await client.waitReady;
    try {
      const res = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      tables = res.rows[0]!.n;
    } finally {
      await client.close();
    }
  } catch (e) {
    fs.rmSync(building, { recursive: true, force: true });
    throw e;
  }
  let note = '';
  if (exists) {
    const aside = `${dir}.before-restore-${stamp()}`;
    fs.renameSync(dir, aside);
    note = `; the previous database was moved to ${aside}`;
  } else {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.renameSync(building, dir);
  return `${tables} tables${note}`;
}

async function main(): Promise<void> {
  let values: { clean?: boolean; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      options: { clean: { type: 'boolean' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new Refused(`${(e as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) throw new Refused(USAGE);
  const file = path.resolve(positionals[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Refused(`No such file: ${file}`);
  const clean = Boolean(values.clean || values.force);
  const url = process.env.DATABASE_URL || '';
  const kind = backupKind(file);
  if (kind === null)
    throw new Refused(`${file} is not a backup of npm run db:backup (neither a pg_dump archive nor a tarball).`);
  if (kind === 'pglite' && url)
    throw new Refused(`${file} is a PGlite backup: unset DATABASE_URL to restore it into $DATA_DIR/pglite.`);
  if (kind === 'postgres' && !url)
    throw new Refused(`${file} is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.`);
  const target = url ? `PostgreSQL (${clientConnection(url).url})` : `PGlite (${path.join(dataDir(), 'pglite')})`;
  console.log(`Restoring ${file} (${megabytes(fs.statSync(file).size)}) into ${target} …`);
  const started = Date.now();
  const summary = url
    ? await restorePostgres(url, file, clean)
    : await restorePglite(path.join(dataDir(), 'pglite'), file, clean);
  console.log(`Restored ${summary} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

await runMain('Restore', main);
