/**
 * `npm run lighthouse [-- --url http://host:port] [--runs N] [--json FILE]`: Lighthouse 12 (Node
 * API, default mobile profile: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) in the
 * system Chromium (CHROMIUM_PATH, default /usr/bin/chromium, headless) on five pages — home, a
 * movie, a release, a person and a filtered release listing — RUNS times each (default 3), and
 * prints the median score of performance, accessibility, SEO and best practices per page against
 * the targets (>= 95 / 100 / 100 / 100), plus the audits that failed in the median run.
 *
 * Without --url it starts its own production server (scripts/start.ts: builds when needed, imports
 * the seed) on a free port with DATA_DIR=.data/lighthouse (or the DATA_DIR you set) and SITE_URL =
 * that server's origin, and stops it afterwards. With --url, start that server with SITE_URL set to
 * its own origin, or the canonical audit (SEO) fails. The public ids come from the running app's JSON API (a Seven Samurai release, its
 * movie and the movie's first credited person), so any catalogue with that film works.
 * Exit code: 0 when every page meets every target, 1 otherwise (2 on a setup failure).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from './next-build';

/** Lighthouse categories reported, in print order. */
export const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Targets (scores 0–100): minimum per category. */
export const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  seo: 100,
  'best-practices': 100,
};

/** Chromium flags: headless, no sandbox (containers), and no background traffic (the network outside localhost is closed). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run of one page: 0–100 per category and the ids/titles of audits that failed. */
export type RunScores = {
  scores: Record<Category, number>;
  failed: { id: string; title: string; category: Category }[];
};

/** Median of numbers (the middle one; for an even count the lower middle, so it is a real run's value). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Per category, the median score over the runs; `failedAudits` comes from the run whose
 * performance score is the median (the run Lighthouse itself would call representative).
 */
export function summarize(runs: RunScores[]): RunScores {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<
    Category,
    number
  >;
  const medianRun = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0];
  return { scores, failed: medianRun.failed };
}

/** Categories of `scores` below their target. */
export function missedTargets(scores: Record<Category, number>): Category[] {
  return CATEGORIES.filter((c) => scores[c] < TARGETS[c]);
}

/** The result table: one line per page with the four median scores, targets in the header, a mark on misses. */
export function formatScores(rows: { name: string; url: string; scores: Record<Category, number> }[]): string {
  const width = Math.max(4, ...rows.map((r) => r.name.length));
  const head = `${'page'.padEnd(width)}  ${CATEGORIES.map((c) => `${c} (>=${TARGETS[c]})`.padStart(c.length + 6)).join('  ')}`;
  const lines = [head];
  for (const r of rows) {
    const cells = CATEGORIES.map((c) => `${r.scores[c]}${r.scores[c] < TARGETS[c] ? '!' : ' '}`.padStart(c.length + 6));
    lines.push(`${r.name.padEnd(width)}  ${cells.join('  ')}  ${r.url}`);
  }
  return lines.join('\n');
}

/** Reads the four category scores (0–100) and the failed audits of a Lighthouse result. */
function scoresOf(lhr: {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
}): RunScores {
  const scores = {} as Record<Category, number>;
  const failed: RunScores['failed'] = [];
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    scores[c] = Math.round((cat?.score ?? 0) * 100);
    for (const ref of cat?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      if (c === 'performance' && ref.weight === 0 && audit.score >= 0.5) continue;
      failed.push({ id: ref.id, title: audit.title, category: c });
    }
  }
  return { scores, failed };
}

