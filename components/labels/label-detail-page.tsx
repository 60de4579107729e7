import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { HistoryLink } from '@/components/history/history-link';
import { OwnChangesSlot } from '@/components/changes/own-changes-slot';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { EmptyState } from '@/components/listing/empty-state';
import { FilterBar } from '@/components/listing/filter-bar';
import { FilterForm } from '@/components/listing/filter-form';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { parseReleaseQuery, withCursor } from '@/components/listing/presets';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { ReleaseGrid } from '@/components/releases/release-card';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import { JsonLd } from '@/components/seo/json-ld';
import { getLabel, labelHasSpineNumbers } from '@/lib/data/labels';
import type { LabelFormatCount } from '@/lib/data/types';
import { listReleases } from '@/lib/data/releases';
import { AppError } from '@/lib/errors';
import { countryNameOfCode } from '@/lib/i18n/catalogue-names';
import { formatNumber } from '@/lib/format';
import type { FormatGroup } from '@/lib/validation/enums';
import { Link, redirect } from '@/lib/i18n/navigation';
import { absoluteUrl, pageMetadata, withQuery } from '@/lib/seo';

/** getLabel deduplicated per request (generateMetadata and the page share one query). */
const loadLabel = cache((publicId: string) => getLabel(publicId));

/** labelHasSpineNumbers deduplicated per request. */
const loadNumbered = cache((publicId: string) => labelHasSpineNumbers(publicId));

/** The view as the page shows it: spine order only for a label that numbers its releases (else the default order). */
async function shownView(publicId: string, view: LabelView): Promise<LabelView> {
  return view.so === 'spine' && !(await loadNumbered(publicId)) ? { ...view, so: null } : view;
}

/** The search word (`[word]`, lib/search-query.ts) that restricts releases to a format group. */
const GROUP_SEARCH_WORD: Record<FormatGroup, string> = { '4k': '4k', bluray: 'bluray', dvd: 'dvd', videotapes: 'vhs' };

/**
 * The label's format groups as filter links ("4K UHD (30)"), each the label's search for that
 * format (`q=[4k]`) in the view's order, with "Any" for all of them; the active one is the view's
 * search when it is exactly a format's. Shown when the label has releases in two groups or more.
 */
async function LabelFormats({
  locale,
  publicId,
  view,
  formats,
}: {
  locale: string;
  publicId: string;
  view: LabelView;
  formats: LabelFormatCount[];
}) {
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const te = await getTranslations({ locale, namespace: 'enums.formatGroups' });
  const t = await getTranslations({ locale, namespace: 'labels' });
  const option = (label: string, q: string) => ({
    label,
    href: viewHref(publicId, { q, so: view.so }),
    active: view.q.trim().toLowerCase() === q,
  });
  return (
    <FilterBar
      label={t('formats')}
      groups={[
        {
          id: 'format',
          label: tl('format'),
          options: [
            option(tl('any'), ''),
            ...formats.map((f) =>
              option(`${te(f.group)} (${formatNumber(f.count, locale)})`, `[${GROUP_SEARCH_WORD[f.group]}]`),
            ),
          ],
        },
      ]}
    />
  );
}

/** Orders of a label's releases: newest street date (the default), spine number, name. */
export const LABEL_SORTS = ['date_desc', 'spine', 'name'] as const;
export type LabelSort = (typeof LABEL_SORTS)[number];

/** The query string of a label page: its words (`q`) and order (`so`, the default left out). */
export type LabelView = { q: string; so: LabelSort | null };

/** Reads `q` (at most 200 characters) and `so` (one of LABEL_SORTS, else the default) of a label page. */
export function labelView(sp: SearchParamsRecord): LabelView {
  const so = firstParam(sp, 'so');
  return {
    q: firstParam(sp, 'q').slice(0, 200),
    so: (LABEL_SORTS as readonly string[]).includes(so) && so !== 'date_desc' ? (so as LabelSort) : null,
  };
}

/** The label page's href for a view, without its cursor. */
function viewHref(publicId: string, view: LabelView): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.so) params.set('so', view.so);
  return withQuery(`/label/${publicId}`, params);
}

/**
 * The label's releases (listing parameter `label`, default sort: newest street date), matching
 * the view's words, in its order, one keyset page; a bad cursor → first page of the view.
 */
