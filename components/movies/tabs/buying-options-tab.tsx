import { getTranslations } from 'next-intl/server';
import { BuyingLinks } from '@/components/listing/media';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/buying_options`: the way to add one, then the approved shopping links, with the site's affiliate parameter. */
export async function MovieBuyingOptionsTab({ title, locale }: MovieTabProps) {
  const tr = await getTranslations({ locale, namespace: 'releases' });
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id }}
      tab="buying_options"
      locale={locale}
      empty={<MovieTabEmpty tab="buying_options" locale={locale} />}
    >
      {title.buying_links.length ? (
        <BuyingLinks links={title.buying_links} linkLabel={(shop) => tr('buyAt', { shop })} />
      ) : null}
    </ItemMediaTab>
  );
}
