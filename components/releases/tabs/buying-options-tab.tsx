import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/buying_options`: the way to add one, then the release's approved buying options (components/media/item-media-tab.tsx). */
export async function ReleaseBuyingOptionsTab({ release, locale }: ReleaseTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id, name: release.name }}
      media={{ tab: 'buying_options', links: release.buying_links }}
      locale={locale}
      empty={<ReleaseTabEmpty tab="buying_options" locale={locale} />}
    />
  );
}
