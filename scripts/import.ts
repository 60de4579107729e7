/**
 * `npm run db:import -- <file>...`: imports data files in the formats of ../shared/data (detected
 * from content; plain or .gz) into the database (DATABASE_URL, else PGlite under DATA_DIR), with a
 * progress bar and a summary (inserted / updated / merged / rejected per entity). Without files it
 * imports the project's seed/ files. Rejected records are listed as `file:line: reason`. Then the
 * new-release notifications of the releases the run created are stored (lib/data/new-release-notices.ts)
 * and pushed to the realtime server of PUSHER_* when one answers.
 * Do not run it against the PGlite directory of a running server (PGlite is single-process).
 * Exit code 0 on success (even with rejected records), 1 on failure.
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '@/db';
import { formatReport, importFiles, seedFiles } from '@/lib/import';
import { createImportProgress } from './progress';
import { allowServerOnlyImports } from './server-only';

allowServerOnlyImports();
const { notifyNewReleases } = await import('@/lib/data/new-release-notices');

const files = process.argv.slice(2).filter((a) => a !== '--');
const handle = await openDatabase();
try {
  await migrateDatabase(handle);
  console.log(`Importing into ${handle.kind} (${handle.location}) …`);
  const progress = createImportProgress();
  const [{ now: since }] = await queryRows<{ now: string | Date }>(handle.db, sql`SELECT now() AS now`);
  const report = await importFiles(handle.db, files.length ? files : seedFiles(), { progress: progress.onProgress });
  progress.stop();
  console.log(formatReport(report));
  console.log(`  new-release notifications: ${await notifyNewReleases(handle.db, new Date(since))}`);
} catch (e) {
  const err = e as Error & { cause?: Error };
  console.error(`Import failed: ${err.cause?.message ?? err.message.slice(0, 500)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
