import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { PageHeading } from '@/components/listing/page-heading';
import { ScanView } from '@/components/scan/scan-view';
import { pageMetadata } from '@/lib/seo';
import { FORMAT_IDS } from '@/lib/validation/enums';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'scan' });
  return pageMetadata({ locale, path: '/scan', title: t('title'), description: t('description') });
}

/**
 * `/scan` (and `/fi/scan`): the barcode scanner (components/scan/scan-view.tsx). The page is the
 * same for everyone (the member's answers are read in the browser), so it is built once per
 * language; the offline service worker keeps it for scans without a connection.
 */
export default async function ScanPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'scan' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const formats = Object.fromEntries(FORMAT_IDS.map((id) => [id, te(`formats.${id}` as 'formats.1')]));
  return (
    <ClientMessages scope="scan">
      <PageHeading title={t('title')} lead={t('lead')} />
      <ScanView formats={formats} />
    </ClientMessages>
  );
}
