/**
 * The input of an import from the external movie database (TMDb, lib/external/tmdb.ts): an IMDb
 * id and the movie type it is imported as, and the points the importing admin earns. Pure: shared
 * by the admin form and the server.
 */
import { z } from 'zod';
import { MOVIE_TYPE_IDS, MOVIE_TYPES, type MovieType } from './enums';
import { IMDB_ID_PATTERN, isImdbId } from './imdb';

export { IMDB_ID_PATTERN, isImdbId };

/** Points for adding a movie from the external movie database (a refresh of one already in the catalogue earns none). */
export const EXTERNAL_IMPORT_POINTS = 2;

/** The movie types the import form offers, in its order: movie, TV series, TV episode, short, documentary. */
export const EXTERNAL_IMPORT_TYPES: readonly MovieType[] = [
  MOVIE_TYPES.movie,
  MOVIE_TYPES.tv_series,
  MOVIE_TYPES.tv_episode,
  MOVIE_TYPES.short,
  MOVIE_TYPES.documentary,
];

/**
 * Which of the external database's kinds a movie type is looked up as: a movie, short or
 * documentary as a movie, a TV series as a TV show, a TV episode as an episode.
 */
export function externalKindOf(type: MovieType): 'movie' | 'tv' | 'episode' {
  if (type === MOVIE_TYPES.tv_series) return 'tv';
  if (type === MOVIE_TYPES.tv_episode) return 'episode';
  return 'movie';
}

/**
 * POST /api/admin/import: `{ imdb_id, type }`. The id is trimmed (an IMDb address's `tt…` part is
 * not taken: the form asks for the id); the type is a movie type id 1-5 (lib/validation/enums.ts
 * MOVIE_TYPES), as a number or its digits (a form's select). A bad value is the field's
 * `invalid` problem.
 */
export const externalImportSchema = z.object({
  imdb_id: z
    .string()
    .trim()
    .regex(IMDB_ID_PATTERN)
    .meta({ description: 'IMDb title id: tt and 7-10 digits, e.g. tt0133093', example: 'tt0133093' }),
  type: z.coerce
    .number()
    .int()
    .refine((n): n is MovieType => (MOVIE_TYPE_IDS as number[]).includes(n))
    .transform((n) => n as MovieType)
    .meta({
      description: 'Movie type the title is imported as: 1 movie, 2 TV series, 3 short, 4 documentary, 5 TV episode',
      override: { type: 'integer', enum: [1, 2, 3, 4, 5] },
    }),
});

/** A parsed import request. */
export type ExternalImportInput = z.output<typeof externalImportSchema>;
