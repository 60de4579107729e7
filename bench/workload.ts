/**
 * What the benchmark (scripts/bench.ts) and the query-plan test (tests/integration/
 * query-plans.test.ts) run: the fixed search query mix, a seeded random query set drawn from the
 * database, the listing filter combinations (release presets plus filters and sorts, title
 * presets, persons), and sample public ids for detail pages.
 *
 * Nothing here is tuned to the data: the fixed mix is a list of ordinary user inputs per kind,
 * and the random set is drawn with a fixed seed from whatever the catalogue holds.
 */
import type postgres from 'postgres';
import { foldText } from '@/lib/text';
import {
  parseReleaseListParams,
  parseTitleListParams,
  RELEASE_PRESETS,
  TITLE_PRESETS,
  type ReleaseListQuery,
  type TitleListQuery,
} from '@/lib/validation/listing';
import { seededRandom } from './stats';

/** Kinds of search input; `prefix1` / `prefix2` are autocomplete (1-2 letter) inputs. */
export type SearchKind =
  | 'frequent'
  | 'rare'
  | 'title_year'
  | 'format'
  | 'accented'
  | 'misspelt'
  | 'multiword'
  | 'prefix1'
  | 'prefix2'
  | 'random_word'
  | 'random_prefix'
  | 'random_person'
  | 'random_title';

/** One search input and its kind. */
export type SearchInput = { q: string; kind: SearchKind };

/** True for autocomplete inputs: every word 1-2 characters. */
export function isAutocomplete(q: string): boolean {
  const words = foldText(q.replace(/\[[^\]]*\]|\(\s*\d{4}\s*\)/g, ' '))
    .split(' ')
    .filter(Boolean);
  return words.length > 0 && words.every((w) => w.length <= 2);
}

/**
 * The fixed query mix: frequent and rare words, `Title (year)`, `[format]`, accented and
 * unaccented input, misspellings (kind `misspelt`: words that find nothing as typed, so search
 * looks up close spellings; measured as a set of their own), several words, one- and two-letter
 * autocomplete prefixes.
 */
export const FIXED_SEARCH_QUERIES: readonly SearchInput[] = [
  { q: 'the', kind: 'frequent' },
  { q: 'love', kind: 'frequent' },
  { q: 'man', kind: 'frequent' },
  { q: 'night', kind: 'frequent' },
  { q: 'kwaidan', kind: 'rare' },
  { q: 'zardoz', kind: 'rare' },
  { q: 'xylophone', kind: 'rare' },
  { q: 'King Kong (1976)', kind: 'title_year' },
  { q: 'Alien (1979)', kind: 'title_year' },
  { q: 'alien [4k]', kind: 'format' },
  { q: 'batman [bluray]', kind: 'format' },
  { q: 'night [dvd]', kind: 'format' },
  { q: 'amelie', kind: 'accented' },
  { q: 'Amélie', kind: 'accented' },
  { q: 'Léon', kind: 'accented' },
  { q: 'godfahter', kind: 'misspelt' },
  { q: 'terminater', kind: 'misspelt' },
  { q: 'blade runer', kind: 'misspelt' },
  { q: 'seven samuari', kind: 'misspelt' },
  { q: 'terminatr 2', kind: 'misspelt' },
  { q: 'casablanka', kind: 'misspelt' },
  { q: 'kubrik', kind: 'misspelt' },
  { q: 'hitchcok', kind: 'misspelt' },
  { q: 'the night of the hunter', kind: 'multiword' },
  { q: 'star wars', kind: 'multiword' },
  { q: 'a', kind: 'prefix1' },
  { q: 'k', kind: 'prefix1' },
  { q: 'z', kind: 'prefix1' },
  { q: 'al', kind: 'prefix2' },
  { q: 'th', kind: 'prefix2' },
  { q: 'qu', kind: 'prefix2' },
];

/** Sizes of the seeded random query set, per kind. */
export type RandomQueryCounts = { words: number; prefixes: number; persons: number; titles: number };

/**
 * Up to `n` values of `column` from rows picked by pseudo-random ids between min(id) and max(id)
 * (gaps skipped, duplicates dropped), in draw order. `table`, `column` and `where` (an SQL
 * condition starting with AND, or none) are constants of this module, never input.
 */
async function sampleRows(
  sql: postgres.Sql,
  draw: { table: 'movies' | 'persons' | 'releases'; column: 'name' | 'public_id'; where?: string; n: number },
  rnd: () => number,
): Promise<string[]> {
  const { table, column, where = '', n } = draw;
  if (n <= 0) return [];
  const [range] = await sql.unsafe<{ lo: number | null; hi: number | null }[]>(
    `SELECT min(id) AS lo, max(id) AS hi FROM ${table}`,
  );
  if (range?.lo == null || range.hi == null) return [];
  const { lo, hi } = range;
  const ids = Array.from({ length: n * 4 }, () => lo + Math.floor(rnd() * (hi - lo + 1)));
  const rows = await sql.unsafe<{ id: number; v: string }[]>(
    `SELECT id, ${column} AS v FROM ${table} WHERE id = ANY($1::int[]) ${where}`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r.v]));
  return [...new Set(ids.map((id) => byId.get(id)).filter((v): v is string => !!v))].slice(0, n);
}

