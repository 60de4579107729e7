import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { mediaFormMetadata, NewMediaPage } from '@/components/media/media-pages';

/** Rendered per request (not cached with the item page's segment `revalidate`): it reads the session. */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return mediaFormMetadata(locale, `/release/${publicId}/videos/new`, 'newVideo');
}

/** /release/{public_id}/videos/new: a member adds a video to the release (waits for approval; visitors log in first). */
export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages scope="mediaForm">
      <NewMediaPage locale={locale} itemType="release" publicId={publicId} kind="video" />
    </ClientMessages>
  );
}
