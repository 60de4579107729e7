import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ReleaseDetailPage, releaseMetadata } from '@/components/releases/release-detail-page';
import { ReleaseVideosTab } from '@/components/releases/tabs/videos-tab';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Release page, tab `videos` (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return releaseMetadata(locale, publicId, 'videos');
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <ReleaseDetailPage locale={locale} publicId={publicId} tab="videos" content={ReleaseVideosTab} />;
}
