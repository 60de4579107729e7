import 'server-only';
/**
 * The admins' import from the external movie database, TMDb (admins import movies from it and
 * refresh the movies imported before; an import gives 2 points): a title is
 * read from TMDb (lib/external/tmdb-titles.ts, network only) and then written in one transaction
 * through the catalogue writers (lib/data/catalogue-writes.ts), so every write is a revision in
 * the item's history.
 *
 * Matching, one title after the other (the first rule that finds a movie decides):
 *  1. the TMDb record's provenance key in `movie_sources` (`tmdb:{id}` of a movie, the seed's key
 *     too; `tmdb-tv:{id}` of a show; `tmdb-episode:{id}` of an episode);
 *  2. a movie's TMDb id (`movies.tmdb_id`);
 *  3. the IMDb id (`movies.imdb_id`);
 *  4. an episode of the same series with the same season and episode number.
 * A match is updated (a refresh: an 'edit' revision of what changed), else a movie is created (a
 * 'create' revision). An IMDb or TMDb id that another movie already holds is not written (the ids
 * are unique): the two stay apart until an admin merges them. A deleted movie is not brought back
 * (`gone`); a deleted episode of a series is left out.
 *
 * What is written: the column fields TMDb has values for (lib/external/tmdb-titles.ts; a field TMDb
 * leaves empty keeps its value); the Finnish name into `localized_names.fi` (other names kept);
 * TMDb's overview as the plot only when the movie has no plot or its plot came from TMDb
 * (`plot_source` 'tmdb'), so a Wikipedia plot keeps its text and attribution; cast and crew as the
 * `credits` relation, TMDb's first, then the existing credits of persons TMDb does not credit in
 * the same role; a series' episodes as TV episodes linked by `episode_of`, an episode's series.
 * Beside the fields (recorded in the same revision, not revertible field by field): TMDb's rating
 * in `movies.ratings` (source 'tmdb', other sources kept), production companies (created or joined
 * by folded name, never unlinked), the poster as an approved external picture (`pictures`,
 * `external_service` 1, `external_filename` its file path; the default picture when the movie has
 * none). The origin is the TMDb record's key, in `movie_sources` and in each revision's
 * `source_id`: a created movie's history starts with its 'create' revision naming TMDb (its
 * `movies.source_id`, the seed's origin entry of a history, stays empty).
 *
 * Persons: by TMDb person id (`persons.tmdb_person_id`; a person merged into another: the
 * survivor; a deleted one is not credited); else one person of the same folded name without a TMDb
 * id (the most credited), which is given it; else a new person through the writer (a 'create'
 * revision whose `source_id` is `tmdb-person:{id}`) with the TMDb id.
 *
 * Points: the importing admin earns EXTERNAL_IMPORT_POINTS (2) when the title asked for is new
 * (`revisions.points` of its 'create' revision and `users.points`); a refresh, and the episodes and
 * persons an import creates, earn none.
 *
 * Imports run one at a time (a transaction-scoped advisory lock), so two admins importing the same
 * title, person or company at once create it once. Data source: TMDb (lib/external/tmdb.ts);
 * tables movies, movie_sources, persons, credits, production_companies, movie_production_companies,
 * pictures, revisions, users.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import type { MovieRating } from '@/db/schema/movies';
import { requireAllowed, type Actor } from '@/lib/auth/actor';
import { canModerate } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { tmdbConfig, type TmdbConfig } from '@/lib/external/tmdb';
import {
  fetchExternalTitle,
  TMDB_RATING_SOURCE,
  type ExternalCredit,
  type ExternalEntry,
  type ExternalRef,
  type ExternalTitle,
} from '@/lib/external/tmdb-titles';
import { personKey, searchDocument } from '@/lib/text';
import type { CreditValue } from '@/lib/validation/catalogue-fields';
import type { MovieType } from '@/lib/validation/enums';
import { EXTERNAL_IMPORT_POINTS, externalImportSchema, externalKindOf } from '@/lib/validation/external-import';
import type { FieldErrors } from '@/lib/validation/users';
import {
  createCatalogueEntity,
  insertRevision,
  readFields,
  sameValue,
  updateCatalogueEntity,
  type FieldValues,
  type WriteMeta,
} from './catalogue-writes';
import { inTransaction, publish } from './events';
import { newPublicId } from './public-id';
import { queryRows, resolveDb } from './sql';

/** What an import or refresh did. */
export type ExternalImportSummary = {
  /** The title asked for, as it is now. */
  movie: { public_id: string; name: string; year: number | null; type: number };
  /** True when it was added to the catalogue; false when a movie already there was refreshed. */
  created: boolean;
  /** Its revision of this import (the 'create', or a refresh's 'edit'); null when nothing changed. */
  revision_id: string | null;
  /** Points the admin earned: 2 for a new title, 0 for a refresh. */
  points: number;
  /** An episode's series (created or refreshed with it); null for other titles. */
  series: { public_id: string; name: string } | null;
  /** A series' episodes: created, updated, and already as TMDb has them; all 0 for other titles. */
  episodes: { created: number; updated: number; unchanged: number };
  /** Persons and production companies created by the import (the others were joined). */
  persons_created: number;
  companies_created: number;
};

