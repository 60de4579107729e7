import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { PageHeading } from '@/components/listing/page-heading';
import { releaseOptions, reviewFormLabels } from '@/components/reviews/review-form-labels';
import { ReviewFormLoader } from '@/components/reviews/review-form-loader';
import { currentActor } from '@/lib/auth/session';
import { releasesWithCopy } from '@/lib/data/collections';
import { getReview, reviewFormChoices } from '@/lib/data/reviews';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({
    locale,
    path: `/review/${publicId}/edit`,
    title: t('editTitle'),
    description: t('description'),
    noindex: true,
  });
}

const str = (v: number | null) => (v == null ? '' : String(v));

/**
 * /review/{public_id}/edit: the author's form of their review; a visitor gets the login prompt
 * and dialog, then the form; someone else's or an unknown review answers 404.
 */
export default async function EditReviewPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate locale={locale} title={(await getTranslations({ locale, namespace: 'reviews' }))('editTitle')} />
    );
  const review = isPublicId(publicId) ? await getReview(publicId) : null;
  if (!review || !actor || review.author.public_id !== actor.publicId) notFound();
  const choices = await reviewFormChoices(review.movie.public_id);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return (
    <div>
      <PageHeading title={t('editTitle')} lead={review.movie.name} />
      <ReviewFormLoader
        publicId={review.public_id}
        releases={await releaseOptions(
          choices?.releases ?? [],
          locale,
          await releasesWithCopy(
            actor,
            (choices?.releases ?? []).map((r) => r.public_id),
          ),
        )}
        labels={await reviewFormLabels(locale, 'edit')}
        initial={{
          headline: review.headline,
          ingress: review.ingress ?? '',
          body: review.body,
          language: review.language,
          watch_source: str(review.watch_source),
          youtube_url: review.youtube_url ?? '',
          release: review.release?.public_id ?? '',
          rating_movie: str(review.ratings.movie),
          rating_release: str(review.ratings.release),
          rating_picture: str(review.ratings.picture),
          rating_sound: str(review.ratings.sound),
          rating_extras: str(review.ratings.extras),
          rating_package: str(review.ratings.package),
        }}
      />
    </div>
  );
}
