import 'server-only';
/**
 * What an import from the external movie database brings: TMDb's records (lib/external/tmdb.ts)
 * read into the catalogue's words (lib/validation/catalogue-fields.ts), before anything is
 * written. The data layer (lib/data/external-import.ts) matches and writes them; nothing here
 * touches the database.
 *
 * - A movie (types 1, 3, 4) is TMDb's movie found by the IMDb id (or its TMDb id).
 * - A TV series (type 2) is TMDb's show, with every episode of its numbered seasons (season 0,
 *   TMDb's "specials", is left out) as TV episodes (type 5) linked to it.
 * - A TV episode (type 5) is TMDb's episode with its show (which it is linked to).
 *
 * Read from TMDb: names (English; the Finnish name from the translations, when it differs), year
 * (of the release or first air date), runtime in minutes, overview (as the plot), genres,
 * production countries and spoken languages (their English names, as the seed holds them),
 * certifications of the countries the site knows (lib/validation/enums.ts COUNTRIES), the adult
 * flag, the IMDb and TMDb ids, season and episode numbers and counts, cast (the first
 * {@link MAX_CAST} billed; an episode's first {@link MAX_GUEST_STARS} guest stars) and crew in the
 * catalogue's roles (see {@link CREW_ROLES}), production companies, TMDb's rating (0-10 with its
 * vote count) and the poster's file path.
 */
import { AppError } from '@/lib/errors';
import { isExternalImagePath } from '@/lib/external-images';
import { COUNTRIES, MOVIE_TYPES, type CreditRole, type MovieType } from '@/lib/validation/enums';
import { externalKindOf } from '@/lib/validation/external-import';
import type { Certification, MovieRating } from '@/db/schema/movies';
import {
  findByImdbId,
  getTmdbMovie,
  getTmdbSeason,
  getTmdbTv,
  type TmdbConfig,
  type TmdbEpisode,
  type TmdbMovie,
  type TmdbTv,
} from './tmdb';

/** Actors of a movie or show imported, in billing order. */
export const MAX_CAST = 20;
/** Guest stars of an episode imported, in billing order. */
export const MAX_GUEST_STARS = 10;

/** TMDb crew jobs → the catalogue's roles (lib/validation/enums.ts CREDIT_ROLES); other jobs are left out. */
export const CREW_ROLES: Readonly<Record<string, CreditRole>> = {
  Director: 'director',
  Screenplay: 'writer',
  Writer: 'writer',
  Story: 'writer',
  Teleplay: 'writer',
  Novel: 'writer',
  Author: 'writer',
  Producer: 'producer',
  'Original Music Composer': 'composer',
  Music: 'composer',
  Composer: 'composer',
  'Director of Photography': 'cinematography',
  Cinematography: 'cinematography',
  Editor: 'editor',
  'Visual Effects Supervisor': 'visual_effects',
  'Special Effects Makeup Artist': 'makeup_effects',
  'Makeup Effects Designer': 'makeup_effects',
};

/** Crew roles in the order their credits are stored (after them, the cast in billing order). */
const CREW_ORDER: readonly CreditRole[] = [
  'director',
  'writer',
  'producer',
  'composer',
  'cinematography',
  'editor',
  'visual_effects',
  'makeup_effects',
];

/** Rating source of TMDb's own rating in movies.ratings. */
export const TMDB_RATING_SOURCE = 'tmdb';

/** A cast or crew member as TMDb names them: TMDb's person id, name, the catalogue's role, character (actors). */
export type ExternalCredit = { tmdbPersonId: number; name: string; role: CreditRole; character: string };

/** A production company as TMDb names it, with its country of origin (ISO 3166 code, or null). */
export type ExternalCompany = { name: string; country: string | null };

/** One title from TMDb in the catalogue's words, ready to be matched and written. */
export type ExternalEntry = {
  /**
   * The provenance key of the TMDb record (movie_sources, revisions.source_id): `tmdb:{id}` for a
   * movie (the key the seed importer uses), `tmdb-tv:{id}` for a show, `tmdb-episode:{id}` for an
   * episode (TMDb's ids of the three kinds overlap, so each kind has its own prefix).
   */
  sourceId: string;
  /** TMDb's movie id (movies.tmdb_id); null for shows and episodes, whose ids are another series of numbers. */
  tmdbId: number | null;
  imdbId: string | null;
  type: MovieType;
  /**
   * Column fields by name (lib/validation/catalogue-fields.ts COLUMN_FIELDS.movie) with the values
   * TMDb gives; a field TMDb leaves empty is absent, so a refresh never blanks it.
   */
  values: Record<string, unknown>;
  /** The Finnish name (translations), when TMDb has one that differs from `values.name`. */
  finnishName: string | null;
  /** TMDb's overview. */
  plot: string | null;
  credits: ExternalCredit[];
  companies: ExternalCompany[];
  /** TMDb's rating: `{ source: 'tmdb', value (0-10, one decimal), votes }`; null without votes. */
  rating: MovieRating | null;
  /** The poster's file path (`/abc.jpg`), or null. */
  poster: string | null;
};

