/**
 * `npm run check:bundle` (also a step of `npm test`): the first-load JavaScript of every App Router
 * page, gzip-compressed, from the output of the last `next build` in `.next/` (or `--dir DIR`).
 * Prints a table (route, files, KB gzip) and exits 1 when a route is over FIRST_LOAD_LIMIT_KB or
 * when there is no usable build (never passes silently).
 *
 * What a first load needs, as Next 16.4 records it:
 *  - `.next/build-manifest.json` → `rootMainFiles`: the runtime every App Router page loads
 *    (React, the Next router, the Turbopack runtime). `polyfillFiles` are left out: they are
 *    `<script nomodule>` and modern browsers never fetch them.
 *  - `.next/server/app-paths-manifest.json`: the App Router entries; each `…/page` entry has
 *    `.next/server/app/{entry}_client-reference-manifest.js`, which assigns
 *    `globalThis.__RSC_MANIFEST[entry].entryJSFiles`: for each segment of the route (root error and
 *    not-found boundaries, layouts, the page) the chunks of its client components. Their union is
 *    what the browser loads with the HTML (chunks imported lazily with `import()` are not listed).
 * This is the same union Next writes to `.next/diagnostics/route-bundle-stats.json` (uncompressed);
 * this script adds gzip and the budget. Sizes are gzip level 9 of each file, summed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';

/**
 * The budget: first-load JavaScript per route <= 150 KB gzip, KB = 1024 bytes. Next 16 +
 * React 19 alone take about 135 KB of it (rootMainFiles), so app code shared by every page has
 * ~15 KB: load rarely used client code (dialogs) with `import()`, keep text formatting precompiled
 * (lib/i18n/precompile.ts) and prefer server components.
 */
export const FIRST_LOAD_LIMIT_KB = 150;
export const FIRST_LOAD_LIMIT_BYTES = FIRST_LOAD_LIMIT_KB * 1024;

/** One row of the report: a route, the JS files its first load needs and their gzip total (bytes). */
export type RouteBundle = { route: string; files: string[]; gzipBytes: number };

/** Gzip size in bytes of `content` at level 9 (what `gzip -9` and most size budgets measure). */
export function gzipSize(content: Buffer | string): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

/**
 * Route of an app-paths-manifest entry: `/[locale]/release/[publicId]/page` →
 * `/[locale]/release/[publicId]`, `/page` → `/`, route groups `(name)` dropped. Null for entries
 * that are not pages (route handlers, metadata routes): they load no JavaScript in a browser.
 */
export function routeOfEntry(entry: string): string | null {
  if (!entry.endsWith('/page')) return null;
  const route = entry
    .slice(0, -'/page'.length)
    .split('/')
    .filter((s) => s && !(s.startsWith('(') && s.endsWith(')')))
    .join('/');
  return `/${route}`;
}

/** The JS files of a first load: every segment's entry chunks plus the shared root files, deduplicated, sorted. */
export function firstLoadFiles(entryJSFiles: Record<string, string[]>, rootMainFiles: string[]): string[] {
  const all = new Set<string>();
  for (const files of Object.values(entryJSFiles)) for (const f of files) if (f.endsWith('.js')) all.add(f);
  for (const f of rootMainFiles) if (f.endsWith('.js')) all.add(f);
  return [...all].sort();
}

/** Sum of the gzip sizes of `files`, each measured once by `sizeOf` (bytes). */
export function sumGzip(files: string[], sizeOf: (file: string) => number): number {
  let total = 0;
  for (const f of new Set(files)) total += sizeOf(f);
  return total;
}

/** Rows over the budget (`limitBytes`, default FIRST_LOAD_LIMIT_BYTES). */
export function overBudget(rows: RouteBundle[], limitBytes = FIRST_LOAD_LIMIT_BYTES): RouteBundle[] {
  return rows.filter((r) => r.gzipBytes > limitBytes);
}

