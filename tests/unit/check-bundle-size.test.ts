import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_LIMIT_BYTES,
  FIRST_LOAD_LIMIT_KB,
  firstLoadFiles,
  formatKb,
  formatTable,
  gzipSize,
  measureBuild,
  overBudget,
  routeOfEntry,
  sumGzip,
} from '@/scripts/check-bundle-size';

describe('check-bundle-size: pure parts', () => {
  it('budget is 150 KB gzip with KB = 1024 bytes', () => {
    expect(FIRST_LOAD_LIMIT_KB).toBe(150);
    expect(FIRST_LOAD_LIMIT_BYTES).toBe(153_600);
  });

  it('gzipSize is the length of a level-9 gzip stream', () => {
    const text = 'a'.repeat(10_000) + 'some text';
    expect(gzipSize(text)).toBe(zlib.gzipSync(text, { level: 9 }).length);
    expect(gzipSize(text)).toBeLessThan(200);
  });

  it('maps app-paths entries to routes and skips non-pages', () => {
    expect(routeOfEntry('/[locale]/release/[publicId]/page')).toBe('/[locale]/release/[publicId]');
    expect(routeOfEntry('/page')).toBe('/');
    expect(routeOfEntry('/(shop)/cart/page')).toBe('/cart');
    expect(routeOfEntry('/api/releases/route')).toBeNull();
    expect(routeOfEntry('/robots.txt/route')).toBeNull();
  });

  it('unites the segments’ chunks with the root files, JS only, once each', () => {
    const files = firstLoadFiles(
      {
        '[project]/app/layout': ['static/chunks/a.js', 'static/chunks/s.css'],
        '[project]/app/page': ['static/chunks/a.js', 'static/chunks/b.js'],
      },
      ['static/chunks/root.js', 'static/chunks/b.js'],
    );
    expect(files).toEqual(['static/chunks/a.js', 'static/chunks/b.js', 'static/chunks/root.js']);
  });

  it('sums each file once', () => {
    const sizes: Record<string, number> = { a: 100, b: 250 };
    expect(sumGzip(['a', 'b', 'a'], (f) => sizes[f])).toBe(350);
    expect(sumGzip([], () => 1)).toBe(0);
  });

  it('flags routes strictly over the limit', () => {
    const rows = [
      { route: '/ok', files: [], gzipBytes: FIRST_LOAD_LIMIT_BYTES },
      { route: '/big', files: [], gzipBytes: FIRST_LOAD_LIMIT_BYTES + 1 },
    ];
    expect(overBudget(rows).map((r) => r.route)).toEqual(['/big']);
    expect(overBudget(rows, 10).map((r) => r.route)).toEqual(['/ok', '/big']);
  });

  it('prints KB with one decimal and marks the routes over budget', () => {
    expect(formatKb(150_030)).toBe('146.5');
    const table = formatTable([
      { route: '/b', files: ['x', 'y'], gzipBytes: 2048 },
      { route: '/a', files: ['x'], gzipBytes: 200_000 },
    ]);
    const lines = table.split('\n');
    expect(lines[2]).toMatch(/^\/a\s+1\s+195\.3 {2}OVER 150\.0 KB$/);
    expect(lines[3]).toMatch(/^\/b\s+2\s+2\.0$/);
  });
});

describe('check-bundle-size: reading a build', () => {
  let dir = '';
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A minimal `.next` with one page whose first load is root.js + page.js. */
  function fakeBuild(pageJs: string): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
    const write = (rel: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), content);
    };
    write('BUILD_ID', 'test-build');
    write(
      'build-manifest.json',
      JSON.stringify({ rootMainFiles: ['static/chunks/root.js'], polyfillFiles: ['static/chunks/poly.js'] }),
    );
    write(
      'server/app-paths-manifest.json',
      JSON.stringify({ '/[locale]/x/page': 'app/[locale]/x/page.js', '/api/y/route': 'app/api/y/route.js' }),
    );
    write(
      'server/app/[locale]/x/page_client-reference-manifest.js',
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/x/page"] = ${JSON.stringify(
        {
          entryJSFiles: {
            '[project]/app/[locale]/layout': ['static/chunks/page.js'],
            '[project]/app/[locale]/x/page': ['static/chunks/page.js', 'static/chunks/x.css'],
          },
        },
      )};`,
    );
    write('static/chunks/root.js', 'console.log("root");'.repeat(50));
    write('static/chunks/page.js', pageJs);
    write('static/chunks/poly.js', 'polyfill'.repeat(1000));
    return dir;
  }

  it('measures root + page chunks (not polyfills, not CSS, not route handlers)', () => {
    const page = 'export const x = 1;'.repeat(20);
    const rows = measureBuild(fakeBuild(page));
    expect(rows).toHaveLength(1);
    expect(rows[0].route).toBe('/[locale]/x');
    expect(rows[0].files).toEqual(['static/chunks/page.js', 'static/chunks/root.js']);
    expect(rows[0].gzipBytes).toBe(gzipSize(page) + gzipSize('console.log("root");'.repeat(50)));
  });

  it('fails with a clear message when there is no build', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-empty-'));
    dir = empty;
    expect(() => measureBuild(empty)).toThrow(/no Next build in .*BUILD_ID is missing/);
  });

  it('fails when a listed chunk is missing', () => {
    const d = fakeBuild('x');
    fs.rmSync(path.join(d, 'static/chunks/page.js'));
    expect(() => measureBuild(d)).toThrow(/static\/chunks\/page\.js is missing/);
  });
});