/** An import's answer: the summary, or the input's field problems (`imdb_id`, `type`: `forms` message keys). */
export type ExternalImportResult = { ok: true; import: ExternalImportSummary } | { ok: false; errors: FieldErrors };

/** The configuration, or AppError('external_import_off') (HTTP 503) when TMDB_API_KEY is unset. */
function requireConfig(): TmdbConfig {
  const cfg = tmdbConfig();
  if (!cfg) throw new AppError('external_import_off');
  return cfg;
}

/**
 * Reads a title from TMDb for an import (network only, nothing is written, no permission checked:
 * the write checks the actor): run it before opening a transaction, then write the result with
 * {@link writeExternalTitle}.
 * @param input `{ imdb_id: "tt" and 7-10 digits, type: movie type 1-5 }` (externalImportSchema)
 * @returns the title, with its series (an episode) or episodes (a series)
 * @throws AppError invalid_value (`field` imdb_id or type) for a malformed input, external_import_off
 *   (no TMDB_API_KEY), external_not_found ("no entry matches the given id and movie type"),
 *   external_unavailable (TMDb failed or timed out)
 */
export async function fetchExternalImport(input: { imdb_id: string; type: number | string }): Promise<ExternalTitle> {
  const cfg = requireConfig();
  const parsed = externalImportSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('invalid_value', { field: Object.keys(fieldErrors(parsed.error))[0] ?? 'imdb_id' });
  return fetchExternalTitle(cfg, { imdbId: parsed.data.imdb_id }, parsed.data.type);
}

/**
 * Imports a title from TMDb by IMDb id as a movie of `type` (admins only): TMDb is read
 * first, then everything is written in one transaction (see the module comment for matching and
 * what is written). Given `db` that is a transaction of inTransaction (lib/data/events.ts), the
 * write joins it (and TMDb is read while it is open: use fetchExternalImport and writeExternalTitle
 * to read before opening it); otherwise a transaction of its own.
 * @param input `{ imdb_id: "tt" and 7-10 digits, type: movie type 1-5 }` (a number or its digits)
 * @returns `{ ok: true, import }` (ExternalImportSummary), or `{ ok: false, errors }` with
 *   `imdb_id` / `type` → `invalid` for a malformed input (nothing is asked from TMDb)
 * @throws AppError unauthorized (visitor), forbidden (not an admin), external_import_off (503),
 *   external_not_found (404), external_unavailable (502), gone (the matching movie was deleted)
 */
