import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revalidatePath, revalidateTag } from 'next/cache';
import {
  CACHED_PAGE_TABS,
  PAGE_REVALIDATE_SECONDS,
  cachedPagePaths,
  REVALIDATE_COALESCE_MS,
  collectionTag,
  revalidateCataloguePages,
  revalidateCollections,
  revalidateItemPages,
} from '@/lib/page-cache';

// No Next server runs here: the revalidation calls are recorded instead.
vi.mock('next/cache', () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

const root = path.resolve(import.meta.dirname, '../..');
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

/** The route segments whose pages are served from the ISR cache (lib/page-cache.ts). */
const CACHED_SEGMENTS = ['release', 'movie', 'person', 'label', 'company'] as const;

describe('page caching of the item pages', () => {
  it('lives for one hour', () => {
    expect(PAGE_REVALIDATE_SECONDS).toBe(3600);
  });

  it.each(CACHED_SEGMENTS)(
    '%s/[publicId]/layout.tsx: ISR config with the shared lifetime, no ids at build time',
    (kind) => {
      const src = read(`app/[locale]/${kind}/[publicId]/layout.tsx`);
      expect(src).toMatch(new RegExp(`^export const revalidate = ${PAGE_REVALIDATE_SECONDS};$`, 'm'));
      expect(src).toMatch(/^export const dynamicParams = true;$/m);
      expect(src).toMatch(/export function generateStaticParams\(\)[^\n]*\{\n\s*return \[\];\n\}/);
    },
  );

  it.each([
    'label/[publicId]/paged',
    'company/[publicId]/paged',
    'person/[publicId]/releases',
    // The history shows a new revision at once and admins' revert controls: never from the cache.
    'movie/[publicId]/history',
    'release/[publicId]/history',
    'person/[publicId]/history',
    'label/[publicId]/history',
  ])('%s reads ?cursor= and is forced dynamic (an ISR route must not read searchParams)', (route) => {
    const src = read(`app/[locale]/${route}/page.tsx`);
    if (route.endsWith('/history')) {
      // A history page reads the query through the shared history route (components/history/history-page.tsx).
      expect(src).toMatch(/historyRoute\('(movie|release|person|label)'\)/);
      expect(read('components/history/history-page.tsx')).toContain("firstParam(sp, 'cursor')");
    } else expect(src).toContain('searchParams');
    expect(src).toMatch(/^export const dynamic = 'force-dynamic';$/m);
  });

  it('the edition comparison reads ?r= under the cached movie segment and is forced dynamic', () => {
    const src = read('app/[locale]/movie/[publicId]/compare/page.tsx');
    expect(src).toContain('searchParams');
    expect(src).toMatch(/^export const dynamic = 'force-dynamic';$/m);
  });

  it('no history page is among the cached tabs', () => {
    for (const tabs of Object.values(CACHED_PAGE_TABS)) expect(tabs).not.toContain('history');
  });

  it('a suggested release (its author and admins only) reads the session and is forced dynamic, never cached', () => {
    const src = read('app/[locale]/release/[publicId]/suggestion/page.tsx');
    expect(src).toMatch(/^export const dynamic = 'force-dynamic';$/m);
    expect(read('components/releases/suggested-release-page.tsx')).toContain('currentActor()');
    expect(CACHED_PAGE_TABS.release).not.toContain('suggestion');
  });

  it.each(['movie', 'release'])(
    '%s/[publicId]/contact (visitor or member form) reads the session and is forced dynamic, never cached',
    (kind) => {
      expect(read(`app/[locale]/${kind}/[publicId]/contact/page.tsx`)).toMatch(
        /^export const dynamic = 'force-dynamic';$/m,
      );
      expect(read('components/contact/contact-page.tsx')).toContain('currentActor()');
      expect(CACHED_PAGE_TABS[kind as 'movie' | 'release']).not.toContain('contact');
    },
  );

  it.each(['release/[publicId]', 'movie/[publicId]', 'person/[publicId]', 'label/[publicId]', 'company/[publicId]'])(
    'the cached page %s/page.tsx reads no query string',
    (route) => {
      expect(read(`app/[locale]/${route}/page.tsx`)).not.toContain('searchParams');
    },
  );

  it('nothing shared by every page reads cookies or headers (anonymous HTML is the same for everyone)', () => {
    const shared = [
      'app/[locale]/layout.tsx',
      'lib/i18n/request.ts',
      ...fs.readdirSync(path.join(root, 'components/layout')).map((f) => `components/layout/${f}`),
    ];
    for (const file of shared) {
      const src = read(file);
      expect(src, file).not.toMatch(/\b(cookies|headers|connection|draftMode)\(\)/);
      expect(src, file).not.toMatch(/from 'next\/headers'/);
    }
  });

  it('lists the internal paths of every tab in both locales for revalidation', () => {
    const paths = cachedPagePaths('release', 'abc');
    expect(paths).toHaveLength(2 * CACHED_PAGE_TABS.release.length);
    expect(paths).toContain('/en/release/abc');
    expect(paths).toContain('/fi/release/abc/buying_options');
    expect(cachedPagePaths('person', 'p1')).toEqual(['/en/person/p1', '/fi/person/p1']);
  });

  it('renders the suggestion forms under the item segments per request, never from the cache', () => {
    const forms = [
      'movie/[publicId]/edit',
      'movie/[publicId]/edit/crew',
      'movie/[publicId]/edit/connections',
      'movie/[publicId]/releases/new',
      'release/[publicId]/edit',
      'release/[publicId]/duplicate',
      'person/[publicId]/edit',
      'label/[publicId]/edit',
    ];
    for (const form of forms) {
      const source = fs.readFileSync(path.join(root, 'app/[locale]', form, 'page.tsx'), 'utf8');
      expect(source, form).toContain("export const dynamic = 'force-dynamic';");
    }
  });

  it('knows every tab folder of the cached segments', () => {
    for (const kind of CACHED_SEGMENTS) {
      const dir = path.join(root, 'app/[locale]', kind, '[publicId]');
      const tabs = fs
        .readdirSync(dir, { withFileTypes: true })
        // The dynamic twins (paged, a person's releases, the history, a suggested release, the
        // suggestion forms, the contact forms, a movie's edition comparison) are not cached.
        .filter(
          (e) =>
            e.isDirectory() &&
            e.name !== 'paged' &&
            e.name !== 'history' &&
            e.name !== 'contact' &&
            !FORM_FOLDERS.includes(e.name) &&
            !(kind === 'release' && e.name === 'suggestion') &&
            !(kind === 'person' && e.name === 'releases') &&
            !(kind === 'movie' && e.name === 'compare'),
        )
        .map((e) => e.name)
        .sort();
      expect(tabs, kind).toEqual(CACHED_PAGE_TABS[kind].filter(Boolean).slice().sort());
    }
  });
});

/** The folders of the suggestion forms under an item's segment (rendered per request). */
const FORM_FOLDERS = ['edit', 'duplicate'];

/** The paths revalidatePath was called with, sorted. */
function revalidatedPaths(): string[] {
  return vi
    .mocked(revalidatePath)
    .mock.calls.map((c) => c[0])
    .sort();
}

const RELEASE_PAGES = [
  '/en/release/rel01',
  '/en/release/rel01/buying_options',
  '/en/release/rel01/movies',
  '/en/release/rel01/other_releases',
  '/en/release/rel01/photos',
  '/en/release/rel01/posts',
  '/en/release/rel01/reviews',
  '/en/release/rel01/user_collections',
  '/en/release/rel01/videos',
  '/fi/release/rel01',
  '/fi/release/rel01/buying_options',
  '/fi/release/rel01/movies',
  '/fi/release/rel01/other_releases',
  '/fi/release/rel01/photos',
  '/fi/release/rel01/posts',
  '/fi/release/rel01/reviews',
  '/fi/release/rel01/user_collections',
  '/fi/release/rel01/videos',
];
const MOVIE_PAGES = [
  '/en/movie/mov01',
  '/en/movie/mov01/buying_options',
  '/en/movie/mov01/cast_crew',
  '/en/movie/mov01/movie_connections',
  '/en/movie/mov01/photos',
  '/en/movie/mov01/posts',
  '/en/movie/mov01/releases',
  '/en/movie/mov01/reviews',
  '/en/movie/mov01/user_collections',
  '/en/movie/mov01/videos',
  '/fi/movie/mov01',
  '/fi/movie/mov01/buying_options',
  '/fi/movie/mov01/cast_crew',
  '/fi/movie/mov01/movie_connections',
  '/fi/movie/mov01/photos',
  '/fi/movie/mov01/posts',
  '/fi/movie/mov01/releases',
  '/fi/movie/mov01/reviews',
  '/fi/movie/mov01/user_collections',
  '/fi/movie/mov01/videos',
];

describe('invalidation of cached item pages', () => {
  afterEach(() => {
    vi.mocked(revalidatePath).mockReset();
    vi.mocked(revalidateTag).mockReset();
    vi.restoreAllMocks();
  });

  it('without a page cache handler, revalidateCataloguePages falls back to revalidatePath: every tab of each item, both locales, once', async () => {
    await revalidateCataloguePages({ release: ['rel01'], person: ['per01', 'per02'] });
    expect(revalidatedPaths()).toEqual(
      [...RELEASE_PAGES, '/en/person/per01', '/en/person/per02', '/fi/person/per01', '/fi/person/per02'].sort(),
    );
    expect(vi.mocked(revalidatePath).mock.calls.every((c) => c.length === 1)).toBe(true);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('an entry of a release: the release pages only', async () => {
    await revalidateItemPages([{ type: 'release', publicId: 'rel01' }]);
    expect(revalidatedPaths()).toEqual(RELEASE_PAGES);
  });

  it('an entry of a movie: the movie pages only', async () => {
    await revalidateItemPages([{ type: 'movie', publicId: 'mov01' }]);
    expect(revalidatedPaths()).toEqual(MOVIE_PAGES);
  });

  it('a discussion and its replies revalidate the tab that lists them: post events by their pages, comments by their thread', async () => {
    const { SUBSCRIBERS } = await import('@/lib/data/subscribers');
    const release = [{ type: 'release' as const, publicId: 'rel01' }];
    const post = { postId: 1, publicId: 'post01', userId: 1, pages: release };
    for (const run of SUBSCRIBERS['post.created']?.afterCommit ?? []) await run(post);
    expect(revalidatedPaths()).toEqual(RELEASE_PAGES);
    vi.mocked(revalidatePath).mockReset();
    const thread = {
      type: 'post' as const,
      id: 1,
      publicId: 'post01',
      authorId: 1,
      pages: [{ type: 'movie' as const, publicId: 'mov01' }],
    };
    const comment = { commentId: 2, publicId: 'com01', userId: 2, thread, replyToAuthorId: null };
    for (const run of SUBSCRIBERS['comment.created']?.afterCommit ?? []) await run(comment);
    expect(revalidatedPaths()).toEqual(MOVIE_PAGES);
    vi.mocked(revalidatePath).mockReset();
    // A reply deleted (by an admin here) revalidates its thread's pages: a discussion of a release.
    const deleted = {
      ...comment,
      thread: { ...thread, pages: release },
      threadHeadline: 'Topic',
      byAdmin: true,
      reason: 'Spam',
    };
    for (const run of SUBSCRIBERS['comment.deleted']?.afterCommit ?? []) await run(deleted);
    expect(revalidatedPaths()).toEqual(RELEASE_PAGES);
    vi.mocked(revalidatePath).mockReset();
    // A reply of a review: no cached page shows a review's replies, so nothing is revalidated.
    for (const run of SUBSCRIBERS['comment.deleted']?.afterCommit ?? [])
      await run({ ...deleted, thread: { ...thread, type: 'review', pages: [] } });
    expect(revalidatePath).not.toHaveBeenCalled();
    // A discussion deleted: the pages that listed it.
    for (const run of SUBSCRIBERS['post.deleted']?.afterCommit ?? [])
      await run({ ...post, byAdmin: true, reason: 'Spam', headline: 'Topic' });
    expect(revalidatedPaths()).toEqual(RELEASE_PAGES);
  });

  it('a deleted review revalidates the movie and release pages that showed it', async () => {
    const { SUBSCRIBERS } = await import('@/lib/data/subscribers');
    const deleted = {
      reviewId: 1,
      authorId: 1,
      movieId: 1,
      releaseId: 1,
      pages: [
        { type: 'movie' as const, publicId: 'mov01' },
        { type: 'release' as const, publicId: 'rel01' },
      ],
      byAdmin: true,
      reason: 'Spoilers',
      headline: 'A review',
    };
    for (const run of SUBSCRIBERS['review.deleted']?.afterCommit ?? []) await run(deleted);
    expect(revalidatedPaths()).toEqual([...MOVIE_PAGES, ...RELEASE_PAGES].sort());
  });

  it('outside a Next request (no static generation store) nothing is logged or thrown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(revalidatePath).mockImplementation(() => {
      throw new Error('Invariant: static generation store missing in revalidatePath /en/release/rel01');
    });
    await expect(revalidateItemPages([{ type: 'release', publicId: 'rel01' }])).resolves.toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });

  it('any other failure is logged, not thrown: the entry write has already succeeded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(revalidatePath).mockImplementation(() => {
      throw new Error('cache handler unreachable');
    });
    await expect(revalidateItemPages([{ type: 'movie', publicId: 'mov01' }])).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][1])).toContain('cache handler unreachable');
  });

  it('with the page cache handler of the process, revalidateCataloguePages hands it every path and resolves only once it has answered', async () => {
    const key = Symbol.for('discshelf.page-cache');
    let answer: () => void = () => {};
    const invalidatePaths = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    (globalThis as Record<symbol, unknown>)[key] = {
      invalidatePaths,
      invalidateTags: vi.fn(),
      stamp: () => 0,
      changedSince: () => true,
    };
    try {
      let resolved = false;
      const done = revalidateCataloguePages({ release: ['rel01'], movie: ['mov01'] }).then(() => {
        resolved = true;
      });
      await new Promise((r) => setTimeout(r, REVALIDATE_COALESCE_MS + 20));
      expect(resolved).toBe(false);
      expect(invalidatePaths).toHaveBeenCalledTimes(1);
      expect([...(invalidatePaths.mock.calls[0] as unknown as [string[]])[0]].sort()).toEqual(
        [...MOVIE_PAGES, ...RELEASE_PAGES].sort(),
      );
      answer();
      await done;
      expect(resolved).toBe(true);
      expect(revalidatePath).not.toHaveBeenCalled();
    } finally {
      delete (globalThis as Record<symbol, unknown>)[key];
    }
  });
});

