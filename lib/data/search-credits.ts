import 'server-only';
/**
 * Search through cast and crew: a query that names a person and a title ("kurosawa samurai",
 * "samurai kurosawa", "carpenter thing [4k]") finds no title, as no title's search document holds
 * the person's name. When the search dialog's words find neither a title nor a person, the words
 * are split in two: a leading or trailing part names persons (every word in a person's search
 * document; the CREDIT_PERSON_LIMIT most credited such persons), the rest must be in the title
 * (every word in the movie's search document). The first split, in the order below, that finds
 * titles gives the result: the titles (the search dialog's title order: best known first), the
 * releases holding them (formats of the query kept) and the persons whose credits found them.
 * Bounded: at most MAX_CREDIT_SPLIT_WORDS words (so at most 6 splits), one query per split tried,
 * each over the credits of at most CREDIT_PERSON_LIMIT persons; none when a word is in no search
 * document at all (one lookup in the table of search words).
 * Data source: tables search_words, persons, credits, movies, movie_counters, movie_sources,
 * release_movies, releases, labels.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { isShortQuery, MIN_TRIGRAM_WORD, type SearchQuery } from '@/lib/search-query';
import { RELEASE_LIST_COLUMNS, TITLE_LIST_COLUMNS, type ReleaseListRow, type TitleListRow } from './catalogue-rows';
import { and, inList, queryRows, textConditions } from './sql';

/** Persons (most credited first) whose credits one split looks through. */
export const CREDIT_PERSON_LIMIT = 5;
/** Queries with more words are not split (each split is one query). */
export const MAX_CREDIT_SPLIT_WORDS = 4;

/** One split of a query's words: who (persons) and what (title). */
export type CreditSplit = { person: string[]; title: string[] };

/** A person whose credits found a title. */
export type CreditPerson = { public_id: string; name: string };

/** Titles and releases found through the credits of persons (see module doc). */
export type CreditMatchRows = {
  movies: TitleListRow[];
  releases: ReleaseListRow[];
  persons: CreditPerson[];
  /** The words that had to be in the title, as folded, space-separated. */
  titleWords: string;
};

/**
 * The splits of `words` to try, in order: the person named first ("kurosawa samurai"), longer
 * names before shorter ("akira kurosawa seven samurai" tries "akira kurosawa" before "akira"),
 * then the person named last. Each part is non-empty; the person part holds a word of
 * MIN_TRIGRAM_WORD+ characters (a name is looked up through the trigram index only).
 */
export function creditSplits(words: readonly string[]): CreditSplit[] {
  const n = words.length;
  if (n < 2 || n > MAX_CREDIT_SPLIT_WORDS) return [];
  const splits: CreditSplit[] = [];
  for (let k = n - 1; k >= 1; k--) splits.push({ person: words.slice(0, k), title: words.slice(k) });
  for (let k = n - 1; k >= 1; k--) splits.push({ person: words.slice(n - k), title: words.slice(0, n - k) });
  return splits.filter((s) => s.person.some((w) => w.length >= MIN_TRIGRAM_WORD));
}

function partQuery(words: string[]): SearchQuery {
  return { raw: words.join(' '), text: words.join(' '), words, year: null, formats: null, formatParts: [] };
}

/**
 * False when a word of 3+ characters (not only digits) occurs in no word of the catalogue's search
 * documents (table search_words, trigram index): then it is in no person's and no title's
 * document, and no split can find anything. One query; words the table does not hold (shorter,
 * digits) count as known.
 */
async function everyWordKnown(db: Db, words: readonly string[]): Promise<boolean> {
  const checked = words.filter((w) => w.length >= MIN_TRIGRAM_WORD && !/^\d+$/.test(w));
  if (!checked.length) return true;
  const [row] = await queryRows<{ known: boolean }>(
    db,
    sql`SELECT ${and(checked.map((w) => sql`EXISTS (SELECT 1 FROM search_words s WHERE s.word LIKE ${`%${w}%`})`))} AS known`,
  );
  return row?.known === true;
}

/**
 * The persons (CREDIT_PERSON_LIMIT most credited first) whose search document holds every word
 * of `q`, with their ids; none for a query of 1-2 letter words only (a name is looked up through
 * the trigram index).
 */
