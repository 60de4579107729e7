/**
 * Display formatting shared by pages and components, one place for both languages:
 * dates day/month/year (English "17/09/1981", Finnish "17.9.1981"), durations minutes:seconds,
 * name lists joined with ", ", numbers and money with the locale's decimal mark and grouping
 * (English "7.9", "€12.50"; Finnish "7,9", "12,50 €"). Every function that writes a date or a number
 * takes the page's locale ('en' or 'fi'; any other value is written as English); every function
 * that writes a timestamp also takes the time zone whose clock and calendar it uses (the site's,
 * lib/time-zone.ts). Pure functions, no I/O; safe in server and client components.
 */

import { dayIn } from './time-zone';

/** How much of a date is known, as in the data (`date_precision` of censorship events). */
export type DatePrecision = 'day' | 'month' | 'year';

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

/** Bytes in a megabyte as the upload limits count them (1024 × 1024). */
export const MEGABYTE = 1024 * 1024;

/** True for Finnish ('fi', 'fi-FI'); every other locale is written as English. */
function isFinnish(locale: string): boolean {
  return locale === 'fi' || locale.startsWith('fi-');
}

/** The Intl locale of an app locale: Finnish, or British English (day/month/year, 24-hour clock). */
function intlLocale(locale: string): string {
  return isFinnish(locale) ? 'fi-FI' : 'en-GB';
}

/**
 * Intl formatters made once per app locale and options: making one (loading its locale data, and a
 * time zone's rules for dates) costs far more than using one, and a page formats hundreds of
 * values. The keys are few (two locales, the site's zone, the currencies in the data).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(intlLocale(locale), options)));
  return f;
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(locale), options)));
  return f;
}

/**
 * Formats an ISO date (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`; a longer timestamp is cut at the day, as
 * written, without a time-zone shift) for `locale`:
 * - English, day/month/year with two-digit day and month: "1981-09-17" → "17/09/1981",
 *   "1972-06" → "06/1972";
 * - Finnish, d.m.yyyy: "1981-09-17" → "17.9.1981", "1972-06" → "6/1972".
 *
 * A year alone is the year in both ("1972"). `precision` (from the data) shortens a full date:
 * ("1972-06-01", 'en', 'month') → "06/1972"; it never invents a day that the value does not have.
 * Returns "" for null, empty or unparseable input.
 */
export function formatDate(
  value: string | null | undefined,
  locale: string,
  precision?: DatePrecision | string | null,
): string {
  if (!value) return '';
  const m = ISO_DATE.exec(value.trim());
  if (!m) return '';
  const [, year, month, day] = m;
  let known: DatePrecision = day ? 'day' : month ? 'month' : 'year';
  if (precision === 'year' || (precision === 'month' && known === 'day')) known = precision;
  if (known === 'year') return year;
  if (isFinnish(locale)) {
    return known === 'month' ? `${Number(month)}/${year}` : `${Number(day)}.${Number(month)}.${year}`;
  }
  return known === 'month' ? `${month}/${year}` : `${day}/${month}/${year}`;
}

/**
 * Formats a timestamp (ISO string or Date) as the locale's short date and time on the clock of
 * `timeZone` (the site's, lib/time-zone.ts): ("2026-11-23T16:40:00Z", 'en', "Europe/Helsinki") →
 * "23/11/2026, 18:40", Finnish "23.11.2026 klo 18.40". Returns "" for an unparseable value.
 */
export function formatDateTime(value: string | Date, locale: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
}

/**
 * Formats the calendar day of a timestamp (ISO string or Date) in `timeZone` as
 * {@link formatDate} writes a date: ("2026-11-29T22:30:00Z", 'fi', "Europe/Helsinki") →
 * "30.11.2026" (already the 30th in Helsinki). Returns "" for an unparseable value.
 */
export function formatDayOf(value: string | Date, locale: string, timeZone: string): string {
  return formatDate(dayIn(value, timeZone), locale);
}

/**
 * Formats a duration in seconds as minutes:seconds with two-digit seconds: 540 → "9:00",
 * 669 → "11:09", 4500 → "75:00" (minutes are not folded into hours); the same in both languages.
 * Fractions are rounded to whole seconds. Returns "" for null, negative or non-finite input.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Joins names with ", ", skipping empty and whitespace-only entries. */
export function joinNames(names: readonly (string | null | undefined)[]): string {
  return names
    .map((n) => (n ?? '').trim())
    .filter((n) => n.length > 0)
    .join(', ');
}

/** Decimals of {@link formatNumber}: `decimals` exactly, or up to `maxDecimals` (default: up to 3). */
export type NumberDigits = { decimals?: number; maxDecimals?: number };

/** A numeric value as Intl takes it: a numeric string exactly as a decimal ("7.555" → "7.56"), a number as its binary value. */
function numeric(value: string | number): { exact: number | Intl.StringNumericLiteral; finite: boolean } {
  if (typeof value === 'number') return { exact: value, finite: Number.isFinite(value) };
  const text = value.trim();
  return { exact: text as Intl.StringNumericLiteral, finite: text !== '' && Number.isFinite(Number(text)) };
}

