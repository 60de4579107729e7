import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/buying_options`: the way to add one, then the movie's approved buying options (components/media/item-media-tab.tsx). */
export async function MovieBuyingOptionsTab({ title, locale }: MovieTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id, name: title.name }}
      media={{ tab: 'buying_options', links: title.buying_links }}
      locale={locale}
      empty={<MovieTabEmpty tab="buying_options" locale={locale} />}
    />
  );
}
