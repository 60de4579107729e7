import { MoviesAside } from './movies-aside';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/movies`: the movies on the release. */
export function ReleaseMoviesTab({ release, locale }: ReleaseTabProps) {
  return release.movies.length ? (
    <MoviesAside release={release} locale={locale} />
  ) : (
    <ReleaseTabEmpty tab="movies" locale={locale} />
  );
}
