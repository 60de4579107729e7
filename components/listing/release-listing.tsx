import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { listReleases } from '@/lib/data/releases';
import { Link, redirect } from '@/lib/i18n/navigation';
import { AppError } from '@/lib/errors';
import { pageMetadata } from '@/lib/seo';
import { COUNTRY_IDS, FORMAT_GROUPS } from '@/lib/validation/enums';
import { DEFAULT_SORT } from '@/lib/validation/listing';
import { ReleaseGrid } from '@/components/releases/release-card';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import { EmptyState } from './empty-state';
import { ListingSearch } from './listing-search';
import { FilterBar, type FilterGroup } from './filter-bar';
import { PageHeading } from './page-heading';
import { Pagination } from './pagination';
import {
  RELEASE_ROUTES,
  canonicalParams,
  firstParam,
  hrefForParams,
  mergeParams,
  parseReleaseQuery,
  queryString,
  toggleListValue,
  withCursor,
  withParam,
  type RawSearchParams,
  type ReleasePreset,
} from './presets';

/** Releases per listing page. */
export const RELEASE_PAGE_SIZE = 24;

/**
 * One page of the listing, deduplicated per request (metadata and page share it). A malformed or
 * stale cursor redirects to the first page of the same listing rather than failing. React's
 * `cache` compares arguments by identity, so they are strings; the redirect target is derived
 * from the canonical query.
 */
const loadReleasePage = cache(async (locale: string, canonicalQs: string, cursor: string) => {
  try {
    return await listReleases(parseReleaseQuery(new URLSearchParams(canonicalQs)), {
      cursor: cursor || undefined,
      limit: RELEASE_PAGE_SIZE,
    });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') {
      redirect({ href: hrefForParams('releases', new URLSearchParams(canonicalQs)), locale });
    }
    throw error;
  }
});

/** Resolves a preset route with the URL's own params: canonical params and href, cursor. */
function resolve(preset: ReleasePreset, searchParams: RawSearchParams) {
  const canonical = canonicalParams('releases', mergeParams(RELEASE_ROUTES[preset].params, searchParams));
  const href = hrefForParams('releases', canonical);
  const cursor = firstParam(searchParams, 'cursor')?.trim() ?? '';
  return { canonical, href, cursor };
}

/**
 * Metadata of a release listing route: the preset's title and description, canonical URL (the
 * canonical preset route for the effective query, empty values dropped, the cursor kept on later
 * pages), hreflang alternates and rel=next.
 */
export async function releaseListingMetadata(
  locale: string,
  preset: ReleasePreset,
  searchParams: RawSearchParams,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'releases' });
  const ts = await getTranslations({ locale, namespace: 'seo' });
  const { canonical, href, cursor } = resolve(preset, searchParams);
  const page = await loadReleasePage(locale, queryString(canonical), cursor);
  const heading = headingOf(href === RELEASE_ROUTES[preset].path ? preset : presetOfHref(href), canonical);
  const title = t(`${heading}.title`);
  return pageMetadata({
    locale,
    path: cursor ? withCursor(href, cursor) : href,
    title: cursor ? ts('nextPageTitle', { title }) : title,
    description: t(`${heading}.description`),
    next: page.next_cursor ? withCursor(href, page.next_cursor) : null,
  });
}

/**
 * Messages (namespace `releases`) of a listing's heading: its preset's, or for all releases in the
 * order of their addition (`/releases?so=added_desc`) the recently added listing's.
 */
function headingOf(preset: ReleasePreset, canonical: URLSearchParams): `presets.${ReleasePreset}` | 'recentlyAdded' {
  return preset === 'all' && canonical.get('so') === 'added_desc' ? 'recentlyAdded' : `presets.${preset}`;
}

/** Preset whose path starts the href (the canonical route), `all` by default. */
function presetOfHref(href: string): ReleasePreset {
  const path = href.split('?')[0];
  const found = (Object.entries(RELEASE_ROUTES) as [ReleasePreset, { path: string }][]).find(
    ([, r]) => r.path === path,
  );
  return found ? found[0] : 'all';
}