/** A free TCP port on localhost. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200 (polling every second), or throws after `timeoutMs`. */
async function waitFor(url: string, timeoutMs: number, server?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** GET a JSON document from the app. */
async function getJson<T>(base: string, p: string): Promise<T> {
  const res = await fetch(new URL(p, base));
  if (!res.ok) throw new Error(`GET ${p}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

type Item = { public_id: string };

/** The five pages: paths picked from the app's JSON API (real public ids). */
async function pickPages(base: string): Promise<{ name: string; path: string }[]> {
  const releases = await getJson<{ items: (Item & { movies: Item[] })[] }>(base, '/api/releases?q=seven+samurai');
  const release =
    releases.items.find((r) => r.movies.length > 0) ??
    (await getJson<{ items: (Item & { movies: Item[] })[] }>(base, '/api/releases?limit=1')).items[0];
  if (!release) throw new Error('the catalogue has no releases');
  const movieId = release.movies[0]?.public_id;
  if (!movieId) throw new Error(`release ${release.public_id} has no movie`);
  const title = await getJson<{ cast_crew?: { person?: Item }[] }>(base, `/api/titles/${movieId}`);
  const credited = (title.cast_crew ?? []).map((c) => c.person?.public_id).find(Boolean);
  const personId = credited ?? (await getJson<{ items: Item[] }>(base, '/api/persons?q=kurosawa')).items[0]?.public_id;
  if (!personId) throw new Error('no person found');
  return [
    { name: 'home', path: '/' },
    { name: 'movie', path: `/movie/${movieId}` },
    { name: 'release', path: `/release/${release.public_id}` },
    { name: 'person', path: `/person/${personId}` },
    { name: 'listing', path: '/releases?fo=1,5&so=date_desc' },
  ];
}

/**
 * Starts scripts/start.ts on a free port; resolves with its base URL once /version.json answers.
 * SITE_URL is the server's own origin (canonical and hreflang URLs must point at the audited
 * host), but only at run time: a stale build is rebuilt first without it, so the shared `.next`
 * keeps the configured SITE_URL in its prerendered pages.
 */
async function startServer(): Promise<{ base: string; server: ChildProcess }> {
  if (!buildIfNeeded(process.cwd())) throw new Error('next build failed');
  const port = await freePort();
  const dataDir = process.env.DATA_DIR || path.join('.data', 'lighthouse');
  fs.mkdirSync(dataDir, { recursive: true });
  const base = `http://localhost:${port}`;
  console.log(`Starting the app on ${base} (DATA_DIR=${dataDir}; the first start imports the seed) …`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SITE_URL: process.env.SITE_URL || base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/version.json`, 15 * 60_000, server);
  return { base, server };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  const jsonOut = arg('--json');

  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    let base = arg('--url');
    if (base) await waitFor(new URL('/version.json', base).href, 30_000);
    else ({ base, server } = await startServer());
    const pages = await pickPages(base);
    // Warm the page cache first: a cold ISR render is not what visitors (or the target) measure.
    for (const p of pages) await fetch(new URL(p.path, base));

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const rows: {
      name: string;
      url: string;
      scores: Record<Category, number>;
      failed: RunScores['failed'];
      runs: Record<Category, number>[];
    }[] = [];
    for (const page of pages) {
      const url = new URL(page.path, base).href;
      const results: RunScores[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
        results.push(scoresOf(result.lhr as unknown as Parameters<typeof scoresOf>[0]));
        process.stdout.write(
          `  ${page.name} run ${i + 1}/${runs}: ${CATEGORIES.map((c) => results[i].scores[c]).join(' / ')}\n`,
        );
      }
      const summary = summarize(results);
      rows.push({
        name: page.name,
        url: page.path,
        scores: summary.scores,
        failed: summary.failed,
        runs: results.map((r) => r.scores),
      });
    }

    console.log(`\nLighthouse 12 mobile, median of ${runs} run(s) per page (! = below target):`);
    console.log(formatScores(rows));
    for (const r of rows) {
      if (r.failed.length)
        console.log(`\n${r.name}: ${r.failed.map((f) => `${f.category}/${f.id} (${f.title})`).join('; ')}`);
    }
    if (jsonOut)
      fs.writeFileSync(
        jsonOut,
        `${JSON.stringify({ date: new Date().toISOString(), base, runs, pages: rows }, null, 2)}\n`,
      );
    const misses = rows.filter((r) => missedTargets(r.scores).length > 0);
    console.log(misses.length ? `\n${misses.length} page(s) below a target.` : '\nEvery page meets every target.');
    return misses.length ? 1 : 0;
  } finally {
    await chrome?.kill();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`lighthouse: ${(error as Error).message}`);
      process.exit(2);
    },
  );
}
