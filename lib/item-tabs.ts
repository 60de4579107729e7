/**
 * The tabs (subpages) of the release and movie pages, defined once: the pages' tab bars, their
 * routes (`app/[locale]/{release,movie}/[publicId]/{tab}`) and the page cache's list of paths to
 * revalidate (lib/page-cache.ts) all read these. `overview` is the item page itself. Pure.
 */

/** Release page tabs in display order: `/release/{id}`, `/release/{id}/other_releases`, … */
export const RELEASE_TABS = [
  'overview',
  'other_releases',
  'movies',
  'photos',
  'videos',
  'buying_options',
  'reviews',
  'posts',
  'user_collections',
] as const;
export type ReleaseTab = (typeof RELEASE_TABS)[number];

/** Movie page tabs in display order: `/movie/{id}`, `/movie/{id}/releases`, … */
export const MOVIE_TABS = [
  'overview',
  'releases',
  'photos',
  'videos',
  'cast_crew',
  'movie_connections',
  'buying_options',
  'reviews',
  'posts',
  'user_collections',
] as const;
export type MovieTab = (typeof MOVIE_TABS)[number];

/** A tab's path segment below the item page: '' for the overview, else the tab's id. */
export function tabSegment<T extends string>(tab: T): Exclude<T, 'overview'> | '' {
  return tab === 'overview' ? '' : (tab as Exclude<T, 'overview'>);
}
