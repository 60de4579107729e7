import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/videos`: the way to add one, then the release's approved videos (components/media/item-media-tab.tsx). */
export async function ReleaseVideosTab({ release, locale }: ReleaseTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id, name: release.name }}
      media={{ tab: 'videos', videos: release.videos }}
      locale={locale}
      empty={<ReleaseTabEmpty tab="videos" locale={locale} />}
    />
  );
}