export async function importExternalMovie(actor: Actor | null, input: unknown, db?: Db): Promise<ExternalImportResult> {
  const admin = requireAllowed(actor, canModerate(actor));
  const cfg = requireConfig();
  const parsed = externalImportSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const title = await fetchExternalTitle(cfg, { imdbId: parsed.data.imdb_id }, parsed.data.type);
  return { ok: true, import: await writeExternalTitle(admin, title, db) };
}

type MovieIds = {
  id: number;
  type: number;
  imdb_id: string | null;
  tmdb_id: number | null;
  season: number | null;
  episode: number | null;
  deleted: boolean;
  sources: string[] | string | null;
  series_sources: string[] | string | null;
};

const asList = (v: string[] | string | null): string[] =>
  v == null ? [] : typeof v === 'string' ? (JSON.parse(v) as string[]) : v;

/** The number of the first provenance key `{prefix}:{n}` among `sources`, or null. */
function sourceNumber(sources: readonly string[], prefix: string): number | null {
  for (const s of sources) {
    const m = new RegExp(`^${prefix}:(\\d{1,10})$`).exec(s);
    if (m) return Number(m[1]);
  }
  return null;
}

/**
 * What a movie is read from TMDb by: a movie (types 1, 3, 4) by its TMDb id (`tmdb_id` or a
 * `tmdb:` source), else its IMDb id; a show by its `tmdb-tv:` source, else its IMDb id; an episode
 * by its series' `tmdb-tv:` source with its season and episode number, else its IMDb id.
 */
function refOf(m: MovieIds): ExternalRef | null {
  const sources = asList(m.sources);
  const kind = externalKindOf(m.type as MovieType);
  if (kind === 'movie') {
    const tmdbId = m.tmdb_id ?? sourceNumber(sources, 'tmdb');
    if (tmdbId != null) return { tmdbMovieId: tmdbId };
  } else if (kind === 'tv') {
    const tvId = sourceNumber(sources, 'tmdb-tv');
    if (tvId != null) return { tmdbTvId: tvId };
  } else {
    const tvId = sourceNumber(asList(m.series_sources), 'tmdb-tv');
    if (tvId != null && m.season != null && m.episode != null)
      return { tmdbTvId: tvId, season: m.season, episode: m.episode };
  }
  return m.imdb_id ? { imdbId: m.imdb_id } : null;
}

/**
 * Refreshes a movie of the catalogue from TMDb (admins; the "Refresh from TMDb" button): read by
 * its TMDb id, its series' TMDb id or its IMDb id (see refOf) as a title of its own type, and
 * written as {@link importExternalMovie} writes (a series brings its episodes again). A refresh
 * earns no points.
 * @param publicId the movie's public id
 * @returns the summary (`created` false)
 * @throws AppError unauthorized, forbidden, external_import_off, not_found (no such movie), gone
 *   (deleted), external_no_id (409: no IMDb or TMDb id to read it by), external_not_found (TMDb
 *   no longer has it), external_unavailable
 */
