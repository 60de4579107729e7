import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { SearchForm } from '@/components/listing/search-form';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { PersonList } from '@/components/persons/person-list';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import { listPersons } from '@/lib/data/persons';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

const persons = searchableList('/persons', (q, cursor) => listPersons({ q }, { cursor }));

/** Cast and crew list (`/persons`): people by name, keyset-paginated, optional `q` search. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'persons' });
  return persons.metadata({
    locale,
    searchParams: await searchParams,
    title: t('title'),
    description: t('description'),
  });
}

export default async function PersonsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'persons' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const { q, cursor, href, page } = await persons.read(locale, await searchParams);
  return (
    <div data-testid="listing-persons">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchForm locale={locale} path="/persons" q={q} />
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={page.close ? `/persons?${new URLSearchParams({ q: page.close.q })}` : '/persons'}
      />
      {page.items.length ? (
        <PersonList persons={page.items} locale={locale} />
      ) : (
        <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
