import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { MovieDetailPage, movieMetadata } from '@/components/movies/movie-detail-page';
import { MovieReviewsTab } from '@/components/reviews/item-reviews-tab';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Movie page, tab `reviews` (its reviews and the best edition of its releases) (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return movieMetadata(locale, publicId, 'reviews');
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <MovieDetailPage locale={locale} publicId={publicId} tab="reviews" content={MovieReviewsTab} />;
}
