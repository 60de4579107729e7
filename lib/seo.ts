/**
 * Search-engine helpers shared by the catalogue pages: absolute URLs from `SITE_URL`
 * (default http://localhost:3000), locale paths (English unprefixed, Finnish under `/fi`),
 * per-page metadata with canonical URL and hreflang alternates (en, fi, x-default), and
 * schema.org JSON-LD objects (Movie for titles, Product for releases).
 * Pure functions, no I/O.
 */
import type { Metadata } from 'next';
import type { MemberRatings, ReleaseListItem, TitleDetail } from '@/lib/data/types';
import { truncate } from '@/lib/text';

export const SEO_LOCALES = ['en', 'fi'] as const;
export type SeoLocale = (typeof SEO_LOCALES)[number];

/** Site origin without a trailing slash, from env `SITE_URL` (default http://localhost:3000). */
export function siteUrl(): string {
  const raw = process.env.SITE_URL?.trim() || 'http://localhost:3000';
  return raw.replace(/\/+$/, '');
}

/**
 * Path of `path` (starting with "/", without locale, optionally with "?query") in `locale`:
 * ("en", "/releases/4k") → "/releases/4k", ("fi", "/releases/4k") → "/fi/releases/4k",
 * ("fi", "/") → "/fi", ("fi", "/?a=1") → "/fi?a=1".
 */
export function localePath(locale: string, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (locale !== 'fi') return p;
  if (p === '/') return '/fi';
  if (p.startsWith('/?')) return `/fi${p.slice(1)}`;
  return `/fi${p}`;
}

/** Absolute URL of `path` in `locale` on the configured site. */
export function absoluteUrl(locale: string, path: string): string {
  return `${siteUrl()}${localePath(locale, path)}`;
}

/** Appends a query string ("" or URLSearchParams without "?") to a path. */
export function withQuery(path: string, query: URLSearchParams | string | null | undefined): string {
  const qs = typeof query === 'string' ? query : (query?.toString() ?? '');
  return qs ? `${path}?${qs}` : path;
}

/**
 * Canonical URL and hreflang alternates for `path` (unprefixed, may carry a canonical query):
 * `{ canonical, languages: { en, fi, 'x-default' } }`, all absolute; x-default is English.
 */
export function alternatesFor(locale: string, path: string): NonNullable<Metadata['alternates']> {
  return {
    canonical: absoluteUrl(locale, path),
    languages: {
      en: absoluteUrl('en', path),
      fi: absoluteUrl('fi', path),
      'x-default': absoluteUrl('en', path),
    },
  };
}

/**
 * Page metadata: title, description, canonical + hreflang alternates, Open Graph basics and
 * optional rel=next/prev pagination links (absolute). `path` is the unprefixed canonical path
 * with its canonical query. `noindex` marks pages that must not be indexed (not-found states).
 */
export function pageMetadata(opts: {
  locale: string;
  path: string;
  title: string;
  description: string;
  next?: string | null;
  previous?: string | null;
  noindex?: boolean;
  ogType?: 'website' | 'video.movie';
  image?: string | null;
}): Metadata {
  const description = truncate(opts.description);
  const url = absoluteUrl(opts.locale, opts.path);
  const meta: Metadata = {
    title: opts.title,
    description,
    alternates: alternatesFor(opts.locale, opts.path),
    openGraph: {
      title: opts.title,
      description,
      url,
      type: opts.ogType ?? 'website',
      locale: opts.locale === 'fi' ? 'fi_FI' : 'en_US',
      ...(opts.image ? { images: [opts.image] } : {}),
    },
  };
  if (opts.next || opts.previous) {
    meta.pagination = {
      next: opts.next ? absoluteUrl(opts.locale, opts.next) : null,
      previous: opts.previous ? absoluteUrl(opts.locale, opts.previous) : null,
    };
  }
  if (opts.noindex) meta.robots = { index: false, follow: true };
  return meta;
}

