/**
 * Search query syntax (search dialog and the `q` listing parameter), pure functions:
 * - `Alien (1979)`: a year in parentheses restricts titles (and releases' movies) to that year;
 *   `(1979)` alone lists that year's titles.
 * - `Alien [4k]`, `[dvd]`: a release format in brackets (words of FORMAT_SEARCH_WORDS:
 *   4k, uhd, bluray, blu-ray, bd, 3d, dvd, vhs, videotape) restricts releases to those formats.
 *   Bracketed text that is not a format word is searched as plain text.
 * The remaining text is folded with lib/text.ts `foldText` (case, accents, punctuation).
 */
import { FORMAT_SEARCH_WORDS, type FormatId } from '@/lib/validation/enums';
import { foldText } from '@/lib/text';

/** Words shorter than this cannot use the trigram index (pg_trgm needs 3 characters). */
export const MIN_TRIGRAM_WORD = 3;
/** Accepted years in `(year)`. */
export const MIN_YEAR = 1870;
export const MAX_YEAR = 2100;

export type SearchQuery = {
  /** The input as given, trimmed. */
  raw: string;
  /** Folded text without the year and format parts ("" when none). */
  text: string;
  /** Distinct folded words of `text`, in input order. */
  words: string[];
  /** Year from `(yyyy)`, null when none. */
  year: number | null;
  /** Format ids from `[format]` (union of all brackets), null when none. */
  formats: FormatId[] | null;
};

/**
 * Parses the query syntax (see module doc).
 * @example parseSearchQuery('Alien (1979) [4K]') → { text: 'alien', words: ['alien'], year: 1979, formats: [7, 11] }
 */
export function parseSearchQuery(input: string | null | undefined): SearchQuery {
  const raw = (input ?? '').trim();
  let rest = raw;
  let year: number | null = null;
  rest = rest.replace(/\(\s*(\d{4})\s*\)/g, (whole, y: string) => {
    const n = Number(y);
    if (year === null && n >= MIN_YEAR && n <= MAX_YEAR) {
      year = n;
      return ' ';
    }
    return whole;
  });
  const formats = new Set<FormatId>();
  rest = rest.replace(/\[([^\]]*)\]/g, (whole, inner: string) => {
    const key = inner.trim().toLowerCase().replace(/\s+/g, ' ');
    const ids = FORMAT_SEARCH_WORDS[key];
    if (!ids) return ` ${inner} `;
    for (const id of ids) formats.add(id);
    return ' ';
  });
  const text = foldText(rest);
  const words = [...new Set(text.split(' ').filter(Boolean))];
  return { raw, text, words, year, formats: formats.size ? [...formats].sort((a, b) => a - b) : null };
}

/** True when the query has text but every word is too short for the trigram index (1-2 characters). */
export function isShortQuery(q: SearchQuery): boolean {
  return q.words.length > 0 && q.words.every((w) => w.length < MIN_TRIGRAM_WORD);
}

/** True when the query restricts nothing (no text, year or format). */
export function isEmptyQuery(q: SearchQuery): boolean {
  return q.words.length === 0 && q.year === null && q.formats === null;
}
