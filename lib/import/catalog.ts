/**
 * The importer's catalogue: the keys of what the database holds (movies, persons, labels,
 * releases), loaded once, and the merge rules that decide whether a film from a source is an
 * existing movie. Writes go in batches; ids are reserved from the tables' identity sequences in
 * blocks, so writes of the data layer (which take theirs from the same sequences) may run beside
 * an import; lib/import/lock.ts keeps two imports apart.
 *
 * Films of film lists (Wikipedia, Criterion, Finnish censorship records) — "one film is one movie":
 *  1. the same source id again → the same movie (re-import is idempotent);
 *  2. the same TMDb id, else the same IMDb id → the same movie;
 *  3. the same title (lib/import/titles.ts matchKey, then looseKey: "Harlan County U.S.A." =
 *     "Harlan County, USA", "Blow-Up" = "Blowup") and a year within one → the same movie, closest
 *     year first; films of one film list (Wikipedia) never merge with each other, so same-title
 *     films of one year stay apart; a known TMDb/IMDb id that differs blocks the merge;
 *  4. a film named without a year (undated censorship reports) takes the most documented
 *     same-title movie (most sources), then the earliest.
 *
 * Films of release listings (4K list, disc records; lib/import/titles.ts reads the film titles
 * out of the listing's name) are matched by title on every import, never kept on a movie by their
 * source id alone, so a better reading on a later import moves them:
 *  1. a film of a film list whose title fits, tier by tier (lib/import/film-index.ts): the same
 *     title, the same title read loosely, the one film whose main title it is ("Dr. Strangelove"),
 *     with or without a possessive credit ("Akira Kurosawa's Ran"), a film named after its
 *     franchise ("Star Wars: Return of the Jedi", "Superman: The Movie"), the one film a typing
 *     error away ("Universal Solider");
 *  2. a year in the listing picks the film of that year (within one; a year with one wrong digit,
 *     "Wayne's World 2 (1983)", when it fits one film only); without a year, a film newer than the
 *     disc's street date is left out;
 *  3. several films fit a listing without a year → the evidence rule (`chooseByEvidence`, decided
 *     after the whole file is read, single films before box sets). Each step keeps the films that
 *     have the evidence when some have it: the film N years older than an "Nth Anniversary" disc;
 *     the film before its numbered sequels of the same release ("Psycho" before "Psycho II");
 *     in a box set: the film with a release of the same label, then the one nearest in time to
 *     the set's other films; for a single film: the title as written, article included ("The
 *     Predator" is not "Predator"); not the one film the same list names with its year elsewhere
 *     ("Ghostbusters (2016)" makes a plain "Ghostbusters" the 1984 film); a film of the street
 *     year or the year before (a new film's first disc); the film with a release of the same
 *     label; the one nearest in time to the films of the label's other releases of that street
 *     date. Then, for all: the film with a release of the same format; the film a previous import
 *     of this importer version chose; the more documented film (film-list sources, kinds of
 *     credits, credits, releases); the earliest. Releases count as evidence only when their film
 *     was certain or decided by one of these evidence steps, never by documentation alone;
 *  4. else a movie created from a release row of this import with the same title;
 *  5. else a new movie (counted as "created from release rows"). A film read from a box set's own
 *     name or a numbered range ("films I-IV") is only linked, never created; a box set that lists
 *     no films holds those of a release of the same name, else none.
 * A movie an older import created from the same row under an edition name is renamed to the film
 * (keeping its public id); duplicates an older import left are merged by lib/import/repair.ts.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '@/db';
import * as t from '@/db/schema';
import { hasInvertedArticle, naturalTitle, personKey, titleKey } from '@/lib/text';
import { deriveLabel, deriveMovie, derivePerson, deriveRelease } from '@/lib/derived-columns';
import { COLUMN_FIELDS, type CatalogueEntity } from '@/lib/validation/catalogue-fields';
import {
  recountCatalogue,
  rederiveMovies,
  rederiveNames,
  rederiveReleases,
  releasesOfMovies,
} from '@/lib/data/catalogue-derived';
import { FilmIndex, type MatchTier } from './film-index';
import { matchKey } from './titles';
import type { SourceKind } from './files';
import { emptyFilm, type CreditIn, type EventIn, type FilmIn, type LabelIn, type ReleaseIn } from './sources';
import type { MovieType } from '@/lib/validation/enums';

/** Tables whose ids the importer takes from their sequences. */
const ID_TABLES = ['movies', 'persons', 'labels', 'releases'] as const;
type IdTable = (typeof ID_TABLES)[number];
/** Reserved ids a record may need at most; below this the pool is topped up. */
const ID_POOL_LOW = 2000;
/** Ids reserved per top-up. */
const ID_POOL_BLOCK = 5000;

/** Counters of one import (per entity). */
export type EntityCounts = { inserted: number; updated: number; merged: number; rejected: number };
export type ImportCounts = Record<
  'movies' | 'releases' | 'persons' | 'credits' | 'labels' | 'censorship_events',
  EntityCounts
>;

export function emptyCounts(): ImportCounts {
  const z = (): EntityCounts => ({ inserted: 0, updated: 0, merged: 0, rejected: 0 });
  return { movies: z(), releases: z(), persons: z(), credits: z(), labels: z(), censorship_events: z() };
}

/** Short, URL-safe, stable public id derived from a provenance key (10 characters of base64url SHA-256). */
export function publicIdFor(entity: string, key: string): string {
  return crypto.createHash('sha256').update(`${entity}:${key}`).digest('base64url').slice(0, 10);
}

/** Source ids of release listings (4K list rows, disc records): provenance of a release, not of a film. */
export function isListingSource(sourceId: string): boolean {
  return sourceId.startsWith('tdb4k:') || sourceId.startsWith('filmbrainz:');
}

/** A release that holds a movie, as evidence for the listings that name the movie without a year. */
type Evidence = {
  /** The release's source id. */
  source: string;
  labelId: number | null;
  format: number;
  /** Written by the current import (else read from the database). */
  run: boolean;
  /** The release names the movie for certain (not picked by evidence among several). */
  sure: boolean;
};

/** A catalogue movie as the importer holds it in memory: the film fields it keeps, plus bookkeeping. */
type MovieState = Omit<FilmIn, 'sourceId' | 'kind' | 'localizedFi' | 'credits' | 'releaseYearHint' | 'listing'> & {
  id: number;
  publicId: string;
  sourceId: string | null;
  localizedNames: Record<string, string>;
  titleKey: string;
  kinds: Set<SourceKind>;
  /** Sources of film lists (Wikipedia, Criterion, censorship records) merged into the movie. */
  filmSources: number;
  /** Only release listings name the movie: a movie an import created from a release row. */
  weak: boolean;
  /** A listing of this import names it (a movie created from a release row counts as a film only then). */
  listedNow: boolean;
  /** Kinds of credits (director, writer, actor, …) and how many credits (cast and crew). */
  creditRoles: Set<string>;
  creditCount: number;
  /** Releases holding the movie. */
  evidence: Evidence[];
  /** Created by the current file (counts as inserted, not merged). */
  isNew: boolean;
  dirty: boolean;
};

type PersonState = {
  id: number;
  publicId: string;
  sourceId: string;
  name: string;
  nameKey: string;
  tmdbPersonId: number | null;
  isNew: boolean;
  dirty: boolean;
};
type LabelState = {
  id: number;
  publicId: string;
  name: string;
  nameKey: string;
  country: string | null;
  isNew: boolean;
  dirty: boolean;
};

function kindOfSource(sourceId: string): SourceKind {
  if (sourceId.startsWith('wp:')) return 'wikipedia';
  if (sourceId.startsWith('tdb4k:')) return 'uhd4k';
  if (sourceId.startsWith('filmbrainz:')) return 'filmbrainz';
  if (sourceId.startsWith('fi-cens')) return 'censorship';
  return 'criterion';
}