/** A JSON-LD object (schema.org vocabulary). */
export type JsonLdObject = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** Drops keys whose value is null, undefined, "" or an empty array (JSON-LD stays minimal). */
function compact<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v == null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out as T;
}

/**
 * schema.org Movie (or TVSeries / TVEpisode by type) for a title page: name, alternate names,
 * year, runtime (ISO 8601 duration), genres, description, directors/actors/creators as Person
 * with their page URLs, sameAs IMDb/TMDb/Wikipedia.
 */
export function movieJsonLd(title: TitleDetail, locale: string): JsonLdObject {
  const personUrl = (id: string) => absoluteUrl(locale, `/person/${id}`);
  const people = (role: string) =>
    title.cast_crew
      .filter((c) => c.role === role)
      .map((c) => ({ '@type': 'Person', name: c.person.name, url: personUrl(c.person.public_id) }));
  const type = title.type === 2 ? 'TVSeries' : title.type === 5 ? 'TVEpisode' : 'Movie';
  const localized = Object.values(title.localized_names ?? {});
  const alternateName = [...new Set([title.original_name, ...localized, ...title.akas])].filter(
    (n): n is string => !!n && n !== title.name,
  );
  const sameAs = [
    title.imdb_id ? `https://www.imdb.com/title/${title.imdb_id}/` : null,
    title.tmdb_id ? `https://www.themoviedb.org/movie/${title.tmdb_id}` : null,
    title.wikipedia_url,
  ].filter((u): u is string => !!u);
  return compact({
    '@context': 'https://schema.org',
    '@type': type,
    '@id': absoluteUrl(locale, `/movie/${title.public_id}`),
    url: absoluteUrl(locale, `/movie/${title.public_id}`),
    name: title.name,
    alternateName,
    dateCreated: title.year ? String(title.year) : null,
    duration: title.runtime_min ? `PT${title.runtime_min}M` : null,
    genre: title.genres,
    description: truncate(title.plot ?? title.synopsis, 500) || null,
    image: title.picture_url,
    director: people('director'),
    actor: people('actor'),
    author: people('writer'),
    producer: people('producer'),
    musicBy: people('composer'),
    countryOfOrigin: title.countries.map((c) => ({ '@type': 'Country', name: c })),
    inLanguage: title.spoken_languages,
    sameAs,
    // The members' ratings of the movie (its reviews), on the 1-5 scale.
    aggregateRating: aggregateRating(title.member_ratings?.aspects.movie),
  });
}

/** schema.org AggregateRating of members' 1-5 ratings; null without any. */
function aggregateRating(rated: { count: number; mean: number | null } | undefined): JsonLdObject | null {
  if (!rated || rated.count === 0 || rated.mean === null) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(rated.mean * 10) / 10,
    ratingCount: rated.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/**
 * schema.org Product for a release page: name, url, sku (public id), gtin13 when the EAN is
 * known (a 12-digit UPC is given as gtin12), brand = label, releaseDate = street date,
 * category = format name, the contained movies as `isRelatedTo` Movie references, and (a release
 * page with members' ratings of the release as a whole) `aggregateRating` on the 1-5 scale.
 */
export function releaseJsonLd(
  release: ReleaseListItem & { member_ratings?: MemberRatings },
  locale: string,
  formatName: string,
): JsonLdObject {
  const ean = release.ean?.replace(/\D/g, '') ?? '';
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': absoluteUrl(locale, `/release/${release.public_id}`),
    url: absoluteUrl(locale, `/release/${release.public_id}`),
    name: release.name,
    sku: release.public_id,
    gtin13: ean.length === 13 ? ean : null,
    gtin12: ean.length === 12 ? ean : null,
    brand: release.label ? { '@type': 'Brand', name: release.label.name } : null,
    category: formatName,
    releaseDate: release.street_date ?? (release.release_year ? String(release.release_year) : null),
    image: release.picture_url,
    // The members' ratings of the release as a whole (reviews that link it), on the 1-5 scale.
    aggregateRating: aggregateRating(release.member_ratings?.aspects.release),
    isRelatedTo: release.movies.map((m) => ({
      '@type': 'Movie',
      name: m.name,
      url: absoluteUrl(locale, `/movie/${m.public_id}`),
      ...(m.year ? { dateCreated: String(m.year) } : {}),
    })),
  });
}

