import { ToggleBar } from '@/components/collections/toggle-bar';
import { ItemValueLine } from '@/components/collections/value-views';
import { itemValueAverage } from '@/lib/data/collection-values';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HistoryLink } from '@/components/history/history-link';
import { ExternalRefreshSlot } from '@/components/admin/external-refresh-slot';
import { OwnChangesSlot } from '@/components/changes/own-changes-slot';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import type { TitleDetail } from '@/lib/data/types';
import { joinNames } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { enumKey, type MessageKey } from '@/lib/i18n/keys';
import { MOVIE_TABS, tabSegment, type MovieTab } from '@/lib/item-tabs';
import { pageMetadata } from '@/lib/seo';
import { truncate } from '@/lib/text';
import { loadTitle } from './load';
import { redirectMergedMovie } from './merged-movie';
import type { MovieTabProps } from './tabs/tab-empty';

/** `movies.meta` title of each subpage ("Photos of {name}", …). */
const META_KEYS: Record<Exclude<MovieTab, 'overview'>, MessageKey<'movies.meta'>> = {
  releases: 'releases',
  photos: 'photos',
  videos: 'videos',
  cast_crew: 'castCrew',
  movie_connections: 'connections',
  buying_options: 'buyingOptions',
  reviews: 'reviews',
  posts: 'posts',
  user_collections: 'userCollections',
};

function pathOf(publicId: string, tab: MovieTab) {
  const segment = tabSegment(tab);
  return segment ? `/movie/${publicId}/${segment}` : `/movie/${publicId}`;
}

/** The movie, else a permanent redirect when the id was merged into another movie, else 404. */
async function titleOr404(locale: string, publicId: string, tab: MovieTab): Promise<TitleDetail> {
  const title = await loadTitle(publicId);
  if (title) return title;
  await redirectMergedMovie({ locale, publicId, tab });
  notFound();
}

/** Display name in a locale: the Finnish name in `fi` when known, else the catalogue name. */
function localName(title: TitleDetail, locale: string): string | null {
  const n = title.localized_names?.[locale];
  return n && n !== title.name ? n : null;
}

/** Metadata of a movie page or subpage: "{name} ({year})", plot-based description, canonical + alternates. */
export async function movieMetadata(locale: string, publicId: string, tab: MovieTab): Promise<Metadata> {
  const title = await loadTitle(publicId);
  if (!title) return itemNotFoundMetadata(locale);
  const t = await getTranslations({ locale, namespace: 'movies.meta' });
  const local = localName(title, locale);
  const name = `${local ? `${local} – ${title.name}` : title.name}${title.year ? ` (${title.year})` : ''}`;
  const fallback = t('description', { name: title.name, year: title.year ? String(title.year) : 'none' });
  return pageMetadata({
    locale,
    path: pathOf(publicId, tab),
    title: tab === 'overview' ? name : t(META_KEYS[tab], { name }),
    description: tab === 'overview' ? truncate(title.plot ?? title.synopsis) || fallback : fallback,
    ogType: 'video.movie',
    image: title.picture_url,
  });
}

/**
 * A movie page (`/movie/{id}`) or subpage: heading with the localized name, type, runtime and
 * genres, collection toggles and value, an admin's "Refresh from TMDb" (a slot the member widget fills),
 * the tab bar, then the tab's own component (./tabs/*):
 * the overview, or a subpage's real data or translated empty state. Unknown id: notFound().
 */
export async function MovieDetailPage({
  locale,
  publicId,
  tab,
  content: Content,
}: {
  locale: string;
  publicId: string;
  tab: MovieTab;
  /**
   * The tab's component, given by the tab's route file: each route's module graph holds only its
   * own tab, so one tab's client components (the video player, say) stay out of the other tabs' first load.
   */
  content: (props: MovieTabProps) => ReactNode | Promise<ReactNode>;
}) {
  const title = await titleOr404(locale, publicId, tab);
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const local = localName(title, locale);
  const names = await catalogueNames(locale);
  return (
    <article data-testid="movie-page" data-public-id={title.public_id}>
      <header className="mb-4">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">
          {title.name}
          {title.year ? <span className="font-normal text-muted"> ({title.year})</span> : null}
        </h1>
        {local ? (
          <p className="text-lg italic" lang={locale} data-testid="localized-name">
            {local}
          </p>
        ) : null}
        <p className="text-sm text-muted">
          {joinNames([
            te(enumKey('movieTypes', title.type)),
            title.runtime_min ? t('runtime', { minutes: title.runtime_min }) : null,
            joinNames(title.genres.map(names.genre)),
          ])}
        </p>
        <ToggleBar item="movie" publicId={title.public_id} name={title.name} />
        <ItemValueLine value={await itemValueAverage({ type: 'movie', publicId: title.public_id })} locale={locale} />
      </header>
      <OwnChangesSlot entity="movie" publicId={title.public_id} />
      <ExternalRefreshSlot title={title} locale={locale} />
      <SubpageTabs
        label={t('tabs.label')}
        base={`/movie/${title.public_id}`}
        current={tab}
        tabs={MOVIE_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
      />
      <Content title={title} locale={locale} />
      <HistoryLink locale={locale} entity="movie" publicId={title.public_id} />
    </article>
  );
}
