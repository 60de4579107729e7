import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import {
  COMPARE_GROUPS,
  compareHref,
  compareRows,
  parseCompareIds,
  type CompareGroup,
  type CompareRowKey,
  type CompareValue,
  type CompareIdsError,
} from '@/lib/compare-rows';
import { compareEditions, type ComparedMovie, type ComparedRelease, type EditionComparison } from '@/lib/data/compare';
import { formatDate, formatDuration, formatMoney, joinNames } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { enumKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

/** What the page shows: the comparison, or why there is none (the movie exists in both cases). */
type CompareState =
  | { kind: 'ok'; ids: string[]; comparison: EditionComparison }
  | { kind: 'error'; error: CompareIdsError | 'missing'; movie: ComparedMovie };

/**
 * The comparison of a request, shared by generateMetadata and the page (one set of queries).
 * `idsKey` is the `r` values joined by a newline. Unknown movie: notFound().
 */
const loadCompare = cache(async (moviePublicId: string, idsKey: string): Promise<CompareState> => {
  const parsed = parseCompareIds(idsKey ? idsKey.split('\n') : []);
  // With bad ids the movie is still looked up (404 for an unknown one), its releases are not.
  const result = await compareEditions(moviePublicId, 'ids' in parsed ? parsed.ids : []);
  if ('missing' in result && result.missing === 'movie') notFound();
  if ('error' in parsed) return { kind: 'error', error: parsed.error, movie: result.movie };
  if ('missing' in result) return { kind: 'error', error: 'missing', movie: result.movie };
  return { kind: 'ok', ids: parsed.ids, comparison: result };
});

/** The `r` values of a page's search parameters, joined for {@link loadCompare}. */
export function compareKey(r: string | string[] | undefined): string {
  return (Array.isArray(r) ? r : r ? [r] : []).join('\n');
}

/**
 * Metadata of `/movie/{id}/compare?r=…`: the canonical address names the releases sorted
 * (lib/compare-rows.ts compareHref), whatever order the link gave; an invalid comparison is
 * noindex.
 */
export async function compareMetadata(locale: string, moviePublicId: string, idsKey: string): Promise<Metadata> {
  const state = await loadCompare(moviePublicId, idsKey);
  const t = await getTranslations({ locale, namespace: 'compare' });
  if (state.kind === 'error')
    return pageMetadata({
      locale,
      path: `/movie/${state.movie.public_id}/releases`,
      title: t('metaTitle', { movie: state.movie.name }),
      description: t(`errors.${state.error}`),
      noindex: true,
    });
  const { movie, releases } = state.comparison;
  return pageMetadata({
    locale,
    path: compareHref(movie.public_id, state.ids),
    title: t('metaTitle', { movie: movie.year ? `${movie.name} (${movie.year})` : movie.name }),
    description: t('metaDescription', { movie: movie.name, releases: joinNames(releases.map((r) => r.name)) }),
  });
}

/**
 * `/movie/{id}/compare?r=a,b[,c,d]`: two to four releases of the movie side by side, grouped rows
 * (release, runtime and cuts, picture and sound, extras, packaging, mastering, price, community),
 * the rows whose values differ marked; `diff=1` shows those rows only. The table scrolls sideways
 * on a phone with the field names fixed. Bad or missing ids show the reason and the way back to
 * the movie's releases, where releases are picked.
 */
export async function CompareEditionsPage({
  locale,
  moviePublicId,
  idsKey,
  onlyDifferences,
}: {
  locale: string;
  moviePublicId: string;
  idsKey: string;
  onlyDifferences: boolean;
}) {
  const state = await loadCompare(moviePublicId, idsKey);
  const t = await getTranslations({ locale, namespace: 'compare' });
  const movie = state.kind === 'ok' ? state.comparison.movie : state.movie;
  const back = (
    <Link href={`/movie/${movie.public_id}/releases`} className="underline" data-testid="compare-back">
      {t('backToReleases')}
    </Link>
  );
  const heading = (
    <header className="mb-4">
      <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{t('title')}</h1>
      <p className="text-lg">
        <Link href={`/movie/${movie.public_id}`} className="underline">
          {movie.name}
        </Link>
      </p>
    </header>
  );
  if (state.kind === 'error')
    return (
      <article data-testid="compare-page">
        {heading}
        <p role="alert" className="mb-3 font-semibold" data-testid="compare-error">
          {t(`errors.${state.error}`)}
        </p>
        <p>{back}</p>
      </article>
    );

  const { releases } = state.comparison;
  const rows = compareRows(releases, movie.runtime_min);
  const shown = onlyDifferences ? rows.filter((r) => r.differs) : rows;
  const href = compareHref(movie.public_id, state.ids);
  const render = await valueRenderer(locale);
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (
    <article data-testid="compare-page">
      {heading}
      <p className="mb-3">{t('lead', { count: releases.length })}</p>
      <nav className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label={t('title')}>
        <span className="inline-flex overflow-hidden rounded-md border border-line" data-testid="compare-filter">
          <Link
            href={href}
            aria-current={onlyDifferences ? undefined : 'true'}
            className="px-3 py-1.5 aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-white"
          >
            {t('allRows')}
          </Link>
          <Link
            href={`${href}&diff=1`}
            aria-current={onlyDifferences ? 'true' : undefined}
            className="border-l border-line px-3 py-1.5 aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-white"
            data-testid="compare-only-differences"
          >
            {t('onlyDifferences')}
          </Link>
        </span>
        {back}
      </nav>
      {onlyDifferences && shown.length === 0 ? (
        <p className="mb-3" data-testid="compare-no-differences">
          {t('noDifferences')}
        </p>
      ) : null}
      <div
        className="overflow-x-auto rounded-lg border border-line"
        role="region"
        aria-label={t('title')}
        tabIndex={0}
        data-testid="compare-scroll"
      >
        <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="compare-table">
          <caption className="sr-only">
            {t('title')}: {movie.name}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 w-36 min-w-[8.5rem] bg-panel p-2 text-left align-bottom [overflow-wrap:normal] sm:w-48"
              >
                {t('fieldColumn')}
              </th>
              {releases.map((r) => (
                <th
                  key={r.public_id}
                  scope="col"
                  className="min-w-40 border-l border-line p-2 text-left align-bottom"
                  data-public-id={r.public_id}
                >
                  <Link href={`/release/${r.public_id}`} prefetch={false} className="underline">
                    {r.name}
                  </Link>
                  <span className="block text-xs font-normal text-muted">
                    {joinNames([
                      te(enumKey('formats', r.format)),
                      r.country != null && te.has(enumKey('countries', r.country))
                        ? te(enumKey('countries', r.country))
                        : null,
                      r.edition.length ? joinNames(r.edition) : null,
                    ])}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          {(Object.keys(COMPARE_GROUPS) as CompareGroup[]).map((group) => {
            const groupRows = shown.filter((r) => r.group === group);
            if (!groupRows.length) return null;
            return (
              <tbody key={group} data-group={group}>
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={releases.length + 1}
                    className="border-t border-line bg-paper p-2 text-left text-xs font-semibold uppercase tracking-wider text-muted"
                  >
                    <span className="sticky left-2">{t(`groups.${group}`)}</span>
                  </th>
                </tr>
                {groupRows.map((row) => (
                  <tr
                    key={row.key}
                    data-row={row.key}
                    data-differs={row.differs ? 'true' : 'false'}
                    className="border-t border-line"
                  >
                    <th
                      scope="row"
                      className={`sticky left-0 z-10 bg-panel p-2 text-left align-top font-medium [overflow-wrap:normal] ${
                        row.differs ? 'border-l-4 border-l-accent' : 'border-l-4 border-l-transparent'
                      }`}
                    >
                      {t(`rows.${row.key}`)}
                      {row.differs ? (
                        <span className="whitespace-nowrap text-accent-strong">
                          <span aria-hidden="true">{'\u00a0≠'}</span>
                          <span className="sr-only"> ({t('differs')})</span>
                        </span>
                      ) : null}
                    </th>
                    {row.values.map((value, i) => (
                      <td
                        key={releases[i].public_id}
                        className={`border-l border-line p-2 align-top ${row.differs ? 'bg-accent-soft/40' : ''}`}
                      >
                        {value === null ? (
                          <span className="text-muted">
                            <span aria-hidden="true">–</span>
                            <span className="sr-only">{t('noData')}</span>
                          </span>
                        ) : (
                          render(row.key, value, releases[i])
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
    </article>
  );
}

/** Shape guards for the structured values of lib/compare-rows.ts compareValue. */
type Obj = { [key: string]: CompareValue };
const obj = (v: CompareValue): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
const num = (v: CompareValue | undefined): number | null => (typeof v === 'number' ? v : null);
const str = (v: CompareValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** Renders a row's (non-null) value in the reader's language: formats, countries, dates, money, languages, counts. */
async function valueRenderer(locale: string) {
  const t = await getTranslations({ locale, namespace: 'compare' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const names = await catalogueNames(locale);
  const lines = (items: string[]) => (
    <ul>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
  const duration = (seconds: number) =>
    seconds % 60
      ? t('values.runtimeSeconds', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
      : t('values.runtime', { minutes: seconds / 60 });
  const rating = (v: CompareValue) =>
    t('values.rating', { mean: (num(obj(v).mean) ?? 0).toLocaleString(locale), count: num(obj(v).count) ?? 0 });

  return (key: CompareRowKey, value: CompareValue, release: ComparedRelease): ReactNode => {
    switch (key) {
      case 'format':
        return te(enumKey('formats', release.format));
      case 'country':
        return release.country != null && te.has(enumKey('countries', release.country))
          ? te(enumKey('countries', release.country))
          : String(release.country);
      case 'label': {
        const spine = num(obj(value).spine);
        return (
          <>
            {release.label ? (
              <Link href={`/label/${release.label.public_id}`} prefetch={false} className="underline">
                {release.label.name}
              </Link>
            ) : null}
            {spine != null ? <span className="block">{t('values.spine', { spine })}</span> : null}
          </>
        );
      }
      case 'streetDate':
        return release.street_date ? formatDate(release.street_date, locale) : String(release.release_year);
      case 'runtime':
        return duration(num(value) ?? 0);
      case 'cut': {
        const seconds = num(obj(value).seconds);
        if (!obj(value).cut) return t('values.uncut');
        if (seconds == null) return t('values.cutUnknown');
        const length = formatDuration(seconds);
        return obj(value).approx ? t('values.cutByApprox', { length }) : t('values.cutBy', { length });
      }
      case 'cutDetails':
      case 'censorshipInfo':
      case 'extras':
        return <p className="whitespace-pre-line">{str(value)}</p>;
      case 'alternativeCuts': {
        const count = num(obj(value).count);
        return (
          <>
            {count != null ? <span className="block">{t('values.alternativeCuts', { count })}</span> : null}
            {str(obj(value).details) ? <p className="whitespace-pre-line">{str(obj(value).details)}</p> : null}
          </>
        );
      }
      case 'aspectRatio':
        return joinNames([release.aspect_ratio, release.anamorphic ? t('values.anamorphic') : null]);
      case 'hdr':
        return joinNames(release.hdr);
      case 'audioTracks':
        return lines(
          release.audio_tracks.map((a) =>
            [a.language ? names.language(a.language) : null, a.system].filter(Boolean).join(' '),
          ),
        );
      case 'subtitles':
        return joinNames(release.subtitles.map(names.language));
      case 'format3d':
        return te(enumKey('format3d', release.format_3d));
      case 'slipcover': {
        const kind = te(enumKey('slipcover', release.slipcover));
        return release.slipcover_limited_count != null
          ? tr('slipcoverLimited', { label: kind, count: release.slipcover_limited_count })
          : kind;
      }
      case 'limitedCopies':
        return t('values.copies', { count: num(value) ?? 0 });
      case 'rrp':
        return formatMoney(release.rrp, release.rrp_currency, locale);
      case 'ratingPicture':
      case 'ratingSound':
      case 'ratingExtras':
      case 'ratingPackage':
        return rating(value);
      case 'owners':
        return t('values.owners', { count: num(value) ?? 0 });
      case 'regionCode':
      case 'packageType':
      case 'boxType':
      case 'scanResolution':
      case 'scanSource':
      case 'processing':
        return str(value);
    }
  };
}
