import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/videos`: the way to add one, then the movie's approved videos (components/media/item-media-tab.tsx). */
export async function MovieVideosTab({ title, locale }: MovieTabProps) {
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id, name: title.name }}
      media={{ tab: 'videos', videos: title.videos }}
      locale={locale}
      empty={<MovieTabEmpty tab="videos" locale={locale} />}
    />
  );
}
