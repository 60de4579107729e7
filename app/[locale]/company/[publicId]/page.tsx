import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { withCursor } from '@/components/listing/presets';
import { TitleGrid } from '@/components/movies/title-card';
import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type SP = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SP> };

const loadCompany = cache((publicId: string) => getProductionCompany(publicId));
const loadTitles = cache(async (locale: string, publicId: string, cursor: string) => {
  try {
    return await listCompanyTitles(publicId, cursor || undefined);
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href: `/company/${publicId}`, locale });
    throw error;
  }
});
const cursorOf = (sp: SP) => ((Array.isArray(sp.cursor) ? sp.cursor[0] : sp.cursor) ?? '').trim();

/** Production company page (`/company/{id}`): name, country and its films; unknown id → '404 not found' (404). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const company = await loadCompany(publicId);
  if (!company) return itemNotFoundMetadata(locale);
  const cursor = cursorOf(await searchParams);
  const t = await getTranslations({ locale, namespace: 'companies.meta' });
  const base = `/company/${company.public_id}`;
  return pageMetadata({ locale, path: cursor ? withCursor(base, cursor) : base, title: company.name, description: t('description', { name: company.name }) });
}

export default async function CompanyPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const company = await loadCompany(publicId);
  if (!company) notFound();
  const cursor = cursorOf(await searchParams);
  const t = await getTranslations({ locale, namespace: 'companies' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const page = await loadTitles(locale, company.public_id, cursor);
  const items = page?.items ?? [];
  return (
    <article data-testid="company-page" data-public-id={company.public_id}>
      <PageHeading title={company.name} lead={t('title')}>
        {company.country ? (
          <p className="mt-1 text-sm">
            <span className="text-muted">{t('country')}:</span> {company.country}
          </p>
        ) : null}
      </PageHeading>
      <h2 className="mb-3 text-xl font-bold">{t('movies')}</h2>
      {items.length ? <TitleGrid titles={items} locale={locale} /> : <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>}
      <Pagination locale={locale} href={`/company/${company.public_id}`} nextCursor={page?.next_cursor ?? null} isFirstPage={!cursor} />
    </article>
  );
}
