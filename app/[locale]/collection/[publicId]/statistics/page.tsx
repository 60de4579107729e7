import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { CollectionStatsView } from '@/components/collections/collection-stats';
import { currentActor } from '@/lib/auth/session';
import { collectionStats } from '@/lib/data/collection-stats';
import { pageMetadata } from '@/lib/seo';
import { loadVisibleCollection } from '@/components/collections/load';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const c = await loadVisibleCollection(publicId);
  if (!c) return {};
  const t = await getTranslations({ locale, namespace: 'collections' });
  const name = collectionTitle(c, t);
  return pageMetadata({
    locale,
    path: `/collection/${publicId}/statistics`,
    title: `${name}: ${t('stats.title')}`,
    description: `${t('stats.title')} · ${name}`,
    noindex: c.visibility === 'private' || c.deleted,
  });
}

/**
 * /collection/{public_id}/statistics: the statistics view of a collection (counts by format,
 * decade, label and country as server-rendered charts with table fallbacks; total and average
 * value). Visible to whoever may see the collection. Data: lib/data/collection-stats.ts.
 */
export default async function CollectionStatisticsPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const c = await loadVisibleCollection(publicId);
  const stats = c ? await collectionStats(await currentActor(), publicId) : null;
  if (!c || !stats) notFound();
  const t = await getTranslations({ locale, namespace: 'collections' });
  return <CollectionStatsView stats={stats} name={collectionTitle(c, t)} publicId={publicId} locale={locale} />;
}
