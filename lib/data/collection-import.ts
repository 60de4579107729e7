import 'server-only';
/**
 * Importing a file into a collection: the rows read by lib/collections/import-parse.ts
 * are matched to the catalogue, the matched ones become entries, and a report lists every row of
 * the file with its outcome. The report is stored (`collection_imports`) so the owner can pick
 * among the candidates of ambiguous rows later; barcodes no release carries are kept in
 * `unknown_barcodes` and the owner can suggest them as new releases (lib/data/import-suggestions.ts).
 *
 * An import is a job ({@link startImport}): the request that uploads the file stores a queued job
 * and answers at once; the job then runs in that server process after the response (the route
 * passes {@link StartedImport.run} to lib/auth/after-response.ts). It matches the rows, writing
 * `rows_done` every {@link IMPORT_PROGRESS_ROWS} rows, then writes every entry, the unknown
 * barcodes and the report in one transaction, which also marks the job done: a job that stops
 * half-way has written nothing. Its process renews `heartbeat_at` while it runs; a job whose
 * process is gone (see {@link failInterruptedImports}, run at server start, and the stale check of
 * every read) is marked failed ('interrupted'), so the owner can import the file again. One job
 * per collection may be queued or running at a time (a partial unique index makes a second one
 * 'running'). Every state lives in the database: any server answers the progress of a job that
 * another one runs.
 *
 * Matching, per row:
 * - A `public_id` (this app's export) names the movie or release exactly.
 * - A barcode is normalised (lib/barcode.ts: EAN-13, UPC-A, 11-digit UPC-A without its leading 0;
 *   a wrong check digit is rejected and the row falls back to its title) and looked up in
 *   `releases.ean`. In a movies collection a found release stands for its movie.
 * - A title is matched to movies by its title key (lib/text.ts: case, accents, punctuation and a
 *   leading article do not matter), then with edition words and bracketed notes dropped
 *   ("Inception (Steelbook)", "Alien – Director's Cut"), then as the start of a longer title (a
 *   truncated title, 6 characters at least), then against original, localized and aka names.
 *   With a year, movies of that year are taken first, else a year off by one.
 * - A row's one year may be the film's or the disc's: "Casablanca, 2008, Blu-ray" is the 1942 film
 *   on a disc of 2008. When no movie is of the year or a year off, and the row is a disc's (a
 *   releases collection, or a format or barcode given) whose format existed that year
 *   ({@link DISC_YEARS_FROM}: no DVD of 1950), the year is read as the disc's: the films dated
 *   before it are the candidates (films before TV series and episodes), and of them the ones with a
 *   release of the row's format from that year, else the latest (as the catalogue importer reads a
 *   release's year, lib/import/catalog.ts); among the chosen films' releases of the format, the
 *   ones from that year go first. Otherwise a movie without a year is taken (the row's year does
 *   not contradict it), and movies of other years only make the row unmatched ("year_mismatch")
 *   with them as suggestions.
 * - In a releases collection the movie's releases of the row's format are the candidates (the
 *   format's group when none has exactly that format: 4K includes the 4K + Blu-ray combo); a row
 *   whose movie is found but no release of its format is reported with the movie linked.
 * - One candidate: matched. Several: ambiguous, the owner picks. None: unmatched with its reason.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { parseBarcode } from '@/lib/barcode';
import type { ImportField, ImportRow, ParsedImport } from '@/lib/collections/import-parse';
import { foldText, titleKey } from '@/lib/text';
import { COLLECTION_NAME_MAX, COLLECTION_STYLES, type CollectionCategory } from '@/lib/validation/collection-limits';
import { entrySchema, type CollectionInput, type EntryData } from '@/lib/validation/collections';
import { countryCodeFromId, FORMAT_GROUPS, FORMATS, MOVIE_TYPES, type FormatId } from '@/lib/validation/enums';
import { canAccessImport, canEditCollection } from '@/lib/auth/policies';
import { AppError } from '@/lib/errors';
import { logError } from '@/lib/log';
import { addEntries, type EntryTarget } from './collection-entries';
import { inTransaction } from './events';
import { newPublicId } from './public-id';
import { queryRows, resolveDb } from './sql';
import type { Actor } from '@/lib/auth/actor';

/** Most rows one import takes (a larger file is refused as a whole, never cut). */
export const IMPORT_MAX_ROWS = 5000;
/** Most candidates a report row offers. */
export const IMPORT_MAX_CANDIDATES = 12;
/** Shortest title that is also matched as the start of a longer (truncated) title, in characters. */
const PREFIX_MIN_LENGTH = 6;

/** A movie or release a row was matched to, or one the owner may pick. */
export type ImportCandidate = {
  type: 'movie' | 'release';
  public_id: string;
  name: string;
  year: number | null;
  /** Release format id; null for a movie. */
  format: FormatId | null;
  label: string | null;
  /** ISO country code of a release. */
  country: string | null;
  ean: string | null;
};

export type ImportStatus = 'matched' | 'ambiguous' | 'unmatched';

/**
 * Why a row ended as it did (null for a plain match):
 * matched: 'already_in_collection' (not added twice), 'picked' (the owner chose the candidate);
 * ambiguous: 'several_movies', 'several_releases';
 * unmatched: 'unreadable' (the line could not be read), 'no_title' (neither title nor a known
 * barcode), 'title_not_found', 'year_mismatch' (the title exists, only in other years),
 * 'no_release_of_format' / 'no_release' (releases collection: the movie is found, no release of
 * the format / none at all), 'barcode_unknown' (releases collection: no release has the barcode).
 */
export type ImportReason =
  | 'already_in_collection'
  | 'picked'
  | 'several_movies'
  | 'several_releases'
  | 'unreadable'
  | 'no_title'
  | 'title_not_found'
  | 'year_mismatch'
  | 'no_release_of_format'
  | 'no_release'
  | 'barcode_unknown';

/** What became of a row's barcode: none given, found on a release, unknown (stored), or rejected. */
export type BarcodeStatus = 'none' | 'matched' | 'unknown' | 'invalid_format' | 'invalid_check_digit';

