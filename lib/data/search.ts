import 'server-only';
/**
 * Global search (search dialog, `GET /api/search?q=`): titles, releases, labels and persons
 * matching a query in the lib/search-query.ts syntax, up to SEARCH_GROUP_SIZE per group.
 *
 * Matching: the query is folded with lib/text.ts `foldText`. Each group ranks a bounded candidate
 * set, so the cost does not grow with the catalogue:
 * - prefix candidates: the folded name starts with the query text (`title_key` / `name_key LIKE
 *   'text%'`, "C"-collated btree, read in key order): at most SEARCH_PREFIX_CANDIDATES rows, or
 *   SEARCH_SHORT_CANDIDATES when every word is 1-2 characters (autocomplete; the complex-search
 *   count then reads up to SEARCH_CANDIDATE_LIMIT + 1 keys);
 * - word candidates (when a word has 3+ characters): every word occurs in the stored
 *   `search_text` (`LIKE '%word%'`, GIN trigram index), at most SEARCH_CANDIDATE_LIMIT + 1 rows.
 * Ranking: exact name, then name prefix, then trigram similarity to the query, then release count
 * (titles, labels), credit count (persons) or newest street date (releases).
 * Data source: tables movies, releases, labels, persons.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { isEmptyQuery, isShortQuery, parseSearchQuery, type SearchQuery } from '@/lib/search-query';
import {
  RELEASE_LIST_COLUMNS,
  TITLE_LIST_COLUMNS,
  toReleaseListItem,
  toTitleListItem,
  type ReleaseListRow,
  type TitleListRow,
} from './catalogue-rows';
import { and, inList, queryRows, resolveDb, similarityTo, textConditions } from './sql';
import { LABEL_COLUMNS } from './labels';
import type { LabelListItem, PersonListItem, SearchResult } from './types';

/**
 * Candidate limit: when a query matches more than this many rows (all groups together, each
 * group counted up to the limit + 1), the result carries `complex: true` ('Complex search
 * warning'). 1,000 rows; a one-letter query exceeds it on the seed catalogue.
 */
export const SEARCH_CANDIDATE_LIMIT = 1000;
/** Results shown per group. */
export const SEARCH_GROUP_SIZE = 8;

/** Prefix candidates ranked per group when the query also has 3+ character words. */
export const SEARCH_PREFIX_CANDIDATES = 50;
/** Prefix candidates ranked per group for a query of 1-2 character words (autocomplete). */
export const SEARCH_SHORT_CANDIDATES = 200;

type Group = {
  /** Table and alias, e.g. sql`movies m`. */
  from: SQL;
  alias: SQL;
  /** Filters besides the text (approved, year, formats). */
  filters: SQL[];
  searchCol: SQL;
  keyCol: SQL;
  columns: SQL;
  joins: SQL;
  /** Tie-breakers after the text ranking, e.g. sql`m.release_count DESC, m.id`. */
  order: SQL;
};

type Ranked<R> = { rows: R[]; candidates: number };

/**
 * Top SEARCH_GROUP_SIZE rows of a group among its bounded candidates (see module doc), with the
 * number of candidates found (at most SEARCH_CANDIDATE_LIMIT + 1 + SEARCH_PREFIX_CANDIDATES).
 * Units: row counts.
 * A query without words (a year or formats only) takes the first SEARCH_CANDIDATE_LIMIT + 1
 * filtered rows in id order.
 */
