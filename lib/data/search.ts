import 'server-only';
/**
 * Global search (search dialog, `GET /api/search?q=`): titles, releases, labels and persons
 * matching a query in the lib/search-query.ts syntax, up to SEARCH_GROUP_SIZE per group; reviews
 * whose headline, ingress or body hold every word (lib/data/reviews.ts listReviews, newest first;
 * only for words of which one has 3+ characters).
 *
 * Matching: the query is folded with lib/text.ts `foldText`. Each group ranks a bounded candidate
 * set, so the cost does not grow with the catalogue:
 * - prefix candidates: the folded name starts with the query text (`title_key` / `name_key LIKE
 *   'text%'`, "C"-collated btree, read in key order; titles and releases without a leading
 *   article, as their keys): at most SEARCH_PREFIX_CANDIDATES rows, or SEARCH_SHORT_CANDIDATES
 *   when every word is 1-2 characters (autocomplete; the complex-search count then reads up to
 *   SEARCH_CANDIDATE_LIMIT + 1 keys);
 * - word candidates (when a word has 3+ characters): every word occurs in the stored
 *   `search_text` (`LIKE '%word%'`, GIN trigram index), at most SEARCH_CANDIDATE_LIMIT + 1 rows;
 * - releases also: the releases of the exact film (a title whose key is the query's, in the
 *   year when given), at most SEARCH_PREFIX_CANDIDATES, so `alien [4k]` always finds Alien's 4K.
 * Ranking (see {@link rankTier}): exact name first (and releases of the exact film: those named
 * after it, then box sets holding it), then names starting with the query or holding it at the
 * start of a word, then items whose other names do (akas, Finnish titles, a release's films),
 * then the other matches; within a tier the better known item first
 * (titles: releases + collection counts + sources; releases: their film's release count, then
 * their own collection counts; labels: releases; persons: credits), then the newest (year, street
 * date), then id.
 * Few results: when the words as typed find fewer than CLOSE_MATCH_FEW_RESULTS rows in all groups
 * together, close spellings are searched too (lib/data/search-words.ts) and the result carries
 * `close`; the rows holding the words as typed then rank first, the tiers compare names with the
 * closest spelling of the query.
 * Through cast and crew: when the words find no title and no person, titles are looked up through
 * the credits of persons the words name (lib/data/search-credits.ts); the result carries `credits`.
 * Data source: tables movies, movie_sources, movie_counters, releases, release_movies,
 * release_counters, labels, persons, credits, search_words, reviews.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  isEmptyQuery,
  isShortQuery,
  parseSearchQuery,
  SEARCH_GROUP_SIZE,
  withReplacedWords,
  type SearchQuery,
} from '@/lib/search-query';
import { titleKey } from '@/lib/text';
import {
  RELEASE_LIST_COLUMNS,
  TITLE_LIST_COLUMNS,
  toReleaseListItem,
  toTitleListItem,
  type ReleaseListRow,
  type TitleListRow,
} from './catalogue-rows';
import { LABEL_COLUMNS } from './labels';
import { listReviews } from './reviews';
import { searchThroughCredits } from './search-credits';
import { CLOSE_MATCH_FEW_RESULTS, findCloseWords, type CloseWords } from './search-words';
import { and, inList, queryRows, resolveDb, textConditions } from './sql';
import type { LabelListItem, PersonListItem, SearchResult } from './types';

/**
 * Candidate limit: when a query matches more than this many rows (all groups together, each
 * group counted up to the limit + 1), the result carries `complex: true` ('Complex search
 * warning'). 1,000 rows; a one-letter query exceeds it on the seed catalogue.
 */
export const SEARCH_CANDIDATE_LIMIT = 1000;
/** Results shown per group (lib/search-query.ts, shared with the dialog). */
export { SEARCH_GROUP_SIZE };

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
  /** `title`: the key drops a leading article (lib/text.ts titleKey); `name`: the folded name. */
  keyKind: 'title' | 'name';
  columns: SQL;
  joins: SQL;
  /** Extra candidates ranked first (releases of the exact film): ids for a key, or null. */
  exactIds?: (key: string) => SQL;
  /** Joins the ranking reads (counters), over the group's alias. */
  rankJoins?: SQL;
  /** Tie-breakers after the tier: popularity, then newest, then id (e.g. sql`m.release_count DESC, m.id`). */
  order: SQL;
};

