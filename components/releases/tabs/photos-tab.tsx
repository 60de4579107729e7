import { getTranslations } from 'next-intl/server';
import { PictureGrid } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/photos`: the release's pictures (covers, discs, …) with their types. */
export async function ReleasePhotosTab({ release, locale }: ReleaseTabProps) {
  if (!release.pictures.length) return <ReleaseTabEmpty tab="photos" locale={locale} />;
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (
    <PictureGrid pictures={release.pictures} alt={release.name} typeName={(n) => te(enumKey('pictureTypes', n))} />
  );
}
