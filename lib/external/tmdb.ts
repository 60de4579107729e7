import 'server-only';
/**
 * Client of the external movie database, TMDb (The Movie Database), API version 3: the four reads
 * the admins' import needs (lib/data/external-import.ts), each checked against the shape TMDb
 * documents (https://developer.themoviedb.org/reference) with the fields the import reads:
 *  - find a title by its IMDb id: `GET /find/{imdb_id}?external_source=imdb_id`;
 *  - a movie with its credits, images, external ids, release dates (certifications) and
 *    translations: `GET /movie/{id}?append_to_response=credits,images,external_ids,release_dates,translations`;
 *  - a TV show with the same and its content ratings: `GET /tv/{id}?append_to_response=credits,external_ids,images,content_ratings,translations`;
 *  - a season's episodes with their crew and guest stars: `GET /tv/{id}/season/{n}`.
 * Production companies come with a movie's and a show's details.
 *
 * Configuration (environment, read on each call):
 *  - `TMDB_API_KEY`: the key. Unset or empty: the import is off (tmdbConfig() is null). A v3
 *    "API Key" (32 hex characters) is sent as the `api_key` query parameter; a v4 "API Read Access
 *    Token" (a JWT: three dot-separated parts) as `Authorization: Bearer …`. TMDb accepts either
 *    on every v3 endpoint.
 *  - `TMDB_API_URL`: the API's base address (default https://api.themoviedb.org/3); the tests
 *    point it at a local server.
 *  - `TMDB_TIMEOUT_MS`: how long one request may take in milliseconds (default 10000).
 * Requests use Node's built-in fetch. Names and texts are asked in English (`language=en-US`);
 * the Finnish names come from the translations.
 *
 * Errors: a 404 answers null (the id is unknown to TMDb); anything else that is not a 200 with the
 * expected JSON (a timeout, a network error, 401 for a wrong key, 429, 5xx, an unexpected body)
 * is logged (the path, never the key) and thrown as AppError('external_unavailable') (HTTP 502).
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { logWarn } from '@/lib/log';

/** TMDb's v3 API. */
export const DEFAULT_TMDB_API_URL = 'https://api.themoviedb.org/3';
/** Milliseconds one request to TMDb may take. */
export const DEFAULT_TMDB_TIMEOUT_MS = 10_000;

/** Where and how to reach TMDb. */
export type TmdbConfig = {
  /** Base address without a trailing slash, e.g. https://api.themoviedb.org/3. */
  baseUrl: string;
  /** A v3 API key or a v4 read access token (see {@link isBearerToken}). */
  apiKey: string;
  /** Milliseconds per request. */
  timeoutMs: number;
};

/**
 * The configuration from the environment (`TMDB_API_KEY`, `TMDB_API_URL`, `TMDB_TIMEOUT_MS`).
 * @returns null when TMDB_API_KEY is unset or empty: the import is off
 */
export function tmdbConfig(env: Readonly<Record<string, string | undefined>> = process.env): TmdbConfig | null {
  const apiKey = env.TMDB_API_KEY?.trim();
  if (!apiKey) return null;
  const timeout = Number(env.TMDB_TIMEOUT_MS);
  return {
    baseUrl: (env.TMDB_API_URL?.trim() || DEFAULT_TMDB_API_URL).replace(/\/+$/, ''),
    apiKey,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TMDB_TIMEOUT_MS,
  };
}

/** Whether the import is configured (TMDB_API_KEY set). */
export function isExternalImportEnabled(): boolean {
  return tmdbConfig() !== null;
}

/** Whether a key is a v4 read access token (a JWT, sent as a Bearer token) rather than a v3 API key. Pure. */
export function isBearerToken(key: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(key);
}

// ------------------------------------------------------------------ response shapes

const text = z.string().nullish();
const int = z.number().int().nullish();
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

const castSchema = z.object({ id: z.number().int(), name: z.string(), character: text, order: int });
const crewSchema = z.object({ id: z.number().int(), name: z.string(), job: text, department: text });
const creditsSchema = z
  .object({ cast: list(castSchema), crew: list(crewSchema) })
  .nullish()
  .transform((v) => v ?? { cast: [], crew: [] });
