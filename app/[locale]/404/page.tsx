import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundView } from '@/components/layout/not-found-view';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: t('notFoundTitle'), robots: { index: false, follow: true } };
}

/**
 * `/404` (and `/fi/404`): the page every unknown path redirects to. Answers 200 with
 * `noindex`, offering alternative pages.
 */
export default async function NotFoundPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NotFoundView />;
}
