import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import type { TitleDetail } from '@/lib/data/types';
import type { MovieTab } from '@/lib/item-tabs';

/** What every movie tab component receives: the movie and the page's locale. */
export type MovieTabProps = { title: TitleDetail; locale: string };

/** The translated empty state of a movie tab without data ("No photos of this title yet."). */
export async function MovieTabEmpty({ tab, locale }: { tab: Exclude<MovieTab, 'overview'>; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  return <EmptyState title={tl('noResults')}>{t(`empty.${tab}`)}</EmptyState>;
}
