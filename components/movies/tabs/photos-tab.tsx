import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/photos`: the way to add one, then the movie's approved photos (components/media/item-media-tab.tsx). */
export async function MoviePhotosTab({ title, locale }: MovieTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id, name: title.name }}
      media={{ tab: 'photos', pictures: title.pictures }}
      locale={locale}
      empty={<MovieTabEmpty tab="photos" locale={locale} />}
    />
  );
}
