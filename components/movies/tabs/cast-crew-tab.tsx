import { CastCrew } from '../cast-crew';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/cast_crew`: all cast and crew by role, linking to persons. */
export function MovieCastCrewTab({ title, locale }: MovieTabProps) {
  return title.cast_crew.length ? (
    <CastCrew credits={title.cast_crew} locale={locale} headingLevel={2} />
  ) : (
    <MovieTabEmpty tab="cast_crew" locale={locale} />
  );
}
