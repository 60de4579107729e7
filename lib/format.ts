/**
 * Display formatting shared by pages and components (spec §9): dates day/month/year,
 * durations minutes:seconds, name lists joined with ", ", money with 2 decimals.
 * Pure functions, no I/O; safe in server and client components.
 */

/** How much of a date is known, as in the data (`date_precision` of censorship events). */
export type DatePrecision = 'day' | 'month' | 'year';

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

/**
 * Formats an ISO date (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`, a longer timestamp is cut at the day)
 * as day/month/year: "1981-09-17" → "17/09/1981". Partial dates keep only what is known:
 * "1972-06" → "06/1972", "1972" → "1972". `precision` (from the data) shortens a full date:
 * ("1972-06-01", 'month') → "06/1972". Returns "" for null, empty or unparseable input.
 */
export function formatDate(value: string | null | undefined, precision?: DatePrecision | string | null): string {
  if (!value) return '';
  const m = ISO_DATE.exec(value.trim());
  if (!m) return '';
  const [, year, month, day] = m;
  let known: DatePrecision = day ? 'day' : month ? 'month' : 'year';
  if (precision === 'year' || (precision === 'month' && known === 'day')) known = precision;
  if (known === 'year') return year;
  if (known === 'month') return `${month}/${year}`;
  return `${day}/${month}/${year}`;
}

/**
 * Formats a duration in seconds as minutes:seconds with two-digit seconds: 540 → "9:00",
 * 669 → "11:09", 4500 → "75:00" (minutes are not folded into hours). Fractions are rounded to
 * whole seconds. Returns "" for null, negative or non-finite input.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Joins names with ", " (spec §9), skipping empty and whitespace-only entries. */
export function joinNames(names: readonly (string | null | undefined)[]): string {
  return names
    .map((n) => (n ?? '').trim())
    .filter((n) => n.length > 0)
    .join(', ');
}

/**
 * Formats an amount of money with exactly 2 decimals. Without a currency: "19.99".
 * With an ISO currency code the locale's currency format is used: ("19.9", "EUR", "en") →
 * "€19.90", ("19.9", "EUR", "fi") → "19,90 €". Returns "" for null or non-numeric input.
 */
export function formatMoney(
  amount: string | number | null | undefined,
  currency?: string | null,
  locale: string = 'en',
): string {
  if (amount == null || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  // Intl formats a numeric string as an exact decimal ("7.555" → "7.56"), a number as its binary value.
  const exact = typeof amount === 'string' ? (amount.trim() as Intl.StringNumericLiteral) : value;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  if (!currency) return new Intl.NumberFormat('en', { ...digits, useGrouping: false }).format(exact);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(exact);
  } catch {
    // Unknown currency code: plain amount followed by the code.
    return `${new Intl.NumberFormat('en', { ...digits, useGrouping: false }).format(exact)} ${currency}`;
  }
}

/** Year of an ISO date string ("1981-09-17" → 1981), null when absent or unparseable. */
export function yearOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = ISO_DATE.exec(value.trim());
  return m ? Number(m[1]) : null;
}

/**
 * Formats a timestamp (ISO string or Date) as the locale's short date and time
 * ("23/11/2026, 18:40" in English, "23.11.2026 klo 18.40" in Finnish), in the server's time zone.
 */
export function formatDateTime(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'fi' ? 'fi-FI' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(value));
}

/**
 * Fills `{name}` placeholders of a plain message template (no plural or select forms) from
 * `params`; a placeholder without a value stays as written. Used for API error texts, mail texts
 * and texts a page hands to the browser with their placeholders kept.
 */
export function fillPlaceholders(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
