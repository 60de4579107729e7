import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { EditMediaPage, mediaFormMetadata } from '@/components/media/media-pages';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return mediaFormMetadata(locale, `/video/${publicId}/edit`, 'editVideo');
}

/** /video/{public_id}/edit: a member suggests a change or the deletion of a video (visitors log in first). */
export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages scope="mediaForm">
      <EditMediaPage locale={locale} kind="video" publicId={publicId} />
    </ClientMessages>
  );
}
