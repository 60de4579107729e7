import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ItemPosts } from '@/components/community/item-posts-tab';
import { PageHeading } from '@/components/listing/page-heading';
import { getReview } from '@/lib/data/reviews';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }> };

async function reviewOr404(publicId: string) {
  const review = isPublicId(publicId) ? await getReview(publicId) : null;
  if (!review) notFound();
  return review;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const review = await reviewOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return pageMetadata({
    locale,
    path: `/review/${publicId}/posts`,
    title: t('aboutTitle', { name: review.headline }),
    description: t('description'),
  });
}

/**
 * /review/{public_id}/posts: the discussions about a review, newest activity first,
 * with the way to start one. Unknown ids answer 404. Data: lib/data/posts.ts listPosts.
 */
export default async function ReviewPostsPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const review = await reviewOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return (
    <div>
      <PageHeading title={t('aboutTitle', { name: review.headline })} />
      <p className="mb-4">
        <Link href={`/review/${review.public_id}`} className="underline">
          {t('backToReview')}
        </Link>
      </p>
      <ItemPosts link={{ type: 'review', publicId: review.public_id }} locale={locale} empty={t('emptyReview')} />
    </div>
  );
}
