import { getTranslations } from 'next-intl/server';
import { PostList } from '@/components/community/post-list';
import { EmptyState } from '@/components/listing/empty-state';
import { ReviewList } from '@/components/reviews/review-list';
import type { PostListItem } from '@/lib/data/posts';
import type { ReviewListItem } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';
import { PreviewSection } from '@/components/listing/preview-section';

/** Reviews and discussions previewed on the home page. */
export const HOME_COMMUNITY_SIZE = 4;

/**
 * The home page's community half (server component): the newest reviews and the discussions with
 * the latest activity, side by side on wide screens, each with a "See all" link; an empty one
 * invites the first review or discussion.
 */
export async function CommunityPreview({
  reviews,
  posts,
  locale,
}: {
  reviews: ReviewListItem[];
  posts: PostListItem[];
  locale: string;
}) {
  const t = await getTranslations({ locale, namespace: 'home' });
  const tr = await getTranslations({ locale, namespace: 'reviews' });
  const tp = await getTranslations({ locale, namespace: 'community.posts' });
  const invite = (href: string, text: string) => (
    <Link href={href} className="font-medium text-accent-strong underline">
      {text}
    </Link>
  );
  return (
    <div className="grid gap-x-8 lg:grid-cols-2">
      <PreviewSection id="home-reviews" title={t('reviews')} seeAll={t('seeAll')} href="/reviews">
        {reviews.length ? (
          <ReviewList reviews={reviews} locale={locale} heading="h3" />
        ) : (
          <EmptyState title={tr('empty')}>{invite('/reviews/new', tr('new'))}</EmptyState>
        )}
      </PreviewSection>
      <PreviewSection id="home-posts" title={t('posts')} seeAll={t('seeAll')} href="/posts">
        {posts.length ? (
          <PostList posts={posts} locale={locale} heading="h3" />
        ) : (
          <EmptyState title={tp('empty')}>{invite('/posts/new', tp('new'))}</EmptyState>
        )}
      </PreviewSection>
    </div>
  );
}