export async function refreshExternalMovie(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<ExternalImportSummary> {
  const admin = requireAllowed(actor, canModerate(actor));
  const cfg = requireConfig();
  const d = await resolveDb(db);
  const [m] = await queryRows<MovieIds>(
    d,
    sql`SELECT m.id, m.type, m.imdb_id, m.tmdb_id, m.season, m.episode, m.deleted_at IS NOT NULL AS deleted,
          (SELECT json_agg(s.source_id) FROM (SELECT source_id FROM movie_sources WHERE movie_id = m.id
             UNION SELECT m.source_id WHERE m.source_id IS NOT NULL) s) AS sources,
          (SELECT json_agg(source_id) FROM movie_sources WHERE movie_id = m.episode_of_id) AS series_sources
        FROM movies m WHERE m.public_id = ${publicId}`,
  );
  if (!m) throw new AppError('not_found');
  if (m.deleted) throw new AppError('gone');
  const ref = refOf({ ...m, type: Number(m.type), tmdb_id: m.tmdb_id == null ? null : Number(m.tmdb_id) });
  if (!ref) throw new AppError('external_no_id');
  const title = await fetchExternalTitle(cfg, ref, Number(m.type) as MovieType);
  return writeExternalTitle(admin, title, d);
}

// ------------------------------------------------------------------ writing

/** What one import keeps while it writes: the admin, persons already resolved, counters. */
type ImportContext = {
  admin: Actor;
  /** Who the import is credited to: the admin, or the member whose import request it is. */
  authorId: number;
  /** The member's import request it runs, or null. */
  changeRequestId: number | null;
  /** TMDb person id → the credited person's public id (null: deleted, not credited). */
  persons: Map<number, string | null>;
  personsCreated: number;
  companiesCreated: number;
};

/** What writing one entry did. */
type EntryResult = {
  id: number;
  publicId: string;
  name: string;
  year: number | null;
  type: number;
  created: boolean;
  /** The entry's revision (the writer's, with the import's other changes), null when nothing changed. */
  revisionId: number | null;
};

/** A lock key of the import (hashtext of a name no other lock uses). */
const IMPORT_LOCK = sql`hashtext('discshelf:external-import')`;

/**
 * Writes a title read from TMDb (fetchExternalImport, or lib/external/tmdb-titles.ts
 * fetchExternalTitle): an episode's series first, then the title, then a series' episodes, with
 * the persons and production companies they need, and the admin's points for a new title (see
 * the module comment). In one transaction: `db`'s when it is one of inTransaction's, else its own.
 * @param request a member's import request the admin runs (lib/data/change-requests.ts): its
 *   author is credited with the revisions and the points, the request is named on them
 * @returns the summary
 * @throws AppError unauthorized, forbidden (not an admin), gone (the title matches a deleted movie)
 */
export async function writeExternalTitle(
  actor: Actor | null,
  title: ExternalTitle,
  db?: Db,
  request: { authorId: number; changeRequestId: number } | null = null,
): Promise<ExternalImportSummary> {
  const admin = requireAllowed(actor, canModerate(actor));
  const d = await resolveDb(db);
  return inTransaction(d, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const ctx: ImportContext = {
      admin,
      authorId: request?.authorId ?? admin.userId,
      changeRequestId: request?.changeRequestId ?? null,
      persons: new Map(),
      personsCreated: 0,
      companiesCreated: 0,
    };
    const series = title.series ? await writeEntry(tx, ctx, title.series, null) : null;
    if (series === 'gone') throw new AppError('gone');
    const main = await writeEntry(tx, ctx, title.main, series);
    if (main === 'gone') throw new AppError('gone');
    const episodes = { created: 0, updated: 0, unchanged: 0 };
    for (const e of title.episodes) {
      const r = await writeEntry(tx, ctx, e, main);
      if (r === 'gone') continue;
      if (r.created) episodes.created++;
      else if (r.revisionId != null) episodes.updated++;
      else episodes.unchanged++;
    }
    let points = 0;
    if (main.created && main.revisionId != null) {
      points = EXTERNAL_IMPORT_POINTS;
      await tx.execute(sql`UPDATE revisions SET points = ${points} WHERE id = ${main.revisionId}`);
      await tx.execute(sql`UPDATE users SET points = points + ${points} WHERE id = ${ctx.authorId}`);
    }
    return {
      movie: { public_id: main.publicId, name: main.name, year: main.year, type: main.type },
      created: main.created,
      revision_id: main.revisionId == null ? null : String(main.revisionId),
      points,
      series: series ? { public_id: series.publicId, name: series.name } : null,
      episodes,
      persons_created: ctx.personsCreated,
      companies_created: ctx.companiesCreated,
    };
  });
}

type ExistingMovie = {
  id: number;
  public_id: string;
  deleted: boolean;
  plot: string | null;
  plot_source: string | null;
  localized_names: Record<string, string> | string | null;
  ratings: MovieRating[] | string | null;
};

