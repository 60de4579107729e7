/**
 * The render floor of never-cached ISR pages (`npm run bench:floor`, scripts/bench-floor.ts): how
 * much of a never-cached item page's cost is Next's own ISR path, whatever the page holds.
 *
 * It measures the committed HEAD, not the working tree: a temporary git worktree of HEAD gets the
 * project's node_modules (a hard-linked copy on Linux; a symlinked node_modules breaks the
 * Turbopack build) and two probe routes, written into the worktree only:
 * - `app/floor-bare/[id]/`: its own minimal root layout (`<html><body>`) and a page
 *   `<main><h1>{id}</h1></main>`, the item pages' segment config (revalidate 3600, dynamicParams,
 *   no static params); proxy.ts's matcher gets `floor-bare|` in its exclusion (in the worktree
 *   copy) so that the locale proxy leaves these paths alone;
 * - `app/[locale]/floor-layout/[id]/`: the same page under the app's real root layout
 *   (app/[locale]/layout.tsx: providers, drawer, footer, metadata), English.
 * Then `next build` there, the app's HTTP server (scripts/serve.ts) started as `npm start` and the
 * bench start it (scripts/serve-entry.ts serverArgs: the esbuild bundle of the worktree's
 * scripts/serve.ts under plain node) with DATABASE_URL, and one interleaved load (bench/pages.ts runLoad) with the settings of the bench's `pages` case
 * (bench/run.ts SETTINGS): the static file /icon.svg, then for each of floor-bare, floor-layout and
 * the real release, movie and person pages a cached target (ids requested once before, warm-up
 * load) and a never-cached one (ids never requested before in this run, no warm-up, fewer
 * connections; every request renders). Item ids come from the database as the bench draws them.
 * Each never-cached row gives its req/s over the same page's cached req/s and over the bare
 * probe's never-cached req/s (the item pages' target: {@link OVER_BARE_TARGET}). The server is
 * stopped and the worktree removed at the end, also on an error or SIGINT / SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopProcessGroup } from '../scripts/process-group';
import { serverArgs } from '../scripts/serve-entry';
import { openRawClient } from './capture';
import { cachedPageTarget, runLoad, uncachedPageTarget, type LoadResult, type LoadTarget } from './pages';
import { SETTINGS, type BenchSettings } from './run';
import { freePort } from './server';
import { ratio, type Summary } from './stats';
import { samplePublicIds } from './workload';

/** Options of {@link runFloor}. */
export type FloorOptions = {
  /** The repository whose HEAD is measured (its node_modules is copied into the worktree). */
  repoRoot: string;
  /** PostgreSQL URL of a database at bench scale (the server and the release ids read it). */
  databaseUrl: string;
  /** The bench's quick settings (shorter loads, fewer ids) instead of the default ones. */
  quick: boolean;
  /** Where bench/floor-results.json is written. */
  outFile: string;
  log: (line: string) => void;
};

/** One target of the run as written to floor-results.json (times in ms, rates in req/s). */
export type FloorRow = {
  name: string;
  /** What was requested, e.g. `GET /floor-bare/{id}`. */
  request: string;
  cached: boolean | null;
  connections: number;
  paths: number;
  requests: number;
  repeats: number;
  rps: number;
  /** 1000 / req/s: milliseconds of the (single-threaded) server per response under this load. */
  msPerResponse: number | null;
  ttfb: Summary;
  latency: Summary;
  halves: LoadResult['halves'];
  non2xx: number;
  errors: number;
  /** Never-cached rows: req/s over the cached row's req/s of the same page (whole run, and per half). */
  overCached: { ratio: number | null; halves: [number | null, number | null] } | null;
  /**
   * Never-cached rows: req/s over the never-cached req/s of the bare probe (`floor-bare_uncached`,
   * the trivial ISR page under its own minimal root layout) in the same run, whole run and per
   * half; the figure the never-cached item pages are judged by (target {@link OVER_BARE_TARGET}).
   */
  overBare: { ratio: number | null; halves: [number | null, number | null] } | null;
};

/** Never-cached item pages (release, movie, person) should reach this share of the bare probe's never-cached req/s. */
export const OVER_BARE_TARGET = 0.5;