/** One row of the report. */
export type ImportRowOutcome = {
  /** Line of the file (JSON: position in the array). */
  line: number;
  title: string | null;
  year: number | null;
  format: FormatId | null;
  /** The barcode as given, and its canonical EAN-13 when it is valid. */
  barcode: string | null;
  ean13: string | null;
  /**
   * The label (publisher) as the file names it, kept to prefill a suggested release; absent in
   * reports stored before the column was read.
   */
  label?: string | null;
  barcode_status: BarcodeStatus;
  status: ImportStatus;
  reason: ImportReason | null;
  /** An entry was created for the row by this import (or by the owner's pick). */
  added: boolean;
  item: ImportCandidate | null;
  /** The movie found when its release was not (linked in the report). */
  movie: ImportCandidate | null;
  /** Ambiguous rows: the choices; unmatched rows: suggestions (other years, other formats). */
  candidates: ImportCandidate[];
  /** Values left out of the entry (unreadable or out of range), with the raw value. */
  warnings: { field: ImportField; value: string }[];
  /** Unreadable line: what the reader said. */
  problem: string | null;
  /** The entry fields the row carries (used again when the owner picks a candidate). */
  entry: EntryData | null;
};

export type ImportCounts = {
  rows: number;
  matched: number;
  added: number;
  already: number;
  ambiguous: number;
  unmatched: number;
  unknown_barcodes: number;
};

/** The stored report of one import. */
export type ImportReport = {
  public_id: string;
  collection: { public_id: string; name: string; category: CollectionCategory };
  file_name: string;
  kind: ParsedImport['kind'];
  letterboxd_list: ParsedImport['letterboxdList'];
  unknown_columns: string[];
  created_at: string;
  counts: ImportCounts;
  rows: ImportRowOutcome[];
};

/**
 * Refusals of an import, before anything is written: the file has no rows, too many rows
 * (`params.max`, `params.rows`), is a Letterboxd export for a releases collection, or another
 * import into the collection is queued or running.
 */
export type ImportRefusal = {
  ok: false;
  error: 'tooManyRows' | 'letterboxdNeedsMovies' | 'emptyFile' | 'running';
  params?: Record<string, number>;
};

export type ImportResult = { ok: true; report: ImportReport } | ImportRefusal;

/** Where an import job is: waiting for its process, matching rows, finished with a report, or stopped. */
export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed';
/**
 * Why a job failed: 'interrupted' (its server process stopped or restarted), 'collectionGone' (the
 * collection was deleted or put in the trash while it ran), 'unexpected' (an error, logged).
 */
export type ImportJobError = 'interrupted' | 'collectionGone' | 'unexpected';

/** An import job as its owner sees it (the progress endpoint's answer and the list of imports). */
export type ImportJob = {
  public_id: string;
  file_name: string;
  status: ImportJobStatus;
  /** Rows matched so far, of `rows_total` (the file's rows, unreadable ones included). */
  rows_done: number;
  rows_total: number;
  error: ImportJobError | null;
  /** ISO timestamps; `finished_at` null while queued or running. */
  created_at: string;
  finished_at: string | null;
  /** The report's counts once the job is done, else null. */
  counts: ImportCounts | null;
};

/** Rows matched between two progress writes of a running job. */
export const IMPORT_PROGRESS_ROWS = 25;
/** How often a running job renews its heartbeat (milliseconds). */
export const IMPORT_HEARTBEAT_MS = 5_000;
/** A queued or running job whose heartbeat is older than this (seconds) has lost its process: it is failed. */
export const IMPORT_STALE_SECONDS = 60;

type MovieRow = {
  id: number;
  public_id: string;
  name: string;
  year: number | null;
  type: number;
  release_count: number;
  original_name: string | null;
  localized_names: Record<string, string> | null;
  akas: string[] | null;
};
type ReleaseRow = {
  id: number;
  public_id: string;
  name: string;
  format: number;
  country: number | null;
  ean: string | null;
  year: number | null;
  label: string | null;
  movie_id: number;
};

const MOVIE_COLUMNS = sql`m.id, m.public_id, m.name, m.year, m.type, m.release_count, m.original_name, m.localized_names, m.akas`;
/** A release as a candidate (year: the street date's, else the release year); `l` is its label. */
const RELEASE_COLUMNS = sql`r.id, r.public_id, r.name, r.format, r.country, r.ean, COALESCE(EXTRACT(YEAR FROM r.street_date)::int, r.release_year) AS
  year, l.name AS label`;

function movieCandidate(m: MovieRow): ImportCandidate {
  return {
    type: 'movie',
    public_id: m.public_id,
    name: m.name,
    year: m.year === null ? null : Number(m.year),
    format: null,
    label: null,
    country: null,
    ean: null,
  };
}

function releaseCandidate(r: ReleaseRow): ImportCandidate {
  return {
    type: 'release',
    public_id: r.public_id,
    name: r.name,
    year: r.year === null ? null : Number(r.year),
    format: Number(r.format) as FormatId,
    label: r.label,
    country: countryCodeFromId(r.country),
    ean: r.ean,
  };
}

/** Edition, packaging and format words (folded text), dropped from a title before it is matched again. */
const EDITION_WORDS = new RegExp(
  String.raw`\b(the criterion collection|criterion collection|criterion|steelbook|mediabook|slipcover|blu ray|bluray|4k|uhd|ultra hd|hd dvd|dvd|vhs|` +
    String.raw`(special|collectors|limited|deluxe|ultimate|anniversary|definitive|remastered|restored|extended|unrated|theatrical|directors|final|standard|` +
    String.raw`regular|single disc|two disc|\d+ disc) (edition|cut|version)|\d+(st|nd|rd|th)? anniversary( edition)?|directors cut|extended cut|` +
    String.raw`remastered|unrated|\d+ disc set|\d+ discs?|region [a-c0-6]|import)\b`,
  'g',
);

/**
 * Title keys a row's title is looked up by, best first: its title key, then the same without
 * bracketed notes, edition and format words ("Alien (Director's Cut) [Blu-ray]" → "alien").
 */
export function titleKeys(title: string): string[] {
  const keys = [titleKey(title)];
  const unbracketed = titleKey(title.replace(/[([][^)\]]*[)\]]/g, ' ').replace(/\s[-–—:]\s.*$/, ''));
  const cleaned = foldText(titleKey(title.replace(/[([][^)\]]*[)\]]/g, ' ')).replace(EDITION_WORDS, ' '))
    .replace(/^(the|a|an) /, '')
    .trim();
  for (const k of [cleaned, unbracketed]) if (k && !keys.includes(k)) keys.push(k);
  return keys.filter(Boolean);
}

/**
 * Movies whose title matches, narrowed by year: `found` within a year, else `otherYears`. With
 * `discYear`, the row's year was read as the disc's and `found` holds every film dated before it,
 * latest first (see {@link byDiscYear}).
 */