export async function personsNamed(db: Db, q: SearchQuery): Promise<(CreditPerson & { id: number })[]> {
  if (isShortQuery(q) || !q.words.length) return [];
  return queryRows<CreditPerson & { id: number }>(
    db,
    sql`SELECT p.id, p.public_id, p.name FROM persons p
        WHERE p.deleted_at IS NULL AND ${and(textConditions(partQuery(q.words), sql`p.search_text`, sql`p.name_key`))}
        ORDER BY p.credit_count DESC, p.id LIMIT ${CREDIT_PERSON_LIMIT}`,
  );
}

/**
 * Titles found through cast and crew for a query whose words found no title and no person (see
 * module doc), up to `limit` titles and `limit` releases; null when the query cannot be split
 * (one word, more than MAX_CREDIT_SPLIT_WORDS, only 1-2 letter words) or no split finds a title.
 * `(year)` keeps titles of that year; `[format]` keeps releases of those formats.
 */
export async function searchThroughCredits(db: Db, q: SearchQuery, limit: number): Promise<CreditMatchRows | null> {
  if (isShortQuery(q)) return null;
  const splits = creditSplits(q.words);
  if (!splits.length || !(await everyWordKnown(db, q.words))) return null;
  for (const split of splits) {
    // Deleted persons and titles (tombstones) are never found.
    const personConds = [
      sql`p.deleted_at IS NULL`,
      ...textConditions(partQuery(split.person), sql`p.search_text`, sql`p.name_key`),
    ];
    const titleConds = [
      sql`m.deleted_at IS NULL`,
      ...textConditions(partQuery(split.title), sql`m.search_text`, sql`m.title_key`),
    ];
    if (q.year !== null) titleConds.push(sql`m.year = ${q.year}`);
    // The persons first, then their credits, then those titles' rows by primary key: the title
    // words are checked on a few hundred rows at most, never looked up in the whole catalogue.
    const movies = await queryRows<TitleListRow & { person_ids: number[] }>(
      db,
      sql`WITH who AS MATERIALIZED (
            SELECT p.id FROM persons p WHERE ${and(personConds)} ORDER BY p.credit_count DESC, p.id LIMIT ${CREDIT_PERSON_LIMIT}),
          credited AS MATERIALIZED (
            SELECT c.movie_id, array_agg(DISTINCT c.person_id) AS person_ids
            FROM credits c JOIN who ON who.id = c.person_id GROUP BY c.movie_id)
          SELECT ${TITLE_LIST_COLUMNS}, credited.person_ids
          FROM credited JOIN movies m ON m.id = credited.movie_id
          LEFT JOIN movie_counters mc ON mc.movie_id = m.id
          WHERE ${and(titleConds)}
          ORDER BY m.release_count + COALESCE(mc.seen_count + mc.want_see_count + mc.likes_count, 0)
                     + (SELECT count(*) FROM movie_sources ms WHERE ms.movie_id = m.id) DESC,
                   m.year DESC NULLS LAST, m.id
          LIMIT ${limit}`,
    );
    if (!movies.length) continue;
    const movieIds = movies.map((m) => m.id);
    const personIds = [...new Set(movies.flatMap((m) => m.person_ids))];
    const releaseConds = [
      sql`r.approved`,
      sql`r.id IN (SELECT rm.release_id FROM release_movies rm WHERE ${inList(sql`rm.movie_id`, movieIds)})`,
    ];
    if (q.formats) releaseConds.push(inList(sql`r.format`, q.formats));
    const [releases, persons] = await Promise.all([
      queryRows<ReleaseListRow>(
        db,
        sql`SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id
            WHERE ${and(releaseConds)} ORDER BY r.street_date DESC NULLS LAST, r.id LIMIT ${limit}`,
      ),
      queryRows<CreditPerson>(
        db,
        sql`SELECT p.public_id, p.name FROM persons p WHERE ${inList(sql`p.id`, personIds)}
            ORDER BY p.credit_count DESC, p.id`,
      ),
    ]);
    return {
      movies: movies.map(({ person_ids: _ids, ...m }) => m),
      releases,
      persons,
      titleWords: split.title.join(' '),
    };
  }
  return null;
}