/** Filter groups of a release listing as canonical links. */
async function releaseFilters(locale: string, canonical: URLSearchParams): Promise<FilterGroup[]> {
  const t = await getTranslations({ locale, namespace: 'listing' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const current = queryString(canonical);
  const option = (label: string, params: URLSearchParams) => {
    const canon = canonicalParams('releases', params);
    return { label, href: hrefForParams('releases', canon), active: queryString(canon) === current };
  };
  const without = (key: string) => withParam(canonical, key, null);
  const set = (key: string, value: string) => withParam(canonical, key, value);
  const fiValues = (canonical.get('fi') ?? '').split(',');
  const groups: FilterGroup[] = [
    {
      id: 'format',
      label: t('format'),
      options: [
        option(t('any'), without('fo')),
        ...(Object.keys(FORMAT_GROUPS) as (keyof typeof FORMAT_GROUPS)[]).map((g) =>
          option(te(`formatGroups.${g}`), set('fo', FORMAT_GROUPS[g].join(','))),
        ),
      ],
    },
    {
      id: 'country',
      label: t('country'),
      options: [
        option(t('any'), without('co')),
        ...COUNTRY_IDS.map((id) => option(te(`countries.${id}`), set('co', String(id)))),
      ],
    },
    {
      id: 'cut',
      label: t('cut'),
      options: [
        {
          ...option(t('cutOnly'), toggleListValue(canonical, 'fi', 'cut')),
          active: fiValues.includes('cut'),
        },
      ],
    },
    {
      id: 'cd',
      label: t('cutDuration'),
      options: [
        option(t('any'), without('cd')),
        ...(['over10', 'over5', 'upto5'] as const).map((v) => option(t(`cd.${v}`), set('cd', v))),
      ],
    },
    {
      id: 'dr',
      label: t('streetDate'),
      options: [
        option(t('any'), withParam(without('dr'), 'dn', null)),
        ...(['past', 'future'] as const).map((v) => option(t(`dr.${v}`), set('dr', v))),
        ...(canonical.get('dr')
          ? (['7', '28', '90', '365'] as const).map((v) => option(t(`dn.${v}`), set('dn', v)))
          : []),
      ],
    },
    {
      id: 'pr',
      label: t('price'),
      options: [
        option(t('any'), without('pr')),
        ...(['u10', 'u20', 'u30', 'u50', 'u100', 'o100'] as const).map((v) => option(t(`pr.${v}`), set('pr', v))),
      ],
    },
    {
      id: 'so',
      label: t('sort'),
      options: (['date_desc', 'date_asc', 'name', 'year_desc', 'cut_desc', 'added_desc'] as const).map((v) => ({
        ...option(t(`so.${v}`), set('so', v)),
        // No `so` means the default sort (DEFAULT_SORT, newest street date).
        active: (canonical.get('so') ?? DEFAULT_SORT) === v,
      })),
    },
  ];
  return groups;
}

/**
 * The upcoming listing's link to its iCal feed (`/releases/upcoming.ics`, lib/calendar/upcoming.ts)
 * with the listing's format and country filters, in the page's language.
 */
async function UpcomingCalendarLink({ locale, canonical }: { locale: string; canonical: URLSearchParams }) {
  const t = await getTranslations({ locale, namespace: 'calendar' });
  const feed = new URLSearchParams();
  for (const key of ['fo', 'co'] as const) {
    const value = canonical.get(key);
    if (value) feed.set(key, value);
  }
  if (locale === 'fi') feed.set('lang', 'fi');
  const query = feed.toString().replaceAll('%2C', ',');
  return (
    <p className="mb-4 text-sm">
      <a
        href={`/releases/upcoming.ics${query ? `?${query}` : ''}`}
        className="underline"
        data-testid="upcoming-calendar"
      >
        {t('subscribe')}
      </a>
    </p>
  );
}

/**
 * A release listing page (`/releases`, `/releases/4k`, …): the preset's documented query merged
 * with the URL's own params, parsed in page mode (bad values dropped), filters as links, one
 * keyset page of release cards, a next-page link, or the translated empty state.
 */
export async function ReleaseListing({
  locale,
  preset,
  searchParams,
  heading,
}: {
  locale: string;
  preset: ReleasePreset;
  searchParams: RawSearchParams;
  heading?: string;
}) {
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const { canonical, href, cursor } = resolve(preset, searchParams);
  const shown = headingOf(preset, canonical);
  const page = await loadReleasePage(locale, queryString(canonical), cursor);
  const filters = await releaseFilters(locale, canonical);
  const clear = RELEASE_ROUTES[preset].path;
  return (
    <div data-testid={`listing-${preset}`}>
      <PageHeading title={heading ?? tr(`${shown}.title`)} lead={tr(`${shown}.description`)} />
      <ListingSearch
        locale={locale}
        kind="releases"
        presetParams={RELEASE_ROUTES[preset].params}
        canonical={canonical}
      />
      <FilterBar label={tl('filters')} groups={filters} />
      {preset === 'upcoming' ? <UpcomingCalendarLink locale={locale} canonical={canonical} /> : null}
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={hrefForParams(
          'releases',
          canonicalParams('releases', withParam(canonical, 'q', page.close?.q ?? null)),
        )}
      />
      {page.items.length === 0 ? (
        <EmptyState title={tl('noResults')}>
          {href === clear ? (
            // Nothing was filtered: the listing itself is empty, so say why instead of blaming filters.
            <p data-testid="empty-preset">{tr(preset === 'upcoming' ? 'emptyUpcoming' : 'emptyPreset')}</p>
          ) : (
            <>
              <p>{tl('emptyHint')}</p>
              <p className="mt-2">
                <Link href={clear} className="underline">
                  {tl('clearFilters')}
                </Link>
              </p>
            </>
          )}
        </EmptyState>
      ) : (
        <ReleaseGrid releases={page.items} locale={locale} headingLevel={2} />
      )}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
