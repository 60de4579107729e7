import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { FilterForm } from '@/components/listing/filter-form';
import { NameList } from '@/components/listing/name-list';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { countryName } from '@/lib/countries';
import { listUsers, userCountries, userListCounts } from '@/lib/data/users';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata, withQuery } from '@/lib/seo';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

/** The search and filter of the users list from its query: `q` (at most MAX_QUERY_LENGTH) and `country` (an id members gave, else none). */
function usersQuery(sp: SearchParamsRecord): { q: string | null; country: number | null } {
  const country = Number(firstParam(sp, 'country'));
  return {
    q: firstParam(sp, 'q').slice(0, MAX_QUERY_LENGTH) || null,
    country: Number.isInteger(country) && country > 0 && country <= 9999 ? country : null,
  };
}

/** The `/users` href with its search, filter and cursor (empty ones left out). Pure. */
function usersHref(f: { q: string | null; country: number | null }, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.country) params.set('country', String(f.country));
  if (cursor) params.set('cursor', cursor);
  return withQuery('/users', params);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const sp = await searchParams;
  const t = await getTranslations({ locale, namespace: 'users' });
  return pageMetadata({
    locale,
    path: usersHref(usersQuery(sp), firstParam(sp, 'cursor')),
    title: t('title'),
    description: t('description'),
  });
}

/**
 * Users list (`/users`): collectors by name, keyset-paginated (`?cursor=`), searched by
 * name (`?q=`) and filtered by the country members gave in their profiles (`?country=`, the
 * countries given, each with its number of members), each with where they live, what they own
 * (public owned lists), their reviews and points. Public fields only; the same for every visitor.
 * A stale or forged cursor goes back to the first page. Data: lib/data/users.ts.
 */
export default async function UsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'users' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const sp = await searchParams;
  const cursor = firstParam(sp, 'cursor');
  const query = usersQuery(sp);
  const href = usersHref(query);
  let page;
  try {
    page = await listUsers(query, { cursor: cursor || null });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  const [counts, countries] = await Promise.all([userListCounts(page.items.map((u) => u.public_id)), userCountries()]);
  const countryOptions = countries
    .map((c): [string, string] | null => {
      const name = countryName(locale, c.country);
      return name ? [String(c.country), t('find.countryOption', { name, count: c.members })] : null;
    })
    .filter((o) => o !== null);
  /** "Tampere, Finland · 9 owned · 1 review · 12 points": where a member lives, what they own and have written, then points. */
  const note = (u: (typeof page.items)[number]) => {
    const c = counts.get(u.public_id);
    const place = [u.municipality, countryName(locale, u.country)].filter(Boolean).join(', ');
    return [
      place || null,
      c?.owned ? t('counts.owned', { count: c.owned }) : null,
      c?.reviews ? t('counts.reviews', { count: c.reviews }) : null,
      t('pointsCount', { count: u.points }),
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const filtered = Boolean(query.q || query.country);
  return (
    <div data-testid="listing-users">
      <PageHeading title={t('title')} lead={t('description')} />
      <FilterForm
        q={query.q}
        label={t('find.label')}
        placeholder={tl('searchLabel')}
        selects={
          countryOptions.length
            ? [
                {
                  name: 'country',
                  label: t('country'),
                  value: query.country ? String(query.country) : '',
                  options: [['', t('find.allCountries')], ...countryOptions],
                },
              ]
            : []
        }
        submit={tl('searchButton')}
        testId="users-search"
      />
      {page.items.length ? (
        <NameList
          kind="user"
          items={page.items.map((u) => ({
            public_id: u.public_id,
            href: `/user/${u.public_id}`,
            name: u.name,
            note: note(u),
          }))}
        />
      ) : (
        <EmptyState title={filtered ? t('find.noMatches') : tl('noResults')}>
          {filtered ? (
            <Link href="/users" className="underline">
              {t('find.showAll')}
            </Link>
          ) : (
            t('empty')
          )}
        </EmptyState>
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
