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
import { revalidatePath, revalidateTag, unstable_cache } from 'next/cache';
import { MOVIE_TABS, RELEASE_TABS, tabSegment } from './item-tabs';
import { logError } from '@/lib/log';

/**
 * Lifetime of a cached item page in seconds (1 hour). After it the next request still gets the
 * cached page while Next renders a fresh one in the background (stale-while-revalidate). A write
 * does not wait for it: `revalidateCataloguePages()` after the change makes the very next request
 * render the page anew.
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

/** What lib/page-cache-handler.mjs offers the app (it is loaded by Next outside the app's bundle). */
type PageCacheControl = {
  invalidatePaths(paths: readonly string[]): Promise<void>;
  invalidateTags(tags: readonly string[]): Promise<void>;
  /** The generation now, or null while revalidations of other servers cannot be heard yet. */
  stamp(): number | null;
  /** Whether the page at an internal path was revalidated after a stamp. */
  changedSince(path: string, stamp: number): boolean;
};

/** The page cache handler of this process, or null where Next runs none (tests, command-line scripts). */
function pageCacheControl(): PageCacheControl | null {
  const control = (globalThis as Record<symbol, unknown>)[Symbol.for('discshelf.page-cache')];
  return control &&
    typeof (control as PageCacheControl).invalidatePaths === 'function' &&
    typeof (control as PageCacheControl).invalidateTags === 'function' &&
    typeof (control as PageCacheControl).stamp === 'function'
    ? (control as PageCacheControl)
    : null;
}

/**
 * Keeping an answer read from the database as long as an item's cached pages stay valid (the page
 * proxy's tombstone lookups, lib/server/tombstone-cache.ts): `pageCacheStamp()` before the read,
 * then the answer holds while `pageChangedSince` of the item's page is false. Every write that
 * changes the item revalidates its pages on every server before its response (see
 * revalidateCataloguePages), so the next request reads again.
 * @returns the stamp, or null where no page cache handler runs (tests, command-line scripts) or it
 *   cannot hear other servers yet: then nothing may be kept
 */
export function pageCacheStamp(): number | null {
  return pageCacheControl()?.stamp() ?? null;
}

/**
 * Whether the cached page at an internal path (`/en/release/abc`) was revalidated, on this server
 * or another, after `stamp` (a value of pageCacheStamp); true where no page cache handler runs.
 */
export function pageChangedSince(path: string, stamp: number): boolean {
  return pageCacheControl()?.changedSince(path, stamp) ?? true;
}

/**
 * Revalidates the cached pages of the given items — every tab, both locales — so that the very
 * next request for any of them, by anyone, on any app server, renders it from the database. Call
 * it once the change has committed (an after-commit effect of the data layer, lib/data/events.ts)
 * with every item whose pages show the change: an edited or approved release, its movies and its
 * label; an edited person, the person and the movies crediting them.
 *
 * Resolves once the page cache of this process has expired those pages (renders of them that
 * started before have finished) and every other app server has answered that it has done the
 * same (lib/page-cache-handler.mjs), so the caller's response leaves after that: await it before
 * answering. Works anywhere in the server process (route handlers, effects run after the
 * request's own work, jobs); where no page cache runs (tests calling lib/data directly,
 * command-line imports) it falls back to Next's `revalidatePath`, which throws outside a request.
 * @throws Error from Next's `revalidatePath` when there is neither a page cache handler nor a
 *   Next request (see revalidateItemPages, which ignores that case)
 */
export async function revalidateCataloguePages(
  items: Partial<Record<CachedPageKind, readonly string[]>>,
): Promise<void> {
  const paths = (Object.keys(items) as CachedPageKind[]).flatMap((kind) =>
    (items[kind] ?? []).flatMap((publicId) => cachedPagePaths(kind, publicId)),
  );
  if (!paths.length) return;
  const control = pageCacheControl();
  if (control) return coalesced(control, paths);
  for (const path of paths) revalidatePath(path);
}

/**
 * Milliseconds during which revalidations are gathered into one: the writes answering within the
 * same window (members liking, toggling or commenting on one popular item at once) revalidate the
 * union of their pages once, with one message to the other servers, instead of once each.
 */
export const REVALIDATE_COALESCE_MS = 30;

/** The revalidation gathering paths now, and the promise of its end. */
let gathering: { paths: Set<string>; done: Promise<void> } | null = null;

