import { getTranslations } from 'next-intl/server';
import { VideoList } from '@/components/listing/video-list';
import { enumKey } from '@/lib/i18n/keys';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/videos`: the way to add one, then the approved videos, played in place on a press. */
export async function MovieVideosTab({ title, locale }: MovieTabProps) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const t = await getTranslations({ locale, namespace: 'media' });
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id }}
      tab="videos"
      locale={locale}
      empty={<MovieTabEmpty tab="videos" locale={locale} />}
    >
      {title.videos.length ? (
        <VideoList
          videos={title.videos}
          typeName={(n) => te(enumKey('videoTypes', n))}
          playLabel={(title) => t('play', { title })}
          editLabel={t('edit')}
        />
      ) : null}
    </ItemMediaTab>
  );
}
