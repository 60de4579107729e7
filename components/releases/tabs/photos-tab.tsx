import { getTranslations } from 'next-intl/server';
import { PictureGrid } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/photos`: the way to add one, then the approved pictures with their types, each linking to its edit page. */
export async function ReleasePhotosTab({ release, locale }: ReleaseTabProps) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const t = await getTranslations({ locale, namespace: 'media' });
  return (
    <ItemMediaTab
      item={{ type: 'release', public_id: release.public_id }}
      tab="photos"
      locale={locale}
      empty={<ReleaseTabEmpty tab="photos" locale={locale} />}
    >
      {release.pictures.length ? (
        <PictureGrid
          pictures={release.pictures}
          alt={release.name}
          typeName={(n) => te(enumKey('pictureTypes', n))}
          editLabel={t('edit')}
        />
      ) : null}
    </ItemMediaTab>
  );
}
