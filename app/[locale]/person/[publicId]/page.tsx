import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { PersonDetailPage, personMetadata } from '@/components/persons/person-detail-page';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/** Person page: filmography by role (unknown public id → '404 not found', HTTP 404). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return personMetadata({ locale, publicId, tab: 'overview' });
}

export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <PersonDetailPage locale={locale} publicId={publicId} tab="overview" />;
}