const union = (a: string[], b: string[]): string[] => {
  const out = [...a];
  for (const x of b) if (x && !out.includes(x)) out.push(x);
  return out;
};

/** Snake-case name of a Drizzle key (the schema uses `casing: 'snake_case'`). */
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `ON CONFLICT … DO UPDATE SET col = excluded.col` for the given keys. */
function excludedSet(keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded.${snake(k)}`)]));
}

/** Columns of relations that an edit names by the relation's field (lib/validation/catalogue-fields.ts). */
const RELATION_COLUMNS: Record<string, string> = {
  label_id: 'label',
  label_group_id: 'label_series',
  episode_of_id: 'episode_of',
};

/**
 * `ON CONFLICT … DO UPDATE SET` for the given keys that keeps a field an approved change edited
 * (the row's `edited_fields`, lib/data/catalogue-writes.ts): such a column keeps its value, the
 * others take the imported one.
 */
function keepEditedSet(entity: CatalogueEntity, table: string, keys: string[]) {
  const fieldOf = new Map(Object.entries(COLUMN_FIELDS[entity]).map(([field, def]) => [def.column, field]));
  return Object.fromEntries(
    keys.map((k) => {
      const column = snake(k);
      const field = fieldOf.get(column) ?? RELATION_COLUMNS[column];
      // Field, column and table names come from the code (the schema), never from input.
      return [
        k,
        field
          ? sql.raw(
              `CASE WHEN '${field}' = ANY(${table}.edited_fields) THEN ${table}.${column} ELSE excluded.${column} END`,
            )
          : sql.raw(`excluded.${column}`),
      ];
    }),
  );
}

/** Ids among `ids` of rows of `table` whose `edited_fields` holds `field`. */
async function editedIds(db: Db, table: 'movies' | 'releases', field: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY(${sql.param(ids)}::int[]) AND ${field} = ANY(edited_fields)`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Rows per INSERT so that rows × columns stays under PostgreSQL's 65,535 parameters. */
function chunked<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(30_000 / Math.max(1, columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Progress callback: a phase name, how far, of how many. */
export type Progress = (phase: string, done: number, total: number) => void;

/** One table's rows for `Catalog.insertBatches`. */
type BatchInsert<T extends Record<string, unknown>> = {
  table: PgTable;
  rows: T[];
  /** Phase name passed to `progress`. */
  phase: string;
  progress: Progress | undefined;
  /** Completes one batch's INSERT (conflict clause, RETURNING) and runs it. */
  conflict: (q: ReturnType<ReturnType<Db['insert']>['values']>) => Promise<unknown>;
};

/** What a listing release needs to pick among films: its street year, label, format, anniversary. */
type ListingContext = {
  release: string;
  streetDate: string | null;
  streetYear: number | null;
  anniversary: number | null;
  labelId: number | null;
  format: number;
  boxSet: boolean;
};

/** The tiers a listing film's title is looked up at, in order (lib/import/film-index.ts). */
const LISTING_TIERS: MatchTier[] = ['exact', 'loose', 'main', 'variant', 'typo'];

/** Movies created from release rows by one import: how many and the first names, for the summary. */
export type CreatedFromReleases = { count: number; sample: string[] };

/**
 * Movies an older import linked to releases this import re-read and linked elsewhere: each old
 * movie with the movies that took its place in those releases (empty when a release now holds none).
 */
export type Replacements = Map<number, number[]>;

/** A listing's films as planned: the films kept (unmatched link-only films left out) and their movies (null: create). */
type ListingPlan = { films: FilmIn[]; movies: (MovieState | null)[]; unsure: boolean[] };

export class Catalog {
  private movies = new Map<number, MovieState>();
  private movieBySource = new Map<string, MovieState>();
  private movieByTmdb = new Map<number, MovieState>();
  private movieByImdb = new Map<string, MovieState>();
  private index = new FilmIndex<MovieState>();
  private publicIds = new Set<string>();
  private personsByTmdb = new Map<number, PersonState>();
  private personsByKey = new Map<string, PersonState[]>();
  private labelsByKey = new Map<string, LabelState>();
  private releaseIdBySource = new Map<string, number>();
  /** Movies of each release in the database before this import (by position). */
  private oldReleaseMovies = new Map<number, number[]>();
  /** Movies of releases by the release's name key (a box set that lists no films takes a namesake's). */
  private releaseMoviesByName = new Map<string, { source: string; movies: number[] }[]>();
  /** Movies of this import's listing releases by label and street date (a studio's wave of releases). */
  private releasesByLabelDate = new Map<string, { release: string; movies: number[] }[]>();
  private eventSources = new Set<string>();
  /**
   * Ids reserved from each table's identity sequence (`reserveIds`), taken in order as rows are
   * created: online writers take theirs from the same sequences, so the two never collide.
   */
  private idPools: Record<IdTable, number[]> = { movies: [], persons: [], labels: [], releases: [] };

  // Listing bookkeeping of the current file and of the whole import.
  /** Release source ids of the current file's rows (their links in the database are no evidence). */
  private fileReleases = new Set<string>();
  /** Movies the current listing file names with a year. */
  private namedInFile = new Set<number>();
  private deferred: ReleaseIn[] = [];
  private keepLinks = false;
  /** Listing film source ids written by this import. */
  private producedSources = new Set<string>();
  /** Listing releases written by this import (their films' older source rows are replaced). */
  private writtenListings = new Set<string>();
  private replaced: Replacements = new Map();
  private created: CreatedFromReleases = { count: 0, sample: [] };

  // Pending writes of the current file.
  private newSources: { sourceId: string; movieId: number }[] = [];
  private credits: { movieId: number; personId: number; role: string; character: string; ord: number }[] = [];
  /**
   * Movies and releases written by this import: at the end, the releases holding these movies get
   * their search documents and movie years derived again (a film renamed, dated or given its
   * Finnish title after its releases were written).
   */
  private writtenMovies = new Set<number>();
  private writtenReleases = new Set<number>();
  private writtenPersons = new Set<number>();
  private writtenLabels = new Set<number>();

  /** The ids among `ids` whose row holds any edited field. */
  private async editedAmong(table: 'movies' | 'persons' | 'labels', ids: Set<number>): Promise<number[]> {
    if (!ids.size) return [];
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ANY(${sql.param([...ids])}::int[]) AND edited_fields <> '{}'`,
    );
    return rows.map((r) => Number(r.id));
  }
  private releases: (typeof t.releases.$inferInsert)[] = [];
  private releaseMovies: { releaseId: number; movieId: number; position: number }[] = [];
  private events: (typeof t.censorshipEvents.$inferInsert)[] = [];
  counts: ImportCounts = emptyCounts();

  private constructor(private db: Db) {}

  /** Loads the keys of everything the database already holds. */
  static async load(db: Db): Promise<Catalog> {
    const c = new Catalog(db);
    const movieRows = await db
      .select({
        id: t.movies.id,
        publicId: t.movies.publicId,
        sourceId: t.movies.sourceId,
        type: t.movies.type,
        name: t.movies.name,
        originalName: t.movies.originalName,
        localizedNames: t.movies.localizedNames,
        akas: t.movies.akas,
        year: t.movies.year,
        runtimeMin: t.movies.runtimeMin,
        plot: t.movies.plot,
        plotSource: t.movies.plotSource,
        genres: t.movies.genres,
        countries: t.movies.countries,
        spokenLanguages: t.movies.spokenLanguages,
        imdbId: t.movies.imdbId,
        tmdbId: t.movies.tmdbId,
        wikipediaHref: t.movies.wikipediaHref,
        posterUrl: t.movies.posterUrl,
        titleKey: t.movies.titleKey,
      })
      .from(t.movies);
    const states: MovieState[] = movieRows.map((r) => ({
      ...r,
      type: r.type as MovieType,
      kinds: new Set(),
      filmSources: 0,
      weak: false,
      listedNow: false,
      creditRoles: new Set(),
      creditCount: 0,
      evidence: [],
      isNew: false,
      dirty: false,
    }));
    for (const m of states) c.movies.set(m.id, m);
    const listed = new Set<number>();
    for (const s of await db
      .select({ sourceId: t.movieSources.sourceId, movieId: t.movieSources.movieId })
      .from(t.movieSources)) {
      const m = c.movies.get(s.movieId);
      if (!m) continue;
      c.movieBySource.set(s.sourceId, m);
      m.kinds.add(kindOfSource(s.sourceId));
      if (isListingSource(s.sourceId)) listed.add(m.id);
      else m.filmSources++;
    }
    for (const m of states) {
      m.weak = listed.has(m.id) && m.filmSources === 0;
      c.indexMovie(m);
    }
    for (const r of await queryRows<{ movie_id: number; n: number; roles: string[] }>(
      db,
      sql`SELECT movie_id, count(*)::int AS n, array_agg(DISTINCT role) AS roles FROM credits GROUP BY movie_id`,
    )) {
      const m = c.movies.get(r.movie_id);
      if (m) {
        m.creditCount = r.n;
        m.creditRoles = new Set(r.roles);
      }
    }
    for (const p of await db
      .select({
        id: t.persons.id,
        publicId: t.persons.publicId,
        sourceId: t.persons.sourceId,
        name: t.persons.name,
        nameKey: t.persons.nameKey,
        tmdbPersonId: t.persons.tmdbPersonId,
      })
      .from(t.persons)) {
      c.indexPerson({ ...p, sourceId: p.sourceId ?? '', isNew: false, dirty: false });
    }
    for (const l of await db
      .select({
        id: t.labels.id,
        publicId: t.labels.publicId,
        name: t.labels.name,
        nameKey: t.labels.nameKey,
        country: t.labels.country,
      })
      .from(t.labels)) {
      c.labelsByKey.set(l.nameKey, { ...l, isNew: false, dirty: false });
    }
    for (const r of await db.select({ id: t.releases.id, sourceId: t.releases.sourceId }).from(t.releases)) {
      if (r.sourceId) c.releaseIdBySource.set(r.sourceId, r.id);
    }
    for (const rm of await queryRows<{
      release_id: number;
      movie_id: number;
      source_id: string | null;
      label_id: number | null;
      format: number;
      name_key: string;
    }>(
      db,
      sql`SELECT rm.release_id, rm.movie_id, r.source_id, r.label_id, r.format, r.name_key
          FROM release_movies rm JOIN releases r ON r.id = rm.release_id ORDER BY rm.release_id, rm.position, rm.movie_id`,
    )) {
      const list = c.oldReleaseMovies.get(rm.release_id) ?? [];
      list.push(rm.movie_id);
      c.oldReleaseMovies.set(rm.release_id, list);
      const byName = c.releaseMoviesByName.get(rm.name_key) ?? [];
      const source = rm.source_id ?? `release:${rm.release_id}`;
      const entry = byName.find((e) => e.source === source);
      if (entry) entry.movies.push(rm.movie_id);
      else byName.push({ source, movies: [rm.movie_id] });
      c.releaseMoviesByName.set(rm.name_key, byName);
      c.movies.get(rm.movie_id)?.evidence.push({
        source: rm.source_id ?? `release:${rm.release_id}`,
        labelId: rm.label_id,
        format: rm.format,
        run: false,
        sure: true,
      });
    }
    for (const e of await db.select({ sourceId: t.censorshipEvents.sourceId }).from(t.censorshipEvents))
      c.eventSources.add(e.sourceId);
    await c.reserveIds();
    return c;
  }

  /**
   * Tops up the reserved ids of every table to at least `min` (taken from its identity sequence
   * in blocks). Call it before each record and before `resolveDeferred`: a record creates far
   * fewer rows than ID_POOL_LOW.
   */
  async reserveIds(min = ID_POOL_LOW): Promise<void> {
    for (const table of ID_TABLES) {
      const pool = this.idPools[table];
      if (pool.length >= min) continue;
      const n = Math.max(ID_POOL_BLOCK, min - pool.length);
      const rows = await queryRows<{ id: number }>(
        this.db,
        sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${n})`,
      );
      pool.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
    }
  }

  /** The next reserved id of a table. @throws Error when none is left (reserveIds was not called) */
  private nextId(table: IdTable): number {
    const id = this.idPools[table].shift();
    if (id == null) throw new Error(`no reserved ${table} id left: call reserveIds() before adding records`);
    return id;
  }

  /** Listings that wait for the end of the current file (resolveDeferred creates their rows). */
  deferredCount(): number {
    return this.deferred.length;
  }

  private indexMovie(m: MovieState) {
    this.movies.set(m.id, m);
    this.publicIds.add(m.publicId);
    if (m.tmdbId != null) this.movieByTmdb.set(m.tmdbId, m);
    if (m.imdbId) this.movieByImdb.set(m.imdbId, m);
    this.index.add(m, m.name);
  }

  private indexPerson(p: PersonState) {
    if (p.tmdbPersonId != null) this.personsByTmdb.set(p.tmdbPersonId, p);
    const list = this.personsByKey.get(p.nameKey);
    if (list) list.push(p);
    else this.personsByKey.set(p.nameKey, [p]);
  }

  // ------------------------------------------------------------ films of film lists

  private findCandidate(f: FilmIn): MovieState | null {
    const fits = (m: MovieState) =>
      !(f.kind === 'wikipedia' && m.kinds.has('wikipedia')) &&
      !(f.tmdbId != null && m.tmdbId != null && m.tmdbId !== f.tmdbId) &&
      !(f.imdbId && m.imdbId && m.imdbId !== f.imdbId);
    let cands = this.index.exact(f.name).filter(fits);
    if (f.year != null) {
      const y = f.year;
      const dated = (list: MovieState[]) =>
        list
          .filter((m) => m.year != null && Math.abs(m.year - y) <= 1)
          .sort((a, b) => Math.abs(a.year! - y) - Math.abs(b.year! - y) || a.id - b.id);
      const same = dated(cands);
      if (same.length) return same[0];
      // Spellings of one film of that year ("Harlan County U.S.A." / "Harlan County, USA", "Blow-Up" / "Blowup").
      const loose = dated(this.index.loosely(f.name).filter(fits));
      if (loose.length) return loose[0];
      // A movie created from a listing without a year may be this film.
      return cands.find((m) => m.year == null) ?? null;
    }
    if (!cands.length) return null;
    if (f.releaseYearHint != null) {
      const before = cands.filter((m) => m.year == null || m.year <= f.releaseYearHint!);
      if (before.length) cands = before;
      return [...cands].sort((a, b) => (b.year ?? -1) - (a.year ?? -1) || a.id - b.id)[0];
    }
    // No year at all: the most documented film of that title (most sources), then the earliest.
    return [...cands].sort(
      (a, b) => b.kinds.size - a.kinds.size || (a.year ?? 9999) - (b.year ?? 9999) || a.id - b.id,
    )[0];
  }

  /** Copies what the film adds to the movie (fill empty fields, union lists); marks it dirty on change. */
  private mergeInto(m: MovieState, f: FilmIn) {
    const snapshot = () =>
      JSON.stringify([
        m.originalName,
        m.localizedNames,
        m.akas,
        m.year,
        m.runtimeMin,
        m.plot,
        m.genres,
        m.countries,
        m.spokenLanguages,
        m.imdbId,
        m.tmdbId,
        m.wikipediaHref,
        m.posterUrl,
      ]);
    const before = snapshot();
    m.originalName ??= f.originalName;
    if (f.localizedFi && !m.localizedNames.fi) {
      m.localizedNames = { ...m.localizedNames, fi: f.localizedFi };
    }
    m.akas = union(
      m.akas,
      f.akas.filter((a) => a !== m.name),
    );
    m.year ??= f.year;
    m.runtimeMin ??= f.runtimeMin;
    if (!m.plot && f.plot) {
      m.plot = f.plot;
      m.plotSource = f.plotSource;
    }
    m.genres = union(m.genres, f.genres);
    m.countries = union(m.countries, f.countries);
    m.spokenLanguages = union(m.spokenLanguages, f.spokenLanguages);
    if (m.imdbId == null && f.imdbId && !this.movieByImdb.has(f.imdbId)) {
      m.imdbId = f.imdbId;
      this.movieByImdb.set(f.imdbId, m);
    }
    if (m.tmdbId == null && f.tmdbId != null && !this.movieByTmdb.has(f.tmdbId)) {
      m.tmdbId = f.tmdbId;
      this.movieByTmdb.set(f.tmdbId, m);
    }
    m.wikipediaHref ??= f.wikipediaHref;
    m.posterUrl ??= f.posterUrl;
    if (before !== snapshot()) m.dirty = true;
  }

  /** A free public id for a new movie of a source (suffixed when an older movie holds the plain one). */
  private newPublicId(sourceId: string): string {
    let id = publicIdFor('movie', sourceId);
    for (let n = 2; this.publicIds.has(id); n++) id = publicIdFor('movie', `${sourceId}~${n}`);
    return id;
  }

  /** A new movie of a film (name in natural word order), indexed. */
  private createMovie(f: FilmIn): MovieState {
    const name = naturalTitle(f.name);
    const m: MovieState = {
      id: this.nextId('movies'),
      publicId: this.newPublicId(f.sourceId),
      sourceId: f.sourceId,
      type: f.type,
      name,
      originalName: f.originalName,
      localizedNames: {},
      akas: [],
      year: null,
      runtimeMin: null,
      plot: null,
      plotSource: null,
      genres: [],
      countries: [],
      spokenLanguages: [],
      imdbId: null,
      tmdbId: null,
      wikipediaHref: null,
      posterUrl: null,
      titleKey: titleKey(name),
      kinds: new Set(),
      filmSources: 0,
      weak: f.listing != null,
      listedNow: f.listing != null,
      creditRoles: new Set(),
      creditCount: 0,
      evidence: [],
      isNew: true,
      dirty: true,
    };
    this.indexMovie(m);
    this.counts.movies.inserted++;
    return m;
  }

  /** Records that a source row belongs to a movie (a listing's row moves when it is read anew). */
  private linkSource(f: FilmIn, m: MovieState): 'same' | 'moved' | 'new' {
    const before = this.movieBySource.get(f.sourceId);
    if (f.listing) {
      this.producedSources.add(f.sourceId);
      m.listedNow = true;
    }
    if (before === m) return 'same';
    this.movieBySource.set(f.sourceId, m);
    this.newSources.push({ sourceId: f.sourceId, movieId: m.id });
    if (!isListingSource(f.sourceId)) {
      m.filmSources++;
      m.weak = false;
    }
    return before ? 'moved' : 'new';
  }

  /**
   * Resolves a film of a film list (Wikipedia, Criterion, censorship record) to a movie (existing
   * or new) by the merge rules above, records its provenance and its credits. Films of release
   * listings go through `addRelease`. @returns the movie id
   */
  resolveFilm(f: FilmIn): number {
    let m = this.movieBySource.get(f.sourceId);
    let how: 'same' | 'merged' | 'new' = 'same';
    if (!m) {
      m =
        (f.tmdbId != null ? this.movieByTmdb.get(f.tmdbId) : undefined) ??
        (f.imdbId ? this.movieByImdb.get(f.imdbId) : undefined) ??
        this.findCandidate(f) ??
        undefined;
      how = m ? 'merged' : 'new';
    }
    m ??= this.createMovie(f);
    this.mergeInto(m, f);
    // The movie's own source names it, in natural word order ("Goonies, The" → "The Goonies").
    if (m.sourceId === f.sourceId && hasInvertedArticle(f.name)) {
      const natural = naturalTitle(f.name);
      if (m.name !== natural) {
        m.name = natural;
        m.dirty = true;
      }
    }
    const link = this.linkSource(f, m);
    if (link !== 'same' && how === 'merged') this.counts.movies.merged++;
    else if (link === 'same' && m.dirty && !m.isNew) this.counts.movies.updated++;
    m.kinds.add(f.kind);
    for (const c of f.credits) this.addCredit(m, c);
    return m.id;
  }

  // ------------------------------------------------------------ films of release listings

  /** Keeps the movies whose year fits a listing film's (module doc, listing rule 2). */
  private fitYear(cands: MovieState[], year: number | null, streetYear: number | null): MovieState[] {
    if (!cands.length) return cands;
    if (year != null) {
      const near = cands.filter((m) => m.year != null && Math.abs(m.year - year) <= 1);
      if (near.length) {
        const best = Math.min(...near.map((m) => Math.abs((m.year as number) - year)));
        return near.filter((m) => Math.abs((m.year as number) - year) === best);
      }
      // One wrong digit ("Wayne's World 2 (1983)" for 1993), when it fits one film only.
      const typo = cands.filter((m) => {
        if (m.year == null) return false;
        const a = String(m.year);
        const b = String(year);
        return a.length === b.length && [...a].filter((ch, i) => ch !== b[i]).length === 1;
      });
      if (typo.length === 1) return typo;
      return cands.filter((m) => m.year == null);
    }
    if (streetYear == null) return cands;
    const before = cands.filter((m) => m.year == null || m.year <= streetYear);
    return before.length ? before : cands;
  }

  /**
   * The movies a listing film's title may name: film-list movies tier by tier (a main title or a
   * typing error must point at one film only), then a film named after its franchise
   * ("Star Wars: The Empire Strikes Back", "Superman: The Movie"), then movies created from
   * listings. Without a year, movies created from listings under the same title stay candidates
   * next to the film-list ones, for the evidence to decide ("Arizona (Steelbook)" after "Arizona (2018)").
   */
  private listingCandidates(title: string, year: number | null, streetYear: number | null): MovieState[] {
    const strong = (m: MovieState) => !m.weak && m.type !== 2 && m.type !== 5;
    const withWeak = (found: MovieState[], tier: 'exact' | 'loose') => {
      if (year != null) return found;
      const weak = this.fitYear(
        this.index.lookup(title, tier).filter((m) => m.weak && m.listedNow),
        year,
        streetYear,
      );
      return [...found, ...weak.filter((m) => !found.includes(m))];
    };
    for (const tier of LISTING_TIERS) {
      const found = this.fitYear(
        this.index.lookup(title, tier, { short: year != null, accept: strong }).filter(strong),
        year,
        streetYear,
      );
      if ((tier === 'typo' || tier === 'main') && found.length > 1) continue;
      if (found.length) return tier === 'exact' || tier === 'loose' ? withWeak(found, tier) : found;
      if (tier === 'variant') {
        const franchise = this.franchiseFilm(title, year, streetYear);
        if (franchise.length) return franchise;
      }
    }
    for (const tier of ['exact', 'loose', 'main'] as const) {
      const found = this.fitYear(
        this.index.lookup(title, tier).filter((m) => m.weak && m.listedNow),
        year,
        streetYear,
      );
      if (tier === 'main' && found.length > 1) continue;
      if (found.length) return found;
    }
    return [];
  }

  /**
   * A film named after its franchise: "Superman: The Movie" = "Superman"; "Star Wars: Return of the
   * Jedi" = "Return of the Jedi" when "Star Wars" is a film no later than it (the subtitle of three
   * words or more is a film's own title).
   */
  private franchiseFilm(title: string, year: number | null, streetYear: number | null): MovieState[] {
    const m = /^(.+?):\s+(.+)$/.exec(naturalTitle(title));
    if (!m) return [];
    const strong = (x: MovieState) => !x.weak && x.type !== 2 && x.type !== 5;
    const heads = this.index.exact(m[1]).filter(strong);
    if (!heads.length) return [];
    if (/^the (?:movie|motion picture|film)$/i.test(m[2].trim())) return this.fitYear(heads, year, streetYear);
    if (m[2].trim().split(/\s+/).length < 3) return [];
    const latestHead = Math.max(...heads.map((h) => h.year ?? 0));
    const tails = this.index
      .loosely(m[2])
      .filter((x) => strong(x) && x.year != null && x.year >= latestHead && !heads.includes(x));
    return this.fitYear(tails, year, streetYear);
  }

  /**
   * Whether a title names a film the catalogue knows (a film list's, or one created from an
   * earlier listing), for reading listing names (lib/import/titles.ts KnownTitle).
   */
  readonly isKnownTitle = (title: string, year: number | null): boolean =>
    this.listingCandidates(title, year, null).length > 0;

  /**
   * The releases that count as evidence for a listing: this import's, and the database's of other
   * files; not the listing's own, and not one whose movie was itself picked by evidence.
   */
  private trusted(m: MovieState, release: string): Evidence[] {
    return m.evidence.filter((e) => e.source !== release && e.sure && (e.run || !this.fileReleases.has(e.source)));
  }

  /**
   * Picks one of several movies that fit a listing film without a year (module doc, listing rule
   * 3): each step keeps the movies that have its evidence when some have it, else all.
   * @param near the film's source id and title as the listing writes it; `years`: in a box set the
   *   years of its other films, else those of the films of the label's other releases of the same
   *   street date; `before` / `after`: the years of the film its number continues and of its
   *   numbered sequels in the same release
   * @returns the movie, and whether evidence decided it (else documentation or an earlier link did)
   */
  private chooseByEvidence(
    cands: MovieState[],
    ctx: ListingContext,
    near: { sourceId: string; title: string; years: number[]; before: number | null; after: number | null },
  ): { movie: MovieState; decisive: boolean } {
    let c = cands;
    const keep = (pred: (m: MovieState) => boolean) => {
      const k = c.filter(pred);
      if (k.length) c = k;
    };
    const sameLabel = (m: MovieState) =>
      ctx.labelId != null && this.trusted(m, ctx.release).some((e) => e.labelId === ctx.labelId);
    const nearest = (years: number[]) => {
      if (!years.length) return;
      const sorted = [...years].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (!c.some((m) => m.year != null)) return;
      const best = Math.min(...c.filter((m) => m.year != null).map((m) => Math.abs((m.year as number) - median)));
      keep((m) => m.year != null && Math.abs(m.year - median) === best);
    };
    if (ctx.anniversary != null && ctx.streetYear != null) {
      const target = ctx.streetYear - ctx.anniversary;
      keep((m) => m.year != null && Math.abs(m.year - target) <= 1);
    }
    if (c.length === 1) return { movie: c[0], decisive: true };
    if (near.before != null || near.after != null)
      keep(
        (m) =>
          m.year != null &&
          (near.before == null || m.year >= near.before) &&
          (near.after == null || m.year <= near.after),
      );
    if (ctx.boxSet) {
      keep(sameLabel);
      nearest(near.years);
    } else {
      // The title as written, article included ("The Predator" is not "Predator").
      const article = (s: string) => /^(the|a|an)\s/i.exec(naturalTitle(s))?.[1].toLowerCase() ?? '';
      keep((m) => article(m.name) === article(near.title));
      // The list names one of the films with its year elsewhere: a row without the year is another
      // one ("Ghostbusters (2016)" makes "Ghostbusters" the 1984 film), unless the named one is a
      // film only this list knows, relisted by the same label ("Arizona (2018)", "Arizona (Steelbook)").
      const named = c.filter((m) => this.namedInFile.has(m.id));
      if (named.length === 1 && !(named[0].weak && sameLabel(named[0]))) keep((m) => m !== named[0]);
      // A film that came out the year of the disc or the year before: its first release.
      if (ctx.streetYear != null) {
        const y = ctx.streetYear;
        keep((m) => m.year != null && m.year >= y - 1 && m.year <= y);
      }
      keep(sameLabel);
      nearest(near.years);
    }
    keep((m) => this.trusted(m, ctx.release).some((e) => e.format === ctx.format));
    if (c.length === 1) return { movie: c[0], decisive: true };
    // No evidence tells them apart: the film this importer linked the row to before stays (a
    // re-import does not move it because a later file documented another film meanwhile), else
    // the most documented.
    const previous = this.keepLinks ? this.movieBySource.get(near.sourceId) : undefined;
    if (previous && !previous.weak && c.includes(previous)) return { movie: previous, decisive: false };
    const movie = [...c].sort(
      (a, b) =>
        b.filmSources - a.filmSources ||
        b.creditRoles.size - a.creditRoles.size ||
        b.creditCount - a.creditCount ||
        this.trusted(b, ctx.release).length - this.trusted(a, ctx.release).length ||
        (a.year ?? 9999) - (b.year ?? 9999) ||
        a.id - b.id,
    )[0];
    return { movie, decisive: false };
  }

  /** Years of the films of the label's other releases of the same street date (this import's). */
  private waveYears(ctx: ListingContext): number[] {
    if (ctx.labelId == null || !ctx.streetDate) return [];
    const years: number[] = [];
    for (const r of this.releasesByLabelDate.get(`${ctx.labelId}|${ctx.streetDate}`) ?? []) {
      if (r.release === ctx.release) continue;
      for (const id of r.movies) {
        const y = this.movies.get(id)?.year;
        if (y != null) years.push(y);
      }
    }
    return years;
  }

  /**
   * The films and movies of a listing release, or 'defer' while the file is being read and a film
   * fits several movies. Films of a numbered range or of a set's own name link all or none.
   */
  private planListing(r: ReleaseIn, ctx: ListingContext, final: boolean): ListingPlan | 'defer' {
    const found = r.films.map((f) => this.listingCandidates(f.name, f.year, ctx.streetYear));
    const dropped = new Set<number>();
    r.films.forEach((f, i) => {
      if (f.listing?.linkOnly && !found[i].length) dropped.add(i);
    });
    for (const i of [...dropped]) {
      const g = r.films[i].listing?.group;
      if (g != null) r.films.forEach((o, j) => o.listing?.group === g && dropped.add(j));
    }
    const kept = r.films.map((_, i) => i).filter((i) => !dropped.has(i));
    if (!final && kept.some((i) => found[i].length > 1)) return 'defer';
    const movies: (MovieState | null)[] = kept.map((i) => (found[i].length === 1 ? found[i][0] : null));
    const unsure = kept.map((i) => found[i].length > 1);
    kept.forEach((i, k) => {
      if (found[i].length < 2) return;
      // A film comes before its numbered sequels in the same release ("Psycho" before "Psycho II",
      // "Ghostbusters" before "Ghostbusters II") and after the film its number continues.
      const key = matchKey(r.films[i].name);
      const sequelOf = (a: string, b: string) =>
        b.startsWith(`${a} `) && /^(?:\d{1,2}|[ivx]{1,4})$/.test(b.slice(a.length + 1));
      const years = (rel: (other: string) => boolean) =>
        kept
          .map((j, n) => (n !== k && rel(matchKey(r.films[j].name)) ? movies[n]?.year : null))
          .filter((y): y is number => y != null);
      const later = years((o) => sequelOf(key, o));
      const earlier = years((o) => sequelOf(o, key));
      const after = later.length ? Math.min(...later) : null;
      const before = earlier.length ? Math.max(...earlier) : null;
      const nearYears = ctx.boxSet
        ? movies.filter((m): m is MovieState => !!m && m.year != null).map((m) => m.year as number)
        : this.waveYears(ctx);
      // Two films of one release are two movies ("Ghostbusters I/II/2017": 1984 beside 2016).
      const free = found[i].filter((m) => !movies.includes(m));
      const pick = this.chooseByEvidence(free.length ? free : found[i], ctx, {
        sourceId: r.films[i].sourceId,
        title: r.films[i].name,
        years: nearYears,
        before,
        after,
      });
      movies[k] = pick.movie;
      unsure[k] = !pick.decisive;
    });
    return { films: kept.map((i) => r.films[i]), movies, unsure };
  }

  /**
   * Starts reading a file: the listing evidence of the previous file no longer applies.
   * @param keepLinks the file was imported before by this importer version: a listing that no
   *   evidence decides keeps the film it was linked to (re-imports are idempotent); links an older
   *   importer made are decided anew
   */
  beginFile(keepLinks = false): void {
    this.keepLinks = keepLinks;
    this.fileReleases.clear();
    this.namedInFile.clear();
    this.deferred = [];
  }

  /** Decides the listings that waited for the whole file (several films fit); call before `flush`. */
  resolveDeferred(): void {
    const waiting = this.deferred;
    this.deferred = [];
    // Single films first: a box set then finds its films' releases of the same label.
    for (const r of waiting) if (!r.listing?.boxSet) this.addListing(r, true);
    for (const r of waiting) if (r.listing?.boxSet) this.addListing(r, true);
  }

  /** Movies created from release rows by this import (count and first names). */
  createdFromReleases(): CreatedFromReleases {
    return this.created;
  }

  /** Movies an older import linked to releases this import linked elsewhere, see {@link Replacements}. */
  replacements(): Replacements {
    return this.replaced;
  }

  /** Renames a movie an older import created from a release row under an edition name. */
  private renameMovie(m: MovieState, f: FilmIn): MovieState {
    const name = naturalTitle(f.name);
    // The same title spelt otherwise by another row ("3 from Hell" / "3 From Hell") stays as it is.
    if (m.name === name || (!hasInvertedArticle(m.name) && m.titleKey === titleKey(name))) return m;
    this.index.remove(m);
    m.name = name;
    m.titleKey = titleKey(m.name);
    m.dirty = true;
    this.index.add(m, m.name);
    this.counts.movies.updated++;
    return m;
  }

  /**
   * The title a box set that lists no films is held under: a movie made from a release row of the
   * same title (another pressing of the set), else the set's own movie, created or renamed from
   * the one an older import made of this row (counted as created from release rows).
   */
  private setMovie(r: ReleaseIn, title: string): MovieState {
    const f: FilmIn = {
      ...emptyFilm(r.sourceId.startsWith('filmbrainz:') ? 'filmbrainz' : 'uhd4k', r.sourceId, title),
      listing: { linkOnly: false, group: null },
    };
    const same = this.index.exact(title).filter((m) => m.weak && m.listedNow);
    let m = same[0];
    if (!m) {
      const prev = this.movieBySource.get(r.sourceId);
      if (prev && prev.weak && !prev.listedNow) m = this.renameMovie(prev, f);
      else {
        m = this.createMovie(f);
        this.created.count++;
        if (this.created.sample.length < 20) this.created.sample.push(m.name);
      }
    }
    const link = this.linkSource(f, m);
    if (link === 'moved' || (link === 'new' && !m.isNew)) this.counts.movies.merged++;
    m.kinds.add(f.kind);
    return m;
  }

  /** Adds a listing release (module doc: films of release listings); null while it waits for the whole file. */
  private addListing(r: ReleaseIn, final: boolean): number | null {
    this.fileReleases.add(r.sourceId);
    const labelId = this.resolveLabel(r.labelName);
    const ctx: ListingContext = {
      release: r.sourceId,
      streetDate: r.streetDate,
      streetYear: r.listing?.streetYear ?? null,
      anniversary: r.listing?.anniversary ?? null,
      labelId,
      format: r.format,
      boxSet: r.listing?.boxSet ?? false,
    };
    const plan = this.planListing(r, ctx, final);
    if (plan === 'defer') {
      this.deferred.push(r);
      return null;
    }
    const movieIds: number[] = [];
    /** Movies picked by evidence among several: their link is no evidence for other listings. */
    const unsure = new Set<number>();
    plan.films.forEach((f, k) => {
      let m = plan.movies[k];
      if (m && plan.unsure[k]) unsure.add(m.id);
      if (!m) {
        // An older import may have created a movie from this very row under an edition name: it
        // becomes the film (it keeps its public id and its users' entries).
        const prev = this.movieBySource.get(f.sourceId);
        if (prev && prev.weak && !prev.listedNow && !movieIds.includes(prev.id)) m = this.renameMovie(prev, f);
        else {
          m = this.createMovie(f);
          this.created.count++;
          if (this.created.sample.length < 20) this.created.sample.push(m.name + (f.year ? ` (${f.year})` : ''));
        }
      } else if (m.weak && hasInvertedArticle(m.name) && m.titleKey === titleKey(f.name)) {
        // A movie an older import named in the listing's word order ("Godfather Coda, The").
        m.name = naturalTitle(f.name);
        m.dirty = true;
      }
      if (m.weak && f.year != null && m.year == null) {
        m.year = f.year;
        m.dirty = true;
      }
      if (m.weak && f.akas.length) {
        const name = m.name;
        const akas = union(
          m.akas,
          f.akas.filter((a) => a !== name),
        );
        if (akas.length !== m.akas.length) {
          m.akas = akas;
          m.dirty = true;
        }
      }
      const link = this.linkSource(f, m);
      if (link === 'moved' || (link === 'new' && !m.isNew)) this.counts.movies.merged++;
      m.kinds.add(f.kind);
      if (!movieIds.includes(m.id)) movieIds.push(m.id);
      if (f.year != null && !ctx.boxSet) this.namedInFile.add(m.id);
    });
    // A box set that lists no films takes those of a release of the same name (Criterion's "The
    // Apu Trilogy"), else it holds a title of its own ("The Matrix Trilogy"): a release holds at
    // least one movie.
    if (!movieIds.length && ctx.boxSet)
      for (const e of this.releaseMoviesByName.get(titleKey(r.name.replace(/\s*\([^)]*\)/g, ' '))) ?? []) {
        if (e.source === r.sourceId || this.fileReleases.has(e.source)) continue;
        for (const id of e.movies) {
          const m = this.movies.get(id);
          if (m && !m.weak && !movieIds.includes(id)) movieIds.push(id);
        }
      }
    if (!movieIds.length && r.listing?.setTitle) movieIds.push(this.setMovie(r, r.listing.setTitle).id);
    this.writtenListings.add(r.sourceId);
    if (labelId != null && r.streetDate) {
      const key = `${labelId}|${r.streetDate}`;
      const wave = this.releasesByLabelDate.get(key) ?? [];
      wave.push({ release: r.sourceId, movies: movieIds });
      this.releasesByLabelDate.set(key, wave);
    }
    return this.writeRelease(r, labelId, movieIds, unsure);
  }

  // ------------------------------------------------------------ persons and credits

  private resolvePerson(c: CreditIn): PersonState {
    if (c.tmdbPersonId != null) {
      const byId = this.personsByTmdb.get(c.tmdbPersonId);
      if (byId) return byId;
    }
    const key = personKey(c.name);
    const sameName = this.personsByKey.get(key) ?? [];
    if (c.tmdbPersonId == null && sameName.length) return sameName[0];
    if (c.tmdbPersonId != null) {
      const untagged = sameName.find((p) => p.tmdbPersonId == null);
      if (untagged) {
        untagged.tmdbPersonId = c.tmdbPersonId;
        untagged.dirty = true;
        this.personsByTmdb.set(c.tmdbPersonId, untagged);
        this.counts.persons.merged++;
        return untagged;
      }
    }
    const sourceId = c.tmdbPersonId != null ? `tmdb-person:${c.tmdbPersonId}` : `name:${key}`;
    const p: PersonState = {
      id: this.nextId('persons'),
      publicId: publicIdFor('person', sourceId),
      sourceId,
      name: c.name,
      nameKey: key,
      tmdbPersonId: c.tmdbPersonId,
      isNew: true,
      dirty: true,
    };
    this.indexPerson(p);
    this.counts.persons.inserted++;
    return p;
  }

  private personsToWrite = new Map<number, PersonState>();

  private addCredit(m: MovieState, c: CreditIn) {
    if (!personKey(c.name)) return;
    const p = this.resolvePerson(c);
    if (p.dirty) this.personsToWrite.set(p.id, p);
    m.creditCount++;
    m.creditRoles.add(c.role);
    this.credits.push({ movieId: m.id, personId: p.id, role: c.role, character: c.character, ord: c.ord });
  }

  // ------------------------------------------------------------ labels

  /** Label by name (created when new); label files also set the country. @returns label id, null for no name */
  resolveLabel(l: LabelIn | string | null): number | null {
    const input = typeof l === 'string' ? { name: l, country: null } : l;
    if (!input || !input.name.trim()) return null;
    const key = personKey(input.name);
    let label = this.labelsByKey.get(key);
    if (!label) {
      label = {
        id: this.nextId('labels'),
        publicId: publicIdFor('label', key),
        name: input.name.trim(),
        nameKey: key,
        country: input.country,
        isNew: true,
        dirty: true,
      };
      this.labelsByKey.set(key, label);
      this.counts.labels.inserted++;
    } else if (input.country && !label.country) {
      label.country = input.country;
      label.dirty = true;
      if (!label.isNew) this.counts.labels.updated++;
    }
    return label.id;
  }

  private labelName(id: number | null): string | null {
    if (id == null) return null;
    for (const l of this.labelsByKey.values()) if (l.id === id) return l.name;
    return null;
  }

  // ------------------------------------------------------------ releases and events

  /**
   * Adds (or updates, by source id) a release with its films. A listing whose films fit several
   * movies waits for the end of its file (`resolveDeferred`).
   * @returns the release id, null when it waits
   */
  addRelease(r: ReleaseIn): number | null {
    if (r.listing) return this.addListing(r, false);
    const movieIds = [...new Set(r.films.map((f) => this.resolveFilm(f)))];
    return this.writeRelease(r, this.resolveLabel(r.labelName), movieIds);
  }

  /** Queues a release row and its movies for writing, and keeps the evidence and replacement bookkeeping. */
  private writeRelease(r: ReleaseIn, labelId: number | null, movieIds: number[], unsure = new Set<number>()): number {
    const existing = this.releaseIdBySource.get(r.sourceId);
    const id = existing ?? this.nextId('releases');
    if (existing) this.counts.releases.updated++;
    else {
      this.releaseIdBySource.set(r.sourceId, id);
      this.counts.releases.inserted++;
    }
    // The release's earlier movies: no longer evidence; those it no longer holds are replaced.
    const old = existing != null ? (this.oldReleaseMovies.get(existing) ?? []) : [];
    old.forEach((oldId, position) => {
      const m = this.movies.get(oldId);
      if (m) m.evidence = m.evidence.filter((e) => e.source !== r.sourceId);
      if (movieIds.includes(oldId)) return;
      const took = movieIds[position] ?? movieIds[0];
      const list = this.replaced.get(oldId) ?? [];
      if (took != null) list.push(took);
      this.replaced.set(oldId, list);
    });
    if (existing != null) this.oldReleaseMovies.delete(existing);
    const movies = movieIds.map((mid) => this.movies.get(mid)!);
    for (const m of movies)
      m.evidence.push({ source: r.sourceId, labelId, format: r.format, run: true, sure: !unsure.has(m.id) });
    const derived = deriveRelease({
      name: r.name,
      edition: r.edition,
      labelName: this.labelName(labelId),
      spineNumber: r.spineNumber,
      ean: r.ean,
      films: movies,
    });
    const nameKey = derived.nameKey;
    this.writtenReleases.add(id);
    const namesakes = (this.releaseMoviesByName.get(nameKey) ?? []).filter((e) => e.source !== r.sourceId);
    if (movieIds.length) namesakes.push({ source: r.sourceId, movies: movieIds });
    this.releaseMoviesByName.set(nameKey, namesakes);
    this.releases.push({
      id,
      publicId: publicIdFor('release', r.sourceId),
      sourceId: r.sourceId,
      name: r.name,
      format: r.format,
      country: r.country,
      labelId,
      labelCatalogId: r.labelCatalogId,
      spineNumber: r.spineNumber,
      releaseYear: r.releaseYear,
      streetDate: r.streetDate,
      edition: r.edition,
      packageType: r.packageType,
      packagingNotes: r.packagingNotes,
      regionCode: r.regionCode,
      aspectRatio: r.aspectRatio,
      audioTracks: r.audioTracks,
      subtitles: r.subtitles,
      hdr: r.hdr,
      immersiveAudio: r.immersiveAudio,
      ean: r.ean,
      identifiers: r.identifiers,
      ageRating: r.ageRating,
      isCut: r.isCut,
      cutSeconds: r.cutSeconds,
      cutSecondsApprox: r.cutSecondsApprox,
      cutDetails: r.cutDetails,
      censorshipInfo: r.censorshipInfo,
      cutSource: r.cutSource,
      storyDescription: r.storyDescription,
      techFlags: r.techFlags,
      notes: r.notes,
      reviewUrl: r.reviewUrl,
      ...derived,
    });
    movieIds.forEach((movieId, position) => this.releaseMovies.push({ releaseId: id, movieId, position }));
    return id;
  }

  /** Adds (or updates, by source id) a censorship event, and the Finnish video release it describes. */
  addEvent(e: EventIn) {
    const movieId = this.resolveFilm(e.film);
    const releaseId = e.release ? this.addRelease(e.release) : null;
    if (this.eventSources.has(e.sourceId)) this.counts.censorship_events.updated++;
    else {
      this.eventSources.add(e.sourceId);
      this.counts.censorship_events.inserted++;
    }
    this.events.push({
      sourceId: e.sourceId,
      movieId,
      releaseId,
      country: 'FI',
      event: e.event,
      date: e.date,
      datePrecision: e.datePrecision,
      medium: e.medium,
      authority: e.authority,
      rating: e.rating,
      cutSeconds: e.cutSeconds,
      cutSecondsApprox: e.cutSecondsApprox,
      details: e.details,
      localTitles: e.localTitles,
      sourceUrl: e.sourceUrl,
      sourceLang: e.sourceLang,
      sourceExcerpt: e.sourceExcerpt,
      confidence: e.confidence,
      notes: e.notes,
    });
  }

  // ------------------------------------------------------------ writing

  /**
   * Inserts rows into a table in batches (each batch below PostgreSQL's bind-parameter limit),
   * reporting progress after each batch.
   */
  private async insertBatches<T extends Record<string, unknown>>(
    db: Db,
    { table, rows, phase, progress, conflict }: BatchInsert<T>,
  ) {
    if (!rows.length) return;
    const cols = Object.keys(rows[0]).length;
    let done = 0;
    for (const batch of chunked(rows, cols)) {
      await conflict(db.insert(table).values(batch as never));
      done += batch.length;
      progress?.(phase, done, rows.length);
    }
  }

  /**
   * Source rows of the listings written by this import that it no longer produces (a film an
   * older reading took from the listing's name): dropped from the catalogue, returned for deletion.
   */
  private takeStaleSources(): string[] {
    const stale: string[] = [];
    for (const sourceId of this.movieBySource.keys()) {
      if (!isListingSource(sourceId) || this.producedSources.has(sourceId)) continue;
      const hash = sourceId.indexOf('#');
      const release = hash < 0 ? sourceId : sourceId.slice(0, hash);
      if (!this.writtenListings.has(release)) continue;
      stale.push(sourceId);
    }
    for (const sourceId of stale) this.movieBySource.delete(sourceId);
    return stale;
  }

  /** Writes everything the current file produced, in one transaction; resets the pending lists. */
  async flush(progress?: Progress): Promise<void> {
    const labels = [...this.labelsByKey.values()].filter((l) => l.dirty);
    const movies = [...this.movies.values()].filter((m) => m.dirty);
    const persons = [...this.personsToWrite.values()];
    const credits = this.credits;
    const releases = this.releases;
    const releaseMovies = this.releaseMovies;
    const events = this.events;
    const sources = this.newSources;
    const stale = this.takeStaleSources();
    for (const m of movies) this.writtenMovies.add(m.id);
    for (const p of persons) this.writtenPersons.add(p.id);
    for (const l of labels) this.writtenLabels.add(l.id);

    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.insertBatches(db, {
        table: t.labels,
        rows: labels.map((l) => ({
          id: l.id,
          publicId: l.publicId,
          name: l.name,
          nameKey: l.nameKey,
          country: l.country,
          searchText: deriveLabel(l).searchText,
        })),
        phase: 'labels',
        progress,
        conflict: (q) =>
          q.onConflictDoUpdate({ target: t.labels.id, set: keepEditedSet('label', 'labels', ['country']) }),
      });
      const movieRows = movies.map((m) => ({
        id: m.id,
        publicId: m.publicId,
        sourceId: m.sourceId,
        type: m.type,
        name: m.name,
        originalName: m.originalName,
        localizedNames: m.localizedNames,
        akas: m.akas,
        year: m.year,
        runtimeMin: m.runtimeMin,
        plot: m.plot,
        plotSource: m.plotSource,
        genres: m.genres,
        countries: m.countries,
        spokenLanguages: m.spokenLanguages,
        imdbId: m.imdbId,
        tmdbId: m.tmdbId,
        wikipediaHref: m.wikipediaHref,
        posterUrl: m.posterUrl,
        ...deriveMovie(m),
        updatedAt: new Date(),
      }));
      const movieUpdateKeys = Object.keys(movieRows[0] ?? {}).filter(
        (k) => !['id', 'publicId', 'sourceId', 'type'].includes(k),
      );
      await this.insertBatches(db, {
        table: t.movies,
        rows: movieRows,
        phase: 'movies',
        progress,
        conflict: (q) =>
          q.onConflictDoUpdate({ target: t.movies.id, set: keepEditedSet('movie', 'movies', movieUpdateKeys) }),
      });
      // A listing's source row follows the film it is read as now.
      await this.insertBatches(db, {
        table: t.movieSources,
        rows: sources,
        phase: 'movie sources',
        progress,
        conflict: (q) => q.onConflictDoUpdate({ target: t.movieSources.sourceId, set: excludedSet(['movieId']) }),
      });
      for (const batch of chunked(stale, 1))
        await db.delete(t.movieSources).where(inArray(t.movieSources.sourceId, batch));
      await this.insertBatches(db, {
        table: t.persons,
        rows: persons.map((p) => ({
          id: p.id,
          publicId: p.publicId,
          sourceId: p.sourceId,
          name: p.name,
          nameKey: p.nameKey,
          tmdbPersonId: p.tmdbPersonId,
          searchText: derivePerson(p).searchText,
        })),
        phase: 'persons',
        progress,
        conflict: (q) => q.onConflictDoUpdate({ target: t.persons.id, set: excludedSet(['tmdbPersonId']) }),
      });
      // Credits: the unique key (movie, person, role, character) makes re-imports add nothing; a
      // movie whose cast and crew an approved change edited gets none from the import.
      const seen = new Set<string>();
      const creditsEdited = await editedIds(db, 'movies', 'credits', [...new Set(credits.map((c) => c.movieId))]);
      const uniqueCredits = credits.filter((c) => {
        if (creditsEdited.has(c.movieId)) return false;
        const k = `${c.movieId}|${c.personId}|${c.role}|${c.character}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      let addedCredits = 0;
      await this.insertBatches(db, {
        table: t.credits,
        rows: uniqueCredits,
        phase: 'credits',
        progress,
        conflict: async (q) => {
          const rows = await q.onConflictDoNothing().returning({ id: t.credits.id });
          addedCredits += rows.length;
        },
      });
      this.counts.credits.inserted += addedCredits;
      const releaseUpdateKeys = Object.keys(releases[0] ?? {}).filter(
        (k) => !['id', 'publicId', 'sourceId'].includes(k),
      );
      await this.insertBatches(db, {
        table: t.releases,
        rows: releases,
        phase: 'releases',
        progress,
        conflict: (q) =>
          q.onConflictDoUpdate({
            target: t.releases.sourceId,
            set: { ...keepEditedSet('release', 'releases', releaseUpdateKeys), updatedAt: new Date() },
          }),
      });
      // Contained movies follow the source: replace the set for every release written, unless an
      // approved change edited that release's movies.
      const moviesEdited = await editedIds(
        db,
        'releases',
        'movies',
        releases.map((r) => r.id as number),
      );
      const wantedOf = new Map<number, number[]>();
      for (const rm of releaseMovies) {
        if (moviesEdited.has(rm.releaseId)) continue;
        const list = wantedOf.get(rm.releaseId) ?? [];
        list.push(rm.movieId);
        wantedOf.set(rm.releaseId, list);
      }
      for (const r of releases) {
        if (moviesEdited.has(r.id as number)) continue;
        const wanted = wantedOf.get(r.id as number) ?? [];
        await db
          .delete(t.releaseMovies)
          .where(
            wanted.length
              ? and(
                  eq(t.releaseMovies.releaseId, r.id as number),
                  sql`${t.releaseMovies.movieId} <> ALL(${sql.param(wanted)}::int[])`,
                )
              : eq(t.releaseMovies.releaseId, r.id as number),
          );
      }
      await this.insertBatches(db, {
        table: t.releaseMovies,
        rows: releaseMovies.filter((rm) => !moviesEdited.has(rm.releaseId)),
        phase: 'release movies',
        progress,
        conflict: (q) =>
          q.onConflictDoUpdate({
            target: [t.releaseMovies.releaseId, t.releaseMovies.movieId],
            set: excludedSet(['position']),
          }),
      });
      const eventKeys = Object.keys(events[0] ?? {}).filter((k) => k !== 'sourceId');
      await this.insertBatches(db, {
        table: t.censorshipEvents,
        rows: events,
        phase: 'censorship events',
        progress,
        conflict: (q) => q.onConflictDoUpdate({ target: t.censorshipEvents.sourceId, set: excludedSet(eventKeys) }),
      });
    });

    for (const written of [...labels, ...movies, ...persons]) {
      written.dirty = false;
      written.isNew = false;
    }
    this.personsToWrite.clear();
    this.credits = [];
    this.releases = [];
    this.releaseMovies = [];
    this.events = [];
    this.newSources = [];
  }

  /**
   * Derives again the search documents and movie years of the releases holding a movie this
   * import wrote (lib/data/catalogue-derived.ts) and recomputes the counts of every movie, person
   * and label.
   */
  async finish(): Promise<void> {
    const db = this.db;
    // Rows whose edited names the import kept: their keys and search documents follow the kept names.
    await rederiveMovies(db, await this.editedAmong('movies', this.writtenMovies));
    await rederiveNames(db, 'persons', await this.editedAmong('persons', this.writtenPersons));
    await rederiveNames(db, 'labels', await this.editedAmong('labels', this.writtenLabels));
    const releaseIds = await releasesOfMovies(db, [...this.writtenMovies]);
    await rederiveReleases(db, [...new Set([...releaseIds, ...this.writtenReleases])]);
    await recountCatalogue(db, { movies: 'all', persons: 'all', labels: 'all' });
    this.writtenMovies.clear();
    this.writtenReleases.clear();
    this.writtenPersons.clear();
    this.writtenLabels.clear();
    // Fresh planner statistics for every table, empty ones included (an unanalysed empty table is
    // assumed to hold rows, which can turn an EXISTS filter into a walk over a whole index).
    await db.execute(sql`ANALYZE`);
  }
}
