/**
 * The site's time zone: the clock and calendar in which every timestamp is shown (the time of a
 * comment, the date an entry was added), the days by which the stream groups additions and a
 * collection's value history keeps one value, "today" for upcoming releases, and the hour of the
 * daily notification digest. `SITE_TIME_ZONE` (an IANA name such as `Europe/Helsinki` or `UTC`),
 * read on the server when it starts; default Europe/Helsinki, the market the site is made for.
 * Pages rendered on the server and in the browser both use it (next-intl hands it to the client,
 * lib/i18n/request.ts), so a time reads the same wherever it is rendered and whatever zone the
 * server or the visitor's machine runs in.
 */

/** The time zone when SITE_TIME_ZONE is not set. */
export const DEFAULT_TIME_ZONE = 'Europe/Helsinki';

/** True when `name` is a time zone the runtime's Intl knows (an IANA name, or "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The configured site time zone: `env.SITE_TIME_ZONE` trimmed, or {@link DEFAULT_TIME_ZONE} when
 * unset or empty.
 * @throws RangeError when the value is not a time zone name (scripts/start.ts checks it before
 *   the server starts, so a typo stops `npm start` with this message instead of failing pages)
 */
export function siteTimeZone(env: Record<string, string | undefined> = process.env): string {
  const raw = (env.SITE_TIME_ZONE ?? '').trim();
  if (raw === '') return DEFAULT_TIME_ZONE;
  if (!isTimeZone(raw)) {
    throw new RangeError(`SITE_TIME_ZONE "${raw}" is not a time zone name (for example Europe/Helsinki or UTC)`);
  }
  return raw;
}

/** A zone's wall clock at one moment: calendar day (YYYY-MM-DD) and hour and minute (0-23, 0-59). */
export type WallClock = { day: string; hour: number; minute: number };

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of `timeZone` at `at`: ("2026-11-29T22:30:00Z", "Europe/Helsinki") →
 * { day: "2026-11-30", hour: 0, minute: 30 }. Null for an invalid date.
 * @throws RangeError for an unknown time zone
 */
export function wallClock(at: Date, timeZone: string): WallClock | null {
  if (Number.isNaN(at.getTime())) return null;
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(at)) part[p.type] = p.value;
  return { day: `${part.year}-${part.month}-${part.day}`, hour: Number(part.hour), minute: Number(part.minute) };
}

/**
 * The calendar day (YYYY-MM-DD) of a timestamp in `timeZone`: ("2026-11-29T22:30:00Z",
 * "Europe/Helsinki") → "2026-11-30". "" for an unparseable value.
 */
export function dayIn(value: string | Date, timeZone: string): string {
  return wallClock(new Date(value), timeZone)?.day ?? '';
}
