import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { MovieDetailPage, movieMetadata } from '@/components/movies/movie-detail-page';
import { MoviePostsTab } from '@/components/community/item-posts-tab';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Movie page, tab `posts` (the discussions about the movie) (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return movieMetadata(locale, publicId, 'posts');
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <MovieDetailPage locale={locale} publicId={publicId} tab="posts" content={MoviePostsTab} />;
}