describe('coalesced revalidations and collection tags', () => {
  const key = Symbol.for('discshelf.page-cache');
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[key];
    vi.mocked(revalidateTag).mockReset();
  });

  /** A stand-in for the page cache handler that records each revalidation it is handed. */
  function fakeHandler() {
    const invalidatePaths = vi.fn(async (paths: readonly string[]) => {
      void paths;
    });
    const invalidateTags = vi.fn(async (tags: readonly string[]) => {
      void tags;
    });
    (globalThis as Record<symbol, unknown>)[key] = {
      invalidatePaths,
      invalidateTags,
      stamp: () => 0,
      changedSince: () => true,
    };
    return { invalidatePaths, invalidateTags };
  }

  it('writes answering within the window revalidate the union of their pages once; a later write starts anew', async () => {
    const { invalidatePaths } = fakeHandler();
    await Promise.all([
      revalidateItemPages([{ type: 'release', publicId: 'rel01' }]),
      revalidateItemPages([{ type: 'release', publicId: 'rel01' }]),
      revalidateItemPages([{ type: 'movie', publicId: 'mov01' }]),
    ]);
    expect(invalidatePaths).toHaveBeenCalledTimes(1);
    expect([...invalidatePaths.mock.calls[0]![0]].sort()).toEqual([...MOVIE_PAGES, ...RELEASE_PAGES].sort());
    await revalidateItemPages([{ type: 'movie', publicId: 'mov01' }]);
    expect(invalidatePaths).toHaveBeenCalledTimes(2);
    expect([...invalidatePaths.mock.calls[1]![0]].sort()).toEqual(MOVIE_PAGES);
  });

  it('a caller resolves only once the revalidation holding its pages is over', async () => {
    let answer: () => void = () => {};
    const { invalidatePaths } = fakeHandler();
    invalidatePaths.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    let resolved = false;
    const done = revalidateItemPages([{ type: 'release', publicId: 'rel01' }]).then(() => {
      resolved = true;
    });
    await new Promise((r) => setTimeout(r, REVALIDATE_COALESCE_MS + 20));
    expect(invalidatePaths).toHaveBeenCalledTimes(1);
    expect(resolved).toBe(false);
    answer();
    await done;
    expect(resolved).toBe(true);
  });

  it('a collection made private, trashed or its owner gone: the handler expires its tag, whatever pages carry it', async () => {
    const { invalidateTags } = fakeHandler();
    const { SUBSCRIBERS } = await import('@/lib/data/subscribers');
    const state = { style: 5, shortcut_default: false, deleted: false };
    const changed = { collectionId: 7, publicId: 'col07', userId: 1, before: state, after: state, pages: [] };
    for (const run of SUBSCRIBERS['collection.changed']?.afterCommit ?? []) await run(changed);
    expect(invalidateTags).toHaveBeenCalledWith([collectionTag('col07')]);
    invalidateTags.mockClear();
    const deleting = { userId: 1, pages: [], collections: ['col07', 'col08'] };
    for (const run of SUBSCRIBERS['account.deleting']?.afterCommit ?? []) await run(deleting);
    expect(invalidateTags).toHaveBeenCalledWith([collectionTag('col07'), collectionTag('col08')]);
  });

  it('without a page cache handler the tags go to Next (expired at once); none given, nothing to do', async () => {
    await revalidateCollections(['col07']);
    expect(revalidateTag).toHaveBeenCalledWith('collection:col07', { expire: 0 });
    vi.mocked(revalidateTag).mockReset();
    await revalidateCollections([]);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