const jsonOf = <T>(v: T | string | null, fallback: T): T =>
  v == null ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : v;

/** The movie an entry is (see the module comment's matching rules), or null. */
async function matchEntry(tx: Db, entry: ExternalEntry, series: { id: number } | null): Promise<ExistingMovie | null> {
  const columns = sql`m.id, m.public_id, m.deleted_at IS NOT NULL AS deleted, m.plot, m.plot_source, m.localized_names, m.ratings`;
  const probes = [
    sql`SELECT ${columns} FROM movie_sources s JOIN movies m ON m.id = s.movie_id WHERE s.source_id = ${entry.sourceId}`,
    entry.tmdbId != null ? sql`SELECT ${columns} FROM movies m WHERE m.tmdb_id = ${entry.tmdbId}` : null,
    entry.imdbId ? sql`SELECT ${columns} FROM movies m WHERE m.imdb_id = ${entry.imdbId}` : null,
    series && entry.values.season != null && entry.values.episode != null
      ? sql`SELECT ${columns} FROM movies m WHERE m.episode_of_id = ${series.id} AND m.season = ${entry.values.season as number}
              AND m.episode = ${entry.values.episode as number} AND m.deleted_at IS NULL ORDER BY m.id LIMIT 1`
      : null,
  ];
  for (const probe of probes) {
    if (!probe) continue;
    const [row] = await queryRows<ExistingMovie>(tx, probe);
    if (row) return { ...row, id: Number(row.id) };
  }
  return null;
}

/**
 * The public id of the person TMDb credits as `credit` (see the module comment), created when the
 * catalogue has none; null when that person was deleted.
 */
async function personFor(tx: Db, ctx: ImportContext, credit: ExternalCredit, meta: WriteMeta): Promise<string | null> {
  const known = ctx.persons.get(credit.tmdbPersonId);
  if (known !== undefined) return known;
  let publicId: string | null = null;
  const [byId] = await queryRows<{ public_id: string; deleted: boolean; survivor: string | null }>(
    tx,
    sql`SELECT p.public_id, p.deleted_at IS NOT NULL AS deleted,
          (SELECT s.public_id FROM persons s WHERE s.id = p.merged_into_id AND s.deleted_at IS NULL) AS survivor
        FROM persons p WHERE p.tmdb_person_id = ${credit.tmdbPersonId} OR p.source_id = ${`tmdb-person:${credit.tmdbPersonId}`}
        ORDER BY p.tmdb_person_id NULLS LAST LIMIT 1`,
  );
  if (byId) publicId = byId.deleted ? byId.survivor : byId.public_id;
  else {
    const [byName] = await queryRows<{ id: number; public_id: string }>(
      tx,
      sql`SELECT id, public_id FROM persons
          WHERE name_key = ${personKey(credit.name)} AND tmdb_person_id IS NULL AND deleted_at IS NULL
          ORDER BY credit_count DESC, id LIMIT 1`,
    );
    if (byName) {
      await tx.execute(sql`UPDATE persons SET tmdb_person_id = ${credit.tmdbPersonId} WHERE id = ${byName.id}`);
      publicId = byName.public_id;
    } else {
      const made = await createCatalogueEntity(
        tx,
        'person',
        { name: credit.name },
        {
          ...meta,
          sourceId: `tmdb-person:${credit.tmdbPersonId}`,
        },
      );
      await tx.execute(sql`UPDATE persons SET tmdb_person_id = ${credit.tmdbPersonId} WHERE id = ${made.id}`);
      ctx.personsCreated++;
      publicId = made.publicId;
    }
  }
  ctx.persons.set(credit.tmdbPersonId, publicId);
  return publicId;
}

/**
 * The `credits` value of an entry: TMDb's credits (persons resolved), then the movie's existing
 * credits whose person TMDb does not credit in the same role. Null when TMDb credits nobody (the
 * credits are left as they are).
 */
