import { getTranslations } from 'next-intl/server';
import { BuyingLinks } from '@/components/listing/media';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/buying_options`: the way to add one, then the approved shopping links, with the site's affiliate parameter. */
export async function ReleaseBuyingOptionsTab({ release, locale }: ReleaseTabProps) {
  const tr = await getTranslations({ locale, namespace: 'releases' });
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id }}
      tab="buying_options"
      locale={locale}
      empty={<ReleaseTabEmpty tab="buying_options" locale={locale} />}
    >
      {release.buying_links.length ? (
        <BuyingLinks links={release.buying_links} linkLabel={(shop) => tr('buyAt', { shop })} />
      ) : null}
    </ItemMediaTab>
  );
}
