import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ReleaseDetailPage, releaseMetadata } from '@/components/releases/release-detail-page';
import { ReleasePostsTab } from '@/components/community/item-posts-tab';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Release page, tab `posts` (the discussions about the release) (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return releaseMetadata(locale, publicId, 'posts');
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <ReleaseDetailPage locale={locale} publicId={publicId} tab="posts" content={ReleasePostsTab} />;
}
