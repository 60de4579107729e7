import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/** The filter of the reviews list: all, English, Finnish, video or release reviews (spec §1 reviews menu). */
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
  if (!q) return HREF[filter];
  return `${HREF[filter]}${filter === 'all' ? '?' : '&'}q=${encodeURIComponent(q)}`;
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
  const hidden = current === 'en' || current === 'fi' ? ['la', current] : current === 'all' ? null : ['fi', current];
  return (
    <div className="mb-4 flex flex-col gap-3">
      <nav className="flex flex-wrap gap-2" aria-label={t('title')}>
        {(Object.keys(HREF) as ReviewFilter[]).map((f) => (
          <Link
            key={f}
            href={filterHref(f, q)}
            aria-current={f === current ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${f === current ? 'border-accent bg-accent text-white' : 'border-line hover:border-accent'}`}
            data-testid={`review-filter-${f}`}
          >
            {t(`filters.${f}`)}
          </Link>
        ))}
      </nav>
      <form role="search" method="get" className="flex max-w-md gap-2">
        {hidden ? <input type="hidden" name={hidden[0]} value={hidden[1]} /> : null}
        <label htmlFor="review-q" className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id="review-q"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          maxLength={200}
          className="min-h-10 flex-1 rounded-lg border border-line px-3"
        />
        <button type="submit" className="min-h-10 rounded-lg border border-line px-4 text-sm">
          {t('search')}
        </button>
      </form>
    </div>
  );
}
