import { getTranslations } from 'next-intl/server';
import { ListFilters, withQuery } from '@/components/community/list-filters';

/** The filter of the reviews list: all, English, Finnish, video or release reviews (the drawer's reviews menu). */
export type ReviewFilter = 'all' | 'en' | 'fi' | 'video' | 'release';

const HREF: Record<ReviewFilter, string> = {
  all: '/reviews',
  en: '/reviews?la=en',
  fi: '/reviews?la=fi',
  video: '/reviews?fi=video',
  release: '/reviews?fi=release',
};

/** The href of a filter with the search words kept. */
export function filterHref(filter: ReviewFilter, q: string | null): string {
  return withQuery(HREF[filter], q);
}

/** Filter links and the search box of /reviews (server component; a plain GET form, no script). */
export async function ReviewFilters({
  locale,
  current,
  q,
}: {
  locale: string;
  current: ReviewFilter;
  q: string | null;
}) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return (
    <ListFilters
      filters={(Object.keys(HREF) as ReviewFilter[]).map((key) => ({
        key,
        href: HREF[key],
        label: t(`filters.${key}`),
      }))}
      current={current}
      q={q}
      labels={{ nav: t('title'), searchLabel: t('searchLabel'), search: t('search') }}
      testIdPrefix="review-filter"
    />
  );
}
