import { ReleasesByFormat } from '../releases-by-format';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/releases`: every release of the movie grouped by format. */
export function MovieReleasesTab({ title, locale }: MovieTabProps) {
  return title.releases.length ? (
    <ReleasesByFormat releases={title.releases} locale={locale} headingLevel={2} />
  ) : (
    <MovieTabEmpty tab="releases" locale={locale} />
  );
}