type MovieMatch = { found: MovieRow[]; otherYears: MovieRow[]; discYear?: boolean };

/**
 * First year a disc or tape of each format can be from (the format's launch): a row's year before
 * it is never read as the disc's year. A disc row without a format: the first home-video format's.
 */
export const DISC_YEARS_FROM: Record<FormatId, number> = {
  [FORMATS.vhs]: 1976,
  [FORMATS.dvd]: 1996,
  [FORMATS.dvd_r]: 1997,
  [FORMATS.bluray]: 2006,
  [FORMATS.bluray_3d]: 2010,
  [FORMATS.uhd]: 2016,
  [FORMATS.uhd_bluray_combo]: 2016,
};
const FIRST_DISC_YEAR = 1976;

/** Whether a row's year can be the year of the disc the row describes (see the module comment). */
export function yearMayBeDiscYear(
  row: Pick<ImportRow, 'year' | 'format' | 'barcode'>,
  category: CollectionCategory,
): boolean {
  if (row.year === null) return false;
  if (category !== 'releases' && row.format === null && row.barcode === null) return false;
  return row.year >= (row.format === null ? FIRST_DISC_YEAR : DISC_YEARS_FROM[row.format]);
}

const isTv = (m: MovieRow) => Number(m.type) === MOVIE_TYPES.tv_series || Number(m.type) === MOVIE_TYPES.tv_episode;

/**
 * The films a disc of `discYear` may hold: those dated before it, latest first, TV series and
 * episodes only when no other title is.
 */
function byDiscYear(rows: MovieRow[], discYear: number): MovieRow[] {
  const before = rows.filter((m) => m.year !== null && Number(m.year) <= discYear);
  const films = before.filter((m) => !isTv(m));
  return (films.length ? films : before).sort((a, b) => Number(b.year) - Number(a.year) || a.id - b.id);
}

function byYear(rows: MovieRow[], year: number | null, yearMayBeDisc: boolean): MovieMatch {
  if (year === null) return { found: rows, otherYears: [] };
  const exact = rows.filter((m) => m.year !== null && Number(m.year) === year);
  if (exact.length) return { found: exact, otherYears: [] };
  const near = rows.filter((m) => m.year !== null && Math.abs(Number(m.year) - year) <= 1);
  if (near.length) return { found: near, otherYears: [] };
  if (yearMayBeDisc) {
    const earlier = byDiscYear(rows, year);
    if (earlier.length) return { found: earlier, otherYears: [], discYear: true };
  }
  // A movie without a year is not contradicted by the row's year.
  const undated = rows.filter((m) => m.year === null);
  return undated.length ? { found: undated, otherYears: [] } : { found: [], otherYears: rows };
}

function rankMovies(rows: MovieRow[]): MovieRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(a.type === 5) - Number(b.type === 5) ||
      Number(b.release_count) - Number(a.release_count) ||
      (Number(a.year) || 0) - (Number(b.year) || 0),
  );
}

/** Looks rows up in the catalogue; lookups are cached per import (files repeat titles). */
class Matcher {
  private movieCache = new Map<string, MovieRow[]>();
  private releaseCache = new Map<string, ReleaseRow[]>();

  constructor(private d: Db) {}

  /**
   * Movies matched by title and year, by the steps of the module comment; `yearMayBeDisc`: the
   * year may be the disc's ({@link yearMayBeDiscYear}).
   */
  async movies(title: string, year: number | null, yearMayBeDisc: boolean): Promise<MovieMatch> {
    const keys = titleKeys(title);
    let otherYears: MovieRow[] = [];
    const steps: (() => Promise<MovieRow[]>)[] = [
      () =>
        this.cached(`k:${keys.join('|')}`, () =>
          queryRows<MovieRow>(
            this.d,
            sql`SELECT ${MOVIE_COLUMNS} FROM movies m WHERE m.deleted_at IS NULL AND m.title_key IN (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}) LIMIT 200`,
          ),
        ),
      () =>
        keys[0].length >= PREFIX_MIN_LENGTH
          ? this.cached(`p:${keys[0]}`, () =>
              queryRows<MovieRow>(
                this.d,
                sql`SELECT ${MOVIE_COLUMNS} FROM movies m WHERE m.title_key LIKE ${`${keys[0]}%`} AND m.deleted_at IS NULL ORDER BY m.title_key LIMIT 200`,
              ),
            )
          : Promise.resolve([]),
      () => this.akaMatches(keys[0]),
    ];
    for (const step of steps) {
      const rows = await step();
      if (!rows.length) continue;
      const m = byYear(rows, year, yearMayBeDisc);
      if (m.discYear) return m;
      if (m.found.length) return { found: rankMovies(m.found), otherYears: [] };
      if (!otherYears.length) otherYears = m.otherYears;
    }
    return { found: [], otherYears: rankMovies(otherYears) };
  }

  /** Movies one of whose other names (original, localized, aka) has the key. */
  private akaMatches(key: string): Promise<MovieRow[]> {
    if (key.length < 4) return Promise.resolve([]);
    return this.cached(`a:${key}`, async () => {
      const rows = await queryRows<MovieRow>(
        this.d,
        sql`SELECT ${MOVIE_COLUMNS} FROM movies m WHERE m.search_text LIKE ${`%${key}%`} AND m.deleted_at IS NULL LIMIT 200`,
      );
      return rows.filter((m) =>
        [m.original_name, ...Object.values(m.localized_names ?? {}), ...(m.akas ?? [])].some(
          (n) => n && titleKey(n) === key,
        ),
      );
    });
  }

  private async cached(key: string, load: () => Promise<MovieRow[]>): Promise<MovieRow[]> {
    let rows = this.movieCache.get(key);
    if (!rows) this.movieCache.set(key, (rows = await load()));
    return rows;
  }

  /** Approved releases holding any of the movies. */
  async releasesOf(movieIds: number[]): Promise<ReleaseRow[]> {
    const cacheKey = movieIds.join(',');
    let rows = this.releaseCache.get(cacheKey);
    if (!rows) {
      rows = await queryRows<ReleaseRow>(
        this.d,
        sql`SELECT ${RELEASE_COLUMNS}, rm.movie_id
            FROM release_movies rm JOIN releases r ON r.id = rm.release_id LEFT JOIN labels l ON l.id = r.label_id
            WHERE rm.movie_id IN (${sql.join(
              movieIds.map((id) => sql`${id}`),
              sql`, `,
            )}) AND r.approved
            ORDER BY r.street_date DESC NULLS LAST, r.id`,
      );
      this.releaseCache.set(cacheKey, rows);
    }
    return rows;
  }