/** What one import brings: the title asked for, the show of an episode, and a show's episodes. */
export type ExternalTitle = {
  main: ExternalEntry;
  /** For an episode: its show (the episode is linked to it); else null. */
  series: ExternalEntry | null;
  /** For a show: its episodes, by season and episode number; else empty. */
  episodes: ExternalEntry[];
};

/** Which TMDb record to read: by IMDb id (through /find), or by TMDb's own ids (a refresh of a title without an IMDb id). */
export type ExternalRef =
  | { imdbId: string }
  | { tmdbMovieId: number }
  | { tmdbTvId: number }
  | { tmdbTvId: number; season: number; episode: number };

// ------------------------------------------------------------------ reading TMDb's fields

/** The year of a TMDb date (YYYY-MM-DD), or null for "" or an implausible year. */
function yearOf(date: string | null | undefined): number | null {
  const m = /^(\d{4})-\d{2}-\d{2}$/.exec(date ?? '');
  const year = m ? Number(m[1]) : NaN;
  return year >= 1870 && year <= 2100 ? year : null;
}

const nonEmpty = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

/** The countries whose certifications are kept: those the site knows, by ISO code. */
const CERTIFICATION_COUNTRIES = new Set<string>(Object.keys(COUNTRIES).filter((c) => c.length === 2));

/** Certifications sorted by country code, one per country, `source: 'tmdb'`. */
function certificationsOf(pairs: { country: string; rating: string | null | undefined }[]): Certification[] {
  const byCountry = new Map<string, string>();
  for (const p of pairs) {
    const rating = nonEmpty(p.rating);
    if (rating && CERTIFICATION_COUNTRIES.has(p.country) && !byCountry.has(p.country)) byCountry.set(p.country, rating);
  }
  return [...byCountry]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, rating]) => ({ country, rating, source: 'tmdb' }));
}

function ratingOf(average: number | null | undefined, votes: number | null | undefined): MovieRating | null {
  if (average == null || !votes || votes < 1) return null;
  return { source: TMDB_RATING_SOURCE, value: Math.round(average * 10) / 10, votes };
}

function posterOf(path: string | null | undefined): string | null {
  return path && isExternalImagePath(path) ? path : null;
}

function finnishNameOf(
  translations: { iso_639_1: string; data?: { title?: string | null; name?: string | null } | null }[],
  name: string,
): string | null {
  const fi = translations.find((t) => t.iso_639_1 === 'fi');
  const local = nonEmpty(fi?.data?.title) ?? nonEmpty(fi?.data?.name);
  return local && local !== name ? local : null;
}

/**
 * Cast and crew in the catalogue's roles: the crew (known jobs only) in {@link CREW_ORDER}, then the
 * cast in billing order (the first `maxCast`); a person is credited once per role and character.
 */
function creditsOf(
  cast: { id: number; name: string; character?: string | null; order?: number | null }[],
  crew: { id: number; name: string; job?: string | null }[],
  maxCast: number,
  extraCrew: ExternalCredit[] = [],
): ExternalCredit[] {
  const out: ExternalCredit[] = [];
  const seen = new Set<string>();
  const add = (c: ExternalCredit) => {
    const key = `${c.tmdbPersonId}|${c.role}|${c.character}`;
    if (seen.has(key) || !c.name.trim()) return;
    seen.add(key);
    out.push({ ...c, name: c.name.trim() });
  };
  const crewCredits = [
    ...extraCrew,
    ...crew.flatMap((c) => {
      const role = c.job ? CREW_ROLES[c.job] : undefined;
      return role ? [{ tmdbPersonId: c.id, name: c.name, role, character: '' }] : [];
    }),
  ];
  for (const role of CREW_ORDER) for (const c of crewCredits) if (c.role === role) add(c);
  const billed = cast
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.order ?? a.i) - (b.c.order ?? b.i) || a.i - b.i)
    .slice(0, maxCast);
  for (const { c } of billed)
    add({ tmdbPersonId: c.id, name: c.name, role: 'actor', character: nonEmpty(c.character) ?? '' });
  return out;
}

/** Puts `value` under `field` when it is not empty (null, "", an empty list). */
function setIf(values: Record<string, unknown>, field: string, value: unknown): void {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return;
  values[field] = value;
}