const companySchema = z.object({ id: z.number().int(), name: z.string(), origin_country: text });
const countrySchema = z.object({ iso_3166_1: z.string(), name: z.string() });
const languageSchema = z.object({ iso_639_1: z.string(), english_name: text, name: text });
const externalIdsSchema = z.object({ imdb_id: text }).nullish();
const translationsSchema = z
  .object({
    translations: list(
      z.object({
        iso_639_1: z.string(),
        iso_3166_1: z.string(),
        data: z.object({ title: text, name: text, overview: text }).nullish(),
      }),
    ),
  })
  .nullish();
const imagesSchema = z
  .object({ posters: list(z.object({ file_path: z.string(), iso_639_1: text, vote_average: z.number().nullish() })) })
  .nullish();

/** `GET /find/{imdb_id}`: the matches of an IMDb id by kind (each list empty when none). */
export const tmdbFindSchema = z.object({
  movie_results: list(z.object({ id: z.number().int() })),
  tv_results: list(z.object({ id: z.number().int() })),
  tv_episode_results: list(
    z.object({
      id: z.number().int(),
      show_id: z.number().int(),
      season_number: z.number().int(),
      episode_number: z.number().int(),
    }),
  ),
});
export type TmdbFind = z.output<typeof tmdbFindSchema>;

/** `GET /movie/{id}` with credits, images, external ids, release dates and translations. Runtime in minutes. */
export const tmdbMovieSchema = z.object({
  id: z.number().int(),
  imdb_id: text,
  title: z.string(),
  original_title: text,
  overview: text,
  /** YYYY-MM-DD, or "" when unknown. */
  release_date: text,
  runtime: int,
  adult: z.boolean().nullish(),
  genres: list(z.object({ name: z.string() })),
  production_countries: list(countrySchema),
  spoken_languages: list(languageSchema),
  production_companies: list(companySchema),
  poster_path: text,
  /** 0-10. */
  vote_average: z.number().nullish(),
  vote_count: int,
  credits: creditsSchema,
  images: imagesSchema,
  external_ids: externalIdsSchema,
  release_dates: z
    .object({
      results: list(
        z.object({
          iso_3166_1: z.string(),
          release_dates: list(z.object({ certification: text, type: int })),
        }),
      ),
    })
    .nullish(),
  translations: translationsSchema,
});
export type TmdbMovie = z.output<typeof tmdbMovieSchema>;

/** `GET /tv/{id}` with credits, external ids, images, content ratings and translations. Run times in minutes. */
export const tmdbTvSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  original_name: text,
  overview: text,
  first_air_date: text,
  episode_run_time: list(z.number()),
  adult: z.boolean().nullish(),
  genres: list(z.object({ name: z.string() })),
  origin_country: list(z.string()),
  production_countries: list(countrySchema),
  spoken_languages: list(languageSchema),
  production_companies: list(companySchema),
  created_by: list(z.object({ id: z.number().int(), name: z.string() })),
  number_of_seasons: int,
  number_of_episodes: int,
  seasons: list(z.object({ season_number: z.number().int(), episode_count: int })),
  poster_path: text,
  vote_average: z.number().nullish(),
  vote_count: int,
  credits: creditsSchema,
  images: imagesSchema,
  external_ids: externalIdsSchema,
  content_ratings: z.object({ results: list(z.object({ iso_3166_1: z.string(), rating: text })) }).nullish(),
  translations: translationsSchema,
});
export type TmdbTv = z.output<typeof tmdbTvSchema>;

/** One episode of `GET /tv/{id}/season/{n}`. */
export const tmdbEpisodeSchema = z.object({
  id: z.number().int(),
  name: text,
  overview: text,
  air_date: text,
  season_number: z.number().int(),
  episode_number: z.number().int(),
  runtime: int,
  still_path: text,
  vote_average: z.number().nullish(),
  vote_count: int,
  crew: list(crewSchema),
  guest_stars: list(castSchema),
});
export type TmdbEpisode = z.output<typeof tmdbEpisodeSchema>;

