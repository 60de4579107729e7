import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchedNameList } from '@/components/listing/name-list';
import { PageHeading } from '@/components/listing/page-heading';
import { searchableList, type SearchParamsRecord } from '@/components/listing/searchable-list';
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
  const { q, cursor, href, page } = await labels.read(locale, await searchParams);
  return (
    <div data-testid="listing-labels">
      <PageHeading title={t('title')} lead={t('description')} />
      <SearchedNameList
        locale={locale}
        path="/labels"
        kind="label"
        q={q}
        cursor={cursor}
        href={href}
        page={page}
        items={page.items.map((l) => ({
          public_id: l.public_id,
          href: `/label/${l.public_id}`,
          name: l.name,
          note: t('releaseCount', { count: l.release_count }),
        }))}
        empty={q ? t('noMatch') : t('empty')}
      />
    </div>
  );
}
