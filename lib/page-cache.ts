/**
 * Page caching of the public catalogue pages.
 *
 * Item pages — `/release/{id}`, `/movie/{id}`, `/person/{id}`, `/label/{id}`, `/company/{id}` and
 * their tabs, in both locales — are rendered on the first request and then served from Next's
 * ISR cache (Incremental Static Regeneration with `next start`). Each of those route segments has
 * a `layout.tsx` exporting:
 *
 *   export const revalidate = 3600;            // = PAGE_REVALIDATE_SECONDS (must be a literal)
 *   export const dynamicParams = true;         // ids not known at build time render on demand
 *   export function generateStaticParams() { return []; }   // `next build` never reads the DB
 *
 * Route segment config must be statically analysable, so the layouts repeat the literal;
 * tests/unit/page-cache.test.ts checks that every one of them equals PAGE_REVALIDATE_SECONDS.
 * The HTML is the same for every anonymous visitor (nothing in the layouts reads cookies() or
 * headers(); the cookie notice and the version check run in the browser), so per-user parts
 * (user widget, notification bell) must also be rendered client-side.
 *
 * Pages that take query parameters (listings, `?cursor=` pages of a label, company or person)
 * stay dynamic, and so do the items' history pages (`/{kind}/{id}/history`): a page under one of
 * these layouts shares its `revalidate` unless it exports `dynamic = 'force-dynamic'`.
 */
import { revalidatePath } from 'next/cache';
import { MOVIE_TABS, RELEASE_TABS, tabSegment } from './item-tabs';
import { logError } from '@/lib/log';

/**
 * Lifetime of a cached item page in seconds (1 hour). After it the next request still gets the
 * cached page while Next renders a fresh one in the background (stale-while-revalidate). Catalogue
 * edits should not wait for it: call `revalidateCataloguePages()` after a change.
 */
export const PAGE_REVALIDATE_SECONDS = 3600;

/** Locales whose paths are cached separately (`/en/...` is the internal path of `/...`). */
const LOCALES = ['en', 'fi'] as const;

/** Tabs (subpages) of each cached item page; '' is the page itself. */
export const CACHED_PAGE_TABS = {
  release: RELEASE_TABS.map(tabSegment),
  movie: MOVIE_TABS.map(tabSegment),
  person: [''],
  label: [''],
  company: [''],
} as const;

export type CachedPageKind = keyof typeof CACHED_PAGE_TABS;

/**
 * Internal (locale-prefixed) paths of every cached page of one item, as Next's ISR cache keys
 * them: `cachedPagePaths('release', 'abc')` → `/en/release/abc`, `/en/release/abc/movies`, …,
 * `/fi/release/abc/buying_options`. Pure.
 */
export function cachedPagePaths(kind: CachedPageKind, publicId: string): string[] {
  const paths: string[] = [];
  for (const locale of LOCALES) {
    for (const tab of CACHED_PAGE_TABS[kind]) paths.push(`/${locale}/${kind}/${publicId}${tab ? `/${tab}` : ''}`);
  }
  return paths;
}

/**
 * Revalidation hook for catalogue edits: marks the cached pages of the given items stale so the
 * next request renders them again. Call it from the server action / route handler that changed
 * the data, with every item whose page shows the change (an edited release: the release, its
 * movies and its label; an edited person: the person and the movies crediting them).
 * Only valid inside a Next request context (server action or route handler).
 */
export function revalidateCataloguePages(items: Partial<Record<CachedPageKind, readonly string[]>>): void {
  for (const kind of Object.keys(items) as CachedPageKind[]) {
    for (const publicId of items[kind] ?? []) {
      for (const path of cachedPagePaths(kind, publicId)) revalidatePath(path);
    }
  }
}

/**
 * Marks the cached pages of movies and releases stale after a change they show (an entry's value
 * average and the collections holding it), as an after-commit effect of the data layer. Outside a
 * Next request (command-line imports, route handlers run directly by tests) there is no page
 * cache and nothing to do; any other failure is logged: the write has succeeded and the page is
 * stale for at most PAGE_REVALIDATE_SECONDS.
 */
export function revalidateItemPages(items: readonly { type: 'movie' | 'release'; publicId: string }[]): void {
  revalidateCatalogue({
    movie: items.filter((i) => i.type === 'movie').map((i) => i.publicId),
    release: items.filter((i) => i.type === 'release').map((i) => i.publicId),
  });
}

/**
 * Marks the cached pages of catalogue items stale after a catalogue write, as an after-commit
 * effect of the data layer; outside a Next request there is nothing to do, and any other failure
 * is logged (see {@link revalidateItemPages}).
 */
export function revalidateCatalogue(items: Partial<Record<CachedPageKind, readonly string[]>>): void {
  try {
    revalidateCataloguePages(items);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing')))
      logError('revalidating item pages failed', error);
  }
}