  /** Approved releases with the barcode, with their movies. */
  releasesByEan(ean13: string): Promise<ReleaseRow[]> {
    return queryRows<ReleaseRow>(
      this.d,
      sql`SELECT ${RELEASE_COLUMNS}, rm.movie_id
          FROM releases r LEFT JOIN labels l ON l.id = r.label_id LEFT JOIN release_movies rm ON rm.release_id = r.id
          WHERE r.ean = ${ean13} AND r.approved ORDER BY r.id`,
    );
  }

  /**
   * The movie (movies collection) or approved release (releases collection) with this public id; a
   * movie id merged into another film (movie_redirects) names that film, as its page does.
   */
  async byPublicId(
    category: CollectionCategory,
    publicId: string,
  ): Promise<{ id: number; candidate: ImportCandidate } | null> {
    if (category === 'movies') {
      const [movie] = await queryRows<MovieRow>(
        this.d,
        sql`SELECT ${MOVIE_COLUMNS} FROM movies m WHERE (m.public_id = ${publicId}
            OR m.id = (SELECT movie_id FROM movie_redirects WHERE from_public_id = ${publicId})) AND m.deleted_at IS NULL
            ORDER BY m.public_id = ${publicId} DESC LIMIT 1`,
      );
      return movie ? { id: movie.id, candidate: movieCandidate(movie) } : null;
    }
    const [release] = await queryRows<ReleaseRow>(
      this.d,
      sql`SELECT ${RELEASE_COLUMNS}, NULL AS movie_id
          FROM releases r LEFT JOIN labels l ON l.id = r.label_id WHERE r.public_id = ${publicId} AND r.approved`,
    );
    return release ? { id: release.id, candidate: releaseCandidate(release) } : null;
  }

  async moviesByIds(ids: number[]): Promise<MovieRow[]> {
    return queryRows<MovieRow>(
      this.d,
      sql`SELECT ${MOVIE_COLUMNS} FROM movies m WHERE m.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY m.id`,
    );
  }
}

/** A row's match before anything is written: the outcome and the item's internal id. */
type Match = Omit<ImportRowOutcome, 'added' | 'entry' | 'warnings' | 'problem' | 'label'> & { itemId: number | null };

function formatGroupOf(format: FormatId): readonly FormatId[] {
  return Object.values(FORMAT_GROUPS).find((g) => (g as readonly FormatId[]).includes(format)) ?? [format];
}

/** The releases of the row's format: exactly that format, else its group (4K: 4K and 4K + Blu-ray). */
function ofFormat(rows: ReleaseRow[], format: FormatId | null): ReleaseRow[] {
  if (format === null) return rows;
  const exact = rows.filter((r) => Number(r.format) === format);
  if (exact.length) return exact;
  const group = formatGroupOf(format);
  return rows.filter((r) => group.includes(Number(r.format) as FormatId));
}

function uniqueReleases(rows: ReleaseRow[]): ReleaseRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** When a row's title names an edition ("Fog, The (Steelbook)"), the one release of that name. */
function byEditionName(rows: ReleaseRow[], title: string, movieKeys: Set<string>): ReleaseRow[] {
  // Release names repeat the year in brackets ("Dead & Buried (1981) (wide release)"); the row's title need not.
  const editionKey = (name: string) => titleKey(name.replace(/[([]\s*(1[89]|20)\d\d\s*[)\]]/g, ' '));
  const rowKey = editionKey(title);
  if (movieKeys.has(rowKey)) return rows;
  const named = rows.filter((r) => editionKey(r.name) === rowKey);
  return named.length === 1 ? named : rows;
}

/**
 * Of the films dated before a row's disc year (latest first), the ones with a release of the row's
 * format from that year ("Halloween, 2021, 4K" is the 1978 film's 4K of 2021), else the latest.
 */
async function filmsOfDisc(m: Matcher, films: MovieRow[], row: ImportRow): Promise<MovieRow[]> {
  const ofYear = ofFormat(await m.releasesOf(films.map((f) => f.id)), row.format).filter(
    (r) => r.year !== null && Number(r.year) === row.year,
  );
  const withDisc = films.filter((f) => ofYear.some((r) => r.movie_id === f.id));
  if (withDisc.length) return rankMovies(withDisc);
  return films.filter((f) => Number(f.year) === Number(films[0].year));
}