async function rankGroup<R extends Record<string, unknown>>(db: Db, g: Group, q: SearchQuery): Promise<Ranked<R>> {
  const { alias, keyCol, searchCol } = g;
  const filters = and(g.filters);
  const words = q.words.length > 0 && !isShortQuery(q) ? textConditions(q, searchCol, keyCol) : null;
  const short = q.words.length > 0 && !words;
  const prefixLimit = words ? SEARCH_PREFIX_CANDIDATES : short ? SEARCH_SHORT_CANDIDATES : SEARCH_CANDIDATE_LIMIT + 1;
  const prefix = sql`${keyCol} LIKE ${`${q.text}%`}`;
  const parts: SQL[] = [];
  if (q.words.length) {
    parts.push(
      sql`(SELECT ${alias}.id FROM ${g.from} WHERE ${filters} AND ${prefix} ORDER BY ${keyCol}, ${alias}.id LIMIT ${prefixLimit})`,
    );
  }
  if (words)
    parts.push(
      sql`(SELECT ${alias}.id FROM ${g.from} WHERE ${filters} AND ${and(words)} LIMIT ${SEARCH_CANDIDATE_LIMIT + 1})`,
    );
  if (!q.words.length)
    parts.push(
      sql`(SELECT ${alias}.id FROM ${g.from} WHERE ${filters} ORDER BY ${alias}.id LIMIT ${SEARCH_CANDIDATE_LIMIT + 1})`,
    );
  const textRank = q.words.length
    ? sql`(${keyCol} = ${q.text}) DESC, (${keyCol} LIKE ${`${q.text}%`}) DESC, ${similarityTo(searchCol, q)} DESC, `
    : sql``;
  // A short query ranks its first SEARCH_SHORT_CANDIDATES prefix matches but counts up to the
  // limit (key index only) for the complex-search warning.
  const candidateCount = short
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM ${g.from} WHERE ${filters} AND ${prefix} LIMIT ${SEARCH_CANDIDATE_LIMIT + 1}) n)`
    : sql`(SELECT count(*) FROM candidates)`;
  // Rank ids first; the list columns (subqueries for movies, pictures, counts) are computed for
  // the SEARCH_GROUP_SIZE winners only.
  const rows = await queryRows<R & { candidate_count: number }>(
    db,
    sql`WITH candidates AS (${sql.join(parts, sql` UNION `)}),
        top AS (SELECT ${alias}.id, row_number() OVER (ORDER BY ${textRank}${g.order}) AS pos
                FROM ${g.from} JOIN candidates c ON c.id = ${alias}.id
                ORDER BY ${textRank}${g.order} LIMIT ${SEARCH_GROUP_SIZE})
        SELECT ${g.columns}, ${candidateCount}::int AS candidate_count
        FROM ${g.from} JOIN top ON top.id = ${alias}.id ${g.joins}
        ORDER BY top.pos`,
  );
  return { rows, candidates: rows[0]?.candidate_count ?? 0 };
}

const NONE: Ranked<never> = { rows: [], candidates: 0 };

const EMPTY = (q: string): SearchResult => ({
  q,
  movies: [],
  releases: [],
  reviews: [],
  labels: [],
  persons: [],
  complex: false,
});

/**
 * Searches titles, releases, labels and persons (see module doc). `Title (year)` restricts
 * titles and releases' movies to the year; `(year)` alone lists that year's titles and releases;
 * `[4k]`, `[dvd]`, `[bluray]`, `[vhs]` restrict releases to those formats (titles then need text
 * or a year). Reviews are [] until the reviews feature. An empty query gives empty groups.
 * @returns up to SEARCH_GROUP_SIZE items per group and `complex` (see SEARCH_CANDIDATE_LIMIT)
 */
export async function searchAll(input: string, db?: Db): Promise<SearchResult> {
  const q = parseSearchQuery(input);
  if (isEmptyQuery(q)) return EMPTY(q.raw);
  const d = await resolveDb(db);
  const hasText = q.words.length > 0;
  const textOnly = hasText && q.year === null && !q.formats;

  const movieFilters = q.year !== null ? [sql`m.year = ${q.year}`] : [];
  const releaseFilters = [sql`r.approved`];
  if (q.year !== null)
    releaseFilters.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmy JOIN movies my ON my.id = rmy.movie_id WHERE rmy.release_id = r.id AND my.year = ${q.year})`,
    );
  if (q.formats) releaseFilters.push(inList(sql`r.format`, q.formats));

  const [movies, releases, labels, persons] = await Promise.all([
    hasText || q.year !== null
      ? rankGroup<TitleListRow>(
          d,
          {
            from: sql`movies m`,
            alias: sql`m`,
            filters: movieFilters,
            searchCol: sql`m.search_text`,
            keyCol: sql`m.title_key`,
            columns: TITLE_LIST_COLUMNS,
            joins: sql``,
            order: sql`m.release_count DESC, m.id`,
          },
          q,
        )
      : NONE,
    rankGroup<ReleaseListRow>(
      d,
      {
        from: sql`releases r`,
        alias: sql`r`,
        filters: releaseFilters,
        searchCol: sql`r.search_text`,
        keyCol: sql`r.name_key`,
        columns: RELEASE_LIST_COLUMNS,
        joins: sql`LEFT JOIN labels l ON l.id = r.label_id`,
        order: sql`r.street_date DESC NULLS LAST, r.id`,
      },
      q,
    ),
    textOnly
      ? rankGroup<LabelListItem>(
          d,
          {
            from: sql`labels l`,
            alias: sql`l`,
            filters: [],
            searchCol: sql`l.search_text`,
            keyCol: sql`l.name_key`,
            columns: LABEL_COLUMNS,
            joins: sql``,
            order: sql`l.release_count DESC, l.id`,
          },
          q,
        )
      : NONE,
    textOnly
      ? rankGroup<PersonListItem>(
          d,
          {
            from: sql`persons p`,
            alias: sql`p`,
            filters: [],
            searchCol: sql`p.search_text`,
            keyCol: sql`p.name_key`,
            columns: sql`p.public_id, p.source_id, p.name, p.credit_count`,
            joins: sql``,
            order: sql`p.credit_count DESC, p.id`,
          },
          q,
        )
      : NONE,
  ]);
  const total = movies.candidates + releases.candidates + labels.candidates + persons.candidates;
  return {
    q: q.raw,
    movies: movies.rows.map(toTitleListItem),
    releases: releases.rows.map(toReleaseListItem),
    reviews: [],
    labels: labels.rows.map(({ public_id, source_id, name, country, release_count }) => ({
      public_id,
      source_id,
      name,
      country,
      release_count,
    })),
    persons: persons.rows.map(({ public_id, source_id, name, credit_count }) => ({
      public_id,
      source_id,
      name,
      credit_count,
    })),
    complex: total > SEARCH_CANDIDATE_LIMIT,
  };
}