const languageName = (l: { english_name?: string | null; name?: string | null; iso_639_1: string }) =>
  nonEmpty(l.english_name) ?? nonEmpty(l.name) ?? l.iso_639_1;

/**
 * A TMDb movie as a catalogue entry of `type` (1 movie, 3 short or 4 documentary).
 * @param imdbId the IMDb id it was found by, when TMDb's record lacks one
 */
export function movieEntry(m: TmdbMovie, type: MovieType, imdbId: string | null): ExternalEntry {
  const values: Record<string, unknown> = { type, name: m.title.trim(), tmdb_id: m.id };
  setIf(values, 'original_name', m.original_title && m.original_title !== m.title ? m.original_title.trim() : null);
  setIf(values, 'year', yearOf(m.release_date));
  setIf(values, 'runtime_min', m.runtime && m.runtime > 0 ? m.runtime : null);
  setIf(
    values,
    'genres',
    m.genres.map((g) => g.name),
  );
  setIf(
    values,
    'countries',
    m.production_countries.map((c) => c.name),
  );
  setIf(values, 'spoken_languages', m.spoken_languages.map(languageName));
  setIf(
    values,
    'certifications',
    certificationsOf(
      (m.release_dates?.results ?? []).flatMap((r) =>
        // Theatrical releases (types 2 and 3) first, then the rest.
        [...r.release_dates]
          .sort((a, b) => Number(![2, 3].includes(a.type ?? 0)) - Number(![2, 3].includes(b.type ?? 0)))
          .map((d) => ({ country: r.iso_3166_1, rating: d.certification })),
      ),
    ),
  );
  if (m.adult) values.adults_only = true;
  const imdb = nonEmpty(m.imdb_id) ?? nonEmpty(m.external_ids?.imdb_id) ?? imdbId;
  setIf(values, 'imdb_id', imdb);
  return {
    sourceId: `tmdb:${m.id}`,
    tmdbId: m.id,
    imdbId: imdb,
    type,
    values,
    finnishName: finnishNameOf(m.translations?.translations ?? [], m.title),
    plot: nonEmpty(m.overview),
    credits: creditsOf(m.credits.cast, m.credits.crew, MAX_CAST),
    companies: m.production_companies.map((c) => ({ name: c.name.trim(), country: nonEmpty(c.origin_country) })),
    rating: ratingOf(m.vote_average, m.vote_count),
    poster: posterOf(m.poster_path),
  };
}

/** A TMDb show as a TV series (type 2); its creators are credited as writers. */
export function seriesEntry(tv: TmdbTv): ExternalEntry {
  const values: Record<string, unknown> = { type: MOVIE_TYPES.tv_series, name: tv.name.trim() };
  setIf(values, 'original_name', tv.original_name && tv.original_name !== tv.name ? tv.original_name.trim() : null);
  setIf(values, 'year', yearOf(tv.first_air_date));
  setIf(values, 'runtime_min', tv.episode_run_time.find((n) => n > 0) ?? null);
  setIf(
    values,
    'genres',
    tv.genres.map((g) => g.name),
  );
  setIf(
    values,
    'countries',
    tv.production_countries.map((c) => c.name),
  );
  setIf(values, 'spoken_languages', tv.spoken_languages.map(languageName));
  setIf(
    values,
    'certifications',
    certificationsOf((tv.content_ratings?.results ?? []).map((r) => ({ country: r.iso_3166_1, rating: r.rating }))),
  );
  if (tv.adult) values.adults_only = true;
  const imdb = nonEmpty(tv.external_ids?.imdb_id);
  setIf(values, 'imdb_id', imdb);
  setIf(values, 'seasons_amount', tv.number_of_seasons);
  setIf(values, 'episodes_amount', tv.number_of_episodes);
  const creators = tv.created_by.map((c) => ({
    tmdbPersonId: c.id,
    name: c.name,
    role: 'writer' as const,
    character: '',
  }));
  return {
    sourceId: `tmdb-tv:${tv.id}`,
    tmdbId: null,
    imdbId: imdb,
    type: MOVIE_TYPES.tv_series,
    values,
    finnishName: finnishNameOf(tv.translations?.translations ?? [], tv.name),
    plot: nonEmpty(tv.overview),
    credits: creditsOf(tv.credits.cast, tv.credits.crew, MAX_CAST, creators),
    companies: tv.production_companies.map((c) => ({ name: c.name.trim(), country: nonEmpty(c.origin_country) })),
    rating: ratingOf(tv.vote_average, tv.vote_count),
    poster: posterOf(tv.poster_path),
  };
}

/**
 * A TMDb episode as a TV episode (type 5) with its season and episode number (linked to its
 * series by the data layer); unnamed episodes are called "{series} S1E2".
 * @param imdbId the IMDb id it was asked by (TMDb's season lists carry none)
 */