async function matchRow(m: Matcher, row: ImportRow, category: CollectionCategory): Promise<Match> {
  const base = { line: row.line, title: row.title, year: row.year, format: row.format, barcode: row.barcode };
  const out = (o: Partial<Match> & Pick<Match, 'status'>): Match => ({
    ...base,
    ean13: null,
    barcode_status: 'none',
    reason: null,
    item: null,
    movie: null,
    candidates: [],
    itemId: null,
    ...o,
  });
  if (row.public_id) {
    // A row of this app's export: its public id names the item exactly (another kind's id falls through).
    const exact = await m.byPublicId(category, row.public_id);
    if (exact) return out({ status: 'matched', item: exact.candidate, itemId: exact.id });
  }
  let ean13: string | null = null;
  let barcodeStatus: BarcodeStatus = 'none';
  if (row.barcode) {
    const parsed = parseBarcode(row.barcode);
    if (!parsed.ok) barcodeStatus = parsed.code === 'barcode_check_digit' ? 'invalid_check_digit' : 'invalid_format';
    else {
      ean13 = parsed.ean13;
      const found = await m.releasesByEan(ean13);
      if (found.length) {
        barcodeStatus = 'matched';
        const bc = { ean13, barcode_status: barcodeStatus };
        if (category === 'releases') {
          const rels = uniqueReleases(found);
          return rels.length === 1
            ? out({ ...bc, status: 'matched', item: releaseCandidate(rels[0]), itemId: rels[0].id })
            : out({
                ...bc,
                status: 'ambiguous',
                reason: 'several_releases',
                candidates: rels.slice(0, IMPORT_MAX_CANDIDATES).map(releaseCandidate),
              });
        }
        const movieIds = [...new Set(found.map((r) => r.movie_id).filter((id): id is number => id !== null))];
        const movies = movieIds.length ? await m.moviesByIds(movieIds) : [];
        if (movies.length === 1)
          return out({ ...bc, status: 'matched', item: movieCandidate(movies[0]), itemId: movies[0].id });
        if (movies.length > 1)
          return out({
            ...bc,
            status: 'ambiguous',
            reason: 'several_movies',
            candidates: movies.slice(0, IMPORT_MAX_CANDIDATES).map(movieCandidate),
          });
      } else barcodeStatus = 'unknown';
    }
  }
  const bc = { ean13, barcode_status: barcodeStatus };
  if (!row.title)
    return out({ ...bc, status: 'unmatched', reason: barcodeStatus === 'unknown' ? 'barcode_unknown' : 'no_title' });
  const matched = await m.movies(row.title, row.year, yearMayBeDiscYear(row, category));
  const { otherYears } = matched;
  const found = matched.discYear ? await filmsOfDisc(m, matched.found, row) : matched.found;
  if (!found.length) {
    const reason = otherYears.length
      ? 'year_mismatch'
      : barcodeStatus === 'unknown'
        ? 'barcode_unknown'
        : 'title_not_found';
    return out({
      ...bc,
      status: 'unmatched',
      reason,
      candidates: otherYears.slice(0, IMPORT_MAX_CANDIDATES).map(movieCandidate),
    });
  }
  if (category === 'movies') {
    return found.length === 1
      ? out({ ...bc, status: 'matched', item: movieCandidate(found[0]), itemId: found[0].id })
      : out({
          ...bc,
          status: 'ambiguous',
          reason: 'several_movies',
          candidates: found.slice(0, IMPORT_MAX_CANDIDATES).map(movieCandidate),
        });
  }
  const all = await m.releasesOf(found.map((x) => x.id));
  const withMovies = found.filter((x) => all.some((r) => r.movie_id === x.id));
  const movie = (withMovies.length === 1 ? withMovies[0] : found.length === 1 ? found[0] : null) ?? null;
  const movieLink = movie ? movieCandidate(movie) : null;
  const ofRowFormat = uniqueReleases(ofFormat(all, row.format));
  const ofDiscYear = matched.discYear ? ofRowFormat.filter((r) => r.year !== null && Number(r.year) === row.year) : [];
  const rels = ofDiscYear.length ? ofDiscYear : ofRowFormat;
  if (barcodeStatus === 'unknown') {
    // The barcode is another release than any the catalogue has: the owner may still pick one.
    return out({
      ...bc,
      status: 'unmatched',
      reason: 'barcode_unknown',
      movie: movieLink,
      candidates: rels.slice(0, IMPORT_MAX_CANDIDATES).map(releaseCandidate),
    });
  }
  if (!rels.length) {
    return out({
      ...bc,
      status: 'unmatched',
      reason: row.format !== null && all.length ? 'no_release_of_format' : 'no_release',
      movie: movieLink,
    });
  }
  const narrowed = byEditionName(rels, row.title, new Set(found.map((x) => titleKey(x.name))));
  if (narrowed.length === 1)
    return out({
      ...bc,
      status: 'matched',
      item: releaseCandidate(narrowed[0]),
      movie: movieLink,
      itemId: narrowed[0].id,
    });
  return out({
    ...bc,
    status: 'ambiguous',
    reason: 'several_releases',
    movie: movieLink,
    candidates: narrowed.slice(0, IMPORT_MAX_CANDIDATES).map(releaseCandidate),
  });
}

const ENTRY_FIELD_OF: Record<string, ImportField> = {
  comment: 'notes',
  comment_language: 'notes_language',
  price: 'price',
  currency: 'currency',
  condition: 'condition',
  acquired_on: 'date',
  watched_method: 'watched_method',
};

/** The entry fields of a row, validated as the add-to-collection dialog's; a value out of range is left out with a warning. */
function entryOf(row: ImportRow, warnings: ImportRowOutcome['warnings']): EntryData {
  const input: Record<string, unknown> = {
    comment: row.notes,
    comment_language: row.notes_language,
    price: row.price,
    currency: row.currency,
    condition: row.condition,
    acquired_on: row.date,
    watched_method: row.watched_method,
  };
  for (;;) {
    const parsed = entrySchema.safeParse(input);
    if (parsed.success) return parsed.data;
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    if (!(field in input) || input[field] === null)
      throw new Error(`entry fields of line ${row.line} cannot be validated: ${parsed.error.message}`);
    warnings.push({ field: ENTRY_FIELD_OF[field] ?? 'notes', value: String(input[field]) });
    input[field] = null;
    if (field === 'price') input.currency = null;
  }
}

function countsOf(rows: ImportRowOutcome[]): ImportCounts {
  const c: ImportCounts = {
    rows: rows.length,
    matched: 0,
    added: 0,
    already: 0,
    ambiguous: 0,
    unmatched: 0,
    unknown_barcodes: 0,
  };
  for (const r of rows) {
    c[r.status]++;
    if (r.added) c.added++;
    if (r.reason === 'already_in_collection') c.already++;
    if (r.barcode_status === 'unknown') c.unknown_barcodes++;
  }
  return c;
}

type OwnedCollection = EntryTarget & { public_id: string; name: string; category: CollectionCategory };

/** The collection when the actor may import into it (lib/auth/policies.ts canEditCollection), else null. */
async function ownedCollection(d: Db, actor: Actor, publicId: string): Promise<OwnedCollection | null> {
  const [c] = await queryRows<OwnedCollection>(
    d,
    sql`SELECT id, user_id, public_id, name, category, style, shortcut_default, deleted_at IS NOT NULL AS deleted FROM collections WHERE public_id =
      ${publicId}`,
  );
  return c && canEditCollection(actor, { userId: Number(c.user_id) }) ? c : null;
}

