import { ComparePicker } from '../compare-picker';
import { ReleasesByFormat } from '../releases-by-format';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/**
 * `/movie/{id}/releases`: every release of the movie grouped by format; with two or more, each
 * card can be ticked to compare editions (`/movie/{id}/compare`).
 */
export function MovieReleasesTab({ title, locale }: MovieTabProps) {
  if (!title.releases.length) return <MovieTabEmpty tab="releases" locale={locale} />;
  if (title.releases.length < 2) return <ReleasesByFormat releases={title.releases} locale={locale} headingLevel={2} />;
  return (
    <ComparePicker locale={locale} moviePublicId={title.public_id}>
      <ReleasesByFormat releases={title.releases} locale={locale} headingLevel={2} pick />
    </ComparePicker>
  );
}