async function creditsValue(
  tx: Db,
  ctx: ImportContext,
  entry: ExternalEntry,
  existingId: number | null,
  meta: WriteMeta,
): Promise<CreditValue[] | null> {
  if (!entry.credits.length) return null;
  const out: CreditValue[] = [];
  for (const c of entry.credits) {
    const person = await personFor(tx, ctx, c, meta);
    if (person) out.push({ person, role: c.role, character: c.character });
  }
  if (existingId != null) {
    const now = ((await readFields(tx, 'movie', existingId, ['credits']))?.credits ?? []) as CreditValue[];
    const credited = new Set(out.map((c) => `${c.person}|${c.role}`));
    out.push(...now.filter((c) => !credited.has(`${c.person}|${c.role}`)));
  }
  return out;
}

/** Ids held by another movie are not written (movies.imdb_id and tmdb_id are unique). */
async function withoutTakenIds(tx: Db, values: FieldValues, movieId: number | null): Promise<void> {
  for (const [field, column] of [
    ['imdb_id', sql`imdb_id`],
    ['tmdb_id', sql`tmdb_id`],
  ] as const) {
    const v = values[field];
    if (v == null) continue;
    const [other] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM movies WHERE ${column} = ${v} AND id IS DISTINCT FROM ${movieId}`,
    );
    if (other) delete values[field];
  }
}

/** The movie's production companies' names, by folded name. */
async function companyNames(tx: Db, movieId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`SELECT pc.name FROM movie_production_companies mpc JOIN production_companies pc ON pc.id = mpc.company_id
        WHERE mpc.movie_id = ${movieId} ORDER BY pc.name_key, pc.id`,
  );
  return rows.map((r) => r.name);
}

/**
 * Links the movie to its production companies, each found by folded name or created.
 * @returns the public ids of the companies linked (their pages list the movie)
 */
async function linkCompanies(tx: Db, ctx: ImportContext, movieId: number, entry: ExternalEntry): Promise<string[]> {
  const linked: string[] = [];
  for (const c of entry.companies) {
    if (!c.name) continue;
    const key = personKey(c.name);
    if (!key) continue;
    let [company] = await queryRows<{ id: number; public_id: string }>(
      tx,
      sql`SELECT id, public_id FROM production_companies WHERE name_key = ${key}`,
    );
    if (!company) {
      [company] = await queryRows<{ id: number; public_id: string }>(
        tx,
        sql`INSERT INTO production_companies (public_id, name, country, name_key, search_text)
            VALUES (${newPublicId()}, ${c.name}, ${c.country}, ${key}, ${searchDocument(c.name)}) RETURNING id, public_id`,
      );
      ctx.companiesCreated++;
    }
    await tx.execute(
      sql`INSERT INTO movie_production_companies (movie_id, company_id) VALUES (${movieId}, ${company.id}) ON CONFLICT DO NOTHING`,
    );
    linked.push(company.public_id);
  }
  return linked;
}

/**
 * Adds the poster as an approved picture of the external film database (type 3, poster), the
 * movie's default picture when it has none; nothing when the movie has it already.
 * @returns true when a picture was added
 */
async function addPoster(tx: Db, movieId: number, poster: string): Promise<boolean> {
  const [has] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM pictures
        WHERE movie_id = ${movieId} AND external_service = 1 AND external_filename = ${poster} AND deleted_at IS NULL`,
  );
  if (Number(has.n) > 0) return false;
  await tx.execute(
    sql`INSERT INTO pictures (public_id, movie_id, type, source, is_default, external_service, external_filename, approved)
        VALUES (${newPublicId()}, ${movieId}, 3, 'TMDb',
                NOT EXISTS (SELECT 1 FROM pictures WHERE movie_id = ${movieId} AND is_default AND deleted_at IS NULL),
                1, ${poster}, true)`,
  );
  return true;
}