/** This server process as the runner of import jobs: host, process id and a random part (a restarted process is another runner). */
const RUNNER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`;

/** Thrown inside a job when its row is no longer this process's running job (failed as stale meanwhile): nothing more is written. */
class JobTakenAway extends Error {
  constructor() {
    super('the import job is no longer running in this process');
  }
}

/** A job stored and ready to run: its state now, and the work (matching, writing) to run after the response. */
export type StartedImport = {
  ok: true;
  job: ImportJob;
  /**
   * Runs the job to its end in this process: @returns the report, or null when the job failed
   * (its row says why; an unexpected error is logged). Never throws.
   */
  run: () => Promise<ImportReport | null>;
};

/**
 * Marks failed ('interrupted') the queued or running jobs whose heartbeat is older than
 * {@link IMPORT_STALE_SECONDS}, within `scope` (a condition on `collection_imports`).
 * @returns how many jobs were failed
 */
async function failStaleImports(d: Db, scope: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    d,
    sql`UPDATE collection_imports SET status = 'failed', error = 'interrupted', finished_at = now()
        WHERE status IN ('queued', 'running') AND heartbeat_at < now() - make_interval(secs => ${IMPORT_STALE_SECONDS}) AND ${scope}
        RETURNING id`,
  );
  return rows.length;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Called when a server process starts (instrumentation.ts): fails the jobs left queued or running
 * by a process of this host that is gone (its process id no longer runs, or is this new process's
 * own id: a restarted container), and any job whose heartbeat is stale. Jobs of live processes,
 * here or on other hosts, are left alone.
 * @returns how many jobs were failed
 */
export async function failInterruptedImports(db?: Db): Promise<number> {
  const d = await resolveDb(db);
  const host = os.hostname();
  const active = await queryRows<{ id: number; runner: string | null }>(
    d,
    sql`SELECT id, runner FROM collection_imports WHERE status IN ('queued', 'running')`,
  );
  const gone = active
    .filter(({ runner }) => {
      if (!runner || runner === RUNNER) return false;
      const [h, pid] = runner.split(':');
      return h === host && (Number(pid) === process.pid || !processAlive(Number(pid)));
    })
    .map((r) => Number(r.id));
  let failed = 0;
  if (gone.length) {
    const rows = await queryRows<{ id: number }>(
      d,
      sql`UPDATE collection_imports SET status = 'failed', error = 'interrupted', finished_at = now()
          WHERE status IN ('queued', 'running') AND id IN (${sql.join(
            gone.map((id) => sql`${id}`),
            sql`, `,
          )}) RETURNING id`,
    );
    failed = rows.length;
  }
  return failed + (await failStaleImports(d, sql`TRUE`));
}

type JobRow = {
  id: number;
  public_id: string;
  file_name: string;
  status: ImportJobStatus;
  rows_done: number;
  rows_total: number;
  error: ImportJobError | null;
  created_at: string | Date;
  finished_at: string | Date | null;
  counts: ImportCounts | string | null;
};

const JOB_COLUMNS = sql`i.id, i.public_id, i.file_name, i.status, i.rows_done, i.rows_total, i.error, i.created_at, i.finished_at,
  i.report -> 'counts' AS counts`;

function jobOf(r: JobRow): ImportJob {
  return {
    public_id: r.public_id,
    file_name: r.file_name,
    status: r.status,
    rows_done: Number(r.rows_done),
    rows_total: Number(r.rows_total),
    error: r.error,
    created_at: new Date(r.created_at).toISOString(),
    finished_at: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    counts: r.counts === null ? null : fromJson(r.counts),
  };
}

/**
 * Starts an import of the rows of a read file into one of the actor's collections: checks the
 * file and stores a queued job (nothing else is written yet). The caller runs the job with
 * `run` (the API after its response, the CLI at once).
 * @returns the job and its work, or a refusal (see {@link ImportRefusal}; 'running' when another
 *   import into the collection is queued or running)
 * @throws AppError not_found for no such collection of the actor, or one in the trash
 */
export async function startImport(
  actor: Actor,
  file: { collection: string; fileName: string; parsed: ParsedImport },
  db?: Db,
): Promise<StartedImport | ImportRefusal> {
  const { collection: collectionPublicId, fileName, parsed } = file;
  const d = await resolveDb(db);
  const c = await ownedCollection(d, actor, collectionPublicId);
  // A collection in the trash takes no imports (restore it first), as its pages offer none.
  if (!c || c.deleted) throw new AppError('not_found');
  const total = parsed.rows.length + parsed.problems.length;
  if (!total) return { ok: false, error: 'emptyFile' };
  if (total > IMPORT_MAX_ROWS)
    return { ok: false, error: 'tooManyRows', params: { max: IMPORT_MAX_ROWS, rows: total } };
  if (parsed.kind === 'letterboxd' && c.category !== 'movies') return { ok: false, error: 'letterboxdNeedsMovies' };
  await failStaleImports(d, sql`collection_id = ${c.id}`);
  const publicId = newPublicId();
  const [row] = await queryRows<JobRow>(
    d,
    sql`INSERT INTO collection_imports AS i (public_id, collection_id, user_id, file_name, status, rows_total, runner)
        VALUES (${publicId}, ${c.id}, ${actor.userId}, ${fileName.slice(0, 200)}, 'queued', ${total}, ${RUNNER})
        ON CONFLICT (collection_id) WHERE status IN ('queued', 'running') DO NOTHING
        RETURNING ${JOB_COLUMNS}`,
  );
  if (!row) return { ok: false, error: 'running' };
  const job = jobOf(row);
  return { ok: true, job, run: () => runImport(d, actor, { id: Number(row.id), job, collection: c, parsed }) };
}

/** The job's row while it is this process's running job: @throws JobTakenAway when it is not */
async function updateRunningJob(d: Db, id: number, set: SQL): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    d,
    sql`UPDATE collection_imports SET ${set}, heartbeat_at = now() WHERE id = ${id} AND status = 'running' AND runner = ${RUNNER}
        RETURNING id`,
  );
  if (!rows.length) throw new JobTakenAway();
}

/** Runs a started job: matching with progress, then one transaction that writes everything and marks it done. */
async function runImport(
  d: Db,
  actor: Actor,
  work: { id: number; job: ImportJob; collection: OwnedCollection; parsed: ParsedImport },
): Promise<ImportReport | null> {
  const { id, job, collection: c, parsed } = work;
  const claimed = await queryRows<{ id: number }>(
    d,
    sql`UPDATE collection_imports SET status = 'running', heartbeat_at = now()
        WHERE id = ${id} AND status = 'queued' AND runner = ${RUNNER} RETURNING id`,
  );
  if (!claimed.length) return null;
  const heartbeat = setInterval(() => {
    d.execute(
      sql`UPDATE collection_imports SET heartbeat_at = now() WHERE id = ${id} AND status = 'running' AND runner = ${RUNNER}`,
    ).catch((error: unknown) => logError(`import ${job.public_id}: heartbeat failed`, error));
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  let failure: ImportJobError = 'unexpected';
  try {
    const matcher = new Matcher(d);
    const matches: { row: ImportRow; match: Match }[] = [];
    for (const [i, row] of parsed.rows.entries()) {
      matches.push({ row, match: await matchRow(matcher, row, c.category) });
      // PGlite answers within microtasks: without a turn of the event loop per row, the server
      // would answer no request (the progress polls included) until the matching is over.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if ((i + 1) % IMPORT_PROGRESS_ROWS === 0) await updateRunningJob(d, id, sql`rows_done = ${i + 1}`);
    }
    // Every row is read (unreadable lines need no matching): what is left is the write.
    await updateRunningJob(d, id, sql`rows_done = rows_total`);
    return await inTransaction(d, async (tx) => {
      const now = await ownedCollection(tx, actor, c.public_id);
      if (!now || now.deleted) {
        failure = 'collectionGone';
        throw new AppError('not_found');
      }
      const report = await writeImport(tx, actor, { job, collection: now, parsed, matches });
      await updateRunningJob(
        tx,
        id,
        sql`status = 'done', rows_done = rows_total, report = ${JSON.stringify(report)}::jsonb, finished_at = now()`,
      );
      return report;
    });
  } catch (error) {
    if (error instanceof JobTakenAway) return null;
    if (failure === 'unexpected') logError(`import ${job.public_id} into collection ${c.public_id} failed`, error);
    await d
      .execute(
        sql`UPDATE collection_imports SET status = 'failed', error = ${failure}, finished_at = now()
            WHERE id = ${id} AND status = 'running' AND runner = ${RUNNER}`,
      )
      .catch((e: unknown) => logError(`import ${job.public_id}: marking it failed failed`, e));
    return null;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Writes a matched import inside the job's transaction: every matched row's entry (with price,
 * currency, condition, date and notes from the file; an item already in the collection is not
 * added twice), the unknown barcodes, and builds the report.
 */
async function writeImport(
  tx: Db,
  actor: Actor,
  work: {
    job: ImportJob;
    collection: OwnedCollection;
    parsed: ParsedImport;
    matches: { row: ImportRow; match: Match }[];
  },
): Promise<ImportReport> {
  const { job, collection: c, parsed, matches } = work;
  const rows: ImportRowOutcome[] = [];
  const entries = matches.map(({ row }) => {
    const warnings = [...row.warnings];
    return { warnings, data: entryOf(row, warnings) };
  });
  // Every matched row's entry in one write: one `collection.entries.changed` event, one value snapshot.
  const toAdd = matches.flatMap(({ match }, i) =>
    match.status === 'matched' && match.itemId !== null && match.item
      ? [
          {
            i,
            item: { type: match.item.type, id: match.itemId, publicId: match.item.public_id },
            data: entries[i].data,
          },
        ]
      : [],
  );
  const ids = await addEntries(tx, c, { entries: toAdd, via: 'import' });
  const isNewAt = new Map(toAdd.map((a, k) => [a.i, ids[k] !== null]));
  for (const [i, { row, match }] of matches.entries()) {
    const { warnings, data: entry } = entries[i];
    const isNew = isNewAt.get(i) ?? false;
    const reason = isNewAt.has(i) && !isNew ? 'already_in_collection' : match.reason;
    if (match.barcode_status === 'unknown' && match.ean13) {
      await tx.execute(sql`INSERT INTO unknown_barcodes (ean, title, format, user_id) VALUES (${match.ean13}, ${row.title}, ${row.format}, ${actor.userId})
        ON CONFLICT (user_id, ean) DO UPDATE SET title = COALESCE(EXCLUDED.title, unknown_barcodes.title), format = COALESCE(EXCLUDED.format,
          unknown_barcodes.format), updated_at = now()`);
    }
    const { itemId: _itemId, ...outcome } = match;
    void _itemId;
    rows.push({ ...outcome, label: row.label, reason, added: isNew, warnings, problem: null, entry });
  }
  for (const p of parsed.problems) {
    rows.push({
      line: p.line,
      title: null,
      year: null,
      format: null,
      barcode: null,
      label: null,
      ean13: null,
      barcode_status: 'none',
      status: 'unmatched',
      reason: 'unreadable',
      added: false,
      item: null,
      movie: null,
      candidates: [],
      warnings: [],
      problem: p.message,
      entry: null,
    });
  }
  rows.sort((a, b) => a.line - b.line);
  return {
    public_id: job.public_id,
    collection: { public_id: c.public_id, name: c.name, category: c.category },
    file_name: job.file_name,
    kind: parsed.kind,
    letterboxd_list: parsed.letterboxdList,
    unknown_columns: parsed.unknownColumns,
    created_at: job.created_at,
    counts: countsOf(rows),
    rows,
  };
}

/**
 * Imports the rows of a read file into one of the actor's collections and stores the report, at
 * once (the CLI and tests; the API runs the same job after its response): {@link startImport},
 * then its `run`.
 * @returns the report, or a refusal (nothing written)
 * @throws AppError not_found for no such collection of the actor, or one in the trash
 * @throws Error when the job failed (its row says why; the error is logged)
 */
export async function importIntoCollection(
  actor: Actor,
  file: { collection: string; fileName: string; parsed: ParsedImport },
  db?: Db,
): Promise<ImportResult> {
  const started = await startImport(actor, file, db);
  if (!started.ok) return started;
  const report = await started.run();
  if (!report) throw new Error(`the import ${started.job.public_id} failed`);
  return { ok: true, report };
}

/** A jsonb value as read: parsed by some drivers, text by others. */
function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The actor's import `importPublicId` into their collection `collectionPublicId` (optionally locked for update). */
function importQuery(actor: Actor, ref: { collection: string; importId: string }, forUpdate = false) {
  const { collection: collectionPublicId, importId: importPublicId } = ref;
  return sql`SELECT i.id, i.user_id, i.report FROM collection_imports i JOIN collections c ON c.id = i.collection_id
    WHERE i.public_id = ${importPublicId} AND c.public_id = ${collectionPublicId} AND i.user_id = ${actor.userId}${forUpdate ? sql` FOR UPDATE OF i` : sql``}`;
}

/**
 * A stored report of the actor's import into their collection (another user's, or another
 * collection's, is not found: lib/auth/policies.ts canAccessImport; nor is the report of a job
 * that is not done: see {@link getImportJob}).
 * @returns the report, or null
 */
export async function getImportReport(
  actor: Actor,
  ref: { collection: string; importId: string },
  db?: Db,
): Promise<ImportReport | null> {
  const d = await resolveDb(db);
  const [row] = await queryRows<{ user_id: number; report: ImportReport | string | null }>(d, importQuery(actor, ref));
  if (!row || !canAccessImport(actor, { userId: Number(row.user_id) })) return null;
  return row.report ? fromJson(row.report) : null;
}

/**
 * One of the actor's import jobs into their collection, with its progress (a job whose process is
 * gone is failed first: see {@link IMPORT_STALE_SECONDS}). Another user's job, or another
 * collection's, is not found (lib/auth/policies.ts canAccessImport).
 * @returns the job, or null
 */
export async function getImportJob(
  actor: Actor,
  ref: { collection: string; importId: string },
  db?: Db,
): Promise<ImportJob | null> {
  const d = await resolveDb(db);
  const from = sql`collection_imports i JOIN collections c ON c.id = i.collection_id`;
  const where = sql`i.public_id = ${ref.importId} AND c.public_id = ${ref.collection} AND i.user_id = ${actor.userId}`;
  const [job] = await queryRows<{ user_id: number }>(d, sql`SELECT i.user_id FROM ${from} WHERE ${where}`);
  if (!job || !canAccessImport(actor, { userId: Number(job.user_id) })) return null;
  await failStaleImports(d, sql`public_id = ${ref.importId} AND user_id = ${actor.userId}`);
  const [row] = await queryRows<JobRow>(d, sql`SELECT ${JOB_COLUMNS} FROM ${from} WHERE ${where}`);
  return row ? jobOf(row) : null;
}

/** One import in a collection's list of imports: the job (its counts once done). */
export type ImportSummary = ImportJob;

/**
 * The actor's last 50 imports into one of their collections, newest first, running ones with
 * their progress (jobs whose process is gone failed first); null when the collection is not the
 * actor's.
 */
export async function listImports(actor: Actor, collectionPublicId: string, db?: Db): Promise<ImportSummary[] | null> {
  const d = await resolveDb(db);
  const c = await ownedCollection(d, actor, collectionPublicId);
  if (!c) return null;
  await failStaleImports(d, sql`collection_id = ${c.id}`);
  const rows = await queryRows<JobRow>(
    d,
    sql`SELECT ${JOB_COLUMNS} FROM collection_imports i
        WHERE i.collection_id = ${c.id} AND i.user_id = ${actor.userId} ORDER BY i.created_at DESC, i.id DESC LIMIT 50`,
  );
  return rows.map(jobOf);
}

export type PickResult =
  { ok: true; row: ImportRowOutcome; counts: ImportCounts } | { ok: false; error: 'notACandidate' | 'alreadyResolved' };

/**
 * The owner picks one of a row's candidates (an ambiguous row, or the suggestions of an unmatched
 * one): the entry is added with the row's fields and the stored report row becomes matched
 * ('picked', or 'already_in_collection' when the collection holds the item already).
 * Refusals: 'notACandidate' (the item is not among the row's candidates), 'alreadyResolved' (the
 * row is matched already).
 * @throws AppError import_not_done for a job that has no report (running or failed)
 * @throws AppError not_found for no such import of the actor into that collection (canAccessImport,
 *   then canEditCollection on the collection), no such line,
 *   a collection in the trash, or a candidate no longer in the catalogue
 */
export async function pickCandidate(
  actor: Actor,
  pick: { collection: string; importId: string; line: number; item: string },
  db?: Db,
): Promise<PickResult> {
  const { collection: collectionPublicId, line, item: itemPublicId } = pick;
  const d = await resolveDb(db);
  return inTransaction(d, async (tx) => {
    const [imp] = await queryRows<{ id: number; user_id: number; report: ImportReport | string | null }>(
      tx,
      importQuery(actor, pick, true),
    );
    if (!imp || !canAccessImport(actor, { userId: Number(imp.user_id) })) throw new AppError('not_found');
    if (!imp.report) throw new AppError('import_not_done');
    const report = fromJson(imp.report);
    const row = report.rows.find((r) => r.line === line);
    if (!row) throw new AppError('not_found');
    if (row.status === 'matched') return { ok: false, error: 'alreadyResolved' };
    const candidate = row.candidates.find((x) => x.public_id === itemPublicId);
    if (!candidate) return { ok: false, error: 'notACandidate' };
    const c = await ownedCollection(tx, actor, collectionPublicId);
    if (!c || c.deleted) throw new AppError('not_found');
    const table = candidate.type === 'movie' ? sql`movies` : sql`releases`;
    const [target] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM ${table} WHERE public_id = ${candidate.public_id}`,
    );
    if (!target) throw new AppError('not_found');
    const entry = row.entry ?? entrySchema.parse({});
    const [entryId] = await addEntries(tx, c, {
      entries: [{ item: { type: candidate.type, id: Number(target.id), publicId: candidate.public_id }, data: entry }],
      via: 'import',
    });
    const isNew = entryId !== null;
    Object.assign(row, {
      status: 'matched',
      reason: isNew ? 'picked' : 'already_in_collection',
      added: isNew,
      item: candidate,
    } satisfies Partial<ImportRowOutcome>);
    report.counts = countsOf(report.rows);
    await tx.execute(sql`UPDATE collection_imports SET report = ${JSON.stringify(report)}::jsonb WHERE id = ${imp.id}`);
    return { ok: true, row, counts: report.counts };
  });
}

