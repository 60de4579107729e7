import { getTranslations } from 'next-intl/server';
import { VideoList } from '@/components/listing/video-list';
import { enumKey } from '@/lib/i18n/keys';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/videos`: the way to add one, then the approved videos, played in place on a press. */
export async function ReleaseVideosTab({ release, locale }: ReleaseTabProps) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const t = await getTranslations({ locale, namespace: 'media' });
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id }}
      tab="videos"
      locale={locale}
      empty={<ReleaseTabEmpty tab="videos" locale={locale} />}
    >
      {release.videos.length ? (
        <VideoList
          videos={release.videos}
          typeName={(n) => te(enumKey('videoTypes', n))}
          playLabel={(title) => t('play', { title })}
          editLabel={t('edit')}
        />
      ) : null}
    </ItemMediaTab>
  );
}
