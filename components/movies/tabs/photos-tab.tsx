import { getTranslations } from 'next-intl/server';
import { PictureGrid } from '@/components/listing/media';
import { enumKey } from '@/lib/i18n/keys';
import { ItemMediaTab } from '@/components/media/item-media-tab';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/photos`: the way to add one, then the approved pictures with their types, each linking to its edit page. */
export async function MoviePhotosTab({ title, locale }: MovieTabProps) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const t = await getTranslations({ locale, namespace: 'media' });
  return (
    <ItemMediaTab
      item={{ type: 'movie', public_id: title.public_id }}
      tab="photos"
      locale={locale}
      empty={<MovieTabEmpty tab="photos" locale={locale} />}
    >
      {title.pictures.length ? (
        <PictureGrid
          pictures={title.pictures}
          alt={title.name}
          typeName={(n) => te(enumKey('pictureTypes', n))}
          editLabel={t('edit')}
        />
      ) : null}
    </ItemMediaTab>
  );
}