/**
 * The collection `--collection new` of `npm run import:collection` creates for a file: a movies
 * collection for a Letterboxd export (watched: style watched; watchlist: want to see) or a file
 * without formats and barcodes, else a releases collection of style "owns"; named after the file.
 */
export function newCollectionFor(fileName: string, parsed: ParsedImport): CollectionInput {
  // Room for " (Letterboxd)" within COLLECTION_NAME_MAX.
  const base =
    fileName
      .replace(/^.*[\\/]/, '')
      .replace(/\.[a-z]+$/i, '')
      .slice(0, COLLECTION_NAME_MAX - 13)
      .trim() || 'Import';
  const releases = parsed.kind !== 'letterboxd' && parsed.rows.some((r) => r.format !== null || r.barcode !== null);
  const style =
    parsed.kind === 'letterboxd'
      ? parsed.letterboxdList === 'watchlist'
        ? COLLECTION_STYLES.wantToSee
        : COLLECTION_STYLES.watched
      : releases
        ? COLLECTION_STYLES.owns
        : COLLECTION_STYLES.none;
  return {
    name: parsed.kind === 'letterboxd' ? `${base} (Letterboxd)` : base,
    description: null,
    visibility: 'private',
    category: releases ? 'releases' : 'movies',
    style,
    shortcut_default: false,
  };
}
