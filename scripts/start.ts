/**
 * `npm start`: serves the app on http://localhost:3000 (PORT or --port N) from a fresh clone.
 *  1. builds with `next build` when there is no build or a source file is newer than it;
 *  2. opens the database (DATABASE_URL, else PGlite under DATA_DIR, default .data), applies
 *     migrations, and imports the seed files (seed/*.gz) the first time — files whose content was
 *     imported before are skipped, so a second start does not re-import — with a progress display
 *     and the import's duration;
 *  3. closes it (PGlite is single-process) and runs `next start` (or `next dev` with --dev).
 * Exit code: the server's.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@/db';
import { formatReport, importFiles, seedFiles } from '@/lib/import';
import { createImportProgress } from './progress';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? args[portArg + 1] : process.env.PORT || '3000';
const root = process.cwd();
const nextBin = path.join(root, 'node_modules', '.bin', 'next');

/** Newest modification time (ms) of the files a build depends on. */
function newestSourceMtime(): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['app', 'components', 'lib', 'messages', 'public', 'db/schema', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json']) walk(path.join(root, p));
  return newest;
}

function buildIfNeeded() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs >= newestSourceMtime()) return;
  console.log('Building the app (next build) …');
  const r = spawnSync(nextBin, ['build'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error('Build failed.');
    process.exit(r.status ?? 1);
  }
}

async function prepareDatabase() {
  const handle = await openDatabase();
  try {
    console.log(`Database: ${handle.kind} (${handle.location}); applying migrations …`);
    await migrateDatabase(handle);
    const files = seedFiles().filter((f) => fs.existsSync(f));
    const progress = createImportProgress();
    const report = await importFiles(handle.db, files, { skipUnchanged: true, progress: progress.onProgress });
    progress.stop();
    if (report.files.some((f) => !f.skipped)) {
      console.log('Seed catalogue imported:');
      console.log(formatReport(report));
    } else console.log('Seed catalogue already imported.');
  } finally {
    await handle.close();
  }
}

if (!dev) buildIfNeeded();
await prepareDatabase();
console.log(`Serving on http://localhost:${port}`);
const server = spawn(nextBin, [dev ? 'dev' : 'start', '-p', String(port)], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
