import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { SearchForm } from '@/components/listing/search-form';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { UserList } from '@/components/users/user-list';
import { listUsers } from '@/lib/data/users';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

const users = searchableList('/users', (q, cursor) => listUsers({ q }, { cursor }));

/** Users list (`/users`, spec §2): collectors by name, keyset-paginated, optional `q` search. Public fields only. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'users' });
  return users.metadata({
    locale,
    searchParams: await searchParams,
    title: t('title'),
    description: t('description'),
  });
}

export default async function UsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'users' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const { q, cursor, href, page } = await users.read(locale, await searchParams);
  return (
    <div data-testid="listing-users">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchForm locale={locale} path="/users" q={q} />
      {page.items.length ? (
        <UserList users={page.items} locale={locale} />
      ) : (
        <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