/** Bytes as KB (1024) with one decimal: 150030 → "146.5". */
export function formatKb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** The printed report: one line per route (sorted), KB gzip, file count, and a mark on routes over the budget. */
export function formatTable(rows: RouteBundle[], limitBytes = FIRST_LOAD_LIMIT_BYTES): string {
  const sorted = [...rows].sort((a, b) => a.route.localeCompare(b.route));
  const width = Math.max(5, ...sorted.map((r) => r.route.length));
  const lines = [`${'route'.padEnd(width)}  files  KB gzip`, `${'-'.repeat(width)}  -----  -------`];
  for (const r of sorted) {
    const mark = r.gzipBytes > limitBytes ? `  OVER ${formatKb(limitBytes)} KB` : '';
    lines.push(
      `${r.route.padEnd(width)}  ${String(r.files.length).padStart(5)}  ${formatKb(r.gzipBytes).padStart(7)}${mark}`,
    );
  }
  return lines.join('\n');
}

/** Reads `globalThis.__RSC_MANIFEST[entry].entryJSFiles` from a client reference manifest (run in a sandbox). */
function readEntryJSFiles(manifestFile: string, entry: string): Record<string, string[]> {
  const sandbox: {
    globalThis?: unknown;
    __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
  } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(manifestFile, 'utf8'), sandbox, { filename: manifestFile });
  const files = sandbox.__RSC_MANIFEST?.[entry]?.entryJSFiles;
  if (!files) throw new Error(`${manifestFile}: no entryJSFiles for ${entry}`);
  return files;
}

/**
 * First-load JS of every App Router page of the build in `distDir`.
 * @throws Error with a readable message when there is no complete build there.
 */
export function measureBuild(distDir: string): RouteBundle[] {
  const need = (file: string) => {
    const p = path.join(distDir, file);
    if (!fs.existsSync(p))
      throw new Error(`no Next build in ${distDir}: ${file} is missing. Run \`npm run build\` (next build) first.`);
    return p;
  };
  need('BUILD_ID');
  const buildManifest = JSON.parse(fs.readFileSync(need('build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  const appPaths = JSON.parse(fs.readFileSync(need('server/app-paths-manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  const rootMainFiles = buildManifest.rootMainFiles ?? [];
  if (rootMainFiles.length === 0)
    throw new Error(`${distDir}/build-manifest.json has no rootMainFiles (not an App Router build of Next 16?)`);

  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSize(fs.readFileSync(need(file)));
      sizes.set(file, size);
    }
    return size;
  };

  const rows: RouteBundle[] = [];
  for (const entry of Object.keys(appPaths)) {
    const route = routeOfEntry(entry);
    if (!route) continue;
    const entryJSFiles = readEntryJSFiles(need(`server/app${entry}_client-reference-manifest.js`), entry);
    const files = firstLoadFiles(entryJSFiles, rootMainFiles);
    rows.push({ route, files, gzipBytes: sumGzip(files, sizeOf) });
  }
  if (rows.length === 0) throw new Error(`${distDir}/server/app-paths-manifest.json lists no pages`);
  return rows;
}

/** CLI: prints the table; exit 0 when every route is within the budget, 1 otherwise or without a build. */
function main(): number {
  const args = process.argv.slice(2);
  const dirArg = args.indexOf('--dir');
  const distDir = path.resolve(dirArg >= 0 ? args[dirArg + 1] : '.next');
  let rows: RouteBundle[];
  try {
    rows = measureBuild(distDir);
  } catch (error) {
    console.error(`check-bundle-size: ${(error as Error).message}`);
    return 1;
  }
  const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  console.log(
    `First-load JavaScript per route (gzip -9, KB = 1024 bytes), build ${buildId} in ${path.relative(process.cwd(), distDir) || '.'}:`,
  );
  console.log(formatTable(rows));
  const over = overBudget(rows);
  const largest = Math.max(...rows.map((r) => r.gzipBytes));
  if (over.length) {
    console.error(
      `\n${over.length} route(s) over the ${FIRST_LOAD_LIMIT_KB} KB budget (largest ${formatKb(largest)} KB).`,
    );
    return 1;
  }
  console.log(`\nAll ${rows.length} routes within ${FIRST_LOAD_LIMIT_KB} KB gzip (largest ${formatKb(largest)} KB).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exit(main());
