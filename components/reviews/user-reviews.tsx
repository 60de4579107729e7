import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import type { Page, ReviewListItem } from '@/lib/data/types';
import type { PublicUser } from '@/lib/data/users';
import { ReviewList } from './review-list';

/** `/user/{id}/reviews`: the user's reviews newest first in keyset pages (`?cursor=`), or the empty state. */
export async function UserReviews({
  user,
  locale,
  href,
  cursor,
  page,
}: {
  user: PublicUser;
  locale: string;
  href: string;
  cursor: string;
  page: Page<ReviewListItem>;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <div>
      {page.items.length ? (
        <ReviewList reviews={page.items} locale={locale} />
      ) : (
        <EmptyState title={t('tabs.reviews')}>{t('tabEmpty.reviews', { name: user.name })}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
