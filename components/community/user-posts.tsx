import { UserTabList, type SectionProps } from '@/components/users/user-sections';
import type { PostListItem } from '@/lib/data/posts';
import { PostList } from './post-list';

/** `/user/{id}/posts`: the discussions the user started, newest activity first (`?cursor=`), or the empty state. */
export async function UserPosts({ user, locale, href, cursor, page }: SectionProps<PostListItem>) {
  return (
    <UserTabList tab="posts" user={user} locale={locale} href={href} cursor={cursor} nextCursor={page.next_cursor}>
      {page.items.length ? <PostList posts={page.items} locale={locale} /> : null}
    </UserTabList>
  );
}
