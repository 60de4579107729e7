import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import type { ReleaseDetail } from '@/lib/data/types';
import type { ReleaseTab } from '@/lib/item-tabs';

/** What every release tab component receives: the release and the page's locale. */
export type ReleaseTabProps = { release: ReleaseDetail; locale: string };

/** The translated empty state of a release tab without data ("No photos of this release yet."). */
export async function ReleaseTabEmpty({ tab, locale }: { tab: Exclude<ReleaseTab, 'overview'>; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  return <EmptyState title={tl('noResults')}>{t(`empty.${tab}`)}</EmptyState>;
}
