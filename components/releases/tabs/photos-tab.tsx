import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/photos`: the way to add one, then the release's approved photos (components/media/item-media-tab.tsx). */
export async function ReleasePhotosTab({ release, locale }: ReleaseTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id, name: release.name }}
      media={{ tab: 'photos', pictures: release.pictures }}
      locale={locale}
      empty={<ReleaseTabEmpty tab="photos" locale={locale} />}
    />
  );
}
