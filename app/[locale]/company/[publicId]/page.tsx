import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { CompanyDetailPage, companyMetadata } from '@/components/companies/company-detail-page';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/**
 * Production company page (`/company/{id}`), first page of its films; cached (see layout.tsx).
 * It reads no query parameters: `/company/{id}?cursor=…` is rewritten to `./paged` (next.config.ts).
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return companyMetadata(locale, publicId, '');
}

export default async function CompanyPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <CompanyDetailPage locale={locale} publicId={publicId} cursor="" />;
}
