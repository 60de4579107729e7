import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { MemberLink } from '@/components/account/member-link';
import { WRITE_LINK_CLASS } from '@/components/community/write-link';
import type { MediaItemType } from '@/lib/validation/media-fields';

const ADD_LABELS = { photos: 'addPicture', videos: 'addVideo', buying_options: 'addLink' } as const;

/**
 * The frame of the photos, videos and buying-options tabs of a movie or release page: the way to
 * add one (`{tab}/new`; a visitor logs in first), then the tab's list (`children`, null when there
 * is nothing yet: the tab's empty state instead). Each tab passes its own list, so a tab's route
 * carries only its list's client code (the videos' player stays off the photos tab). The same for
 * everyone: the page is cached.
 */
export async function ItemMediaTab({
  item,
  tab,
  locale,
  empty,
  children,
}: {
  item: { type: MediaItemType; public_id: string };
  tab: keyof typeof ADD_LABELS;
  locale: string;
  /** The tab's empty state. */
  empty: ReactNode;
  /** The approved pictures, videos or links; null when there are none. */
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'media' });
  return (
    <div>
      <MemberLink href={`/${item.type}/${item.public_id}/${tab}/new`} className={WRITE_LINK_CLASS} testId="media-add">
        {t(ADD_LABELS[tab])}
      </MemberLink>
      {children ?? empty}
    </div>
  );
}
