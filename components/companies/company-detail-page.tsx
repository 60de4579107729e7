import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { withCursor } from '@/components/listing/presets';
import { TitleGrid } from '@/components/movies/title-card';
import { getProductionCompany, listCompanyTitles } from '@/lib/data/companies';
import { AppError } from '@/lib/errors';
import { countryNameOfCode } from '@/lib/i18n/catalogue-names';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

/** getProductionCompany deduplicated per request. */
const loadCompany = cache((publicId: string) => getProductionCompany(publicId));

/** One keyset page of the company's titles; a bad cursor → first page. */
const loadTitles = cache(async (locale: string, publicId: string, cursor: string) => {
  try {
    return await listCompanyTitles(publicId, { cursor: cursor || undefined });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      redirect({ href: `/company/${publicId}`, locale });
    throw error;
  }
});

/** Metadata of a production company page (canonical with the cursor on later pages; `cursor` '' = first page). */
export async function companyMetadata(locale: string, publicId: string, cursor: string): Promise<Metadata> {
  const company = await loadCompany(publicId);
  if (!company) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'companies.meta' });
  const base = `/company/${company.public_id}`;
  return pageMetadata({
    locale,
    path: cursor ? withCursor(base, cursor) : base,
    title: company.name,
    description: t('description', { name: company.name }),
  });
}

/**
 * Production company page (`/company/{id}`): name, country and one keyset page of its films
 * (`cursor` '' = the first page, served from the page cache; later pages are dynamic).
 * Unknown id → notFound() ('404 not found', HTTP 404).
 */
export async function CompanyDetailPage({
  locale,
  publicId,
  cursor,
}: {
  locale: string;
  publicId: string;
  cursor: string;
}) {
  const company = await loadCompany(publicId);
  if (!company) notFound();
  const t = await getTranslations({ locale, namespace: 'companies' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const page = await loadTitles(locale, company.public_id, cursor);
  const items = page?.items ?? [];
  return (
    <article data-testid="company-page" data-public-id={company.public_id}>
      <PageHeading title={company.name} lead={t('title')}>
        {company.country ? (
          <p className="mt-1 text-sm">
            <span className="text-muted">{t('country')}:</span> {countryNameOfCode(locale, company.country)}
          </p>
        ) : null}
      </PageHeading>
      <h2 className="mb-3 text-xl font-bold">{t('movies')}</h2>
      {items.length ? (
        <TitleGrid titles={items} locale={locale} />
      ) : (
        <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>
      )}
      <Pagination
        locale={locale}
        href={`/company/${company.public_id}`}
        nextCursor={page?.next_cursor ?? null}
        isFirstPage={!cursor}
      />
    </article>
  );
}
