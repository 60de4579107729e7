import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchedNameList } from '@/components/listing/name-list';
import { PageHeading } from '@/components/listing/page-heading';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
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
  const { q, cursor, href, page } = await persons.read(locale, await searchParams);
  return (
    <div data-testid="listing-persons">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchedNameList
        locale={locale}
        path="/persons"
        kind="person"
        q={q}
        cursor={cursor}
        href={href}
        page={page}
        items={page.items.map((p) => ({
          public_id: p.public_id,
          href: `/person/${p.public_id}`,
          name: p.name,
          note: t('creditCount', { count: p.credit_count }),
        }))}
        empty={t('empty')}
      />
    </div>
  );
}