/**
 * Formats a number (or a numeric string such as a price from the database) with the locale's
 * decimal mark and digit grouping: (7.9, 'en') → "7.9", (7.9, 'fi') → "7,9", (5000, 'en') →
 * "5,000", (5000, 'fi') → "5 000" (a no-break space). `decimals` fixes the number of decimals
 * ((12.5, 'fi', { decimals: 2 }) → "12,50"), `maxDecimals` caps it. Returns "" for null, empty or
 * non-numeric input.
 */
export function formatNumber(
  value: string | number | null | undefined,
  locale: string,
  digits: NumberDigits = {},
): string {
  if (value == null) return '';
  const { exact, finite } = numeric(value);
  if (!finite) return '';
  const max = digits.decimals ?? digits.maxDecimals ?? 3;
  return numberFormat(locale, { minimumFractionDigits: digits.decimals ?? 0, maximumFractionDigits: max }).format(
    exact,
  );
}

/**
 * Formats an amount of money with exactly 2 decimals for `locale`. With an ISO currency code the
 * locale's currency format: ("19.9", "EUR", "en") → "€19.90", ("19.9", "EUR", "fi") → "19,90 €",
 * ("5", "GBP", "fi") → "5,00 £". Without a currency the plain amount, without grouping: "19.90" /
 * "19,90". An unknown currency code follows the amount ("19,90 XYZ"). A numeric string is taken
 * exactly ("7.555" → "7.56"). Returns "" for null or non-numeric input.
 */
export function formatMoney(
  amount: string | number | null | undefined,
  currency: string | null | undefined,
  locale: string,
): string {
  if (amount == null) return '';
  const { exact, finite } = numeric(amount);
  if (!finite) return '';
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  const plain = () => numberFormat(locale, { ...digits, useGrouping: false }).format(exact);
  if (!currency) return plain();
  try {
    return numberFormat(locale, { style: 'currency', currency, ...digits }).format(exact);
  } catch {
    // Unknown currency code: plain amount followed by the code.
    return `${plain()} ${currency}`;
  }
}

/**
 * A size in bytes as megabytes (1024 × 1024 bytes) rounded up to one decimal, so that a file over a
 * limit never reads as the limit itself: 20 MB + 1 byte → 20.1, 5 MB → 5. The number the API
 * sends in a size message's parameters; {@link formatMegabytes} writes it for a page.
 */
export function toMegabytes(bytes: number): number {
  return Math.ceil((bytes * 10) / MEGABYTE) / 10;
}

/**
 * A size in bytes as the number of megabytes for a message that carries the unit itself
 * ("picture too large ({0}) MB"): up to one decimal, rounded up, in the locale's notation:
 * (13_107_200, 'en') → "12.5", (13_107_200, 'fi') → "12,5", (5 MB, either) → "5".
 */
export function formatMegabytes(bytes: number, locale: string): string {
  return formatNumber(toMegabytes(bytes), locale, { maxDecimals: 1 });
}

/**
 * The site of a web address as people name it: its host without "www." ("thedigitalbits.com"
 * for https://www.thedigitalbits.com/item/…); the address itself when it does not parse.
 */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Year of an ISO date string ("1981-09-17" → 1981), null when absent or unparseable. */
export function yearOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = ISO_DATE.exec(value.trim());
  return m ? Number(m[1]) : null;
}

/**
 * Fills `{name}` placeholders of a plain message template (no plural or select forms) from
 * `params`; a placeholder without a value stays as written. With a `locale`, numbers are written
 * as that locale writes them (formatNumber: 5000 → "5 000" in Finnish); without one, as `String`
 * does (the English API error texts). Used for API error texts, mail texts and texts a page hands
 * to the browser with their placeholders kept.
 */
export function fillPlaceholders(template: string, params: Record<string, unknown> = {}, locale?: string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return locale && typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/** Saving within this long of writing does not count as an edit (a quick fix), in milliseconds: 1 minute. */
export const EDITED_AFTER_MS = 60_000;

/**
 * True when a review, discussion or comment was saved again more than {@link EDITED_AFTER_MS}
 * after it was written (`created`, `updated`: ISO 8601 times).
 */
export function wasEdited(created: string, updated: string): boolean {
  return Date.parse(updated) - Date.parse(created) > EDITED_AFTER_MS;
}

/**
 * A duration in whole units for `locale`, the largest unit that fits: (59, 'en') → "59 seconds",
 * (7200, 'en') → "2 hours", (259200, 'fi') → "3 päivää". Units: seconds up to a minute, minutes
 * up to an hour, hours up to a day, then days.
 */
export function formatAge(seconds: number, locale: string): string {
  const s = Math.max(0, Math.floor(seconds));
  const [unit, n] =
    s < 60
      ? (['second', s] as const)
      : s < 3600
        ? (['minute', Math.floor(s / 60)] as const)
        : s < 86400
          ? (['hour', Math.floor(s / 3600)] as const)
          : (['day', Math.floor(s / 86400)] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
}