export function episodeEntry(e: TmdbEpisode, seriesName: string, imdbId: string | null): ExternalEntry {
  const name = nonEmpty(e.name) ?? `${seriesName} S${e.season_number}E${e.episode_number}`;
  const values: Record<string, unknown> = {
    type: MOVIE_TYPES.tv_episode,
    name,
    season: e.season_number,
    episode: e.episode_number,
  };
  setIf(values, 'year', yearOf(e.air_date));
  setIf(values, 'runtime_min', e.runtime && e.runtime > 0 ? e.runtime : null);
  setIf(values, 'imdb_id', imdbId);
  return {
    sourceId: `tmdb-episode:${e.id}`,
    tmdbId: null,
    imdbId,
    type: MOVIE_TYPES.tv_episode,
    values,
    finnishName: null,
    plot: nonEmpty(e.overview),
    credits: creditsOf(e.guest_stars, e.crew, MAX_GUEST_STARS),
    companies: [],
    rating: ratingOf(e.vote_average, e.vote_count),
    poster: null,
  };
}

// ------------------------------------------------------------------ fetching

const notFound = () => new AppError('external_not_found');

/** A show with every episode of its numbered seasons (one request per season). */
async function fetchSeries(cfg: TmdbConfig, tvId: number): Promise<ExternalTitle> {
  const tv = await getTmdbTv(cfg, tvId);
  if (!tv) throw notFound();
  const main = seriesEntry(tv);
  const episodes: ExternalEntry[] = [];
  const seasons = [...new Set(tv.seasons.map((s) => s.season_number).filter((n) => n >= 1))].sort((a, b) => a - b);
  for (const n of seasons) {
    const season = await getTmdbSeason(cfg, tvId, n);
    for (const e of season?.episodes ?? []) episodes.push(episodeEntry(e, main.values.name as string, null));
  }
  return { main, series: null, episodes };
}

/** One episode of a show, with the show. */
async function fetchEpisode(
  cfg: TmdbConfig,
  at: { tvId: number; season: number; episode: number },
  imdbId: string | null,
): Promise<ExternalTitle> {
  const tv = await getTmdbTv(cfg, at.tvId);
  if (!tv) throw notFound();
  const season = await getTmdbSeason(cfg, at.tvId, at.season);
  const e = season?.episodes.find((x) => x.episode_number === at.episode);
  if (!e) throw notFound();
  const series = seriesEntry(tv);
  return { main: episodeEntry(e, series.values.name as string, imdbId), series, episodes: [] };
}

/**
 * Reads a title from TMDb as the catalogue entry of movie type `type` (lib/validation/enums.ts
 * MOVIE_TYPES): by IMDb id through TMDb's find, looked up among TMDb's movies (types 1, 3, 4),
 * shows (2) or episodes (5); or by TMDb's own id of that kind. A show comes with its episodes
 * (a request per season), an episode with its show. Network only: nothing is written.
 * @returns the title, its show (an episode) and its episodes (a show)
 * @throws AppError external_not_found when TMDb has no title of that kind under the id
 *   ("no entry matches the given id and movie type"), external_unavailable when TMDb fails
 */
export async function fetchExternalTitle(cfg: TmdbConfig, ref: ExternalRef, type: MovieType): Promise<ExternalTitle> {
  const kind = externalKindOf(type);
  if ('imdbId' in ref) {
    const found = await findByImdbId(cfg, ref.imdbId);
    if (kind === 'movie') {
      const id = found.movie_results[0]?.id;
      const m = id == null ? null : await getTmdbMovie(cfg, id);
      if (!m) throw notFound();
      return { main: movieEntry(m, type, ref.imdbId), series: null, episodes: [] };
    }
    if (kind === 'tv') {
      const id = found.tv_results[0]?.id;
      if (id == null) throw notFound();
      return fetchSeries(cfg, id);
    }
    const e = found.tv_episode_results[0];
    if (!e) throw notFound();
    return fetchEpisode(cfg, { tvId: e.show_id, season: e.season_number, episode: e.episode_number }, ref.imdbId);
  }
  if ('tmdbMovieId' in ref) {
    const m = kind === 'movie' ? await getTmdbMovie(cfg, ref.tmdbMovieId) : null;
    if (!m) throw notFound();
    return { main: movieEntry(m, type, null), series: null, episodes: [] };
  }
  if ('season' in ref) {
    if (kind !== 'episode') throw notFound();
    return fetchEpisode(cfg, { tvId: ref.tmdbTvId, season: ref.season, episode: ref.episode }, null);
  }
  if (kind !== 'tv') throw notFound();
  return fetchSeries(cfg, ref.tmdbTvId);
}
