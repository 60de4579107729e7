import { ComparePicker } from '@/components/movies/compare-picker';
import { loadOtherReleases } from '../load';
import { ReleaseGrid } from '../release-card';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/**
 * `/release/{id}/other_releases`: other releases of the same movies. A release of one movie lets
 * its readers tick others to compare with it (`/movie/{id}/compare`).
 */
export async function OtherReleasesTab({ release, locale }: ReleaseTabProps) {
  const others = await loadOtherReleases(release.public_id);
  if (!others.length) return <ReleaseTabEmpty tab="other_releases" locale={locale} />;
  if (release.movies.length !== 1) return <ReleaseGrid releases={others} locale={locale} headingLevel={2} />;
  return (
    <ComparePicker locale={locale} moviePublicId={release.movies[0].public_id} withRelease={release.public_id}>
      <ReleaseGrid releases={others} locale={locale} headingLevel={2} pick />
    </ComparePicker>
  );
}
