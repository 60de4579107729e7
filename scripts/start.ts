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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@/db';
import { formatReport, importFiles, seedFiles } from '@/lib/import';
import { buildIfNeeded } from './next-build';
import { createImportProgress } from './progress';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? args[portArg + 1] : process.env.PORT || '3000';
const root = process.cwd();
const nextBin = path.join(root, 'node_modules', '.bin', 'next');

function buildOrExit() {
  if (!buildIfNeeded(root)) {
    console.error('Build failed.');
    process.exit(1);
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

if (!dev) buildOrExit();
await prepareDatabase();
console.log(`Serving on http://localhost:${port}`);
const server = spawn(nextBin, [dev ? 'dev' : 'start', '-p', String(port)], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
