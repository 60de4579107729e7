import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { MovieDetailPage, movieMetadata } from '@/components/movies/movie-detail-page';
import { MovieReleasesTab } from '@/components/movies/tabs/releases-tab';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Movie page, tab `releases` (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return movieMetadata(locale, publicId, 'releases');
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <MovieDetailPage locale={locale} publicId={publicId} tab="releases" content={MovieReleasesTab} />;
}
