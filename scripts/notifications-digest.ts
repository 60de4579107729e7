/**
 * `npm run notifications:digest`: sends the notification digest now (lib/data/notifications.ts
 * sendDigests): to each member with the email-notification flag, their unseen notifications not
 * yet mailed, through the mail transport (SMTP_URL, else .eml files under DATA_DIR/mail). The app
 * process also runs it once a day (instrumentation.ts); running it by hand or from cron as well
 * mails nothing twice. Database: DATABASE_URL, else PGlite under DATA_DIR (not while a server has
 * that PGlite directory open: PGlite is single-process). Exit code 0, or 1 on failure.
 */
import { openDatabase } from '@/db';
import { allowServerOnlyImports } from './server-only';

allowServerOnlyImports();
const { sendDigests } = await import('@/lib/data/notifications');
const handle = await openDatabase();
try {
  const r = await sendDigests(handle.db);
  console.log(`Digest: ${r.members} members mailed, ${r.notifications} notifications, ${r.failed} failed.`);
  if (r.failed) process.exitCode = 1;
} catch (e) {
  console.error(`Digest failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
