import { getTranslations } from 'next-intl/server';
import type { ReleaseListItem } from '@/lib/data/types';
import { formatDate, formatDuration, joinNames } from '@/lib/format';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Link } from '@/lib/i18n/navigation';

/** Small cut badge: "Cut 11:09" (length in minutes:seconds) or "Cut" when the length is unknown. */
export async function CutBadge({ locale, seconds }: { locale: string; seconds: number | null }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  return (
    <span className="inline-block rounded bg-accent px-1.5 py-0.5 text-xs font-bold text-white" data-testid="cut-badge">
      {seconds != null ? t('cutWithLength', { length: formatDuration(seconds) }) : t('cut')}
    </span>
  );
}

/** Heading level of a card's name: 2 directly under a page's h1 (listings), 3 under an h2 section. */
export type CardHeadingLevel = 2 | 3;

/**
 * A release in lists: name (link), format, label and spine number, street date (or release
 * year), edition, cut badge with the cut length, contained movies (links). A cover that cannot be
 * loaded falls back to the format placeholder. Links are not prefetched: a page of cards holds
 * dozens of them, and prefetching each one costs the phone main-thread time and the server a request.
 */
export async function ReleaseCard({
  release,
  locale,
  headingLevel = 3,
  pick = false,
}: {
  release: ReleaseListItem;
  locale: string;
  headingLevel?: CardHeadingLevel;
  /** A checkbox `r` with the release's public id, for the compare form around the cards (components/movies/compare-picker.tsx). */
  pick?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tc = pick ? await getTranslations({ locale, namespace: 'compare' }) : null;
  const format = te(`formats.${release.format}`);
  return (
    <article
      className="flex gap-3 rounded-lg border border-line bg-panel p-3"
      data-testid="release-card"
      data-public-id={release.public_id}
    >
      <div
        className="flex h-24 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-paper text-center text-[10px] font-bold uppercase
        text-muted"
      >
        {release.picture_url ? (
          <FallbackImage
            src={release.picture_url}
            alt=""
            className="h-full w-full object-cover"
            fallback={<span aria-hidden="true">{format}</span>}
          />
        ) : (
          <span aria-hidden="true">{format}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Heading className="font-semibold leading-snug">
          <Link
            href={`/release/${release.public_id}`}
            prefetch={false}
            className="hover:text-accent-strong hover:underline"
          >
            {release.name}
          </Link>
        </Heading>
        {tc ? (
          <label className="mt-1 inline-flex items-center gap-2 text-sm" data-testid="compare-pick">
            <input
              type="checkbox"
              name="r"
              value={release.public_id}
              aria-label={tc('pickLabel', { name: release.name })}
              className="h-4 w-4 accent-accent"
            />
            <span aria-hidden="true">{tc('pickShort')}</span>
          </label>
        ) : null}
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="rounded border border-line px-1.5 py-0.5 text-xs font-semibold" data-testid="release-format">
            {format}
          </span>
          {release.is_cut ? <CutBadge locale={locale} seconds={release.cut_seconds} /> : null}
          {release.label ? (
            <span className="text-muted">
              {release.label.name}
              {release.spine_id != null ? ` · ${t('spine', { spine: release.spine_id })}` : ''}
            </span>
          ) : release.spine_id != null ? (
            <span className="text-muted">{t('spine', { spine: release.spine_id })}</span>
          ) : null}
        </p>
        {release.street_date || release.release_year ? (
          <p className="text-sm text-muted" data-testid="release-date">
            {release.street_date
              ? t('streetDate', { date: formatDate(release.street_date, locale) })
              : t('releaseYear', { year: String(release.release_year) })}
          </p>
        ) : null}
        {release.edition.length > 0 ? <p className="text-sm italic">{joinNames(release.edition)}</p> : null}
        {release.movies.length > 0 ? (
          <p className="mt-1 text-sm">
            <span className="text-muted">{t('contains')}: </span>
            {release.movies.map((m, i) => (
              <span key={m.public_id}>
                {i > 0 ? ', ' : ''}
                <Link
                  href={`/movie/${m.public_id}`}
                  prefetch={false}
                  className="underline decoration-line hover:text-accent-strong"
                >
                  {m.name}
                  {m.year ? ` (${m.year})` : ''}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** Grid of release cards (one column on phones, two from 900 px); `headingLevel` as in ReleaseCard. */
export function ReleaseGrid({
  releases,
  locale,
  headingLevel = 3,
  pick = false,
}: {
  releases: ReleaseListItem[];
  locale: string;
  headingLevel?: CardHeadingLevel;
  /** Each card carries the compare checkbox (ReleaseCard `pick`). */
  pick?: boolean;
}) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" data-testid="release-list">
      {releases.map((r) => (
        <li key={r.public_id}>
          <ReleaseCard release={r} locale={locale} headingLevel={headingLevel} pick={pick} />
        </li>
      ))}
    </ul>
  );
}
