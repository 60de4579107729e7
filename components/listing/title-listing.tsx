import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { TitleGrid } from '@/components/movies/title-card';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import { listTitles } from '@/lib/data/movies';
import { Link, redirect } from '@/lib/i18n/navigation';
import { AppError } from '@/lib/errors';
import { pageMetadata } from '@/lib/seo';
import { EmptyState } from './empty-state';
import { ListingSearch } from './listing-search';
import { FilterBar, type FilterGroup } from './filter-bar';
import { PageHeading } from './page-heading';
import { Pagination } from './pagination';
import {
  TITLE_ROUTES,
  canonicalParams,
  firstParam,
  hrefForParams,
  mergeParams,
  parseTitleQuery,
  queryString,
  withCursor,
  withParam,
  type RawSearchParams,
  type TitlePreset,
} from './presets';

/** Titles per listing page. */
export const TITLE_PAGE_SIZE = 24;

/**
 * One page of the listing, deduplicated per request (metadata and page share it). A malformed or
 * stale cursor redirects to the first page of the same listing rather than failing. React's
 * `cache` compares arguments by identity, so they are strings; the redirect target is derived
 * from the canonical query.
 */
const loadTitlePage = cache(async (locale: string, canonicalQs: string, cursor: string) => {
  try {
    return await listTitles(parseTitleQuery(new URLSearchParams(canonicalQs)), {
      cursor: cursor || undefined,
      limit: TITLE_PAGE_SIZE,
    });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') {
      redirect({ href: hrefForParams('titles', new URLSearchParams(canonicalQs)), locale });
    }
    throw error;
  }
});

function resolve(preset: TitlePreset, searchParams: RawSearchParams) {
  const canonical = canonicalParams('titles', mergeParams(TITLE_ROUTES[preset].params, searchParams));
  const href = hrefForParams('titles', canonical);
  const cursor = firstParam(searchParams, 'cursor')?.trim() ?? '';
  return { canonical, href, cursor };
}

/** Metadata of a title listing route: title, description, canonical (empty values dropped), alternates, rel=next. */
export async function titleListingMetadata(
  locale: string,
  preset: TitlePreset,
  searchParams: RawSearchParams,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'movies.presets' });
  const ts = await getTranslations({ locale, namespace: 'seo' });
  const { canonical, href, cursor } = resolve(preset, searchParams);
  const page = await loadTitlePage(locale, queryString(canonical), cursor);
  const title = t(`${preset}.title`);
  return pageMetadata({
    locale,
    path: cursor ? withCursor(href, cursor) : href,
    title: cursor ? ts('nextPageTitle', { title }) : title,
    description: t(`${preset}.description`),
    next: page.next_cursor ? withCursor(href, page.next_cursor) : null,
  });
}

async function titleFilters(locale: string, canonical: URLSearchParams): Promise<FilterGroup[]> {
  const t = await getTranslations({ locale, namespace: 'listing' });
  const current = queryString(canonical);
  const option = (label: string, params: URLSearchParams) => {
    const canon = canonicalParams('titles', params);
    return { label, href: hrefForParams('titles', canon), active: queryString(canon) === current };
  };
  return [
    {
      id: 'type',
      label: t('type'),
      options: (['movie', 'tv_series', 'tv_episode'] as const).map((v) =>
        option(t(`fi.${v}`), withParam(canonical, 'fi', v)),
      ),
    },
    {
      id: 'so',
      label: t('sort'),
      options: (['name', 'year_desc', 'added_desc'] as const).map((v) =>
        option(t(`so.${v}`), withParam(canonical, 'so', v)),
      ),
    },
  ];
}

/**
 * A title listing page (`/movies`, `/tv_shows`, `/tv_episodes`, `/trashvideo`): the preset query
 * merged with the URL's own params (page mode), type and sort filters as links, one keyset page,
 * next-page link; the preset's own translated empty state when the catalogue has nothing for it
 * (TV shows, TV episodes and production companies are absent from the seed data).
 */
export async function TitleListing({
  locale,
  preset,
  searchParams,
}: {
  locale: string;
  preset: TitlePreset;
  searchParams: RawSearchParams;
}) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const { canonical, href, cursor } = resolve(preset, searchParams);
  const page = await loadTitlePage(locale, queryString(canonical), cursor);
  const filters = await titleFilters(locale, canonical);
  const ownPath = TITLE_ROUTES[preset].path;
  const unfiltered = href === ownPath;
  return (
    <div data-testid={`listing-${preset}`}>
      <PageHeading title={t(`presets.${preset}.title`)} lead={t(`presets.${preset}.description`)} />
      <ListingSearch locale={locale} kind="titles" presetParams={TITLE_ROUTES[preset].params} canonical={canonical} />
      {preset !== 'trashvideo' ? <FilterBar label={tl('filters')} groups={filters} /> : null}
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={hrefForParams(
          'titles',
          canonicalParams('titles', withParam(canonical, 'q', page.close?.q ?? null)),
        )}
      />
      {page.items.length === 0 ? (
        <EmptyState title={tl('noResults')}>
          {unfiltered && preset !== 'movies' ? (
            <p data-testid="empty-preset">{t(`emptyPreset.${preset}`)}</p>
          ) : (
            <>
              <p>{tl('emptyHint')}</p>
              {!unfiltered ? (
                <p className="mt-2">
                  <Link href={ownPath} className="underline">
                    {tl('clearFilters')}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        </EmptyState>
      ) : (
        <TitleGrid titles={page.items} locale={locale} headingLevel={2} />
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
