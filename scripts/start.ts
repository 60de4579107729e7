/**
 * `npm start`: serves the app on http://localhost:3000 (PORT or --port N) from a fresh clone.
 *  1. builds with `next build` when there is no build or a source file is newer than it;
 *  2. opens the database (DATABASE_URL, else PGlite under DATA_DIR, default .data), applies
 *     migrations, and imports the seed files (seed/*.gz) the first time — files whose content was
 *     imported before are skipped, so a second start does not re-import — with a progress display
 *     and the import's duration;
 *     then stores the new-release notifications of the releases that import created;
 *  3. closes it (PGlite is single-process) and runs the app's HTTP server (scripts/serve.ts: Next
 *     through its custom-server API, in production mode from a bundle run by plain `node`, see
 *     scripts/serve-entry.ts; or development mode with --dev), which sets the client address,
 *     request ids and security headers of every request.
 * Before the database, it starts a local Soketi (the realtime server, lib/realtime/soketi.ts) on
 * PUSHER_HOST:PUSHER_PORT (default 127.0.0.1:6001) with the app's PUSHER_* credentials, unless
 * those point at another server (PUSHER_CLUSTER, or a host that is not this machine); Soketi stops
 * with the app. A busy port or a Soketi that fails is logged and the app starts anyway (the
 * notifications are stored; only the live push is missing).
 * Exit code: the server's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '@/db';
import { formatReport, importFiles, seedFiles } from '@/lib/import';
import { assertRealtimeCredentials, realtimeConfig, wantsLocalSoketi } from '@/lib/realtime/config';
import { portInUse, startSoketi, type SoketiHandle } from '@/lib/realtime/soketi';
import { siteTimeZone } from '@/lib/time-zone';
import { buildIfNeeded } from './next-build';
import { createImportProgress } from './progress';
import { serverArgs } from './serve-entry';
import { allowServerOnlyImports } from './server-only';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? args[portArg + 1] : process.env.PORT || '3000';
const root = process.cwd();

function buildOrExit() {
  if (!buildIfNeeded(root)) {
    console.error('Build failed.');
    process.exit(1);
  }
}

async function prepareDatabase() {
  // The import's repair step and the new-release notices load lib/data (server-only modules).
  allowServerOnlyImports();
  const handle = await openDatabase();
  try {
    console.log(`Database: ${handle.kind} (${handle.location}); applying migrations …`);
    await migrateDatabase(handle);
    const files = seedFiles().filter((f) => fs.existsSync(f));
    const progress = createImportProgress();
    const [{ now: since }] = await queryRows<{ now: string | Date }>(handle.db, sql`SELECT now() AS now`);
    const report = await importFiles(handle.db, files, { skipUnchanged: true, progress: progress.onProgress });
    progress.stop();
    if (report.files.some((f) => !f.skipped)) {
      console.log('Seed catalogue imported:');
      console.log(formatReport(report));
      const { notifyNewReleases } = await import('@/lib/data/new-release-notices');
      const notices = await notifyNewReleases(handle.db, new Date(since));
      if (notices) console.log(`New-release notifications: ${notices}`);
    } else console.log('Seed catalogue already imported.');
  } finally {
    await handle.close();
  }
}

/** Starts the local Soketi when the PUSHER_* settings want one; null when not started (logged). */
async function startRealtime(): Promise<SoketiHandle | null> {
  const config = realtimeConfig();
  if (!wantsLocalSoketi(config)) {
    console.log(
      `Realtime: ${config.cluster ? `Pusher cluster ${config.cluster}` : `${config.host}:${config.port}`} (not started here).`,
    );
    return null;
  }
  const host = config.host === 'localhost' ? '127.0.0.1' : config.host;
  if (await portInUse(host, config.port)) {
    console.warn(
      `Realtime: ${host}:${config.port} is already in use, Soketi not started; pushes go to what listens there ` +
        '(a Soketi with the same PUSHER_* credentials works; otherwise only the live push is missing).',
    );
    return null;
  }
  try {
    const soketi = await startSoketi({ ...config, host });
    console.log(`Realtime: Soketi on ${soketi.host}:${soketi.port}.`);
    return soketi;
  } catch (error) {
    console.warn(
      `Realtime: Soketi not started (${error instanceof Error ? error.message : String(error)}); ` +
        'the app runs without live pushes (notifications are still stored and counted).',
    );
    return null;
  }
}

try {
  siteTimeZone();
  assertRealtimeCredentials(realtimeConfig());
} catch (error) {
  // A mistyped SITE_TIME_ZONE stops here, named, instead of failing every page; so does a production
  // start with the public realtime credentials for a realtime server others can reach.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (!dev) buildOrExit();
let stopping = false;
const soketi = await startRealtime();
soketi?.process.on('exit', (code, signal) => {
  if (!stopping) console.warn(`Realtime: Soketi stopped (${signal ?? code}); the app goes on without live pushes.`);
});
try {
  await prepareDatabase();
} catch (error) {
  stopping = true;
  await soketi?.stop();
  throw error;
}
console.log(`Serving on http://localhost:${port}`);
const server = spawn(process.execPath, serverArgs(root, { dev, extra: ['--port', String(port)] }), {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    stopping = true;
    server.kill(sig);
  });
server.on('exit', (code) => {
  stopping = true;
  void (soketi?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
