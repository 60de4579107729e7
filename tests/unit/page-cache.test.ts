import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHED_PAGE_TABS, PAGE_REVALIDATE_SECONDS, cachedPagePaths } from '@/lib/page-cache';

const root = path.resolve(import.meta.dirname, '../..');
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

/** The route segments whose pages are served from the ISR cache (lib/page-cache.ts). */
const CACHED_SEGMENTS = ['release', 'movie', 'person', 'label', 'company'] as const;

describe('page caching of the item pages', () => {
  it('lives for one hour', () => {
    expect(PAGE_REVALIDATE_SECONDS).toBe(3600);
  });

  it.each(CACHED_SEGMENTS)('%s/[publicId]/layout.tsx: ISR config with the shared lifetime, no ids at build time', (kind) => {
    const src = read(`app/[locale]/${kind}/[publicId]/layout.tsx`);
    expect(src).toMatch(new RegExp(`^export const revalidate = ${PAGE_REVALIDATE_SECONDS};$`, 'm'));
    expect(src).toMatch(/^export const dynamicParams = true;$/m);
    expect(src).toMatch(/export function generateStaticParams\(\)[^\n]*\{\n\s*return \[\];\n\}/);
  });

  it.each(['label/[publicId]/paged', 'company/[publicId]/paged', 'person/[publicId]/releases'])(
    '%s reads ?cursor= and is forced dynamic (an ISR route must not read searchParams)',
    (route) => {
      const src = read(`app/[locale]/${route}/page.tsx`);
      expect(src).toContain('searchParams');
      expect(src).toMatch(/^export const dynamic = 'force-dynamic';$/m);
    },
  );

  it.each(['release/[publicId]', 'movie/[publicId]', 'person/[publicId]', 'label/[publicId]', 'company/[publicId]'])(
    'the cached page %s/page.tsx reads no query string',
    (route) => {
      expect(read(`app/[locale]/${route}/page.tsx`)).not.toContain('searchParams');
    },
  );

  it('nothing shared by every page reads cookies or headers (anonymous HTML is the same for everyone)', () => {
    const shared = ['app/[locale]/layout.tsx', 'lib/i18n/request.ts', ...fs.readdirSync(path.join(root, 'components/layout')).map((f) => `components/layout/${f}`)];
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

  it('knows every tab folder of the cached segments', () => {
    for (const kind of CACHED_SEGMENTS) {
      const dir = path.join(root, 'app/[locale]', kind, '[publicId]');
      const tabs = fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== 'paged' && !(kind === 'person' && e.name === 'releases'))
        .map((e) => e.name)
        .sort();
      expect(tabs, kind).toEqual(CACHED_PAGE_TABS[kind].filter(Boolean).slice().sort());
    }
  });
});
