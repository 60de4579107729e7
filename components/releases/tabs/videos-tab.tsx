import { getTranslations } from 'next-intl/server';
import { VideoList } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/videos`: the release's videos linking to YouTube. */
export async function ReleaseVideosTab({ release, locale }: ReleaseTabProps) {
  if (!release.videos.length) return <ReleaseTabEmpty tab="videos" locale={locale} />;
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (
    <VideoList
      videos={release.videos}
      typeName={(n) => te(enumKey('videoTypes', n))}
      linkLabel={(title) => t('watchOnYoutube', { title })}
    />
  );
}