/** What the ranking compares names with: the folded text and the group's key of it. */
type RankText = { text: string; key: string };

type Ranked<R> = { rows: R[]; candidates: number };

/**
 * Tier of a candidate: 0 exact name (the key equals the query's key), or a release of the exact
 * film (`exact`) whose name starts with the query ("Alien: 40th Anniversary Edition"); 1 another
 * release of the exact film (a box set holding it); 2 the name starts with the query or holds it
 * at the start of a word ("samurai" in "Seven Samurai", "kubrick" in "Stanley Kubrick"); 3 another
 * stored name does (`search_text`: an original or Finnish title, an aka, a release's films or
 * label); 4 any other match (words apart, inside words).
 */
function rankTier(g: Group, r: RankText, exact: SQL | null): SQL {
  const starts = sql`${g.keyCol} LIKE ${`${r.key}%`}`;
  const exactFilm = exact
    ? sql`WHEN ${g.alias}.id IN (SELECT id FROM ${exact}) THEN CASE WHEN ${starts} THEN 0 ELSE 1 END`
    : sql``;
  const wordStart = `% ${r.key}%`;
  return sql`CASE WHEN ${g.keyCol} = ${r.key} THEN 0 ${exactFilm}
    WHEN (' ' || ${g.keyCol}) LIKE ${wordStart} THEN 2 WHEN (' ' || ${g.searchCol}) LIKE ${wordStart} THEN 3 ELSE 4 END`;
}

/**
 * Top SEARCH_GROUP_SIZE rows of a group among its bounded candidates (see module doc), with the
 * number of candidates found (at most SEARCH_CANDIDATE_LIMIT + 1 + 2 × SEARCH_PREFIX_CANDIDATES).
 * Units: row counts.
 * A query without words (a year or formats only) takes the first SEARCH_CANDIDATE_LIMIT + 1
 * filtered rows in id order.
 * @param close close words of the query (null: the words as typed); the ranking then compares
 *   names with the query's closest spelling
 */
