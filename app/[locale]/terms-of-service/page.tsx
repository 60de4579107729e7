import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { StaticPage, staticPageMetadata } from '@/components/layout/static-page';
import { alternatesFor } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const base = await staticPageMetadata(locale, 'terms');
  return { ...base, alternates: alternatesFor(locale, '/terms-of-service') };
}

/** /terms-of-service (and /fi/terms-of-service): static text from the `static.terms` messages. */
export default async function TermsOfServicePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <StaticPage locale={locale} page="terms" />;
}
