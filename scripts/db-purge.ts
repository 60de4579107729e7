/**
 * `npm run db:purge`: deletes expired data now (lib/data/purge.ts purgeExpired: expired sessions,
 * API tokens expired a while ago, spent or expired password-reset tokens, ended rate-limit
 * windows, old collection import reports, old seen notifications) and prints the rows deleted per
 * kind. The app process does the same every hour (instrumentation.ts), so this is for a server
 * whose schedule is off or for cron. Database: DATABASE_URL, else PGlite under DATA_DIR (not while
 * a server has that PGlite directory open: PGlite is single-process).
 * Exit codes: 0 done (also when nothing was expired), 1 the database failed.
 */
import { migrateDatabase, openDatabase } from '@/db';
import { allowServerOnlyImports } from './server-only';

allowServerOnlyImports();
const { purgeExpired, purgedTotal } = await import('@/lib/data/purge');
let handle: Awaited<ReturnType<typeof openDatabase>> | null = null;
try {
  handle = await openDatabase();
  await migrateDatabase(handle);
  const started = Date.now();
  const counts = await purgeExpired(handle.db);
  for (const [kind, n] of Object.entries(counts)) console.log(`${kind.padEnd(20)} ${n}`);
  console.log(
    `Purged ${purgedTotal(counts)} expired rows from ${handle.kind} (${handle.location}) in ${Date.now() - started} ms.`,
  );
} catch (e) {
  // Drizzle wraps a driver error in "Failed query: <SQL>"; the driver's own message says what went wrong.
  const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
  console.error(`Purge failed: ${reason}`);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
