import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LabelList } from '@/components/labels/label-list';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { SearchForm } from '@/components/listing/search-form';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import type { SearchPage, LabelListItem } from '@/lib/data/types';
import { listLabels, listLabelsView } from '@/lib/data/labels';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

/**
 * Without `q`, every label that has releases on one page (the drawer's "home video labels"); with
 * `q`, the labels whose names hold its words (close spellings when few do), keyset-paged by name.
 */
const labels = searchableList('/labels', async (q, cursor): Promise<SearchPage<LabelListItem>> =>
  q ? listLabels({ q }, { cursor }) : { items: await listLabelsView(), next_cursor: null },
);

/** Home video labels (`/labels`, optional `?q=` search): names with release counts (lib/data/labels). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'labels' });
  return labels.metadata({
    locale,
    searchParams: await searchParams,
    title: t('title'),
    description: t('description'),
  });
}

export default async function LabelsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations({ locale, namespace: 'labels' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const { q, cursor, href, page } = await labels.read(locale, await searchParams);
  return (
    <div data-testid="listing-labels">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchForm locale={locale} path="/labels" q={q} />
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={page.close ? `/labels?${new URLSearchParams({ q: page.close.q })}` : '/labels'}
      />
      {page.items.length ? (
        <LabelList labels={page.items} locale={locale} />
      ) : (
        <EmptyState title={tl('noResults')}>{q ? t('noMatch') : t('empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
