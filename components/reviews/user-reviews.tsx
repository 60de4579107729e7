import { UserTabList, type SectionProps } from '@/components/users/user-sections';
import type { ReviewListItem } from '@/lib/data/types';
import { ReviewList } from './review-list';

/** `/user/{id}/reviews`: the user's reviews newest first in keyset pages (`?cursor=`), or the empty state. */
export async function UserReviews({ user, locale, href, cursor, page }: SectionProps<ReviewListItem>) {
  return (
    <UserTabList tab="reviews" user={user} locale={locale} href={href} cursor={cursor} nextCursor={page.next_cursor}>
      {page.items.length ? <ReviewList reviews={page.items} locale={locale} /> : null}
    </UserTabList>
  );
}
