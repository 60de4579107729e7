import 'server-only';
/**
 * Close spelling matches ("blade runer" → Blade Runner, "kubrik" → Stanley Kubrick) for the search
 * dialog (lib/data/search.ts) and the `q` of the listings (titles, releases, persons, labels).
 *
 * When it kicks in: the words as typed found fewer than CLOSE_MATCH_FEW_RESULTS results (the
 * search dialog: all groups together; a listing: its first page). Then every query word of 3+
 * letters, not only digits, that is not a whole word of any name ("runer" is only part of
 * "gruner"; "seven" and "niro" are words of names and stay) is compared with the catalogue's
 * words (`search_words`, GIN trigram index, rebuilt by every import and
 * `db:synthetic`: lib/import/search-words.ts):
 * - candidates: `word % $1` (pg_trgm, indexed) with similarity ≥ CLOSE_WORD_SIMILARITY, the
 *   CLOSE_WORD_CANDIDATES most similar; for words of up to CLOSE_MATCH_VARIANTS_MAX_LENGTH
 *   characters also every spelling one edit away (lib/search-query.ts `oneEditVariants`, primary
 *   key lookup);
 * - kept: words not containing the query word (those match already), within {@link maxEdits}
 *   edits (lib/text.ts `editDistance`: a swap of two letters is one edit, which trigram
 *   similarity undervalues: "samuari" / "samurai" is 0.33);
 * - the CLOSE_WORDS_PER_WORD best: fewest edits first, then the query word's own letters in
 *   another order ("wras" → "wars" before "was"), then the most names.
 * The search then matches each such word or one of its close words (a listing: among the first
 * CLOSE_MATCH_LIST_LIMIT such rows), ranks by the closest spelling of the query, and, when that
 * finds more than the words as typed, answers `close: { q, words }`
 * (CloseMatch) so the result is shown as close matches with a "Did you mean" link to `q`.
 * Data source: table search_words.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { editDistance } from '@/lib/text';
import { isCorrectableWord, maxEdits, oneEditVariants, withReplacedWords, type SearchQuery } from '@/lib/search-query';
import { decodeCursor, type KeysetSort } from './keyset';
import { and, inList, queryRows, textConditions } from './sql';
import type { CloseMatch, Page, SearchPage } from './types';

/** Fewer results than this (the search dialog: all groups; a listing: its first page) → close spellings are searched too. */
export const CLOSE_MATCH_FEW_RESULTS = 3;
/**
 * A query word that is a whole word of at least this many names counts as spelled right and is
 * not replaced: a rare name spelled right ("niro", "texasin") must not turn into a common one.
 */
export const CLOSE_MATCH_KNOWN_WORD_DOCS = 1;
/** Least trigram similarity (pg_trgm `similarity`, 0-1) of a close word; pg_trgm's default `%` threshold. */
export const CLOSE_WORD_SIMILARITY = 0.3;
/** Most similar words read per query word before the edit-distance check. */
export const CLOSE_WORD_CANDIDATES = 40;
/** Close words searched per query word. */
export const CLOSE_WORDS_PER_WORD = 3;
/**
 * Words up to this long also look up every spelling one edit away by primary key: one edit changes
 * most trigrams of a short word ("wras" / "wars" share 1 of 9, similarity 0.11).
 */
export const CLOSE_MATCH_VARIANTS_MAX_LENGTH = 5;
/** Query words looked up at most (the first ones that need it). */
export const CLOSE_MATCH_MAX_WORDS = 4;

/**
 * Rows a close-match listing page chooses from at most: the first the trigram index yields. A
 * listing sorted by date or name would otherwise walk its sort index past every row without the
 * words (150 ms for "godfather" among a million releases); bounded, the page sorts these few
 * (9 ms). The complete list is one click away: the "Did you mean" query.
 */
export const CLOSE_MATCH_LIST_LIMIT = 1000;

/** Close words of a query: query word → the words searched as well (best first), and the marker for the result. */
export type CloseWords = { alternatives: ReadonlyMap<string, readonly string[]>; match: CloseMatch };

/**
 * Close spellings of the query's words that are not known words (see module doc); null when no
 * word needs one or none was found. Two statements: the known-word counts (primary key), then
 * per word that needs it one indexed similarity search, and for a short word the primary-key
 * lookup of its one-edit spellings (UNION ALL). Does not check how many
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
  const lookups = unsure.flatMap((w, i) => [
    sql`(SELECT ${i}::int AS i, word, doc_count FROM search_words
         WHERE word % ${w} AND similarity(word, ${w}) >= ${CLOSE_WORD_SIMILARITY}
         ORDER BY similarity(word, ${w}) DESC, doc_count DESC, word LIMIT ${CLOSE_WORD_CANDIDATES})`,
    ...(w.length <= CLOSE_MATCH_VARIANTS_MAX_LENGTH ? [variantLookup(i, w)] : []),
  ]);
  const rows = await queryRows<{ i: number; word: string; doc_count: number }>(db, sql.join(lookups, sql` UNION ALL `));
  const alternatives = new Map<string, string[]>();
  unsure.forEach((w, i) => {
    const max = maxEdits(w.length);
    const seen = new Set<string>();
    const close = rows
      .filter((r) => Number(r.i) === i && !r.word.includes(w))
      .filter((r) => !seen.has(r.word) && !!seen.add(r.word))
      .map((r) => ({ word: r.word, docs: Number(r.doc_count), edits: editDistance(w, r.word, max) }))
      .filter((c) => c.edits <= max)
      .sort(
        (a, b) =>
          a.edits - b.edits ||
          sameLetters(b.word, w) - sameLetters(a.word, w) ||
          b.docs - a.docs ||
          (a.word < b.word ? -1 : 1),
      )
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

/**
 * The spellings one edit away from `w` that are catalogue words, as rows of the close-word
 * lookup. One primary-key probe per spelling (a scalar subquery per array element): given a list
 * of 300-400 values, the planner would rather scan the whole table (5 ms instead of 0.8 ms).
 */
function variantLookup(i: number, w: string): SQL {
  const variants = sql.join(
    oneEditVariants(w).map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`(SELECT i, word, doc_count FROM (
      SELECT ${i}::int AS i, v.w AS word, (SELECT s.doc_count FROM search_words s WHERE s.word = v.w) AS doc_count
      FROM unnest(ARRAY[${variants}]::text[]) v(w)) x WHERE doc_count IS NOT NULL)`;
}

/**
 * The text conditions of a listing's `q` over one table: lib/data/sql.ts textConditions as typed;
 * with close words, one condition: the row is among the first CLOSE_MATCH_LIST_LIMIT rows holding
 * every word or one of its close spellings (`id = ANY(ARRAY(SELECT id … LIMIT n))`, the trigram
 * index read first, once).
 * @param t.from the table with the alias the columns use, e.g. sql`releases r`; t.idCol its id
 */
export function listingTextConditions(
  q: SearchQuery,
  close: CloseWords | null,
  t: { from: SQL; idCol: SQL; searchCol: SQL; keyCol: SQL },
): SQL[] {
  const conds = textConditions(q, t.searchCol, t.keyCol, close?.alternatives);
  if (!close || !conds.length) return conds;
  return [
    sql`${t.idCol} = ANY(ARRAY(SELECT ${t.idCol} FROM ${t.from} WHERE ${and(conds)} LIMIT ${CLOSE_MATCH_LIST_LIMIT}))`,
  ];
}

/** 1 when `a` has the letters of `b` in another order (a swap, the commonest typing slip), else 0. */
function sameLetters(a: string, b: string): number {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('') ? 1 : 0;
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
