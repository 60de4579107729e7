import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { StaticPage, staticPageMetadata } from '@/components/layout/static-page';
import { alternatesFor } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const base = await staticPageMetadata(locale, 'serviceInfo');
  return { ...base, alternates: alternatesFor(locale, '/service-info') };
}

/** /service-info (and /fi/service-info): static text from the `static.serviceInfo` messages. */
export default async function ServiceInfoPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <StaticPage locale={locale} page="serviceInfo" />;
}
