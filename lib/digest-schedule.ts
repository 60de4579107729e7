import 'server-only';
import { logError } from '@/lib/log';
import { siteTimeZone, wallClock } from '@/lib/time-zone';

/**
 * The daily notification digest inside the app process (started by instrumentation.ts when the
 * Next.js server starts): once a day at NOTIFICATIONS_DIGEST_HOUR o'clock on the site's clock
 * (SITE_TIME_ZONE, lib/time-zone.ts; 0-23, default 6; `off` turns it off) it runs
 * lib/data/notifications.ts sendDigests on the process database. Several app servers may all run
 * it: each member's notices are claimed in the database before they are mailed, so nothing is
 * mailed twice.
 */

/** Quarter hours in milliseconds: every zone's offset from UTC is a multiple of one. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** The calendar day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Milliseconds from `now` to the next `hour`:00 on the clock of `timeZone`: today's when the clock
 * is still before it, else tomorrow's (a full day when it is that moment exactly). On a day whose
 * clock skips that hour (summer time starts) the run comes when the clock resumes; on a day that
 * repeats it (summer time ends) at its first occurrence, once. Pure.
 */
export function msUntilHour(hour: number, now: Date, timeZone: string): number {
  const clock = wallClock(now, timeZone);
  if (!clock) throw new RangeError('msUntilHour: invalid date');
  const target = clock.hour < hour ? clock.day : nextDay(clock.day);
  let t = Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  // At most two days of quarter hours lie between now and the target day's hour.
  for (let i = 0; i < 2 * 24 * 4 + 8; i++, t += QUARTER_HOUR_MS) {
    const c = wallClock(new Date(t), timeZone)!;
    if (c.day > target || (c.day === target && c.hour >= hour)) return t - now.getTime();
  }
  throw new RangeError(`msUntilHour: no ${hour}:00 in ${timeZone} within two days`);
}

/** The configured hour (of the site's clock), or null when the digest is off. Pure apart from reading `env`. */
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
      msUntilHour(hour, new Date(), siteTimeZone()),
    );
    timer.unref();
  };
  arm();
}