/**
 * A seeded random query set drawn from the database: random words (3+ letters) of random movie
 * names, 1-2 letter prefixes of random movie names, random person names, and random full movie
 * names. Rows are picked by pseudo-random ids between min(id) and max(id) (seed fixed), so the
 * same database gives the same set.
 */
export async function randomSearchQueries(
  sql: postgres.Sql,
  counts: RandomQueryCounts,
  seed = 4242,
): Promise<SearchInput[]> {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(rnd() * xs.length)];
  const out: SearchInput[] = [];
  for (const name of await sampleRows(sql, { table: 'movies', column: 'name', n: counts.words }, rnd)) {
    const word = pick(
      foldText(name)
        .split(' ')
        .filter((w) => w.length >= 3),
    );
    if (word) out.push({ q: word, kind: 'random_word' });
  }
  for (const name of await sampleRows(sql, { table: 'movies', column: 'name', n: counts.prefixes }, rnd)) {
    const prefix = foldText(name)
      .slice(0, rnd() < 0.5 ? 1 : 2)
      .trim();
    if (prefix) out.push({ q: prefix, kind: 'random_prefix' });
  }
  for (const name of await sampleRows(sql, { table: 'persons', column: 'name', n: counts.persons }, rnd))
    out.push({ q: name, kind: 'random_person' });
  for (const name of await sampleRows(sql, { table: 'movies', column: 'name', n: counts.titles }, rnd))
    out.push({ q: name, kind: 'random_title' });
  return out;
}

/** A listing combination: which list, its URL parameters (as the API takes them), and the parsed query. */
export type ListingCase =
  | { name: string; kind: 'releases'; params: Record<string, string>; query: ReleaseListQuery }
  | { name: string; kind: 'titles'; params: Record<string, string>; query: TitleListQuery }
  | { name: string; kind: 'persons'; params: Record<string, string>; query: { q: string | null } };

/** Release filter combinations beyond the preset routes: sorts, formats × countries, cut and date filters. */
const RELEASE_EXTRA: Record<string, Record<string, string>> = {
  sort_name: { so: 'name' },
  sort_year: { so: 'year_desc' },
  sort_date_asc: { so: 'date_asc' },
  '4k_us': { fo: '7,11', co: '1' },
  dvd_by_name: { fo: '3,4', so: 'name' },
  movies_only: { fi: 'movie' },
  cut_over10: { fi: 'cut', cd: 'over10' },
  cut_upto5: { cd: 'upto5' },
  past_365: { dr: 'past', dn: '365' },
  future_90: { dr: 'future', dn: '90' },
  finnish_new: { co: '4', so: 'added_desc' },
  sort_spine: { so: 'spine' },
};

/** Title filter combinations beyond the preset routes. */
const TITLE_EXTRA: Record<string, Record<string, string>> = {
  all: {},
  by_name: { so: 'name' },
  with_release: { fi: 'release' },
  with_4k_release: { fo: '7,11' },
};

/**
 * Every listing combination: the release presets (lib/validation/listing.ts RELEASE_PRESETS),
 * extra release filters and sorts, the title presets plus extras, and the persons list.
 * Names are `releases/<name>`, `titles/<name>`, `persons/all`.
 * @throws when a parameter set does not parse (a bug in this list)
 */
export function listingCases(): ListingCase[] {
  const out: ListingCase[] = [];
  for (const [name, params] of Object.entries({ ...RELEASE_PRESETS, ...RELEASE_EXTRA })) {
    const p = parseReleaseListParams(params as Record<string, string>, 'api');
    if (!p.ok) throw new Error(`listing case releases/${name}: ${p.error}`);
    out.push({ name: `releases/${name}`, kind: 'releases', params: params as Record<string, string>, query: p.query });
  }
  for (const [name, params] of Object.entries({ ...TITLE_PRESETS, ...TITLE_EXTRA })) {
    const p = parseTitleListParams(params as Record<string, string>, 'api');
    if (!p.ok) throw new Error(`listing case titles/${name}: ${p.error}`);
    out.push({ name: `titles/${name}`, kind: 'titles', params: params as Record<string, string>, query: p.query });
  }
  out.push({ name: 'persons/all', kind: 'persons', params: {}, query: { q: null } });
  return out;
}

/** Public ids for detail loads and page requests. */
export type SampleIds = { releases: string[]; movies: string[]; persons: string[] };

/**
 * `n` public ids per entity (approved releases, movies, persons), picked by pseudo-random ids
 * with a fixed seed; fewer when the table is smaller.
 */
export async function samplePublicIds(sql: postgres.Sql, n: number, seed = 777): Promise<SampleIds> {
  const rnd = seededRandom(seed);
  return {
    releases: await sampleRows(sql, { table: 'releases', column: 'public_id', where: 'AND approved', n: n }, rnd),
    movies: await sampleRows(sql, { table: 'movies', column: 'public_id', n: n }, rnd),
    persons: await sampleRows(sql, { table: 'persons', column: 'public_id', n: n }, rnd),
  };
}