/**
 * Matches and writes one entry (see the module comment), linked to `series` (its public id as
 * `episode_of`) when given.
 * @returns what it did, or 'gone' when it matches a deleted movie
 */
async function writeEntry(
  tx: Db,
  ctx: ImportContext,
  entry: ExternalEntry,
  series: { id: number; publicId: string } | null,
): Promise<EntryResult | 'gone'> {
  const meta: WriteMeta = {
    userId: ctx.authorId,
    approvedById: ctx.admin.userId,
    changeRequestId: ctx.changeRequestId,
    sourceId: entry.sourceId,
  };
  const existing = await matchEntry(tx, entry, series);
  if (existing?.deleted) return 'gone';
  const values: FieldValues = { ...entry.values };
  await withoutTakenIds(tx, values, existing?.id ?? null);
  if (series) values.episode_of = series.publicId;
  if (entry.finnishName) {
    const names = jsonOf<Record<string, string>>(existing?.localized_names ?? null, {});
    values.localized_names = { ...names, fi: entry.finnishName };
  }
  const plotFromTmdb = Boolean(entry.plot && (!existing?.plot || existing.plot_source === 'tmdb'));
  if (plotFromTmdb) values.plot = entry.plot;
  const credits = await creditsValue(tx, ctx, entry, existing?.id ?? null, meta);
  if (credits) values.credits = credits;

  const written = existing
    ? await updateCatalogueEntity(tx, 'movie', existing.id, values, meta)
    : await createCatalogueEntity(tx, 'movie', values, meta);
  const id = written.id;
  await tx.execute(
    sql`INSERT INTO movie_sources (source_id, movie_id) VALUES (${entry.sourceId}, ${id}) ON CONFLICT (source_id) DO NOTHING`,
  );
  if (plotFromTmdb) await tx.execute(sql`UPDATE movies SET plot_source = 'tmdb' WHERE id = ${id}`);

  // Beside the fields: the rating, the production companies and the poster, in the same revision.
  const extra: FieldChanges = {};
  if (entry.rating) {
    const before = jsonOf<MovieRating[]>(existing?.ratings ?? null, []);
    const after = [...before.filter((r) => r.source !== TMDB_RATING_SOURCE), entry.rating];
    if (!sameValue(before, after)) {
      await tx.execute(sql`UPDATE movies SET ratings = ${JSON.stringify(after)}::jsonb WHERE id = ${id}`);
      extra.ratings = { before: before.length ? before : null, after };
    }
  }
  let companies: string[] = [];
  if (entry.companies.length) {
    const before = existing ? await companyNames(tx, id) : [];
    companies = await linkCompanies(tx, ctx, id, entry);
    const after = await companyNames(tx, id);
    if (!sameValue(before, after)) extra.production_companies = { before: before.length ? before : null, after };
  }
  if (entry.poster && (await addPoster(tx, id, entry.poster))) extra.poster = { before: null, after: entry.poster };

  let revisionId = written.revisionId;
  if (Object.keys(extra).length) {
    if (revisionId != null)
      await tx.execute(
        sql`UPDATE revisions SET changes = changes || ${JSON.stringify(extra)}::jsonb WHERE id = ${revisionId}`,
      );
    else
      revisionId = await insertRevision(tx, {
        entity: 'movie',
        id,
        publicId: written.publicId,
        kind: 'edit',
        changes: extra,
        meta,
      });
    await publish(tx, 'catalogue.changed', {
      entity: 'movie',
      id,
      publicId: written.publicId,
      revisionId,
      pages: { movie: [written.publicId], ...(companies.length ? { company: companies } : {}) },
    });
  }
  const [now] = await queryRows<{ name: string; year: number | null; type: number }>(
    tx,
    sql`SELECT name, year, type FROM movies WHERE id = ${id}`,
  );
  return {
    id,
    publicId: written.publicId,
    name: now.name,
    year: now.year == null ? null : Number(now.year),
    type: Number(now.type),
    created: !existing,
    revisionId,
  };
}
