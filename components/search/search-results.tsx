'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { MessageKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import type { SearchResult } from '@/lib/data/types';
import { SEARCH_GROUP_SIZE } from '@/lib/search-query';
import type { SearchState } from './use-search';

type GroupKey = 'movies' | 'releases' | 'reviews' | 'labels' | 'persons';

type ResultRow = { key: string; href: string; primary: string; secondary: string | null };

const GROUP_TITLE_KEY: Record<GroupKey, MessageKey<'search'>> = {
  movies: 'groupMovies',
  releases: 'groupReleases',
  reviews: 'groupReviews',
  labels: 'groupLabels',
  persons: 'groupPersons',
};

/** Order of the result groups: movies and TV, releases, reviews, labels, persons. */
const GROUP_ORDER: GroupKey[] = ['movies', 'releases', 'reviews', 'labels', 'persons'];

/**
 * The list page a group's "See all" link opens with the same `q`, in name order (the lists have no
 * relevance order; by name the exact title comes first). The movies group holds TV too.
 */
type ListedGroup = 'movies' | 'releases' | 'reviews' | 'labels' | 'persons';
const GROUP_LIST: Record<ListedGroup, { path: string; params: Record<string, string> }> = {
  movies: { path: '/movies', params: { fi: 'movie,tv_series,tv_episode', so: 'name' } },
  releases: { path: '/releases', params: { so: 'name' } },
  reviews: { path: '/reviews', params: {} },
  labels: { path: '/labels', params: {} },
  persons: { path: '/persons', params: {} },
};

const SEE_ALL_CLASS =
  'mt-1 inline-block rounded-lg px-3 py-1 text-sm font-medium text-accent-strong underline hover:bg-tint focus-visible:bg-accent-soft';

/**
 * The href of a group's "See all" link: only when the group is full (it may hold more), and not
 * for titles found through cast and crew (the lists search names only, so they would be empty).
 */
function seeAll(result: SearchResult, group: GroupKey, shown: number): { href: string; group: ListedGroup } | null {
  if (shown < SEARCH_GROUP_SIZE || !(group in GROUP_LIST)) return null;
  const listed = group as ListedGroup;
  if (result.credits && (listed === 'movies' || listed === 'releases')) return null;
  const { path, params } = GROUP_LIST[listed];
  return { href: `${path}?${new URLSearchParams({ q: result.q, ...params }).toString()}`, group: listed };
}

function joinParts(parts: (string | number | null | undefined)[]): string | null {
  const kept = parts.filter((p) => p !== null && p !== undefined && p !== '');
  return kept.length ? kept.join(', ') : null;
}

/**
 * Status line, warnings and grouped result links of the search dialog. A result with close
 * spelling matches (`result.close`) is marked as such, with its suggested query as a button that
 * `onSuggest` puts into the search field; titles found through cast and crew (`result.credits`)
 * are marked with the title words and links to the persons whose credits found them. A full
 * group ends with a "See all" link to its list page searched with the same query.
 */