async function rankGroup<R extends Record<string, unknown>>(
  db: Db,
  g: Group,
  input: { q: SearchQuery; close: CloseWords | null },
): Promise<Ranked<R>> {
  const { q, close } = input;
  const { alias, keyCol, searchCol } = g;
  const filters = and(g.filters);
  const words =
    q.words.length > 0 && !isShortQuery(q) ? textConditions(q, searchCol, keyCol, close?.alternatives) : null;
  const short = q.words.length > 0 && !words;
  const text = close ? withReplacedWords({ ...q, year: null, formatParts: [] }, bestWords(close)) : q.text;
  const r: RankText = { text, key: g.keyKind === 'title' ? titleKey(text) : text };
  const prefixLimit = words ? SEARCH_PREFIX_CANDIDATES : short ? SEARCH_SHORT_CANDIDATES : SEARCH_CANDIDATE_LIMIT + 1;
  // The typed text's prefix, and in a close-match search also the closest spelling's.
  const prefixes = [...new Set([g.keyKind === 'title' ? titleKey(q.text) : q.text, r.key])].filter(Boolean);
  const prefix = sql`(${sql.join(
    prefixes.map((p) => sql`${keyCol} LIKE ${`${p}%`}`),
    sql` OR `,
  )})`;
  const exact = q.words.length && g.exactIds && r.key ? sql`exact` : null;
  const ctes: SQL[] = [];
  if (exact && g.exactIds) ctes.push(sql`exact AS (${g.exactIds(r.key)})`);
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
  if (exact) parts.push(sql`(SELECT id FROM exact)`);
  if (!q.words.length)
    parts.push(
      sql`(SELECT ${alias}.id FROM ${g.from} WHERE ${filters} ORDER BY ${alias}.id LIMIT ${SEARCH_CANDIDATE_LIMIT + 1})`,
    );
  // With close words, the rows holding every word as typed come first, then the close matches.
  const asTyped = close ? sql`(${and(textConditions(q, searchCol, keyCol))}) DESC, ` : sql``;
  const rank = q.words.length ? sql`${asTyped}${rankTier(g, r, exact)}, ${g.order}` : g.order;
  // A short query ranks its first SEARCH_SHORT_CANDIDATES prefix matches but counts up to the
  // limit (key index only) for the complex-search warning.
  const candidateCount = short
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM ${g.from} WHERE ${filters} AND ${prefix} LIMIT ${SEARCH_CANDIDATE_LIMIT + 1}) n)`
    : sql`(SELECT count(*) FROM candidates)`;
  ctes.push(sql`candidates AS (${sql.join(parts, sql` UNION `)})`);
  // Rank ids first; the list columns (subqueries for movies, pictures, counts) are computed for
  // the SEARCH_GROUP_SIZE winners only.
  const rows = await queryRows<R & { candidate_count: number }>(
    db,
    sql`WITH ${sql.join(ctes, sql`, `)},
        top AS (SELECT ${alias}.id, row_number() OVER (ORDER BY ${rank}) AS pos
                FROM ${g.from} JOIN candidates c ON c.id = ${alias}.id ${g.rankJoins ?? sql``}
                ORDER BY ${rank} LIMIT ${SEARCH_GROUP_SIZE})
        SELECT ${g.columns}, ${candidateCount}::int AS candidate_count
        FROM ${g.from} JOIN top ON top.id = ${alias}.id ${g.joins}
        ORDER BY top.pos`,
  );
  return { rows, candidates: rows[0]?.candidate_count ?? 0 };
}

/** Each replaced word's best close word. */
function bestWords(close: CloseWords): Map<string, string> {
  return new Map([...close.alternatives].map(([w, alts]) => [w, alts[0]]));
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
  close: null,
  credits: null,
});

type Groups = {
  movies: Ranked<TitleListRow>;
  releases: Ranked<ReleaseListRow>;
  labels: Ranked<LabelListItem>;
  persons: Ranked<PersonListItem>;
};

/** The four groups of a parsed query (see module doc), with or without close words. */
async function searchGroups(d: Db, q: SearchQuery, close: CloseWords | null): Promise<Groups> {
  const hasText = q.words.length > 0;
  const textOnly = hasText && q.year === null && !q.formats;
  const input = { q, close };
  // Deleted movies, persons and labels (tombstones) are never found; a deleted release is not approved.
  const movieFilters = [sql`m.deleted_at IS NULL`, ...(q.year !== null ? [sql`m.year = ${q.year}`] : [])];
  const releaseFilters = [sql`r.approved`];
  if (q.year !== null)
    releaseFilters.push(
      sql`EXISTS (SELECT 1 FROM release_movies rmy JOIN movies my ON my.id = rmy.movie_id WHERE rmy.release_id = r.id AND my.year = ${q.year})`,
    );
  if (q.formats) releaseFilters.push(inList(sql`r.format`, q.formats));
  const exactYear = q.year !== null ? sql` AND me.year = ${q.year}` : sql``;

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
            keyKind: 'title',
            columns: TITLE_LIST_COLUMNS,
            joins: sql``,
            rankJoins: sql`LEFT JOIN movie_counters mc ON mc.movie_id = m.id`,
            order: sql`m.release_count + COALESCE(mc.seen_count + mc.want_see_count + mc.likes_count, 0)
                         + (SELECT count(*) FROM movie_sources ms WHERE ms.movie_id = m.id) DESC,
                       m.year DESC NULLS LAST, m.id`,
          },
          input,
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
        keyKind: 'title',
        columns: RELEASE_LIST_COLUMNS,
        joins: sql`LEFT JOIN labels l ON l.id = r.label_id`,
        exactIds: (key) =>
          sql`SELECT r.id FROM movies me JOIN release_movies rme ON rme.movie_id = me.id JOIN releases r ON r.id = rme.release_id
              WHERE me.title_key = ${key}${exactYear} AND ${and(releaseFilters)} LIMIT ${SEARCH_PREFIX_CANDIDATES}`,
        rankJoins: sql`LEFT JOIN release_counters rc ON rc.release_id = r.id
          LEFT JOIN LATERAL (SELECT count(*) AS n, COALESCE(max(mp.release_count), 0) AS known
                             FROM release_movies rmp JOIN movies mp ON mp.id = rmp.movie_id WHERE rmp.release_id = r.id) f ON TRUE`,
        order: sql`(f.n <= 1) DESC, f.known DESC, COALESCE(rc.owned_count + rc.wanted_count + rc.likes_count, 0) DESC,
                   r.street_date DESC NULLS LAST, r.id`,
      },
      input,
    ),
    textOnly
      ? rankGroup<LabelListItem>(
          d,
          {
            from: sql`labels l`,
            alias: sql`l`,
            filters: [sql`l.deleted_at IS NULL`],
            searchCol: sql`l.search_text`,
            keyCol: sql`l.name_key`,
            keyKind: 'name',
            columns: LABEL_COLUMNS,
            joins: sql``,
            order: sql`l.release_count DESC, l.id`,
          },
          input,
        )
      : NONE,
    textOnly
      ? rankGroup<PersonListItem>(
          d,
          {
            from: sql`persons p`,
            alias: sql`p`,
            filters: [sql`p.deleted_at IS NULL`],
            searchCol: sql`p.search_text`,
            keyCol: sql`p.name_key`,
            keyKind: 'name',
            columns: sql`p.public_id, p.source_id, p.name, p.credit_count`,
            joins: sql``,
            order: sql`p.credit_count DESC, p.id`,
          },
          input,
        )
      : NONE,
  ]);
  return { movies, releases, labels, persons };
}

function shown(g: Groups): number {
  return g.movies.rows.length + g.releases.rows.length + g.labels.rows.length + g.persons.rows.length;
}

/**
 * Searches titles, releases, labels and persons (see module doc). `Title (year)` restricts
 * titles and releases' movies to the year; `(year)` alone lists that year's titles and releases;
 * `[4k]`, `[dvd]`, `[bluray]`, `[vhs]` restrict releases to those formats (titles then need text
 * or a year). Reviews: those holding every word (none for a query of 1-2 character words only, a
 * year or formats alone). An empty query gives empty groups.
 * When the words find fewer than CLOSE_MATCH_FEW_RESULTS rows and close spellings find more, the
 * groups are those of the words or their close spellings and `close` says which
 * (lib/data/search-words.ts); otherwise `close` is null. When they find no title and no person,
 * the movies are those found through cast and crew, the releases holding them follow the releases
 * the words found, and `credits` names the persons (lib/data/search-credits.ts); otherwise null.
 * @returns up to SEARCH_GROUP_SIZE items per group, `complex` (see SEARCH_CANDIDATE_LIMIT), `close` and `credits`
 */
export async function searchAll(input: string, db?: Db): Promise<SearchResult> {
  const q = parseSearchQuery(input);
  if (isEmptyQuery(q)) return EMPTY(q.raw);
  const d = await resolveDb(db);
  // Reviews match the words as typed: sent together with the groups, not after them.
  const reviewsPromise =
    q.words.length && !isShortQuery(q)
      ? listReviews({ q: q.words.join(' ') }, { limit: SEARCH_GROUP_SIZE }, d).then((page) => page.items)
      : Promise.resolve([]);
  const [asTyped, reviews] = await Promise.all([searchGroups(d, q, null), reviewsPromise]);
  let groups = asTyped;
  let close: CloseWords | null = null;
  if (q.words.length && !isShortQuery(q) && shown(groups) < CLOSE_MATCH_FEW_RESULTS) {
    const found = await findCloseWords(d, q);
    // Close words that add nothing (a rare word spelled right) leave the result as typed.
    const wider = found ? await searchGroups(d, q, found) : null;
    if (wider && shown(wider) > shown(groups)) {
      groups = wider;
      close = found;
    }
  }
  const { movies, releases, labels, persons } = groups;
  const total = movies.candidates + releases.candidates + labels.candidates + persons.candidates;
  // Words naming a person and a title find neither: look through cast and crew. The releases the
  // words found themselves stay first.
  const credited =
    movies.rows.length === 0 && persons.rows.length === 0 ? await searchThroughCredits(d, q, SEARCH_GROUP_SIZE) : null;
  const releaseRows = credited
    ? [
        ...releases.rows,
        ...credited.releases.filter((r) => !releases.rows.some((f) => f.public_id === r.public_id)),
      ].slice(0, SEARCH_GROUP_SIZE)
    : releases.rows;
  return {
    q: q.raw,
    movies: (credited?.movies ?? movies.rows).map(toTitleListItem),
    releases: releaseRows.map(toReleaseListItem),
    reviews,
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
    close: close?.match ?? null,
    credits: credited ? { persons: credited.persons, title_words: credited.titleWords } : null,
  };
}