/**
 * Adds `paths` to the revalidation gathering now (one starts with the first call), which runs
 * REVALIDATE_COALESCE_MS after it started; resolves when that revalidation is over on every
 * server, so each caller still answers only after its own pages are expired.
 */
function coalesced(control: PageCacheControl, paths: readonly string[]): Promise<void> {
  if (!gathering) {
    const batch = { paths: new Set<string>(), done: Promise.resolve() };
    batch.done = new Promise<void>((resolve) => setTimeout(resolve, REVALIDATE_COALESCE_MS)).then(() => {
      if (gathering === batch) gathering = null;
      return control.invalidatePaths([...batch.paths]);
    });
    gathering = batch;
  }
  for (const path of paths) gathering.paths.add(path);
  return gathering.done;
}

/** The cache tag of the pages showing a collection's name, owner or offers ({@link tagPageWithCollections}). */
export function collectionTag(collectionPublicId: string): string {
  return `collection:${collectionPublicId}`;
}

/**
 * Marks the page being rendered as showing these collections (their names and owners in an
 * item's "In collections" tab, their entries' asking prices, conditions and comments among a
 * release's offers), so that {@link revalidateCollections} expires it, wherever it is cached, the
 * moment one of them turns private, goes to the trash or loses its owner. Next records the tags
 * of a cached render from `unstable_cache` (its own data entry is a constant, kept for the page's
 * lifetime); outside a cached render (the API, tests) it does nothing. Next takes at most 128 tags
 * per `unstable_cache` call, so they go in calls of TAGS_PER_CALL.
 */
export async function tagPageWithCollections(collectionPublicIds: readonly string[]): Promise<void> {
  const tags = [...new Set(collectionPublicIds)].map(collectionTag);
  try {
    for (let i = 0; i < tags.length; i += TAGS_PER_CALL) {
      const chunk = tags.slice(i, i + TAGS_PER_CALL);
      await unstable_cache(async () => true, ['page-collections', ...chunk], {
        tags: chunk,
        revalidate: PAGE_REVALIDATE_SECONDS,
      })();
    }
  } catch (error) {
    // Rendered outside a Next server (component tests): there is no page cache to tag.
    if (!(error instanceof Error && error.message.includes('incrementalCache missing'))) throw error;
  }
}

/** Tags given to a page per `unstable_cache` call (Next's limit is 128). */
const TAGS_PER_CALL = 100;

/**
 * Expires, on every server, each cached page that shows one of these collections (tagged by
 * {@link tagPageWithCollections}), however many pages that is: after a collection is made
 * private, trashed, renamed or its owner's account is deleted. Resolves once every server has
 * applied it; where no page cache handler runs it falls back to Next's `revalidateTag` and, like
 * {@link revalidateCatalogue}, ignores the case of no Next server at all. Other failures are logged.
 */
export async function revalidateCollections(collectionPublicIds: readonly string[]): Promise<void> {
  const tags = [...new Set(collectionPublicIds)].map(collectionTag);
  if (!tags.length) return;
  try {
    const control = pageCacheControl();
    if (control) return await control.invalidateTags(tags);
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing')))
      logError('revalidating the pages of collections failed', error);
  }
}

/**
 * Revalidates the cached pages of catalogue items after a change they show, as an after-commit
 * effect of the data layer (a catalogue write: the entity's pages and those of what shows it):
 * see revalidateCataloguePages. Outside a Next server (command-line imports, route handlers run
 * directly by tests) there is no page cache and nothing to do; any other failure is logged: the
 * write has succeeded.
 */
export async function revalidateCatalogue(items: Partial<Record<CachedPageKind, readonly string[]>>): Promise<void> {
  try {
    await revalidateCataloguePages(items);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing')))
      logError('revalidating item pages failed', error);
  }
}

/**
 * Revalidates the cached pages of movies and releases after a change they show (a review, a
 * discussion or a reply listed on them, an entry's value average and the collections holding it):
 * see {@link revalidateCatalogue}.
 */
export async function revalidateItemPages(
  items: readonly { type: 'movie' | 'release'; publicId: string }[],
): Promise<void> {
  await revalidateCatalogue({
    movie: items.filter((i) => i.type === 'movie').map((i) => i.publicId),
    release: items.filter((i) => i.type === 'release').map((i) => i.publicId),
  });
}
