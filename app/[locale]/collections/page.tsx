import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CollectionList } from '@/components/collections/collection-list';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { buttonClass } from '@/components/ui/button';
import { FilterForm } from '@/components/listing/filter-form';
import { listCollections } from '@/lib/data/collections';
import { COLLECTION_STYLES } from '@/lib/validation/collection-limits';
import { COLLECTION_CATEGORIES, type CollectionCategory } from '@/lib/validation/collections';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata, withQuery } from '@/lib/seo';

/** The kinds of list, 1-7. */
const STYLES = Object.values(COLLECTION_STYLES);

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return pageMetadata({ locale, path: '/collections', title: t('title'), description: t('description') });
}

/** The `/collections` href with its search and filters (empty ones left out). Pure. */
function collectionsHref(f: { q: string | null; category: CollectionCategory | null; style: number | null }): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.category) params.set('category', f.category);
  if (f.style) params.set('style', String(f.style));
  return withQuery('/collections', params);
}

/**
 * /collections: collectors' public collections, newest first, keyset-paged (`?cursor=`),
 * with the way to a new collection. Visitors search and filter them: `?q=` (every word in the
 * collection's or its owner's name), `?category=` (movies, releases), `?style=` (kind of list,
 * 1-7); unknown filter values read as none. The same for every visitor. Data:
 * lib/data/collections.ts.
 */
export default async function CollectionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'collections' });
  const sp = await searchParams;
  const cursor = firstParam(sp, 'cursor');
  const q = firstParam(sp, 'q').slice(0, MAX_QUERY_LENGTH) || null;
  const categoryParam = firstParam(sp, 'category');
  const category = (COLLECTION_CATEGORIES as readonly string[]).includes(categoryParam)
    ? (categoryParam as CollectionCategory)
    : null;
  const styleParam = Number(firstParam(sp, 'style'));
  const style = (STYLES as readonly number[]).includes(styleParam) ? styleParam : null;
  const href = collectionsHref({ q, category, style });
  const filtered = Boolean(q || category || style);
  let page;
  try {
    page = await listCollections(null, { q, category, style, cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  const all = t('find.all');
  return (
    <div data-testid="listing-collections">
      <PageHeading title={t('title')} lead={t('description')}>
        <Link href="/collections/new" className={`mt-3 ${buttonClass('primary')}`} data-testid="collection-new">
          {t('new')}
        </Link>
      </PageHeading>
      <FilterForm
        q={q}
        label={t('find.collectionsLabel')}
        placeholder={t('find.collectionsPlaceholder')}
        selects={[
          {
            name: 'category',
            label: t('fields.category'),
            value: category ?? '',
            options: [
              ['', all],
              ['movies', t('categoryMovies')],
              ['releases', t('categoryReleases')],
            ],
          },
          {
            name: 'style',
            label: t('fields.style'),
            value: style ? String(style) : '',
            options: [['', all], ...STYLES.map((s): [string, string] => [String(s), t(`styles.${s}`)])],
          },
        ]}
        submit={t('find.submit')}
        testId="collections-search"
      />
      {page.items.length ? (
        <CollectionList collections={page.items} locale={locale} />
      ) : filtered ? (
        <EmptyState title={t('find.noCollections')}>
          <Link href="/collections" className="underline">
            {t('find.allCollections')}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title={t('empty')} />
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
