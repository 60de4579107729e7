import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { WRITE_LINK_CLASS } from '@/components/community/write-link';
import { BuyingLinks, PictureGrid, VideoList } from '@/components/listing/media';
import type { BuyingLinkDto, PictureDto, VideoDto } from '@/lib/data/types';
import { enumKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import type { MediaItemType } from '@/lib/validation/media-fields';

/** A media tab's content: the item's pictures, videos or shopping links. */
export type ItemMedia =
  | { tab: 'photos'; pictures: PictureDto[] }
  | { tab: 'videos'; videos: VideoDto[] }
  | { tab: 'buying_options'; links: BuyingLinkDto[] };

const ADD_LABELS = { photos: 'addPicture', videos: 'addVideo', buying_options: 'addLink' } as const;

/**
 * The photos, videos and buying-options tabs of a movie or release page: the way to add one
 * (`{tab}/new`; a visitor logs in first), then the approved ones (pictures and videos with a link to
 * their edit page), or the tab's empty state. The same for everyone: the page is cached.
 */
export async function ItemMediaTab({
  item,
  media,
  locale,
  empty,
}: {
  item: { type: MediaItemType; public_id: string; name: string };
  media: ItemMedia;
  locale: string;
  /** The tab's empty state. */
  empty: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'media' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  let list: ReactNode = null;
  if (media.tab === 'photos' && media.pictures.length)
    list = (
      <PictureGrid
        pictures={media.pictures}
        alt={item.name}
        typeName={(n) => te(enumKey('pictureTypes', n))}
        editLabel={t('edit')}
      />
    );
  else if (media.tab === 'videos' && media.videos.length)
    list = (
      <VideoList
        videos={media.videos}
        typeName={(n) => te(enumKey('videoTypes', n))}
        playLabel={(title) => t('play', { title })}
        editLabel={t('edit')}
      />
    );
  else if (media.tab === 'buying_options' && media.links.length)
    list = <BuyingLinks links={media.links} linkLabel={(shop) => tr('buyAt', { shop })} />;
  return (
    <div>
      <Link
        href={`/${item.type}/${item.public_id}/${media.tab}/new`}
        className={WRITE_LINK_CLASS}
        data-testid="media-add"
      >
        {t(ADD_LABELS[media.tab])}
      </Link>
      {list ?? empty}
    </div>
  );
}
