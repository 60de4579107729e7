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

/** Results the search dialog shows per group (movies, releases, reviews, labels, persons). */
export const SEARCH_GROUP_SIZE = 8;
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
  /** The format brackets as typed, e.g. ['[4K]'] (kept in a suggested query). */
  formatParts: string[];
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
  const formatParts: string[] = [];
  rest = rest.replace(/\[([^\]]*)\]/g, (whole, inner: string) => {
    const key = inner.trim().toLowerCase().replace(/\s+/g, ' ');
    const ids = FORMAT_SEARCH_WORDS[key];
    if (!ids) return ` ${inner} `;
    for (const id of ids) formats.add(id);
    formatParts.push(whole);
    return ' ';
  });
  const text = foldText(rest);
  const words = [...new Set(text.split(' ').filter(Boolean))];
  return { raw, text, words, year, formats: formats.size ? [...formats].sort((a, b) => a - b) : null, formatParts };
}

/** True when the query has text but every word is too short for the trigram index (1-2 characters). */
export function isShortQuery(q: SearchQuery): boolean {
  return q.words.length > 0 && q.words.every((w) => w.length < MIN_TRIGRAM_WORD);
}

/** True when the query restricts nothing (no text, year or format). */
export function isEmptyQuery(q: SearchQuery): boolean {
  return q.words.length === 0 && q.year === null && q.formats === null;
}

/**
 * True when a query word may be looked up for close spellings: 3+ characters (MIN_TRIGRAM_WORD)
 * and not only digits ("2", "1979" and spine numbers are never corrected).
 */
export function isCorrectableWord(word: string): boolean {
  return word.length >= MIN_TRIGRAM_WORD && !/^[0-9]+$/.test(word);
}

/**
 * Largest edit distance (lib/text.ts `editDistance`) between a query word and a close spelling of
 * it: 1 for words of 3-4 characters, 2 for 5-8, 3 for 9 or more.
 */
export function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

const FOLDED_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every folded spelling one edit away from `word` (a letter or digit deleted, inserted or
 * replaced, two neighbouring letters swapped), without the word itself: about 36 × 2 × length
 * strings (400 for 5 letters). For short words, where one edit changes most of the trigrams.
 */
export function oneEditVariants(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of FOLDED_CHARS) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * The query in this syntax with some folded words replaced, e.g. `terminatr 2 (1991) [4K]` with
 * terminatr → terminator gives `terminator 2 (1991) [4K]`: the folded text, the year in
 * parentheses and the format brackets as typed. Used for a "Did you mean" suggestion.
 */
export function withReplacedWords(q: SearchQuery, replacements: ReadonlyMap<string, string>): string {
  const text = q.text
    .split(' ')
    .filter(Boolean)
    .map((w) => replacements.get(w) ?? w)
    .join(' ');
  return [text, q.year !== null ? `(${q.year})` : '', ...q.formatParts].filter(Boolean).join(' ');
}