export function SearchResults({
  state,
  onNavigate,
  onSuggest,
}: {
  state: SearchState;
  onNavigate: () => void;
  onSuggest?: (query: string) => void;
}) {
  const t = useTranslations('search');

  const rowsFor = (result: SearchResult, group: GroupKey): ResultRow[] => {
    switch (group) {
      case 'movies':
        return result.movies.map((m) => ({
          key: m.public_id,
          href: `/movie/${m.public_id}`,
          primary: m.year ? `${m.name} (${m.year})` : m.name,
          secondary: joinParts([
            m.original_name && m.original_name !== m.name ? m.original_name : null,
            t('releaseCount', { count: m.release_count }),
          ]),
        }));
      case 'releases':
        return result.releases.map((r) => ({
          key: r.public_id,
          href: `/release/${r.public_id}`,
          primary: r.name,
          secondary: joinParts([
            t.has(`formats.${r.format}`) ? t(`formats.${r.format}`) : null,
            r.label?.name,
            r.spine_id != null ? t('spine', { spine: r.spine_id }) : null,
            r.street_date ? r.street_date.slice(0, 4) : r.release_year,
          ]),
        }));
      case 'reviews':
        return result.reviews.map((r) => ({
          key: r.public_id,
          href: `/review/${r.public_id}`,
          primary: r.headline,
          secondary: joinParts([r.movie.name, r.author.name]),
        }));
      case 'labels':
        return result.labels.map((l) => ({
          key: l.public_id,
          href: `/label/${l.public_id}`,
          primary: l.name,
          secondary: t('releaseCount', { count: l.release_count }),
        }));
      case 'persons':
        return result.persons.map((p) => ({
          key: p.public_id,
          href: `/person/${p.public_id}`,
          primary: p.name,
          secondary: t('creditCount', { count: p.credit_count }),
        }));
    }
  };

  let status: ReactNode = null;
  let body: ReactNode = null;
  if (state.status === 'loading') {
    status = <p className="py-4 text-center text-sm text-muted">{t('searching')}</p>;
  } else if (state.status === 'error') {
    status = <p className="py-4 text-center text-sm text-accent-strong">{t('error')}</p>;
  } else if (state.status === 'done') {
    const groups = GROUP_ORDER.map((key) => {
      const rows = rowsFor(state.result, key);
      return { key, rows, seeAll: seeAll(state.result, key, rows.length) };
    }).filter((g) => g.rows.length > 0);
    const total = groups.reduce((n, g) => n + g.rows.length, 0);
    status =
      total === 0 ? (
        <p className="py-6 text-center text-muted" data-testid="search-no-results">
          {t('noResults')}
        </p>
      ) : (
        <p className="sr-only">{t('resultCount', { count: total })}</p>
      );
    body = (
      <>
        {state.result.complex ? (
          <div
            role="alert"
            className="mb-4 rounded-lg border border-warn-line bg-warn-soft px-3 py-2 text-sm"
            data-testid="search-complex"
          >
            <p className="font-semibold">{t('complex')}</p>
            <p>{t('complexHelp')}</p>
          </div>
        ) : null}
        {state.result.close && total > 0 ? (
          <div className="mb-4 rounded-lg border border-line bg-panel px-3 py-2 text-sm" data-testid="search-close">
            <p className="font-semibold">{t('closeMatches')}</p>
            <p>
              {t('didYouMean')}{' '}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => onSuggest?.(state.result.close?.q ?? '')}
                data-testid="search-did-you-mean"
              >
                {state.result.close.q}
              </button>
            </p>
          </div>
        ) : null}
        {state.result.credits && total > 0 ? (
          <div className="mb-4 rounded-lg border border-line bg-panel px-3 py-2 text-sm" data-testid="search-credits">
            <p className="font-semibold">{t('creditMatches')}</p>
            <p>
              {t('creditMatchesHelp', { words: state.result.credits.title_words })}{' '}
              {state.result.credits.persons.map((p, i) => (
                <span key={p.public_id}>
                  {i > 0 ? ', ' : null}
                  <Link href={`/person/${p.public_id}`} onClick={onNavigate} className="font-medium underline">
                    {p.name}
                  </Link>
                </span>
              ))}
            </p>
          </div>
        ) : null}
        {groups.map((group) => (
          <section
            key={group.key}
            aria-labelledby={`search-group-${group.key}`}
            className="mb-4"
            data-testid={`search-group-${group.key}`}
          >
            <h3
              id={`search-group-${group.key}`}
              className="mb-1 text-xs font-semibold uppercase tracking-wider text-muted"
            >
              {t(GROUP_TITLE_KEY[group.key])}
            </h3>
            <ul>
              {group.rows.map((row) => (
                <li key={row.key}>
                  <Link
                    href={row.href}
                    onClick={onNavigate}
                    data-search-result=""
                    className="block rounded-lg px-3 py-2 hover:bg-tint focus-visible:bg-accent-soft"
                  >
                    <span className="block font-medium">{row.primary}</span>
                    {row.secondary ? <span className="block text-sm text-muted">{row.secondary}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
            {group.seeAll ? (
              <Link
                href={group.seeAll.href}
                onClick={onNavigate}
                data-search-result=""
                data-testid={`search-see-all-${group.key}`}
                className={SEE_ALL_CLASS}
              >
                {t(`seeAll.${group.seeAll.group}`)}
              </Link>
            ) : null}
          </section>
        ))}
      </>
    );
  }

  return (
    <>
      <div role="status" aria-live="polite">
        {status}
      </div>
      {body}
    </>
  );
}
