import { getTranslations } from 'next-intl/server';
import { VideoList } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/videos`: the movie's videos (trailers, clips) linking to YouTube. */
export async function MovieVideosTab({ title, locale }: MovieTabProps) {
  if (!title.videos.length) return <MovieTabEmpty tab="videos" locale={locale} />;
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  return (
    <VideoList
      videos={title.videos}
      typeName={(n) => te(enumKey('videoTypes', n))}
      linkLabel={(name) => tr('watchOnYoutube', { title: name })}
    />
  );
}
