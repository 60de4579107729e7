import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { StaticPage, staticPageMetadata } from '@/components/layout/static-page';
import { alternatesFor } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const base = await staticPageMetadata(locale, 'privacy');
  return { ...base, alternates: alternatesFor(locale, '/privacy-policy') };
}

/** /privacy-policy (and /fi/privacy-policy): static text from the `static.privacy` messages. */
export default async function PrivacyPolicyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <StaticPage locale={locale} page="privacy" />;
}
