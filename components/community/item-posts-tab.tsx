import { getTranslations } from 'next-intl/server';
import { MemberLink } from '@/components/account/member-link';
import { EmptyState } from '@/components/listing/empty-state';
import type { MovieTabProps } from '@/components/movies/tabs/tab-empty';
import type { ReleaseTabProps } from '@/components/releases/tabs/tab-empty';
import { listPosts, type PostLink } from '@/lib/data/posts';
import { Link } from '@/lib/i18n/navigation';
import { PostList } from './post-list';
import { WRITE_LINK_CLASS } from './write-link';

/** Discussions shown on a movie's or release's posts tab (the newest activity first). */
export const ITEM_POSTS_PAGE_SIZE = 24;

/**
 * The discussions about one movie, release or review, newest activity first, with the way to
 * start one (`/posts/new?{type}={id}`) and the translated empty state. The same for everyone on
 * the cached item pages (post and reply events revalidate them).
 */
export async function ItemPosts({ link, locale, empty }: { link: PostLink; locale: string; empty: string }) {
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const page = await listPosts({ [link.type]: link.publicId }, { limit: ITEM_POSTS_PAGE_SIZE });
  return (
    <div>
      <MemberLink href={`/posts/new?${link.type}=${link.publicId}`} className={WRITE_LINK_CLASS} testId="post-write">
        {t('new')}
      </MemberLink>
      {page.items.length ? <PostList posts={page.items} locale={locale} /> : <EmptyState title={empty} />}
      {page.next_cursor ? (
        <p className="mt-4">
          <Link href={`/posts?${link.type}=${link.publicId}`} className="underline">
            {t('all')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** `/movie/{id}/posts`: the discussions about the movie. */
export async function MoviePostsTab({ title, locale }: MovieTabProps) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  return <ItemPosts link={{ type: 'movie', publicId: title.public_id }} locale={locale} empty={t('empty.posts')} />;
}

/** `/release/{id}/posts`: the discussions about the release. */
export async function ReleasePostsTab({ release, locale }: ReleaseTabProps) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  return <ItemPosts link={{ type: 'release', publicId: release.public_id }} locale={locale} empty={t('empty.posts')} />;
}
