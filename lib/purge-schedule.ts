import 'server-only';
/**
 * The expired-data purge inside the app process (started by instrumentation.ts when the Next.js
 * server starts, beside the daily digest of lib/digest-schedule.ts): every
 * DB_PURGE_INTERVAL_MINUTES (default 60; `off` turns it off) it runs lib/data/purge.ts
 * purgeExpired on the process database, the first time one minute after the start. Several app
 * servers may all run it: the deletes are idempotent.
 */

/** Delay of the first purge after the process starts (milliseconds): the start-up stays quick. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * The configured interval in minutes, or null when the purge is off: env
 * DB_PURGE_INTERVAL_MINUTES, a whole number above 0 (default 60; an unreadable value gives 60).
 * Pure apart from reading `env`.
 */
export function purgeIntervalMinutes(env: Record<string, string | undefined> = process.env): number | null {
  const raw = (env.DB_PURGE_INTERVAL_MINUTES ?? '').trim();
  if (raw === 'off') return null;
  const minutes = Number(raw);
  return raw !== '' && Number.isInteger(minutes) && minutes > 0 ? minutes : 60;
}

let scheduled = false;

/** Schedules the periodic purge (once per process; the timers never keep the process alive). */
export function schedulePurge(): void {
  const minutes = purgeIntervalMinutes();
  if (minutes === null || scheduled) return;
  scheduled = true;
  const run = async () => {
    try {
      const { purgeExpired, purgedTotal } = await import('@/lib/data/purge');
      const counts = await purgeExpired();
      if (purgedTotal(counts) > 0)
        console.log(
          `expired-data purge: ${Object.entries(counts)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(', ')}`,
        );
    } catch (error) {
      console.error('expired-data purge failed', error);
    }
  };
  const first = setTimeout(() => {
    void run();
    setInterval(() => void run(), minutes * 60_000).unref();
  }, FIRST_RUN_DELAY_MS);
  first.unref();
}