/** `GET /tv/{id}/season/{n}`: the season's episodes in order. */
export const tmdbSeasonSchema = z.object({
  season_number: z.number().int(),
  episodes: list(tmdbEpisodeSchema),
});
export type TmdbSeason = z.output<typeof tmdbSeasonSchema>;

// ------------------------------------------------------------------ requests

function unavailable(path: string, detail: unknown): AppError {
  logWarn(`TMDb request failed: GET ${path}`, detail);
  return new AppError('external_unavailable');
}

/**
 * One GET of the API: `path` (with its leading slash, below the base address) and query
 * parameters; the key goes as `api_key` or as a Bearer token.
 * @returns the body checked against `schema`, or null for a 404
 * @throws AppError('external_unavailable') for anything else but a 200 with a body of that shape
 */
async function tmdbGet<S extends z.ZodType>(
  cfg: TmdbConfig,
  path: string,
  params: Record<string, string>,
  schema: S,
): Promise<z.output<S> | null> {
  const url = new URL(`${cfg.baseUrl}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (isBearerToken(cfg.apiKey)) headers.authorization = `Bearer ${cfg.apiKey}`;
  else url.searchParams.set('api_key', cfg.apiKey);
  let res: Response | null = null;
  // A connection the server closed as it was reused (ECONNRESET) is a network error: tried once
  // more on a new one. A timeout is not retried.
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(cfg.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut || attempt >= 2) throw unavailable(path, error);
    }
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw unavailable(path, `HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (error) {
    throw unavailable(path, error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unavailable(path, parsed.error.issues.slice(0, 3));
  return parsed.data;
}

/** Every path segment TMDb gets from us is a number or an IMDb id: nothing to escape, but never trust it. */
const segment = (v: string | number) => encodeURIComponent(String(v));

/**
 * The titles TMDb knows by an IMDb id (`GET /find/{imdb_id}?external_source=imdb_id`).
 * @returns the matches by kind, each list empty when none (a 404 reads as no match)
 * @throws AppError('external_unavailable')
 */
export async function findByImdbId(cfg: TmdbConfig, imdbId: string): Promise<TmdbFind> {
  const found = await tmdbGet(cfg, `/find/${segment(imdbId)}`, { external_source: 'imdb_id' }, tmdbFindSchema);
  return found ?? { movie_results: [], tv_results: [], tv_episode_results: [] };
}

/**
 * A movie with its credits, posters, external ids, release dates and translations.
 * @returns null when TMDb has no movie with this id
 * @throws AppError('external_unavailable')
 */
export async function getTmdbMovie(cfg: TmdbConfig, id: number): Promise<TmdbMovie | null> {
  return tmdbGet(
    cfg,
    `/movie/${segment(id)}`,
    {
      language: 'en-US',
      append_to_response: 'credits,images,external_ids,release_dates,translations',
      include_image_language: 'en,null',
    },
    tmdbMovieSchema,
  );
}

/**
 * A TV show with its credits, external ids, posters, content ratings and translations.
 * @returns null when TMDb has no show with this id
 * @throws AppError('external_unavailable')
 */
export async function getTmdbTv(cfg: TmdbConfig, id: number): Promise<TmdbTv | null> {
  return tmdbGet(
    cfg,
    `/tv/${segment(id)}`,
    {
      language: 'en-US',
      append_to_response: 'credits,external_ids,images,content_ratings,translations',
      include_image_language: 'en,null',
    },
    tmdbTvSchema,
  );
}

/**
 * A season of a TV show with its episodes (each with its crew and guest stars).
 * @returns null when TMDb has no such show or season
 * @throws AppError('external_unavailable')
 */
export async function getTmdbSeason(cfg: TmdbConfig, tvId: number, season: number): Promise<TmdbSeason | null> {
  return tmdbGet(cfg, `/tv/${segment(tvId)}/season/${segment(season)}`, { language: 'en-US' }, tmdbSeasonSchema);
}
