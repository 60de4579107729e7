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
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/listing/empty-state';
import { BuyingLinks, PictureGrid, VideoList } from '@/components/listing/media';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import { JsonLd } from '@/components/seo/json-ld';
import type { TitleDetail } from '@/lib/data/types';
import { joinNames } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { movieJsonLd, pageMetadata, truncate } from '@/lib/seo';
import { CastCrew } from './cast-crew';
import { CensorshipHistory } from './censorship-history';
import { ReleasesByFormat } from './releases-by-format';
import { loadTitle } from './load';

export const MOVIE_TABS = ['overview', 'releases', 'photos', 'videos', 'cast_crew', 'movie_connections', 'buying_options', 'user_collections'] as const;
export type MovieTab = (typeof MOVIE_TABS)[number];

const META_KEYS: Record<Exclude<MovieTab, 'overview'>, string> = {
  releases: 'releases',
  photos: 'photos',
  videos: 'videos',
  cast_crew: 'castCrew',
  movie_connections: 'connections',
  buying_options: 'buyingOptions',
  user_collections: 'userCollections',
};

/** Actors listed on the overview before "All cast and crew". */
const OVERVIEW_ACTORS = 12;

function pathOf(publicId: string, tab: MovieTab) {
  return tab === 'overview' ? `/movie/${publicId}` : `/movie/${publicId}/${tab}`;
}

