import { getTranslations } from 'next-intl/server';
import { PictureGrid } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/photos`: the movie's pictures with their types. */
export async function MoviePhotosTab({ title, locale }: MovieTabProps) {
  if (!title.pictures.length) return <MovieTabEmpty tab="photos" locale={locale} />;
  const te = await getTranslations({ locale, namespace: 'enums' });
  return <PictureGrid pictures={title.pictures} alt={title.name} typeName={(n) => te(enumKey('pictureTypes', n))} />;
}
