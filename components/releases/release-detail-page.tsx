import { CollectionList } from '@/components/collections/collection-list';
import { ToggleBar } from '@/components/collections/toggle-bar';
import { ItemValueLine } from '@/components/collections/value-views';
import { itemValueAverage } from '@/lib/data/collection-values';
import { collectionsWithItem, ITEM_COLLECTIONS_SHOWN } from '@/lib/data/collections';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/listing/empty-state';
import { BuyingLinks, PictureGrid, VideoList } from '@/components/listing/media';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import { JsonLd } from '@/components/seo/json-ld';
import type { ReleaseDetail } from '@/lib/data/types';
import { formatDate, joinNames } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata, releaseJsonLd, truncate } from '@/lib/seo';
import { CutBlock } from './cut-block';
import { CutBadge, ReleaseGrid } from './release-card';
import { ReleaseFields } from './release-fields';
import { loadOtherReleases, loadRelease } from './load';

export const RELEASE_TABS = ['overview', 'other_releases', 'movies', 'photos', 'videos', 'buying_options', 'user_collections'] as const;
export type ReleaseTab = (typeof RELEASE_TABS)[number];

const META_KEYS: Record<Exclude<ReleaseTab, 'overview'>, string> = {
  other_releases: 'otherReleases',
  movies: 'movies',
  photos: 'photos',
  videos: 'videos',
  buying_options: 'buyingOptions',
  user_collections: 'userCollections',
};

function pathOf(publicId: string, tab: ReleaseTab) {
  return tab === 'overview' ? `/release/${publicId}` : `/release/${publicId}/${tab}`;
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
  const format = te(`formats.${release.format}`);
  const name = `${release.name} (${format})`;
  const description = t('description', {
    name: release.name,
    format,
    label: release.label?.name ?? 'none',
    date: release.street_date ? formatDate(release.street_date) : 'none',
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

/**
 * A release page (`/release/{id}`) or one of its subpages: heading with format, label, spine and
 * cut badge, subpage tabs, then the tab's content — overview: every field with a value, contained
 * movies, cut/censorship block and Product JSON-LD; other tabs: real data or a translated empty state.
 */
export async function ReleaseDetailPage({ locale, publicId, tab }: { locale: string; publicId: string; tab: ReleaseTab }) {
  const release = await releaseOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const format = te(`formats.${release.format}`);
  return (
    <article data-testid="release-page" data-public-id={release.public_id}>
      <header className="mb-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent-strong" data-testid="release-format">
          {format}
        </p>
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{release.name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted">
          {release.label ? (
            <Link href={`/label/${release.label.public_id}`} className="underline" data-testid="release-label">
              {release.label.name}
            </Link>
          ) : null}
          {release.spine_id != null ? <span data-testid="release-spine">{t('spine', { spine: release.spine_id })}</span> : null}
          {release.street_date ? <span>{t('streetDate', { date: formatDate(release.street_date) })}</span> : null}
          {release.is_cut ? <CutBadge locale={locale} seconds={release.cut_seconds} /> : null}
        </p>
        <ToggleBar item="release" publicId={release.public_id} name={release.name} />
        <ItemValueLine value={await itemValueAverage({ type: 'release', publicId: release.public_id })} locale={locale} />
      </header>
      <SubpageTabs
        label={t('tabs.label')}
        base={`/release/${release.public_id}`}
        current={tab}
        tabs={RELEASE_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
      />
      {tab === 'overview' ? (
        <>
          <JsonLd data={releaseJsonLd(release, locale, format)} />
          <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
            <div>
              <ReleaseFields release={release} locale={locale} />
              <CutBlock release={release} locale={locale} />
            </div>
            <MoviesAside release={release} locale={locale} />
          </div>
        </>
      ) : (
        <ReleaseTabContent release={release} locale={locale} tab={tab} />
      )}
    </article>
  );
}

async function MoviesAside({ release, locale }: { release: ReleaseDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  return (
    <aside aria-labelledby="release-movies">
      <h2 id="release-movies" className="mb-3 text-xl font-bold">
        {t('tabs.movies')}
      </h2>
      <ul className="space-y-2" data-testid="release-movies">
        {release.movies.map((m) => (
          <li key={m.public_id}>
            <Link href={`/movie/${m.public_id}`} className="font-medium underline">
              {m.name}
            </Link>
            {m.year ? <span className="text-muted"> ({m.year})</span> : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}

async function ReleaseTabContent({ release, locale, tab }: { release: ReleaseDetail; locale: string; tab: Exclude<ReleaseTab, 'overview'> }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const empty = <EmptyState title={tl('noResults')}>{t(`empty.${tab}`)}</EmptyState>;
  switch (tab) {
    case 'other_releases': {
      const others = await loadOtherReleases(release.public_id);
      return others.length ? <ReleaseGrid releases={others} locale={locale} headingLevel={2} /> : empty;
    }
    case 'movies':
      return release.movies.length ? <MoviesAside release={release} locale={locale} /> : empty;
    case 'photos':
      return release.pictures.length ? <PictureGrid pictures={release.pictures} alt={release.name} typeName={(n) => te(`pictureTypes.${n}`)} /> : empty;
    case 'videos':
      return release.videos.length ? (
        <VideoList videos={release.videos} typeName={(n) => te(`videoTypes.${n}`)} linkLabel={(title) => t('watchOnYoutube', { title })} />
      ) : (
        empty
      );
    case 'buying_options':
      return release.buying_links.length ? <BuyingLinks links={release.buying_links} linkLabel={(shop) => t('buyAt', { shop })} /> : empty;
    case 'user_collections': {
      const page = await collectionsWithItem({ type: 'release', publicId: release.public_id }, null, ITEM_COLLECTIONS_SHOWN);
      return page.items.length ? <CollectionList collections={page.items} locale={locale} /> : empty;
    }
  }
}