async function titleOr404(publicId: string): Promise<TitleDetail> {
  const title = await loadTitle(publicId);
  if (!title) notFound();
  return title;
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

function Row({ label, children, field }: { label: string; children: ReactNode; field: string }) {
  return (
    <div className="contents" data-field={field}>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

async function MovieFacts({ title, locale }: { title: TitleDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const f = (k: string) => t(`fields.${k}`);
  const localized = Object.entries(title.localized_names ?? {}).filter(([, n]) => n && n !== title.name);
  return (
    <dl className="grid grid-cols-[minmax(6rem,38%)_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-line bg-panel p-4 sm:grid-cols-[minmax(9rem,auto)_1fr]" data-testid="movie-facts">
      {title.type !== 1 ? <Row label={f('type')} field="type">{te(`movieTypes.${title.type}`)}</Row> : null}
      {title.original_name && title.original_name !== title.name ? <Row label={f('originalName')} field="originalName">{title.original_name}</Row> : null}
      {localized.map(([lang, n]) => (
        <Row key={lang} label={lang === 'fi' ? f('finnishName') : t('fields.localizedName', { language: lang })} field={`name-${lang}`}>
          {n}
        </Row>
      ))}
      {title.akas.length ? <Row label={f('akas')} field="akas">{joinNames(title.akas)}</Row> : null}
      {title.year ? <Row label={f('year')} field="year">{title.year}</Row> : null}
      {title.runtime_min ? <Row label={f('runtime')} field="runtime">{t('runtime', { minutes: title.runtime_min })}</Row> : null}
      {title.genres.length ? <Row label={f('genres')} field="genres">{joinNames(title.genres)}</Row> : null}
      {title.countries.length ? <Row label={f('countries')} field="countries">{joinNames(title.countries)}</Row> : null}
      {title.spoken_languages.length ? <Row label={f('languages')} field="languages">{joinNames(title.spoken_languages)}</Row> : null}
      {title.certifications.length ? (
        <Row label={f('certifications')} field="certifications">{joinNames(title.certifications.map((c) => `${c.country} ${c.rating}`))}</Row>
      ) : null}
      {title.adults_only ? <Row label={f('adultsOnly')} field="adultsOnly">✓</Row> : null}
      {title.episode_of ? (
        <Row label={f('episodeOf')} field="episodeOf">
          <Link href={`/movie/${title.episode_of.public_id}`} className="underline">
            {title.episode_of.name}
          </Link>
        </Row>
      ) : null}
      {title.season != null ? <Row label={f('season')} field="season">{title.season}</Row> : null}
      {title.episode != null ? <Row label={f('episode')} field="episode">{title.episode}</Row> : null}
      {title.seasons_amount != null ? <Row label={f('seasonsAmount')} field="seasonsAmount">{title.seasons_amount}</Row> : null}
      {title.episodes_amount != null ? <Row label={f('episodesAmount')} field="episodesAmount">{title.episodes_amount}</Row> : null}
      {title.production_companies.length ? (
        <Row label={f('productionCompanies')} field="productionCompanies">
          {title.production_companies.map((c, i) => (
            <span key={c.public_id}>
              {i > 0 ? ', ' : ''}
              <Link href={`/company/${c.public_id}`} className="underline">
                {c.name}
              </Link>
            </span>
          ))}
        </Row>
      ) : null}
      {title.imdb_id ? (
        <Row label={f('imdb')} field="imdb">
          <a href={`https://www.imdb.com/title/${title.imdb_id}/`} rel="noopener" target="_blank" className="underline">
            {title.imdb_id}
          </a>
        </Row>
      ) : null}
      {title.tmdb_id ? (
        <Row label={f('tmdb')} field="tmdb">
          <a href={`https://www.themoviedb.org/movie/${title.tmdb_id}`} rel="noopener" target="_blank" className="underline">
            {title.tmdb_id}
          </a>
        </Row>
      ) : null}
    </dl>
  );
}

async function Plot({ title, locale }: { title: TitleDetail; locale: string }) {
  if (!title.plot && !title.synopsis) return null;
  const t = await getTranslations({ locale, namespace: 'movies' });
  return (
    <section className="mt-6" aria-labelledby="plot">
      <h2 id="plot" className="mb-2 text-xl font-bold">
        {t('plot')}
      </h2>
      {title.plot ? (
        <blockquote cite={title.wikipedia_url ?? undefined} lang={title.wikipedia_url ? "en" : undefined} className="max-w-3xl whitespace-pre-line" data-testid="plot">
          {title.plot}
        </blockquote>
      ) : null}
      {title.plot && title.wikipedia_url ? (
        <p className="mt-1 text-sm text-muted" data-testid="wikipedia-attribution">
          {t.rich('wikipedia', {
            link: (chunks) => (
              <a href={title.wikipedia_url!} rel="noopener" target="_blank" className="underline">
                {chunks}
              </a>
            ),
            license: (chunks) => (
              <a href="https://creativecommons.org/licenses/by-sa/4.0/" rel="license noopener" target="_blank" className="underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : null}
      {title.synopsis ? (
        <>
          <h3 className="mt-4 font-semibold">{t('synopsis')}</h3>
          <p className="max-w-3xl whitespace-pre-line">{title.synopsis}</p>
        </>
      ) : null}
    </section>
  );
}

/**
 * A movie page (`/movie/{id}`) or subpage. Overview: names, Finnish name and akas, facts, plot
 * with Wikipedia attribution, cast and crew linking to persons, every release grouped by format,
 * Finnish censorship history, Movie JSON-LD. Subpages: real data or a translated empty state.
 */
export async function MovieDetailPage({ locale, publicId, tab }: { locale: string; publicId: string; tab: MovieTab }) {
  const title = await titleOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const tr = await getTranslations({ locale, namespace: 'releases' });
  const local = localName(title, locale);
  const empty = (key: Exclude<MovieTab, 'overview'>) => <EmptyState title={tl('noResults')}>{t(`empty.${key}`)}</EmptyState>;
  let body: ReactNode;
  switch (tab) {
    case 'overview':
      body = (
        <>
          <JsonLd data={movieJsonLd(title, locale)} />
          <MovieFacts title={title} locale={locale} />
          <Plot title={title} locale={locale} />
          {title.cast_crew.length ? (
            <section className="mt-8" aria-labelledby="cast-crew-heading">
              <h2 id="cast-crew-heading" className="mb-3 text-xl font-bold">
                {t('castCrew')}
              </h2>
              <CastCrew credits={title.cast_crew} locale={locale} limitActors={OVERVIEW_ACTORS} />
              <p className="mt-2">
                <Link href={`/movie/${title.public_id}/cast_crew`} className="text-sm font-medium underline">
                  {t('allCastCrew')}
                </Link>
              </p>
            </section>
          ) : null}
          <section className="mt-8" aria-labelledby="movie-releases">
            <h2 id="movie-releases" className="mb-3 text-xl font-bold">
              {t('releases')} <span className="text-muted">({title.releases.length})</span>
            </h2>
            {title.releases.length ? <ReleasesByFormat releases={title.releases} locale={locale} /> : empty('releases')}
          </section>
          <CensorshipHistory events={title.censorship} locale={locale} />
        </>
      );
      break;
    case 'releases':
      body = title.releases.length ? <ReleasesByFormat releases={title.releases} locale={locale} /> : empty('releases');
      break;
    case 'cast_crew':
      body = title.cast_crew.length ? <CastCrew credits={title.cast_crew} locale={locale} /> : empty('cast_crew');
      break;
    case 'movie_connections':
      body = title.connections.length ? (
        <ul className="space-y-1" data-testid="connections">
          {title.connections.map((c, i) => (
            <li key={`${c.kind}-${c.movie.public_id}-${i}`}>
              <span className="text-muted">{te(`connections.${c.kind}`)}: </span>
              <Link href={`/movie/${c.movie.public_id}`} className="underline">
                {c.movie.name}
              </Link>
              {c.movie.year ? ` (${c.movie.year})` : ''}
              {c.info ? <span className="text-muted"> – {c.info}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        empty('movie_connections')
      );
      break;
    case 'photos':
      body = title.pictures.length ? <PictureGrid pictures={title.pictures} alt={title.name} typeName={(n) => te(`pictureTypes.${n}`)} /> : empty('photos');
      break;
    case 'videos':
      body = title.videos.length ? (
        <VideoList videos={title.videos} typeName={(n) => te(`videoTypes.${n}`)} linkLabel={(name) => tr('watchOnYoutube', { title: name })} />
      ) : (
        empty('videos')
      );
      break;
    case 'buying_options':
      body = title.buying_links.length ? <BuyingLinks links={title.buying_links} linkLabel={(shop) => tr('buyAt', { shop })} /> : empty('buying_options');
      break;
    case 'user_collections': {
      const page = await collectionsWithItem({ type: 'movie', publicId: title.public_id }, null, ITEM_COLLECTIONS_SHOWN);
      body = page.items.length ? <CollectionList collections={page.items} locale={locale} /> : empty('user_collections');
      break;
    }
  }
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
          {joinNames([te(`movieTypes.${title.type}`), title.runtime_min ? t('runtime', { minutes: title.runtime_min }) : null, joinNames(title.genres)])}
        </p>
        <ToggleBar item="movie" publicId={title.public_id} name={title.name} />
        <ItemValueLine value={await itemValueAverage({ type: 'movie', publicId: title.public_id })} locale={locale} />
      </header>
      <SubpageTabs label={t('tabs.label')} base={`/movie/${title.public_id}`} current={tab} tabs={MOVIE_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))} />
      {body}
    </article>
  );
}
