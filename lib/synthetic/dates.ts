/**
 * Calendar helpers of the synthetic generator: days since 1970-01-01 (UTC) ↔ ISO dates, without
 * Date objects (fast and time-zone free), and the fixed time frame of the synthetic catalogue.
 * The frame is fixed, not relative to the day of the run, so the same seed gives the same dates.
 */

/** Days since 1970-01-01 of a civil date (proleptic Gregorian; H. Hinnant's algorithm). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month, day] of a day number. */
export function civilFromDays(z: number): [number, number, number] {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** ISO date "YYYY-MM-DD" of a day number. */
export function isoDate(days: number): string {
  const [y, m, d] = civilFromDays(days);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** COPY-ready UTC timestamp "YYYY-MM-DD HH:MM:SS+00" of a day number plus seconds into the day. */
export function isoTimestamp(days: number, seconds: number): string {
  const s = Math.max(0, Math.min(86399, Math.floor(seconds)));
  return `${isoDate(days)} ${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}+00`;
}

/** First street year of synthetic releases (VHS era). */
export const FIRST_RELEASE_YEAR = 1986;
/** Last street year: releases after the run day are "upcoming" (dr=future) until then. */
export const LAST_RELEASE_YEAR = 2028;
/** First and last day a synthetic row can have been added to the catalogue (created_at). */
export const SITE_START_DAY = daysFromCivil(2008, 1, 1);
export const CREATED_MAX_DAY = daysFromCivil(2026, 6, 30);
/** Newest movie year. */
export const LAST_MOVIE_YEAR = 2027;
