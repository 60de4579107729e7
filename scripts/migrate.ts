/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (else the PGlite under DATA_DIR). Exit 1 on failure. */
import { migrateDatabase, openDatabase } from '@/db';

const handle = await openDatabase();
try {
  await migrateDatabase(handle);
  console.log(`Migrations applied to ${handle.kind} (${handle.location}).`);
} catch (e) {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
