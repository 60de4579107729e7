import 'server-only';
/**
 * Global search (search dialog, `GET /api/search?q=`): titles, releases, labels and persons
 * matching a query in the lib/search-query.ts syntax, up to SEARCH_GROUP_SIZE per group.
 *
 * Matching: the query is folded with lib/text.ts `foldText`; every word must occur in the
 * group's stored `search_text` (`LIKE '%word%'`, GIN trigram index). A query whose words are
 * all 1-2 characters cannot use trigrams: it matches the start of the btree-indexed folded name
 * (`title_key` / `name_key LIKE 'ab%'`) and ranks only the first SEARCH_CANDIDATE_LIMIT
 * candidates. Ranking: trigram similarity to the query, then release count (titles, labels),
 * credit count (persons) or newest street date (releases).
 * Data source: tables movies, releases, labels, persons.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { isEmptyQuery, isShortQuery, parseSearchQuery, type SearchQuery } from '@/lib/search-query';
import {
  and,
  inList,
  queryRows,
  RELEASE_LIST_COLUMNS,
  resolveDb,
  similarityTo,
  textConditions,
  TITLE_LIST_COLUMNS,
  toReleaseListItem,
  toTitleListItem,
  type ReleaseListRow,
  type TitleListRow,
} from './internal';
import type { LabelListItem, PersonListItem, SearchResult } from './types';

/**
 * Candidate limit: when a query matches more than this many rows (all groups together, each
 * group counted up to the limit + 1), the result carries `complex: true` ('Complex search
 * warning'). 1,000 rows; a one-letter query exceeds it on the seed catalogue.
 */
export const SEARCH_CANDIDATE_LIMIT = 1000;
/** Results shown per group. */
export const SEARCH_GROUP_SIZE = 8;

type Group = { table: SQL; alias: SQL; conds: SQL[] };

async function countCandidates(db: Db, g: Group): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${g.table} ${g.alias} WHERE ${and(g.conds)} LIMIT ${SEARCH_CANDIDATE_LIMIT + 1}) c`,
  );
  return row?.n ?? 0;
}

/**
 * Rows of a group: the candidates (capped at SEARCH_CANDIDATE_LIMIT in key order for short
 * queries), ranked by `rank`, first SEARCH_GROUP_SIZE.
 */
async function topRows<R extends Record<string, unknown>>(db: Db, g: Group, q: SearchQuery, key: SQL, columns: SQL, joins: SQL, rank: SQL): Promise<R[]> {
  const cap = isShortQuery(q) ? sql`ORDER BY ${key}, id LIMIT ${SEARCH_CANDIDATE_LIMIT}` : sql``;
  return queryRows<R>(
    db,
    sql`SELECT ${columns} FROM (SELECT * FROM ${g.table} ${g.alias} WHERE ${and(g.conds)} ${cap}) ${g.alias} ${joins}
        ORDER BY ${rank} LIMIT ${SEARCH_GROUP_SIZE}`,
  );
}

const EMPTY = (q: string): SearchResult => ({ q, movies: [], releases: [], reviews: [], labels: [], persons: [], complex: false });

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

  const movieConds = [...textConditions(q, sql`m.search_text`, sql`m.title_key`)];
  if (q.year !== null) movieConds.push(sql`m.year = ${q.year}`);
  const movies: Group | null = hasText || q.year !== null ? { table: sql`movies`, alias: sql`m`, conds: movieConds } : null;

  const releaseConds = [sql`r.approved`, ...textConditions(q, sql`r.search_text`, sql`r.name_key`)];
  if (q.year !== null) releaseConds.push(sql`EXISTS (SELECT 1 FROM release_movies rmy JOIN movies my ON my.id = rmy.movie_id WHERE rmy.release_id = r.id AND my.year = ${q.year})`);
  if (q.formats) releaseConds.push(inList(sql`r.format`, q.formats));
  const releases: Group = { table: sql`releases`, alias: sql`r`, conds: releaseConds };

  const labels: Group | null = hasText && q.year === null && !q.formats ? { table: sql`labels`, alias: sql`l`, conds: textConditions(q, sql`l.search_text`, sql`l.name_key`) } : null;
  const persons: Group | null = hasText && q.year === null && !q.formats ? { table: sql`persons`, alias: sql`p`, conds: textConditions(q, sql`p.search_text`, sql`p.name_key`) } : null;

  const sim = (col: SQL) => (hasText ? sql`${similarityTo(col, q)} DESC, ` : sql``);
  const [counts, movieRows, releaseRows, labelRows, personRows] = await Promise.all([
    Promise.all([movies, releases, labels, persons].map((g) => (g ? countCandidates(d, g) : Promise.resolve(0)))),
    movies ? topRows<TitleListRow>(d, movies, q, sql`title_key`, TITLE_LIST_COLUMNS, sql``, sql`${sim(sql`m.search_text`)}m.release_count DESC, m.id`) : Promise.resolve([]),
    topRows<ReleaseListRow>(d, releases, q, sql`name_key`, RELEASE_LIST_COLUMNS, sql`LEFT JOIN labels l ON l.id = r.label_id`, sql`${sim(sql`r.search_text`)}r.street_date DESC NULLS LAST, r.id`),
    labels
      ? topRows<LabelListItem>(
          d,
          labels,
          q,
          sql`name_key`,
          sql`l.public_id, NULL::text AS source_id, l.name, l.country, (SELECT count(*) FROM releases r WHERE r.label_id = l.id AND r.approved)::int AS release_count`,
          sql``,
          sql`${sim(sql`l.search_text`)}l.release_count DESC, l.id`,
        )
      : Promise.resolve([]),
    persons ? topRows<PersonListItem>(d, persons, q, sql`name_key`, sql`p.public_id, p.source_id, p.name, p.credit_count`, sql``, sql`${sim(sql`p.search_text`)}p.credit_count DESC, p.id`) : Promise.resolve([]),
  ]);
  const total = counts.reduce((a, b) => a + b, 0);
  return {
    q: q.raw,
    movies: movieRows.map(toTitleListItem),
    releases: releaseRows.map(toReleaseListItem),
    reviews: [],
    labels: labelRows.map(({ public_id, source_id, name, country, release_count }) => ({ public_id, source_id, name, country, release_count })),
    persons: personRows.map(({ public_id, source_id, name, credit_count }) => ({ public_id, source_id, name, credit_count })),
    complex: total > SEARCH_CANDIDATE_LIMIT,
  };
}
