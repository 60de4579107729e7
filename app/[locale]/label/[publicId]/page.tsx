import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { LabelDetailPage, labelMetadata } from '@/components/labels/label-detail-page';

type Props = { params: Promise<{ locale: string; publicId: string }> };

/**
 * Label page (`/label/{id}`), first page of its releases; cached (see layout.tsx). It reads no
 * query parameters: `/label/{id}?cursor=…` is rewritten to `./paged` (next.config.ts).
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return labelMetadata(locale, publicId, '');
}

export default async function LabelPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <LabelDetailPage locale={locale} publicId={publicId} cursor="" />;
}
