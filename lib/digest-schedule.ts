import 'server-only';
import { logError } from '@/lib/log';
/**
 * The daily notification digest inside the app process (started by instrumentation.ts when the
 * Next.js server starts): once a day at NOTIFICATIONS_DIGEST_HOUR o'clock UTC (0-23, default 6;
 * `off` turns it off) it runs lib/data/notifications.ts sendDigests on the process database.
 * Several app servers may all run it: each member's notices are claimed in the database before
 * they are mailed, so nothing is mailed twice.
 */

/** Milliseconds from `now` to the next `hour`:00 UTC (a full day when it is that moment exactly). Pure. */
export function msUntilHour(hour: number, now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** The configured hour (UTC), or null when the digest is off. Pure apart from reading `env`. */
export function digestHour(env: Record<string, string | undefined> = process.env): number | null {
  const raw = (env.NOTIFICATIONS_DIGEST_HOUR ?? '').trim();
  if (raw === 'off') return null;
  const hour = raw === '' ? 6 : Number(raw);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : 6;
}

let scheduled = false;

/** Schedules the daily run (once per process; the timer never keeps the process alive). */
export function scheduleDailyDigest(): void {
  const hour = digestHour();
  if (hour === null || scheduled) return;
  scheduled = true;
  const arm = () => {
    const timer = setTimeout(
      async () => {
        try {
          const { sendDigests } = await import('@/lib/data/notifications');
          const r = await sendDigests();
          console.log(
            `notification digest: ${r.members} members, ${r.notifications} notifications, ${r.failed} failed`,
          );
        } catch (error) {
          logError('notification digest failed', error);
        }
        arm();
      },
      msUntilHour(hour, new Date()),
    );
    timer.unref();
  };
  arm();
}
