import { loadOtherReleases } from '../load';
import { ReleaseGrid } from '../release-card';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/other_releases`: other releases of the same movies. */
export async function OtherReleasesTab({ release, locale }: ReleaseTabProps) {
  const others = await loadOtherReleases(release.public_id);
  return others.length ? (
    <ReleaseGrid releases={others} locale={locale} headingLevel={2} />
  ) : (
    <ReleaseTabEmpty tab="other_releases" locale={locale} />
  );
}
