import { ToggleBar } from '@/components/collections/toggle-bar';
import { ItemValueLine } from '@/components/collections/value-views';
import { itemValueAverage } from '@/lib/data/collection-values';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HistoryLink } from '@/components/history/history-link';
import { OwnChangesSlot } from '@/components/changes/own-changes-slot';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import type { ReleaseDetail } from '@/lib/data/types';
import { formatDate, joinNames } from '@/lib/format';
import { enumKey, type MessageKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { RELEASE_TABS, tabSegment, type ReleaseTab } from '@/lib/item-tabs';
import { pageMetadata } from '@/lib/seo';
import { truncate } from '@/lib/text';
import { loadRelease } from './load';
import { CutBadge } from './release-card';
import type { ReleaseTabProps } from './tabs/tab-empty';

/** `releases.meta` title of each subpage ("Photos of {name}", …). */
const META_KEYS: Record<Exclude<ReleaseTab, 'overview'>, MessageKey<'releases.meta'>> = {
  other_releases: 'otherReleases',
  movies: 'movies',
  photos: 'photos',
  videos: 'videos',
  buying_options: 'buyingOptions',
  reviews: 'reviews',
  posts: 'posts',
  user_collections: 'userCollections',
};

function pathOf(publicId: string, tab: ReleaseTab) {
  const segment = tabSegment(tab);
  return segment ? `/release/${publicId}/${segment}` : `/release/${publicId}`;
}

/** The release or `notFound()` (the segment's not-found shows '404 not found', HTTP 404). */
async function releaseOr404(publicId: string): Promise<ReleaseDetail> {
  const release = await loadRelease(publicId);
  if (!release) notFound();
  return release;
}

/**
 * Metadata of a release page or subpage: "{name} ({format})" as title, a description naming
 * format, label and street date (or the back-cover text), canonical + hreflang alternates.
 */
export async function releaseMetadata(locale: string, publicId: string, tab: ReleaseTab): Promise<Metadata> {
  const release = await loadRelease(publicId);
  if (!release) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'releases.meta' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const format = te(enumKey('formats', release.format));
  const name = `${release.name} (${format})`;
  const description = t('description', {
    name: release.name,
    format,
    label: release.label?.name ?? 'none',
    date: release.street_date ? formatDate(release.street_date, locale) : 'none',
  });
  const movies = joinNames(release.movies.map((m) => (m.year ? `${m.name} (${m.year})` : m.name)));
  return pageMetadata({
    locale,
    path: pathOf(publicId, tab),
    title: tab === 'overview' ? name : t(META_KEYS[tab], { name }),
    description: truncate(`${description} ${movies}`.trim()),
    image: release.picture_url,
  });
}

/** The top of a release's page: format, name, label, spine number, street date and cut badge. */
export async function ReleaseHeading({ release, locale }: { release: ReleaseDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-strong" data-testid="release-format">
        {te(enumKey('formats', release.format))}
      </p>
      <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{release.name}</h1>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted">
        {release.label ? (
          <Link href={`/label/${release.label.public_id}`} className="underline" data-testid="release-label">
            {release.label.name}
          </Link>
        ) : null}
        {release.spine_id != null ? (
          <span data-testid="release-spine">{t('spine', { spine: release.spine_id })}</span>
        ) : null}
        {release.street_date ? <span>{t('streetDate', { date: formatDate(release.street_date, locale) })}</span> : null}
        {release.is_cut ? <CutBadge locale={locale} seconds={release.cut_seconds} /> : null}
      </p>
    </>
  );
}

/**
 * A release page (`/release/{id}`) or one of its subpages: heading with format, label, spine and
 * cut badge, collection toggles and value, subpage tabs, then the tab's own component (./tabs/*):
 * overview (every field with a value, contained movies, cut/censorship block, Product JSON-LD) or
 * a subpage's real data or translated empty state. Unknown id: notFound().
 */
export async function ReleaseDetailPage({
  locale,
  publicId,
  tab,
  content: Content,
}: {
  locale: string;
  publicId: string;
  tab: ReleaseTab;
  /**
   * The tab's component, given by the tab's route file: each route's module graph holds only its
   * own tab, so one tab's client components (the video player, say) stay out of the other tabs' first load.
   */
  content: (props: ReleaseTabProps) => ReactNode | Promise<ReactNode>;
}) {
  const release = await releaseOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'releases' });
  return (
    <article data-testid="release-page" data-public-id={release.public_id}>
      <header className="mb-4">
        <ReleaseHeading release={release} locale={locale} />
        <ToggleBar item="release" publicId={release.public_id} name={release.name} />
        <ItemValueLine
          value={await itemValueAverage({ type: 'release', publicId: release.public_id })}
          locale={locale}
        />
      </header>
      <OwnChangesSlot entity="release" publicId={release.public_id} />
      <SubpageTabs
        label={t('tabs.label')}
        base={`/release/${release.public_id}`}
        current={tab}
        tabs={RELEASE_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
      />
      <Content release={release} locale={locale} />
      <HistoryLink locale={locale} entity="release" publicId={release.public_id} />
    </article>
  );
}
