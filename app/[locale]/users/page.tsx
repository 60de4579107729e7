import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { SearchForm } from '@/components/listing/search-form';
import { UserList } from '@/components/users/user-list';
import { listUsers } from '@/lib/data/users';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata, withQuery } from '@/lib/seo';

type SP = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SP> };

const one = (sp: SP, k: string) => ((Array.isArray(sp[k]) ? sp[k][0] : sp[k]) ?? '').trim();

/** Canonical href of the users list: `q` kept when not empty (at most 200 characters). */
function hrefOf(q: string) {
  return withQuery('/users', q ? new URLSearchParams({ q: q.slice(0, 200) }) : null);
}

const load = cache(async (locale: string, q: string, cursor: string) => {
  try {
    return await listUsers({ q: q.slice(0, 200) || null }, cursor || undefined);
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href: hrefOf(q), locale });
    throw error;
  }
});

/** Users list (`/users`, spec §2): collectors by name, keyset-paginated, optional `q` search. Public fields only. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const sp = await searchParams;
  const t = await getTranslations({ locale, namespace: 'users' });
  const q = one(sp, 'q');
  const cursor = one(sp, 'cursor');
  const href = hrefOf(q);
  const page = await load(locale, q, cursor);
  const withCursor = (c: string) => `${href}${href.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(c)}`;
  return pageMetadata({ locale, path: cursor ? withCursor(cursor) : href, title: t('title'), description: t('description'), next: page.next_cursor ? withCursor(page.next_cursor) : null });
}

export default async function UsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations({ locale, namespace: 'users' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const q = one(sp, 'q');
  const cursor = one(sp, 'cursor');
  const page = await load(locale, q, cursor);
  return (
    <div data-testid="listing-users">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchForm locale={locale} path="/users" q={q} />
      {page.items.length ? <UserList users={page.items} locale={locale} /> : <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>}
      <Pagination locale={locale} href={hrefOf(q)} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
