import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import type { PostListItem } from '@/lib/data/posts';
import type { Page } from '@/lib/data/types';
import type { PublicUser } from '@/lib/data/users';
import { PostList } from './post-list';

/** `/user/{id}/posts`: the discussions the user started, newest activity first (`?cursor=`), or the empty state. */
export async function UserPosts({
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
  page: Page<PostListItem>;
}) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <div>
      {page.items.length ? (
        <PostList posts={page.items} locale={locale} />
      ) : (
        <EmptyState title={t('tabs.posts')}>{t('tabEmpty.posts', { name: user.name })}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
