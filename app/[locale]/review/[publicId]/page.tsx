import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ReviewArticle } from '@/components/reviews/review-article';
import { ReviewDeleteButton } from '@/components/reviews/review-delete-button';
import { currentActor } from '@/lib/auth/session';
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
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({
    locale,
    path: `/review/${publicId}`,
    title: review.headline,
    description: review.ingress ?? t('of', { name: review.movie.name }),
  });
}

/**
 * /review/{public_id} (spec §2): one review in full; its author sees the edit link and the
 * delete button. Unknown ids answer 404. Data: lib/data/reviews.ts getReview.
 */
export default async function ReviewPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const review = await reviewOr404(publicId);
  const actor = await currentActor();
  // The author's own review (the DTO names the author by public id only).
  const own = !!actor && actor.publicId === review.author.public_id;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const tf = await getTranslations({ locale, namespace: 'forms' });
  return (
    <div>
      <ReviewArticle review={review} locale={locale} />
      {own ? (
        <p className="mt-6 flex flex-wrap items-center gap-3">
          <Link
            href={`/review/${review.public_id}/edit`}
            className="inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm"
            data-testid="review-edit"
          >
            {t('edit')}
          </Link>
          <ReviewDeleteButton
            publicId={review.public_id}
            labels={{
              delete: t('delete'),
              confirm: t('deleteConfirm'),
              deleted: t('deleted'),
              failed: tf('submitFailed'),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
