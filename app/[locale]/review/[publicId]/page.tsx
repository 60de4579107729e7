import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ThreadPage } from '@/components/community/thread-page';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { ReviewArticle } from '@/components/reviews/review-article';
import { currentActor } from '@/lib/auth/session';
import { getReview } from '@/lib/data/reviews';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

async function reviewOr404(publicId: string) {
  const review = isPublicId(publicId) ? await getReview(publicId) : null;
  if (!review) notFound();
  return review;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const review = await reviewOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({
    locale,
    path: `/review/${publicId}`,
    title: review.headline,
    description: review.ingress ?? t('of', { name: review.movie.name }),
  });
}

/**
 * /review/{public_id}: one review in full with its like button, the link to the
 * discussions about it, and its comments (keyset pages `cursor`, `?reply={comment id}`); its
 * author sees the edit link and the delete button, an admin deletes it with a reason. Rendered
 * per viewer. Unknown ids answer 404. Data: lib/data/reviews.ts getReview, comments.ts.
 */
export default async function ReviewPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const review = await reviewOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const tf = await getTranslations({ locale, namespace: 'forms' });
  const tc = await getTranslations({ locale, namespace: 'community' });
  const sp = await searchParams;
  return (
    <ClientMessages scope="likes">
      <ThreadPage
        item={{ type: 'review', publicId: review.public_id }}
        locale={locale}
        actor={await currentActor()}
        author={review.author.public_id}
        likesCount={review.likes_count}
        cursor={firstParam(sp, 'cursor')}
        reply={firstParam(sp, 'reply')}
        labels={{
          edit: t('edit'),
          delete: t('delete'),
          confirm: t('deleteConfirm'),
          deleted: t('deleted'),
          failed: tf('submitFailed'),
          reason: tc('comments.removeReason'),
        }}
        links={
          <Link
            href={`/review/${review.public_id}/posts`}
            className="inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm"
            data-testid="review-posts"
          >
            {tc('posts.ofReview')}
          </Link>
        }
      >
        <ReviewArticle review={review} locale={locale} />
      </ThreadPage>
    </ClientMessages>
  );
}
