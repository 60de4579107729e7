import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CollectionList } from '@/components/collections/collection-list';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { buttonClass } from '@/components/ui/button';
import { listCollections } from '@/lib/data/collections';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return pageMetadata({ locale, path: '/collections', title: t('title'), description: t('description') });
}

/**
 * /collections (spec §2): collectors' public collections, newest first, keyset-paged (`?cursor=`),
 * with the way to a new collection. The same for every visitor. Data: lib/data/collections.ts.
 */
export default async function CollectionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'collections' });
  const cursor = firstParam(await searchParams, 'cursor');
  let page;
  try {
    page = await listCollections(null, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href: '/collections', locale });
    throw error;
  }
  return (
    <div data-testid="listing-collections">
      <PageHeading title={t('title')} lead={t('description')}>
        <Link href="/collections/new" className={`mt-3 ${buttonClass('primary')}`} data-testid="collection-new">
          {t('new')}
        </Link>
      </PageHeading>
      {page.items.length ? (
        <CollectionList collections={page.items} locale={locale} />
      ) : (
        <EmptyState title={t('empty')} />
      )}
      <Pagination locale={locale} href="/collections" nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