/** Serialises JSON-LD for a `<script type="application/ld+json">`, escaping "<" so text cannot close the tag. */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

// ---------------------------------------------------------------------------------------------
// Paged sitemap XML (sitemaps.org protocol with xhtml:link hreflang alternates): the index at
// /sitemap.xml lists /sitemap/static.xml and /sitemap/{kind}-{n}.xml pages of SITEMAP_PAGE_SIZE
// items; every item appears once per locale (en unprefixed, fi under /fi) with alternates en, fi
// and x-default.

/** Items per sitemap page (each item gives 2 URLs, one per locale: 20,000 < the 50,000 limit). */
export const SITEMAP_PAGE_SIZE = 10_000;

/** Catalogue paths listed in /sitemap/static.xml (home and listing routes). */
export const STATIC_SITEMAP_PATHS = [
  '/',
  '/releases',
  '/releases/out_now',
  '/releases/upcoming',
  '/releases/4k',
  '/releases/bluray',
  '/releases/dvd',
  '/releases/videotapes',
  '/releases/finnish_censorship',
  '/releases/finnish_video_releases',
  '/movies',
  '/tv_shows',
  '/tv_episodes',
  '/trashvideo',
  '/persons',
  '/labels',
  '/privacy-policy',
  '/service-info',
  '/terms-of-service',
] as const;

/** Route prefix of each sitemap kind's item pages. */
export const SITEMAP_ITEM_PATHS = {
  releases: '/release',
  movies: '/movie',
  persons: '/person',
  labels: '/label',
} as const;
export type SitemapItemKind = keyof typeof SITEMAP_ITEM_PATHS;

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<url>` entries of one unprefixed path: the English and the Finnish URL, each with hreflang alternates. */
function urlEntries(path: string, lastmod: string | null): string {
  const alternates = [
    `<xhtml:link rel="alternate" hreflang="en" href="${esc(absoluteUrl('en', path))}"/>`,
    `<xhtml:link rel="alternate" hreflang="fi" href="${esc(absoluteUrl('fi', path))}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(absoluteUrl('en', path))}"/>`,
  ].join('');
  const mod = lastmod ? `<lastmod>${esc(lastmod)}</lastmod>` : '';
  return ['en', 'fi'].map((l) => `<url><loc>${esc(absoluteUrl(l, path))}</loc>${mod}${alternates}</url>`).join('\n');
}

/** A `<urlset>` of the given unprefixed paths. */
export function urlsetXml(items: { path: string; lastmod: string | null }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...items.map((i) => urlEntries(i.path, i.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

/** Names of the sitemap pages for the given item counts: "static", "releases-1", … */
export function sitemapPageNames(spans: Record<SitemapItemKind, number>): string[] {
  const names = ['static'];
  for (const kind of Object.keys(SITEMAP_ITEM_PATHS) as SitemapItemKind[]) {
    const pages = Math.ceil((spans[kind] ?? 0) / SITEMAP_PAGE_SIZE);
    for (let n = 1; n <= pages; n++) names.push(`${kind}-${n}`);
  }
  return names;
}

/** The `<sitemapindex>` listing /sitemap/{name}.xml for each page name. */
export function sitemapIndexXml(names: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...names.map((n) => `<sitemap><loc>${esc(`${siteUrl()}/sitemap/${n}.xml`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Parses a sitemap page file name ("releases-2.xml", "static.xml"); null when unknown. */
export function parseSitemapPage(file: string): { kind: 'static' } | { kind: SitemapItemKind; page: number } | null {
  if (file === 'static.xml') return { kind: 'static' };
  const m = /^(releases|movies|persons|labels)-([1-9]\d{0,5})\.xml$/.exec(file);
  return m ? { kind: m[1] as SitemapItemKind, page: Number(m[2]) } : null;
}
