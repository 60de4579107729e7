/**
 * `npm run db:backup -- [--out FILE] [--force]`: writes a backup of the database to FILE.
 *
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom --no-owner --no-privileges` (schema,
 *   data, sequences and the migration journal), restorable with `npm run db:restore` or
 *   `pg_restore`. pg_dump must be on PATH and of the server's major version or newer (checked
 *   first). Default FILE: `discshelf-YYYYMMDD-HHMMSS.dump`.
 * - PGlite (no DATABASE_URL): the data directory `$DATA_DIR/pglite` as a gzipped tarball
 *   (PGlite's `dumpDataDir`). PGlite is single-process: the app server must be stopped first (a
 *   directory held open has a `postmaster.pid`; the script refuses it). Default FILE:
 *   `discshelf-YYYYMMDD-HHMMSS.tar.gz`.
 *
 * The backup is written to `FILE.partial` and renamed when complete, so FILE is never a cut-off
 * backup; an existing FILE is kept unless `--force`. No statement timeout applies.
 * Exit codes: 0 written, 1 the backup failed, 2 refused (bad arguments, FILE exists, the PGlite
 * directory is missing or in use, pg_dump missing or too old).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir } from '@/lib/config/data-dir';
import { attachOptionValues } from './cli-args';
import { clientConnection, megabytes, Refused, run, runMain, stamp } from './db-archive';

const USAGE = 'Usage: npm run db:backup -- [--out FILE] [--force]';

/** Major version of a PostgreSQL client binary (`pg_dump (PostgreSQL) 15.2` → 15), null when it is not on PATH. */
function clientMajor(binary: string): number | null {
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const m = /(\d+)(?:\.\d+)?/.exec(r.stdout);
  return m ? Number(m[1]) : null;
}

async function serverMajor(url: string): Promise<number> {
  const { default: postgres } = await import('postgres');
  const q = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await q<{ v: string }[]>`SELECT current_setting('server_version_num') AS v`;
    return Math.floor(Number(row!.v) / 10_000);
  } finally {
    await q.end({ timeout: 5 });
  }
}

/** Prints the growing size of `file` every 2 seconds while `work` runs. */
async function withProgress<T>(file: string, work: Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    if (fs.existsSync(file)) process.stdout.write(`  ${megabytes(fs.statSync(file).size)} written…\n`);
  }, 2000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

async function backupPostgres(url: string, partial: string): Promise<void> {
  const dumpMajor = clientMajor('pg_dump');
  if (dumpMajor === null)
    throw new Refused('pg_dump was not found on PATH: install the PostgreSQL client tools (e.g. postgresql-client).');
  const server = await serverMajor(url);
  if (dumpMajor < server)
    throw new Refused(
      `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${server} server: install the client tools of version ${server} or newer.`,
    );
  const conn = clientConnection(url);
  await withProgress(
    partial,
    run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${conn.url}`],
      conn.env,
    ),
  );
}

async function backupPglite(dir: string, partial: string): Promise<void> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Refused(`No PGlite database at ${dir}.`);
  if (fs.existsSync(path.join(dir, 'postmaster.pid')))
    throw new Refused(
      `The PGlite database at ${dir} is in use (it has a postmaster.pid): stop the app server first. ` +
        'If no process has it open, a crash left the file behind: remove it and run the backup again.',
    );
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  try {
    // One call packs the whole directory in memory (a seeded database: about 40 s, 1.5 GB).
    console.log('  packing the data directory…');
    const tarball = await client.dumpDataDir('gzip');
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  let values: { out?: string; force?: boolean; help?: boolean };
  try {
    const options = {
      out: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    } as const;
    ({ values } = parseArgs({
      args: attachOptionValues(process.argv.slice(2), options),
      options,
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new Refused(`${(e as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = process.env.DATABASE_URL || '';
  const file = path.resolve(values.out ?? `discshelf-${stamp()}.${url ? 'dump' : 'tar.gz'}`);
  if (fs.existsSync(file) && !values.force) throw new Refused(`${file} exists: choose another --out or add --force.`);
  const partial = `${file}.partial`;
  const started = Date.now();
  const source = url ? `PostgreSQL (${clientConnection(url).url})` : `PGlite (${path.join(dataDir(), 'pglite')})`;
  console.log(`Backing up ${source} to ${file} …`);
  try {
    if (url) await backupPostgres(url, partial);
    else await backupPglite(path.join(dataDir(), 'pglite'), partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backup written: ${file} (${megabytes(fs.statSync(file).size)}) in ${seconds} s.`);
}

await runMain('Backup', main);