/** Contents of floor-results.json. */
export type FloorResults = {
  measured: string;
  commit: string;
  date: string;
  mode: 'default' | 'quick';
  settings: Pick<
    BenchSettings,
    | 'loadSeconds'
    | 'loadSlices'
    | 'loadWarmupSeconds'
    | 'connections'
    | 'uncachedConnections'
    | 'sampleIds'
    | 'uncachedIds'
  >;
  /** os.loadavg() (1, 5, 15 minutes) before the build and after the load. */
  loadAverage: { before: number[]; after: number[] };
  cpus: number;
  buildSeconds: number;
  rows: FloorRow[];
};

/** The probe routes written into the worktree: relative path → source. */
export const PROBE_FILES: Record<string, string> = {
  'app/floor-bare/[id]/layout.tsx': `import type { ReactNode } from 'react';

// Render-floor probe (bench/floor.ts): its own minimal root layout, the item pages' segment config.
export const revalidate = 3600;
export const dynamicParams = true;

export function generateStaticParams(): { id: string }[] {
  return [];
}

export default function FloorBareLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/floor-bare/[id]/page.tsx': `type Props = { params: Promise<{ id: string }> };

export default async function Page({ params }: Props) {
  const { id } = await params;
  return (
    <main>
      <h1>{id}</h1>
    </main>
  );
}
`,
  'app/[locale]/floor-layout/[id]/layout.tsx': `import type { ReactNode } from 'react';

// Render-floor probe (bench/floor.ts): under the app's root layout, the item pages' segment config.
export const revalidate = 3600;
export const dynamicParams = true;

export function generateStaticParams(): { id: string }[] {
  return [];
}

export default function FloorLayoutSegment({ children }: { children: ReactNode }) {
  return children;
}
`,
  'app/[locale]/floor-layout/[id]/page.tsx': `import { setRequestLocale } from 'next-intl/server';

type Props = { params: Promise<{ locale: string; id: string }> };

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return (
    <main>
      <h1>{id}</h1>
    </main>
  );
}
`,
};

/** The matcher's negative lookahead in proxy.ts, and the same with the bare probe excluded. */
const MATCHER_FROM = "'/((?!api(?:/|$)|";
const MATCHER_TO = "'/((?!floor-bare|api(?:/|$)|";

/**
 * proxy.ts with `floor-bare|` added to the matcher's exclusion.
 * @throws when the matcher text is not found exactly once (proxy.ts changed: update MATCHER_FROM)
 */
export function excludeBareProbe(proxySource: string): string {
  const count = proxySource.split(MATCHER_FROM).length - 1;
  if (count !== 1)
    throw new Error(
      `proxy.ts: expected the matcher text ${MATCHER_FROM} once, found it ${count} times; the /floor-bare probe ` +
        'would be rewritten to a locale path (update MATCHER_FROM in bench/floor.ts)',
    );
  return proxySource.replace(MATCHER_FROM, MATCHER_TO);
}

function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Runs `cmd` in `cwd` with output to `logFile`, logging elapsed time and the log's last line every 15 s. */
async function runLogged(
  cmd: string,
  args: string[],
  cwd: string,
  logFile: string,
  log: (line: string) => void,
  track: (child: ChildProcess | null) => void,
): Promise<number> {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(cmd, args, { cwd, env: process.env, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  track(child);
  const started = Date.now();
  const timer = setInterval(() => {
    const last = tail(logFile, 8)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .pop();
    log(`  … ${Math.round((Date.now() - started) / 1000)} s${last ? `: ${last.slice(0, 100)}` : ''}`);
  }, 15_000);
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  track(null);
  return code;
}

/** GETs `url` without following redirects; the status, the x-nextjs-cache header and the body. */
async function probe(url: string): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, cache: res.headers.get('x-nextjs-cache'), body: await res.text() };
}

/** Name of the bare probe's never-cached load, the denominator of every `overBare` ratio. */
const BARE_UNCACHED = 'floor-bare_uncached';

function shareOf(r: LoadResult, of: LoadResult | undefined): FloorRow['overCached'] {
  return of
    ? {
        ratio: ratio(r.rps, of.rps),
        halves: [ratio(r.halves.rps[0], of.halves.rps[0]), ratio(r.halves.rps[1], of.halves.rps[1])],
      }
    : null;
}

/**
 * One result row per load: req/s, ms per response, TTFB, and for a never-cached load its share of
 * the same page's cached req/s (`overCached`) and of the bare probe's never-cached req/s
 * (`overBare`; null for the bare probe itself and when that load is missing).
 */
export function floorRow(r: LoadResult, results: readonly LoadResult[]): FloorRow {
  const uncached = r.name.endsWith('_uncached');
  const page = r.name.replace(/_uncached$/, '');
  const cached = uncached ? results.find((x) => x.name === page) : undefined;
  const bare = uncached && r.name !== BARE_UNCACHED ? results.find((x) => x.name === BARE_UNCACHED) : undefined;
  return {
    name: r.name,
    request: r.name === 'static' ? 'GET /icon.svg' : `GET /${page}/{id}`,
    cached: r.name === 'static' ? null : !uncached,
    connections: r.connections,
    paths: r.paths,
    requests: r.requests,
    repeats: r.repeats,
    rps: r.rps,
    msPerResponse: r.rps > 0 ? Math.round((1000 / r.rps) * 100) / 100 : null,
    ttfb: r.ttfb,
    latency: r.latency,
    halves: r.halves,
    non2xx: r.non2xx,
    errors: r.errors,
    overCached: shareOf(r, cached),
    overBare: shareOf(r, bare),
  };
}

/** The item pages judged against the bare probe: their never-cached loads. */
export const JUDGED_PAGES = ['release', 'movie', 'person'] as const;

/**
 * One verdict line per judged item page: its never-cached req/s over the bare probe's, against
 * {@link OVER_BARE_TARGET}: `met`, `MISSED`, or `MISSED: not measured` when the load or the bare
 * probe's load is missing or produced no rate; either half below the target is noted.
 */
export function overBareVerdicts(rows: readonly FloorRow[]): string[] {
  return JUDGED_PAGES.map((page) => {
    const row = rows.find((r) => r.name === `${page}_uncached`);
    const share = row?.overBare;
    if (!share || share.ratio == null) return `${page}: never-cached / bare: MISSED: not measured`;
    const met = share.ratio >= OVER_BARE_TARGET;
    const weakHalf = share.halves.some((h) => h == null || h < OVER_BARE_TARGET);
    return (
      `${page}: never-cached / bare ${share.ratio} × (target >= ${OVER_BARE_TARGET} ×): ${met ? 'met' : 'MISSED'}` +
      (met && weakHalf ? ' (one half below the target)' : '')
    );
  });
}

/** The result table: one line per target (req/s, ms per response, TTFB p50 / p95, ratio to cached). */
export function formatFloorTable(rows: readonly FloorRow[]): string {
  const head = [
    'target',
    'conn',
    'ids',
    'req/s',
    'ms/resp',
    'TTFB p50',
    'TTFB p95',
    'non-2xx',
    'never/cached',
    'never/bare',
  ];
  const share = (x: FloorRow['overCached']) =>
    x ? `${x.ratio ?? '-'} × (halves ${x.halves.map((h) => h ?? '-').join(' / ')})` : '';
  const lines = rows.map((r) => [
    r.name,
    String(r.connections),
    String(r.paths),
    r.rps.toFixed(1),
    r.msPerResponse == null ? '-' : r.msPerResponse.toFixed(2),
    r.ttfb.p50.toFixed(1),
    r.ttfb.p95.toFixed(1),
    String(r.non2xx + r.errors),
    share(r.overCached),
    share(r.overBare),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i >= cells.length - 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].map((l) => l.trimEnd()).join('\n');
}

/**
 * Runs the render-floor measurement (see module doc), prints the table and writes `o.outFile`.
 * @throws when the worktree, the build, the server or a probe request fails (the worktree is
 *   removed and the server stopped first)
 */
export async function runFloor(o: FloorOptions): Promise<FloorResults> {
  const mode = o.quick ? 'quick' : 'default';
  const settings = SETTINGS[mode];
  const commit = git(o.repoRoot, ['rev-parse', 'HEAD']);
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-floor-'));
  let worktreeAdded = false;
  let child: ChildProcess | null = null;
  let cleaned: Promise<void> | null = null;
  const cleanup = () =>
    (cleaned ??= (async () => {
      if (child) await stopProcessGroup(child, 15_000);
      child = null;
      if (worktreeAdded) {
        o.log(`removing the worktree ${dir} …`);
        const r = spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: o.repoRoot, encoding: 'utf8' });
        if (r.status !== 0) {
          fs.rmSync(dir, { recursive: true, force: true });
          spawnSync('git', ['worktree', 'prune'], { cwd: o.repoRoot });
        }
      } else fs.rmSync(dir, { recursive: true, force: true });
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    o.log(`${signal}: stopping the server and removing the worktree …`);
    void cleanup().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const raw = openRawClient(o.databaseUrl, 2);
  try {
    o.log(`measuring the committed HEAD ${commit.slice(0, 12)} (uncommitted changes are not in it), ${mode} mode`);
    o.log(`worktree: git worktree add --detach ${dir} HEAD`);
    git(o.repoRoot, ['worktree', 'add', '--detach', dir, 'HEAD']);
    worktreeAdded = true;
    // A hard-linked copy: quick and no extra disk. A symlink to the project's node_modules does not
    // do: Turbopack resolves only inside the worktree ("Could not find the Next.js package").
    const linux = process.platform === 'linux';
    const cp = spawnSync(
      'cp',
      [linux ? '-al' : '-pR', path.join(o.repoRoot, 'node_modules'), path.join(dir, 'node_modules')],
      {
        encoding: 'utf8',
      },
    );
    if (cp.status !== 0) throw new Error(`copying node_modules failed: ${cp.stderr.trim()}`);
    for (const [rel, source] of Object.entries(PROBE_FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), source);
    }
    const proxyFile = path.join(dir, 'proxy.ts');
    fs.writeFileSync(proxyFile, excludeBareProbe(fs.readFileSync(proxyFile, 'utf8')));
    o.log(
      `probe routes written into the worktree: ${Object.keys(PROBE_FILES).join(', ')}; proxy.ts matcher excludes floor-bare`,
    );

    fs.mkdirSync(path.join(dir, '.data'), { recursive: true });
    const buildLog = path.join(dir, '.data', 'floor-build.log');
    o.log('next build in the worktree (about 2-3 minutes on 2 cores) …');
    const buildStart = Date.now();
    const code = await runLogged(
      path.join(dir, 'node_modules', '.bin', 'next'),
      ['build'],
      dir,
      buildLog,
      o.log,
      (c) => {
        child = c;
      },
    );
    const buildSeconds = Math.round((Date.now() - buildStart) / 1000);
    if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${tail(buildLog, 40)}`);
    o.log(`built in ${buildSeconds} s`);

    const port = await freePort();
    const serverLog = path.join(dir, '.data', 'floor-server.log');
    const out = fs.openSync(serverLog, 'w');
    child = spawn(process.execPath, serverArgs(dir, { extra: ['--port', String(port)] }), {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: o.databaseUrl, PORT: String(port) },
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    const server = child;
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null)
        throw new Error(`the server exited with code ${server.exitCode}:\n${tail(serverLog)}`);
      if (Date.now() > deadline)
        throw new Error(`the server did not answer /version.json within 120 s:\n${tail(serverLog)}`);
      try {
        const res = await fetch(`${baseUrl}/version.json?ts=${Date.now()}`);
        await res.text();
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await sleep(500);
    }
    o.log(`server (scripts/serve.ts, bundled as npm start runs it) at ${baseUrl}`);

    // Ids: release ids as the bench draws them; the probes take any strings, fresh per run.
    const ids = await samplePublicIds(raw, settings.sampleIds);
    const fresh = await samplePublicIds(raw, settings.uncachedIds, Date.now() % 2 ** 31);
    const freshOf = (kind: 'releases' | 'movies' | 'persons') => {
      const cached = new Set(ids[kind]);
      return fresh[kind].filter((id) => !cached.has(id));
    };
    for (const kind of ['releases', 'movies', 'persons'] as const)
      if (!ids[kind].length) throw new Error(`the database holds no ${kind} to request`);
    const run = Date.now().toString(36);
    const made = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${run}-${prefix}${i}`);

    // Each probe answers 200 with its id, and its second request comes from the page cache.
    const itemProbes = [`/release/${ids.releases[0]}`, `/movie/${ids.movies[0]}`, `/person/${ids.persons[0]}`];
    for (const p of [`/floor-bare/${run}-probe`, `/floor-layout/${run}-probe`, ...itemProbes]) {
      const first = await probe(`${baseUrl}${p}`);
      const second = await probe(`${baseUrl}${p}`);
      if (first.status !== 200 || (p.startsWith('/floor') && !first.body.includes(`${run}-probe`)))
        throw new Error(`GET ${p} answered ${first.status}, not the probe page:\n${first.body.slice(0, 300)}`);
      o.log(`probe GET ${p}: ${first.status}, x-nextjs-cache ${first.cache ?? '-'} then ${second.cache ?? '-'}`);
      if (second.cache !== 'HIT') o.log(`WARNING: the second GET ${p} was not a page-cache hit`);
    }

    const cachedTarget = cachedPageTarget;
    const uncachedTarget = (kind: string, list: string[]) =>
      uncachedPageTarget(kind, list, settings.uncachedConnections);
    const targets: LoadTarget[] = [
      { name: 'static', paths: ['/icon.svg'], prefetch: false, warmup: true },
      cachedTarget('floor-bare', made('c', settings.sampleIds)),
      uncachedTarget('floor-bare', made('u', settings.uncachedIds)),
      cachedTarget('floor-layout', made('c', settings.sampleIds)),
      uncachedTarget('floor-layout', made('u', settings.uncachedIds)),
      cachedTarget('release', ids.releases),
      uncachedTarget('release', freshOf('releases')),
      cachedTarget('movie', ids.movies),
      uncachedTarget('movie', freshOf('movies')),
      cachedTarget('person', ids.persons),
      uncachedTarget('person', freshOf('persons')),
    ];
    o.log(
      `load: ${targets.length} targets × ${settings.loadSeconds} s in ${settings.loadSlices} interleaved slices, ` +
        `cached ${settings.connections} / never-cached ${settings.uncachedConnections} connections …`,
    );
    const loads = await runLoad(
      {
        baseUrl,
        connections: settings.connections,
        duration: settings.loadSeconds,
        warmup: settings.loadWarmupSeconds,
        slices: settings.loadSlices,
      },
      targets,
      o.log,
    );
    const results: FloorResults = {
      measured: `the committed HEAD ${commit} in a temporary worktree with two probe routes added`,
      commit,
      date: new Date().toISOString(),
      mode,
      settings: {
        loadSeconds: settings.loadSeconds,
        loadSlices: settings.loadSlices,
        loadWarmupSeconds: settings.loadWarmupSeconds,
        connections: settings.connections,
        uncachedConnections: settings.uncachedConnections,
        sampleIds: settings.sampleIds,
        uncachedIds: settings.uncachedIds,
      },
      loadAverage: { before: loadBefore, after: os.loadavg().map((x) => Math.round(x * 100) / 100) },
      cpus: os.cpus().length,
      buildSeconds,
      rows: loads.map((r) => floorRow(r, loads)),
    };
    fs.writeFileSync(o.outFile, `${JSON.stringify(results, null, 2)}\n`);
    o.log('');
    o.log(
      `Render floor of never-cached ISR pages, committed HEAD ${commit.slice(0, 12)}, ${mode} mode, ${results.date}`,
    );
    o.log(
      `load average ${results.loadAverage.before.join(' ')} before, ${results.loadAverage.after.join(' ')} after (${results.cpus} cores)`,
    );
    o.log(formatFloorTable(results.rows));
    o.log(
      'ms/resp = 1000 / req/s: the time of the (single-threaded) server per response while the load keeps it busy; ' +
        'other jobs on the cores add to it.',
    );
    for (const line of overBareVerdicts(results.rows)) o.log(line);
    o.log(`wrote ${path.relative(o.repoRoot, o.outFile)}`);
    return results;
  } finally {
    await raw.end({ timeout: 5 });
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