const loadReleases = cache(async (locale: string, publicId: string, cursor: string, q: string, so: string) => {
  const params = new URLSearchParams({ label: publicId });
  if (q) params.set('q', q);
  if (so) params.set('so', so);
  try {
    return await listReleases(parseReleaseQuery(params), { cursor: cursor || undefined, limit: 24 });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      redirect({ href: viewHref(publicId, { q, so: (so || null) as LabelSort | null }), locale });
    throw error;
  }
});

/**
 * Metadata of a label page: name, description with the release count, canonical (with the
 * view's words and order, and the cursor on later pages) and rel=next. `cursor` is '' on the
 * first page.
 */
export async function labelMetadata(
  locale: string,
  publicId: string,
  cursor: string,
  view: LabelView = { q: '', so: null },
): Promise<Metadata> {
  const label = await loadLabel(publicId);
  if (!label) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'labels.meta' });
  const shown = await shownView(label.public_id, view);
  const base = viewHref(label.public_id, shown);
  const page = await loadReleases(locale, label.public_id, cursor, shown.q, shown.so ?? '');
  return pageMetadata({
    locale,
    path: cursor ? withCursor(base, cursor) : base,
    title: label.name,
    description: t('description', { name: label.name, count: label.release_count }),
    next: page.next_cursor ? withCursor(base, page.next_cursor) : null,
  });
}

/**
 * Label page (`/label/{id}`): name, country, label groups, its releases' formats as filter links,
 * a search field and order for its releases (newest first, spine number when the label numbers its releases, name) and one keyset
 * page of them (`cursor` '' and no `view` = the first page, served from the page cache; later
 * pages and searched or ordered views are dynamic). Unknown id → notFound() ('404 not found', HTTP 404).
 */
export async function LabelDetailPage({
  locale,
  publicId,
  cursor,
  view: asked = { q: '', so: null },
}: {
  locale: string;
  publicId: string;
  cursor: string;
  view?: LabelView;
}) {
  const label = await loadLabel(publicId);
  if (!label) notFound();
  const t = await getTranslations({ locale, namespace: 'labels' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const numbered = await loadNumbered(label.public_id);
  const view = await shownView(label.public_id, asked);
  const page = await loadReleases(locale, label.public_id, cursor, view.q, view.so ?? '');
  const base = viewHref(label.public_id, view);
  const sorts = LABEL_SORTS.filter((so) => so !== 'spine' || numbered);
  const formats = label.format_counts;
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
                <dd>{countryNameOfCode(locale, label.country)}</dd>
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
      <OwnChangesSlot entity="label" publicId={label.public_id} />
      <h2 className="mb-3 text-xl font-bold">{t('releases')}</h2>
      {formats.length > 1 ? (
        <LabelFormats locale={locale} publicId={label.public_id} view={view} formats={formats} />
      ) : null}
      {label.release_count > 1 ? (
        <FilterForm
          q={view.q}
          label={t('find.label')}
          placeholder={t('find.placeholder')}
          selects={[
            {
              name: 'so',
              label: t('find.order'),
              value: view.so ?? 'date_desc',
              options: sorts.map((so): [string, string] => [so, t(`find.sorts.${so}`)]),
            },
          ]}
          submit={t('find.submit')}
          testId="label-release-search"
        />
      ) : null}
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={
          page.close ? viewHref(label.public_id, { ...view, q: page.close.q }) : `/label/${label.public_id}`
        }
      />
      {page.credited ? (
        <div
          role="note"
          className="mb-4 rounded-lg border border-line bg-panel px-4 py-3 text-sm"
          data-testid="label-credited"
        >
          <p className="font-semibold">{t('find.credited')}</p>
          <p className="text-muted">{t('find.creditedHelp', { q: view.q })}</p>
          <ul className="mt-1 flex flex-wrap gap-x-3">
            {page.credited.map((p) => (
              <li key={p.public_id}>
                <Link href={`/person/${p.public_id}`} prefetch={false} className="font-medium underline">
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {page.items.length ? (
        <ReleaseGrid releases={page.items} locale={locale} />
      ) : view.q ? (
        <EmptyState title={tl('noResults')}>{t('find.noMatches', { q: view.q })}</EmptyState>
      ) : (
        <EmptyState title={tl('noResults')}>{t('releasesEmpty')}</EmptyState>
      )}
      <Pagination locale={locale} href={base} nextCursor={page.next_cursor} isFirstPage={!cursor} />
      <HistoryLink locale={locale} entity="label" publicId={label.public_id} />
    </article>
  );
}
