import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchedNameList } from '@/components/listing/name-list';
import { PageHeading } from '@/components/listing/page-heading';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { listUsers, userListCounts } from '@/lib/data/users';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

const users = searchableList('/users', (q, cursor) => listUsers({ q }, { cursor }));

/**
 * Users list (`/users`, spec §2): collectors by name, keyset-paginated, optional `q` search, each
 * with what they own (public owned lists), their reviews and points. Public fields only.
 */
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
  const { q, cursor, href, page } = await users.read(locale, await searchParams);
  const counts = await userListCounts(page.items.map((u) => u.public_id));
  /** "9 owned · 1 review · 12 points": what a member owns and has written, then points. */
  const note = (publicId: string, points: number) => {
    const c = counts.get(publicId);
    return [
      c?.owned ? t('counts.owned', { count: c.owned }) : null,
      c?.reviews ? t('counts.reviews', { count: c.reviews }) : null,
      t('pointsCount', { count: points }),
    ]
      .filter(Boolean)
      .join(' · ');
  };
  return (
    <div data-testid="listing-users">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchedNameList
        locale={locale}
        path="/users"
        kind="user"
        q={q}
        cursor={cursor}
        href={href}
        page={page}
        items={page.items.map((u) => ({
          public_id: u.public_id,
          href: `/user/${u.public_id}`,
          name: u.name,
          note: note(u.public_id, u.points),
        }))}
        empty={t('empty')}
      />
    </div>
  );
}
