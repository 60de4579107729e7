import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { parseReleaseQuery, withCursor } from '@/components/listing/presets';
import { ReleaseGrid } from '@/components/releases/release-card';
import { JsonLd } from '@/components/seo/json-ld';
import { getLabel } from '@/lib/data/labels';
import { listReleases } from '@/lib/data/releases';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { absoluteUrl, pageMetadata } from '@/lib/seo';

/** getLabel deduplicated per request (generateMetadata and the page share one query). */
const loadLabel = cache((publicId: string) => getLabel(publicId));

/** The label's releases (listing parameter `label`, default sort: newest street date), one keyset page; a bad cursor → first page. */
const loadReleases = cache(async (locale: string, publicId: string, cursor: string) => {
  try {
    return await listReleases(parseReleaseQuery(new URLSearchParams({ label: publicId })), {
      cursor: cursor || undefined,
      limit: 24,
    });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      redirect({ href: `/label/${publicId}`, locale });
    throw error;
  }
});

/**
 * Metadata of a label page: name, description with the release count, canonical (with the
 * cursor on later pages) and rel=next. `cursor` is '' on the first page.
 */
export async function labelMetadata(locale: string, publicId: string, cursor: string): Promise<Metadata> {
  const label = await loadLabel(publicId);
  if (!label) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'labels.meta' });
  const base = `/label/${label.public_id}`;
  const page = await loadReleases(locale, label.public_id, cursor);
  return pageMetadata({
    locale,
    path: cursor ? withCursor(base, cursor) : base,
    title: label.name,
    description: t('description', { name: label.name, count: label.release_count }),
    next: page.next_cursor ? withCursor(base, page.next_cursor) : null,
  });
}

/**
 * Label page (`/label/{id}`): name, country, label groups and one keyset page of its releases
 * (`cursor` '' = the first page, served from the page cache; later pages are dynamic).
 * Unknown id → notFound() ('404 not found', HTTP 404).
 */
export async function LabelDetailPage({
  locale,
  publicId,
  cursor,
}: {
  locale: string;
  publicId: string;
  cursor: string;
}) {
  const label = await loadLabel(publicId);
  if (!label) notFound();
  const t = await getTranslations({ locale, namespace: 'labels' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const page = await loadReleases(locale, label.public_id, cursor);
  const base = `/label/${label.public_id}`;
  return (
    <article data-testid="label-page" data-public-id={label.public_id}>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: label.name,
          url: absoluteUrl(locale, base),
        }}
      />
      <PageHeading title={label.name} lead={t('releaseCount', { count: label.release_count })}>
        {label.country || label.label_groups.length ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            {label.country ? (
              <>
                <dt className="text-muted">{t('country')}</dt>
                <dd>{label.country}</dd>
              </>
            ) : null}
            {label.label_groups.length ? (
              <>
                <dt className="text-muted">{t('labelGroups')}</dt>
                <dd>{label.label_groups.join(', ')}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </PageHeading>
      <h2 className="mb-3 text-xl font-bold">{t('releases')}</h2>
      {page.items.length ? (
        <ReleaseGrid releases={page.items} locale={locale} />
      ) : (
        <EmptyState title={tl('noResults')}>{t('releasesEmpty')}</EmptyState>
      )}
      <Pagination locale={locale} href={base} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </article>
  );
}
