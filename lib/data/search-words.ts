import 'server-only';
/**
 * Close spelling matches ("blade runer" → Blade Runner, "kubrik" → Stanley Kubrick) for the search
 * dialog (lib/data/search.ts) and the `q` of the listings (titles, releases, persons, labels).
 *
 * When kicks in: the words as typed found fewer than CLOSE_MATCH_FEW_RESULTS results (the search
 * dialog: all groups together; a listing: its first page). Then every query word of 3+ letters,
 * not only digits, that is not a whole word of at least CLOSE_MATCH_KNOWN_WORD_DOCS names
 * ("runer" is only part of "gruner"; "seven" is a word of hundreds of names and stays) is compared
 * with the catalogue's words (`search_words`, GIN trigram index, rebuilt by every import and
 * `db:synthetic`: lib/import/search-words.ts):
 * - candidates: `word % $1` (pg_trgm, indexed) with similarity ≥ CLOSE_WORD_SIMILARITY, the
 *   CLOSE_WORD_CANDIDATES most similar;
 * - kept: words found in more names than the query word, not containing it (those match already),
 *   within {@link maxEdits} edits (lib/search-query.ts `editDistance`: a swap of two letters is one
 *   edit, which trigram similarity undervalues: "samuari" / "samurai" is 0.33);
 * - the CLOSE_WORDS_PER_WORD best, fewest edits first, then the most names.
 * The search then matches each such word or one of its close words, ranks by the closest spelling
 * of the query, and, when that finds more than the words as typed, answers `close: { q, words }`
 * (CloseMatch) so the result is shown as close matches with a "Did you mean" link to `q`.
 * Data source: table search_words.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { editDistance, isCorrectableWord, maxEdits, withReplacedWords, type SearchQuery } from '@/lib/search-query';
import { decodeCursor, type KeysetSort } from './keyset';
import { inList, queryRows } from './sql';
import type { CloseMatch, Page, SearchPage } from './types';

/** Fewer results than this (the search dialog: all groups; a listing: its first page) → close spellings are searched too. */
export const CLOSE_MATCH_FEW_RESULTS = 3;
/** A query word that is a whole word of at least this many names counts as spelled right. */
export const CLOSE_MATCH_KNOWN_WORD_DOCS = 3;
/** Least trigram similarity (pg_trgm `similarity`, 0-1) of a close word; pg_trgm's default `%` threshold. */
export const CLOSE_WORD_SIMILARITY = 0.3;
/** Most similar words read per query word before the edit-distance check. */
export const CLOSE_WORD_CANDIDATES = 40;
/** Close words searched per query word. */
export const CLOSE_WORDS_PER_WORD = 3;
/** Query words looked up at most (the first ones that need it). */
export const CLOSE_MATCH_MAX_WORDS = 4;

/** Close words of a query: query word → the words searched as well (best first), and the marker for the result. */
export type CloseWords = { alternatives: ReadonlyMap<string, readonly string[]>; match: CloseMatch };

/**
 * Close spellings of the query's words that are not known words (see module doc); null when no
 * word needs one or none was found. Two statements: the known-word counts (primary key), then
 * one indexed similarity search per word that needs it (UNION ALL). Does not check how many
 * results the query found: callers do (CLOSE_MATCH_FEW_RESULTS).
 * @returns alternatives per query word and the CloseMatch: `q` is the query with each word
 *   replaced by its best close word (year and format brackets kept), `words` the words replaced
 */
export async function findCloseWords(db: Db, q: SearchQuery): Promise<CloseWords | null> {
  const words = q.words.filter(isCorrectableWord);
  if (!words.length) return null;
  const known = await queryRows<{ word: string; doc_count: number }>(
    db,
    sql`SELECT word, doc_count FROM search_words WHERE ${inList(sql`word`, words)}`,
  );
  const docs = new Map(known.map((r) => [r.word, Number(r.doc_count)]));
  const unsure = words.filter((w) => (docs.get(w) ?? 0) < CLOSE_MATCH_KNOWN_WORD_DOCS).slice(0, CLOSE_MATCH_MAX_WORDS);
  if (!unsure.length) return null;
  const rows = await queryRows<{ i: number; word: string; doc_count: number }>(
    db,
    sql.join(
      unsure.map(
        (w, i) =>
          sql`(SELECT ${i}::int AS i, word, doc_count FROM search_words
               WHERE word % ${w} AND similarity(word, ${w}) >= ${CLOSE_WORD_SIMILARITY}
               ORDER BY similarity(word, ${w}) DESC, doc_count DESC, word LIMIT ${CLOSE_WORD_CANDIDATES})`,
      ),
      sql` UNION ALL `,
    ),
  );
  const alternatives = new Map<string, string[]>();
  unsure.forEach((w, i) => {
    const own = docs.get(w) ?? 0;
    const max = maxEdits(w.length);
    const close = rows
      .filter((r) => Number(r.i) === i && Number(r.doc_count) > own && !r.word.includes(w))
      .map((r) => ({ word: r.word, docs: Number(r.doc_count), edits: editDistance(w, r.word, max) }))
      .filter((c) => c.edits <= max)
      .sort((a, b) => a.edits - b.edits || b.docs - a.docs || (a.word < b.word ? -1 : 1))
      .slice(0, CLOSE_WORDS_PER_WORD)
      .map((c) => c.word);
    if (close.length) alternatives.set(w, close);
  });
  if (!alternatives.size) return null;
  const best = new Map([...alternatives].map(([w, close]) => [w, close[0]]));
  return {
    alternatives,
    match: {
      q: withReplacedWords(q, best),
      words: [...alternatives].map(([word, close]) => ({ word, close: [...close] })),
    },
  };
}

/** The keyset sort of a close-match listing: its own name, so its cursors say that the next page is one too. */
function closeSort(sort: KeysetSort): KeysetSort {
  return { ...sort, name: `${sort.name}~close` };
}

function isCursorOf(cursor: string, sort: KeysetSort): boolean {
  try {
    decodeCursor(cursor, sort);
    return true;
  } catch {
    return false;
  }
}

/**
 * A listing page for a `q` search with close spellings (see module doc): the page of the words as
 * typed; when that first page has fewer than CLOSE_MATCH_FEW_RESULTS items and close words find
 * more, the page of the words or their close words instead, with `close` set. Its `next_cursor` belongs
 * to the close-match listing (the sort name carries `~close`), so the next pages stay close-match
 * pages.
 * @param input.q the parsed query; input.sort the listing's keyset sort; input.cursor the page's cursor
 * @param run one page for the given close words (null: the words as typed) under the given sort
 * @throws AppError bad_cursor from `run` (HTTP 400)
 */
export async function pageWithCloseMatches<T>(
  db: Db,
  input: { q: SearchQuery; sort: KeysetSort; cursor: string | null },
  run: (close: CloseWords | null, sort: KeysetSort) => Promise<Page<T>>,
): Promise<SearchPage<T>> {
  const { q, sort, cursor } = input;
  if (!q.words.some(isCorrectableWord)) return run(null, sort);
  const alt = closeSort(sort);
  if (cursor && isCursorOf(cursor, alt)) {
    const close = await findCloseWords(db, q);
    const page = await run(close, alt);
    return close ? { ...page, close: close.match } : page;
  }
  const page = await run(null, sort);
  if (cursor || page.items.length >= CLOSE_MATCH_FEW_RESULTS) return page;
  const close = await findCloseWords(db, q);
  if (!close) return page;
  const wider = await run(close, alt);
  // Close words that add nothing (a rare word spelled right) leave the page as typed.
  return wider.items.length > page.items.length ? { ...wider, close: close.match } : page;
}
