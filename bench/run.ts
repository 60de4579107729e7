/**
 * The benchmark run behind `npm run bench` (scripts/bench.ts): opens the databases, starts the
 * server when needed, runs the cases (bench/search.ts with bench/community.ts, listings.ts,
 * pages.ts, imports.ts, realtime.ts, stream.ts, collections.ts),
 * checks the performance targets (bench/verdicts.ts), prints a table and writes bench/results.json plus
 * bench/explain/*.txt. Imports lib/data: load it only after `allowServerOnlyImports()`
 * (bench/server-only.ts) outside Next/vitest.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db';
import { indexesNotYetUsable, openCapturingDb, openRawClient } from './capture';
import { COMMUNITY_FUNCTIONS, randomCommunityQueries, runCommunityCase, type CommunityCaseResult } from './community';
import { importPglite, importPostgres, type ImportResult } from './imports';
import { runListingCase, TARGET_PAGE, type ListingResult } from './listings';
import { cachedPageTarget, runLoad, uncachedPageTarget, type LoadResult, type LoadTarget } from './pages';
import { runViews, type ViewResult } from './views';
import { runRealtimeCase, type RealtimeCaseResult } from './realtime';
import { runStreamCase, type StreamCaseResult } from './stream';
import { runCollectionsCase, type CollectionsCaseResult } from './collections';
import { QUEUE_PAGE, runContributionsCase, type ContributionsCaseResult } from './contributions';
import { checkTarget, formatTable, formatTargets, pct, type CaseRow, type TargetCheck } from './report';
import { runSearchCase, SEARCH_FUNCTIONS, type SearchCaseResult } from './search';
import { startServer, type RunningServer } from './server';
import { ratio, summarize } from './stats';
import {
  formatVerdictSummary,
  halvesRatio,
  p95,
  summarizeVerdicts,
  targetChecks,
  TARGETS,
  type CaseName,
  type VerdictPlan,
  type VerdictSummary,
} from './verdicts';
import {
  FIXED_SEARCH_QUERIES,
  listingCases,
  randomSearchQueries,
  samplePublicIds,
  type RandomQueryCounts,
} from './workload';

export { CASES, TARGETS, type CaseName } from './verdicts';

/** Options of a run (scripts/bench.ts parses them from the command line). */
export type BenchOptions = {
  databaseUrl: string;
  quick: boolean;
  /** Cases to run (default all). */
  cases: CaseName[];
  /** Leave out the HTTP parts (API search timings and case 3): no server is started. */
  skipServer: boolean;
  /** Output folder: results.json and explain/ go there (default bench/). */
  outDir: string;
  log: (line: string) => void;
};

/** Sample sizes and durations of a mode. */
export type BenchSettings = {
  searchRounds: number;
  randomQueries: RandomQueryCounts;
  /** Random `q` words per community endpoint (bench/community.ts). */
  communityRandomQueries: number;
  /**
   * Recorded rounds of the community requests: more than the search rounds, since their SQL
   * takes a few milliseconds and a p95 of few samples is close to their maximum (the plain lists
   * have 5 and 3 requests: 60 rounds give them 300 and 180 samples).
   */
  communityRounds: number;
  /**
   * Recorded rounds of each listing: p95 of page 1 and page 100 decide its target, so enough
   * samples that a p95 is not simply the largest of a few (100: the 95th of 100, 5 above it).
   */
  listingRounds: number;
  /**
   * Rounds a listing may take in all: while the verdict of its target differs between the first
   * and the second half of its samples, or its p95s miss the target while its medians meet it,
   * another `listingRounds` run, up to this many.
   */
  listingMaxRounds: number;
  /** Seconds of load per page target, in `loadSlices` parts interleaved with the other targets. */
  loadSeconds: number;
  loadSlices: number;
  loadWarmupSeconds: number;
  /** Connections of the cached page loads and the static file. */
  connections: number;
  /** Connections of the never-cached page loads (each request renders). */
  uncachedConnections: number;
  sampleIds: number;
  /** Ids per kind for the never-cached page targets (more than the load can request). */
  uncachedIds: number;
  /** pusher-js clients connected during the realtime case. */
  realtimeSubscribers: number;
  /** Notifications timed from commit to client, one at a time. */
  realtimeSamples: number;
  /** Recorded rounds of GET /api/me. */
  meRounds: number;
  /** The stream case's friends with big collections, entries each, and active writers befriended. */
  streamCollectors: number;
  streamEntries: number;
  streamWriters: number;
  /** Recorded rounds of the stream case, and pages read by cursor in each. */
  streamRounds: number;
  streamPages: number;
  /** The collections case: entries of each seller's for-sale list, the wanter's wanted releases, rounds. */
  collectionsEntries: number;
  collectionsWanted: number;
  collectionsRounds: number;
  /** The contributions case: pending change requests, revisions of one release, rounds. */
  contributionsPending: number;
  contributionsRevisions: number;
  contributionsRounds: number;
  /** Never-cached release pages fetched and viewed in Chromium (half each, two of them a warm-up). */
  viewIds: number;
  /** How long a page view waits after the user widget has shown, ms. */
  viewSettleMs: number;
};

/** Default mode (the recorded measurement) and quick mode (CI-sized: fewer samples, shorter loads). */
export const SETTINGS: Record<'default' | 'quick', BenchSettings> = {
  default: {
    searchRounds: 5,
    randomQueries: { words: 16, prefixes: 8, persons: 8, titles: 8 },
    communityRandomQueries: 8,
    communityRounds: 60,
    listingRounds: 200,
    listingMaxRounds: 800,
    loadSeconds: 12,
    loadSlices: 4,
    loadWarmupSeconds: 3,
    connections: 32,
    uncachedConnections: 8,
    sampleIds: 100,
    uncachedIds: 4000,
    realtimeSubscribers: 20,
    realtimeSamples: 300,
    meRounds: 50,
    streamCollectors: 10,
    streamEntries: 10000,
    streamWriters: 10,
    streamRounds: 100,
    streamPages: 10,
    collectionsEntries: 10000,
    collectionsWanted: 2000,
    collectionsRounds: 30,
    contributionsPending: 10000,
    contributionsRevisions: 1000,
    contributionsRounds: 30,
    viewIds: 42,
    viewSettleMs: 2000,
  },
  quick: {
    searchRounds: 2,
    randomQueries: { words: 6, prefixes: 3, persons: 3, titles: 3 },
    communityRandomQueries: 3,
    communityRounds: 24,
    listingRounds: 100,
    listingMaxRounds: 400,
    loadSeconds: 4,
    loadSlices: 4,
    loadWarmupSeconds: 2,
    connections: 32,
    uncachedConnections: 8,
    sampleIds: 50,
    uncachedIds: 1500,
    realtimeSubscribers: 5,
    realtimeSamples: 100,
    meRounds: 50,
    streamCollectors: 10,
    streamEntries: 10000,
    streamWriters: 10,
    streamRounds: 40,
    streamPages: 10,
    collectionsEntries: 10000,
    collectionsWanted: 2000,
    collectionsRounds: 10,
    contributionsPending: 10000,
    contributionsRevisions: 1000,
    contributionsRounds: 10,
    viewIds: 22,
    viewSettleMs: 2000,
  },
};

/** What bench/results.json holds. */
export type BenchResults = {
  commit: string;
  /** True when the working tree had uncommitted changes to tracked files during the run. */
  dirty: boolean;
  date: string;
  mode: 'default' | 'quick';
  machine: { cores: number; cpu: string; ram_gb: number; os: string; node: string; postgres: string };
  scale: {
    releases: number;
    approved_releases: number;
    movies: number;
    persons: number;
    reviews: number;
    posts: number;
    comments: number;
  };
  settings: BenchSettings;
  cases: CaseRow[];
  /** Every expected target check (bench/verdicts.ts), measured or "not measured" / "not run". */
  targets: TargetCheck[];
  /** Counts of `targets` by verdict. */
  summary: VerdictSummary;
  /** Conditions that make the numbers unrepresentative (e.g. indexes the planner cannot use yet). */
  warnings: string[];
  /** How far the verdicts could move on a rerun (see noiseOf). */
  noise: {
    method: string;
    targets: number;
    unstable: string[];
    spread: { name: string; unit: string; halves: [number | null, number | null]; spread: number | null }[];
  };
  /** Per (function, query) timings of case 1, for finding the slow ones. */
  search_queries: {
    fn: string;
    q: string;
    kind: string;
    set: string;
    statements: number;
    app_p95: number;
    raw_p95: number;
    api_p95: number | null;
  }[];
  /** Per (endpoint, parameters) timings of the community API rows, for finding the slow ones. */
  community_queries: {
    fn: string;
    variant: string;
    params: Record<string, string>;
    kind: string;
    statements: number;
    app_p95: number;
    raw_p95: number;
    /** p95 of the successful answers; null when none succeeded. */
    api_p95: number | null;
  }[];
};

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function searchRows(r: SearchCaseResult): CaseRow[] {
  const rows: CaseRow[] = r.groups.map((g) => ({
    id: `search/${g.fn}/${g.set}`,
    group: 'search',
    description: `${g.fn} through lib/data, ${g.set} queries (${g.queries})`,
    ...pct(g.app),
    baseline: { description: 'the captured SQL replayed on a plain postgres.js client', ...pct(g.raw) },
    ratio: ratio(g.app.p95, g.raw.p95),
    ratio_of: 'p95 data layer / p95 raw SQL',
    extra: { queries: g.queries },
  }));
  for (const a of r.api) {
    rows.push({
      id: `api${a.endpoint.replace(/^\/api/, '')}`,
      group: 'api',
      description: `GET ${a.endpoint}?q= over HTTP (next start, one request at a time), every query`,
      ...pct(a.api),
      baseline: { description: 'the captured SQL replayed on a plain postgres.js client', ...pct(a.raw) },
      ratio: ratio(a.api.p95, a.raw.p95),
      ratio_of: 'p95 HTTP API / p95 raw SQL',
      extra: { errors: a.errors, ...(a.errors ? { note: `${a.errors} non-2xx (not timed)` } : {}) },
    });
  }
  return rows;
}

function communityRows(r: CommunityCaseResult): CaseRow[] {
  return r.api.map((a) => ({
    id: `api${a.endpoint.replace(/^\/api/, '')}${a.variant === 'q' ? '?q' : ''}`,
    group: 'api' as const,
    description:
      a.variant === 'q'
        ? `GET ${a.endpoint}?q= over HTTP (next start, one request at a time), every query (${a.requests})`
        : `GET ${a.endpoint} first page over HTTP (next start, one request at a time), plain and filtered (${a.requests})`,
    ...pct(a.api),
    baseline: { description: 'the captured SQL replayed on a plain postgres.js client', ...pct(a.raw) },
    ratio: ratio(a.api.p95, a.raw.p95),
    ratio_of: 'p95 HTTP API / p95 raw SQL',
    extra: {
      requests: a.requests,
      data_layer: pct(a.app),
      errors: a.errors,
      ...(a.errors ? { note: `${a.errors} non-2xx (not timed)` } : {}),
    },
  }));
}

function realtimeRows(r: RealtimeCaseResult): CaseRow[] {
  const rows: CaseRow[] = [
    {
      id: 'realtime/notification',
      group: 'realtime',
      description: `a notification from commit to a pusher-js client through Soketi (${r.subscribers} subscribers, one at a time)`,
      ...pct(r.latency),
      baseline: null,
      ratio: null,
      ratio_of: '',
      extra: {
        subscribers: r.subscribers,
        lost: r.lost,
        ...(r.lost ? { note: `${r.lost} lost (percentiles of the arrivals only; the target counts them)` } : {}),
      },
    },
  ];
  if (r.me)
    rows.push({
      id: 'api/me',
      group: 'api',
      description:
        r.me.via === 'http'
          ? `GET /api/me with the unseen count (${r.me.unseen} unseen) over HTTP (next start, one request at a time)`
          : `GET /api/me with the unseen count (${r.me.unseen} unseen) through its route handler in the bench process (no server)`,
      ...pct(r.me.api),
      baseline: { description: 'the captured SQL (session, account with the count) replayed raw', ...pct(r.me.raw) },
      ratio: ratio(r.me.api.p95, r.me.raw.p95),
      ratio_of: 'p95 HTTP API / p95 raw SQL',
      extra: { statements: r.me.statements, data_layer: pct(r.me.app) },
    });
  return rows;
}

function streamRows(r: StreamCaseResult): CaseRow[] {
  return r.pages
    .filter((p) => p.raw)
    .map((p) => ({
      id: `stream/page${p.page}`,
      group: 'stream',
      description:
        `page ${p.page} of the stream by cursor through lib/data: ${r.friends} friends, ` +
        `${r.publicEntries} public and ${r.privateEntries} private entries, ${r.writings} reviews, discussions and comments`,
      ...pct(p.app),
      baseline: p.raw
        ? { description: 'the captured SQL replayed on a plain postgres.js client', ...pct(p.raw) }
        : null,
      ratio: ratio(p.app.p95, p.raw?.p95),
      ratio_of: 'p95 data layer / p95 raw SQL',
      extra: { items: p.items, statements: p.statements, ...(p.items ? {} : { note: 'no items' }) },
    }));
}

function contributionsRows(r: ContributionsCaseResult): CaseRow[] {
  return r.calls.map((c) => ({
    id: `contributions/${c.name}`,
    group: 'contributions' as const,
    description: `${c.description} through lib/data`,
    ...pct(c.app),
    baseline: null,
    ratio: null,
    ratio_of: '',
    extra: {
      pending: r.pending,
      revisions: r.revisions,
      items: c.items,
      ...(c.name.startsWith('queue_page') && r.queuePageReached < r.queuePage
        ? { queue_page_reached: r.queuePageReached, note: `queue ends at page ${r.queuePageReached}` }
        : {}),
    },
  }));
}

function collectionsRows(r: CollectionsCaseResult): CaseRow[] {
  return r.calls.map((c) => ({
    id: `collections/${c.name}`,
    group: 'collections' as const,
    description: `${c.description} through lib/data`,
    ...pct(c.app),
    baseline: null,
    ratio: null,
    ratio_of: '',
    extra: { entries: r.entries, wanted: r.wanted, sellers: r.sellers },
  }));
}

function listingRows(results: ListingResult[]): CaseRow[] {
  return results.map((l) => ({
    id: `listing/${l.name}`,
    group: 'listing',
    description: `page ${l.pageReached} by cursor through lib/data; params ${JSON.stringify(l.params)}`,
    ...pct(l.last.app),
    baseline: { description: 'page 1 through lib/data', ...pct(l.first.app) },
    ratio: ratio(l.last.app.p95, l.first.app.p95),
    ratio_of: `p95 page ${TARGET_PAGE} / p95 page 1 (data layer)`,
    extra: {
      page_reached: l.pageReached,
      items: l.lastItems,
      rounds: l.rounds,
      p50_ratio: ratio(l.last.app.p50, l.first.app.p50),
      raw_page1: pct(l.first.raw),
      raw_last: pct(l.last.raw),
      statements: l.last.statements.length,
      ...(l.pageReached < l.targetPage
        ? { note: `only ${l.pageReached} page${l.pageReached > 1 ? 's' : ''}: target not measured` }
        : {}),
    },
  }));
}

function viewRows(v: ViewResult): CaseRow[] {
  return [
    {
      id: 'pages/view_release',
      group: 'pages',
      description:
        'a never-cached release page viewed in Chromium (document, static files, /api/me, anything the page starts by itself), one at a time',
      ...pct(v.view),
      baseline: { description: 'a plain GET of a never-cached release page (no JavaScript run)', ...pct(v.fetch) },
      ratio: ratio(v.view.p50, v.fetch.p50),
      ratio_of: 'server CPU per view p50 / per plain fetch p50; percentiles are server CPU ms',
      extra: { requests_per_view: v.requests, max_rsc_requests: v.maxRsc },
    },
  ];
}

function pageRows(results: LoadResult[]): CaseRow[] {
  const stat = results.find((r) => r.name === 'static');
  return results.map((r) => ({
    id: `pages/${r.name}`,
    group: 'pages',
    description:
      r.name === 'static'
        ? 'GET /icon.svg (static, same server)'
        : r.name.endsWith('_uncached')
          ? `GET /${r.name.replace(/_uncached$/, '')}/{id} over ${r.paths} ids not requested before (each request renders), ${r.connections} connections`
          : `GET /${r.name}/{id} over ${r.paths} ids, each requested once before the load (page cache warm), ${r.connections} connections`,
    ...pct(r.ttfb),
    baseline: stat ? { description: 'static file, same server, same run', ...pct(stat.ttfb) } : null,
    ratio: ratio(r.rps, stat?.rps),
    ratio_of: 'req/s / static req/s; percentiles are TTFB',
    extra: {
      rps: r.rps,
      connections: r.connections,
      halves: r.halves,
      requests: r.requests,
      repeated_paths: r.repeats,
      seconds: r.seconds,
      ttfb_ratio: ratio(r.ttfb.p95, stat?.ttfb.p95),
      latency: pct(r.latency),
      ok: r.ok,
      non2xx: r.non2xx,
      errors: r.errors,
      note: `${r.rps} req/s${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors` : ''}`,
    },
  }));
}

function importRows(results: ImportResult[]): CaseRow[] {
  const pg = results.find((r) => r.engine === 'postgres');
  return results.map((r) => {
    const ms = r.seconds * 1000;
    return {
      id: `import/${r.engine}`,
      group: 'import',
      description: `seed/*.gz into an empty ${r.engine} database (one run; percentiles = that run)`,
      n: 1,
      p50: ms,
      p95: ms,
      p99: ms,
      baseline:
        pg && r.engine !== 'postgres'
          ? {
              description: 'the same import on PostgreSQL',
              n: 1,
              p50: pg.seconds * 1000,
              p95: pg.seconds * 1000,
              p99: pg.seconds * 1000,
            }
          : null,
      ratio: pg && r.engine !== 'postgres' ? ratio(r.seconds, pg.seconds) : null,
      ratio_of: 'seconds / seconds on PostgreSQL',
      extra: {
        seconds: r.seconds,
        rows: r.rows,
        rows_per_second: r.rowsPerSecond,
        note: `${r.seconds} s, ${r.rowsPerSecond} rows/s`,
      },
    };
  });
}

/**
 * The run's noise (results.json `noise`): every sampled target is also judged on the first and
 * on the second half of its samples (for the page loads: of the load's duration), as two runs of
 * half the size would judge it; `unstable` names the targets whose halves disagree with the
 * verdict (the verdict is within the noise), and `spread` gives each target's |half 1 − half 2|.
 */
function noiseOf(targets: readonly TargetCheck[]): BenchResults['noise'] {
  const sampled = targets.filter((x) => x.halves);
  return {
    method:
      'each target recomputed over the first and the second half of its samples (per query or page, in the order ' +
      'taken; page loads: first and second half of the load); spread = |half 1 − half 2|',
    targets: sampled.length,
    unstable: sampled.filter((x) => !x.stable).map((x) => x.name),
    spread: sampled.map((x) => ({ name: x.name, unit: x.unit, halves: x.halves!, spread: x.spread ?? null })),
  };
}

/**
 * Runs the benchmark (see module doc) and writes `<outDir>/results.json` and
 * `<outDir>/explain/*.txt`.
 * @throws when the database cannot be reached or holds no releases, or the server does not start
 */
export async function runBenchmark(o: BenchOptions): Promise<BenchResults> {
  const mode = o.quick ? 'quick' : 'default';
  const settings = SETTINGS[mode];
  const explainDir = path.join(o.outDir, 'explain');
  fs.mkdirSync(explainDir, { recursive: true });
  for (const f of fs.readdirSync(explainDir)) if (f.endsWith('.txt')) fs.rmSync(path.join(explainDir, f));

  const raw = openRawClient(o.databaseUrl);
  const handle = await openDatabase({ url: o.databaseUrl });
  const capturing = openCapturingDb(o.databaseUrl);
  let server: RunningServer | null = null;
  try {
    const [scale] = await raw<BenchResults['scale'][]>`
      SELECT (SELECT count(*) FROM releases)::int AS releases, (SELECT count(*) FROM releases WHERE approved)::int AS approved_releases,
             (SELECT count(*) FROM movies)::int AS movies, (SELECT count(*) FROM persons)::int AS persons,
             (SELECT count(*) FROM reviews)::int AS reviews, (SELECT count(*) FROM posts)::int AS posts,
             (SELECT count(*) FROM comments)::int AS comments`;
    if (!scale.releases)
      throw new Error(
        'the database holds no releases: import the seed (npm run db:import) and run npm run db:synthetic first',
      );
    const [{ server_version }] = await raw<{ server_version: string }[]>`SHOW server_version`;
    o.log(`mode ${mode}; scale: ${scale.releases} releases, ${scale.movies} movies, ${scale.persons} persons`);
    const warnings: string[] = [];
    const unusable = await indexesNotYetUsable(raw, [
      'releases',
      'movies',
      'persons',
      'labels',
      'release_movies',
      'credits',
      'reviews',
      'posts',
      'comments',
    ]);
    if (unusable.length) {
      warnings.push(
        'indexes not usable by the planner yet (indcheckxmin after a bulk load; plans fall back to sequential scans ' +
          `until the older transaction ends): ${unusable.join('; ')}`,
      );
      o.log(`WARNING: ${warnings[warnings.length - 1]}`);
    }

    const wantsHttp =
      !o.skipServer && (o.cases.includes('search') || o.cases.includes('pages') || o.cases.includes('realtime'));
    if (wantsHttp) {
      o.log('starting the server (scripts/start.ts; builds first when the build is stale) …');
      server = await startServer(o.databaseUrl, path.resolve('.data', 'bench', 'server.log'));
      o.log(`server at ${server.baseUrl}`);
    }

    let search: SearchCaseResult | null = null;
    if (o.cases.includes('search')) {
      const random = await randomSearchQueries(raw, settings.randomQueries);
      search = await runSearchCase({
        db: handle.db,
        capturing,
        raw,
        fixed: FIXED_SEARCH_QUERIES,
        random,
        reps: settings.searchRounds,
        baseUrl: server?.baseUrl ?? null,
        explainDir,
        log: o.log,
      });
    }
    // The community API rows of case 1: over HTTP only, on a database that holds reviews or posts.
    let community: CommunityCaseResult | null = null;
    if (o.cases.includes('search') && server && scale.reviews + scale.posts > 0) {
      community = await runCommunityCase({
        db: handle.db,
        capturing,
        raw,
        random: await randomCommunityQueries(raw, settings.communityRandomQueries),
        reps: settings.communityRounds,
        baseUrl: server.baseUrl,
        explainDir,
        log: o.log,
      });
    } else if (o.cases.includes('search') && server) o.log('community: no reviews or posts, API rows left out');
    const listings = o.cases.includes('listings')
      ? await runListingCase({
          db: handle.db,
          capturing,
          raw,
          cases: listingCases(),
          reps: settings.listingRounds,
          maxReps: settings.listingMaxRounds,
          // More samples while the halves disagree, or while the p95s miss what the medians meet
          // (on queries of 1-10 ms a p95 of 100 samples is a few scheduling hiccups).
          unsettled: (first, last) => {
            const check = checkTarget(
              'listing',
              ratio(p95(last), p95(first)),
              { op: '<=', limit: TARGETS.listingRatio, unit: 'x' },
              { halves: halvesRatio([last], [first]) },
            );
            const medians = ratio(summarize(last).p50, summarize(first).p50);
            return !check.stable || (!check.met && medians != null && medians <= TARGETS.listingRatio);
          },
          explainDir,
          log: o.log,
        })
      : [];
    let pages: LoadResult[] = [];
    let views: ViewResult | null = null;
    if (o.cases.includes('pages') && server) {
      const ids = await samplePublicIds(raw, settings.sampleIds);
      // A per-run seed: ids no earlier run has requested (the page cache outlives the server).
      const fresh = await samplePublicIds(raw, settings.uncachedIds, Date.now() % 2 ** 31);
      const neverCached = (kind: 'releases' | 'movies' | 'persons') => {
        const cached = new Set(ids[kind]);
        return fresh[kind].filter((id) => !cached.has(id));
      };
      const cachedTarget = cachedPageTarget;
      // Never-cached pages: no warm-up, fewer connections (each request renders).
      const uncachedTarget = (kind: string, list: string[]) =>
        uncachedPageTarget(kind, list, settings.uncachedConnections);
      const targets: LoadTarget[] = [
        { name: 'static', paths: ['/icon.svg'], prefetch: false, warmup: true },
        cachedTarget('release', ids.releases),
        uncachedTarget('release', neverCached('releases')),
        cachedTarget('movie', ids.movies),
        uncachedTarget('movie', neverCached('movies')),
        cachedTarget('person', ids.persons),
        uncachedTarget('person', neverCached('persons')),
      ];
      pages = await runLoad(
        {
          baseUrl: server.baseUrl,
          connections: settings.connections,
          duration: settings.loadSeconds,
          warmup: settings.loadWarmupSeconds,
          slices: settings.loadSlices,
        },
        targets,
        o.log,
      );
      // Page views in a browser against plain fetches, on release ids of another draw.
      const viewIds = (await samplePublicIds(raw, settings.viewIds * 2, (Date.now() + 1) % 2 ** 31)).releases
        .filter((id) => !ids.releases.includes(id) && !fresh.releases.includes(id))
        .slice(0, settings.viewIds);
      views = await runViews({
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        ids: viewIds,
        settleMs: settings.viewSettleMs,
        log: o.log,
      });
    }
    const realtime = o.cases.includes('realtime')
      ? await runRealtimeCase({
          db: handle.db,
          capturing,
          raw,
          subscribers: settings.realtimeSubscribers,
          samples: settings.realtimeSamples,
          meRounds: settings.meRounds,
          baseUrl: server?.baseUrl ?? null,
          log: o.log,
        })
      : null;
    const stream = o.cases.includes('stream')
      ? await runStreamCase({
          db: handle.db,
          capturing,
          raw,
          collectors: settings.streamCollectors,
          entriesPerCollector: settings.streamEntries,
          writers: settings.streamWriters,
          rounds: settings.streamRounds,
          pages: settings.streamPages,
          explainDir,
          log: o.log,
        })
      : null;
    const collections = o.cases.includes('collections')
      ? await runCollectionsCase({
          db: handle.db,
          raw,
          entries: settings.collectionsEntries,
          wanted: settings.collectionsWanted,
          rounds: settings.collectionsRounds,
          log: o.log,
        })
      : null;
    const contributions = o.cases.includes('contributions')
      ? await runContributionsCase({
          db: handle.db,
          raw,
          pending: settings.contributionsPending,
          revisions: settings.contributionsRevisions,
          rounds: settings.contributionsRounds,
          log: o.log,
        })
      : null;
    if (server) {
      await server.stop();
      server = null;
    }
    const imports: ImportResult[] = [];
    if (o.cases.includes('import')) {
      o.log('import: seed into a fresh PostgreSQL database …');
      imports.push(await importPostgres(o.databaseUrl));
      o.log(`import postgres: ${imports[0].seconds} s`);
      o.log('import: seed into a fresh PGlite directory …');
      imports.push(await importPglite());
      o.log(`import pglite: ${imports[1].seconds} s`);
    }

    const plan: VerdictPlan = {
      cases: o.cases,
      skipServer: o.skipServer,
      community: scale.reviews + scale.posts > 0,
      searchEndpoints: Object.values(SEARCH_FUNCTIONS),
      communityEndpoints: Object.values(COMMUNITY_FUNCTIONS),
      listings: listingCases().map((c) => c.name),
      listingPage: TARGET_PAGE,
      queuePage: QUEUE_PAGE,
      streamPages: settings.streamPages,
      connections: settings.connections,
      uncachedConnections: settings.uncachedConnections,
    };
    const targets = targetChecks(
      { search, community, listings, pages, imports, realtime, stream, contributions },
      plan,
    );
    const results: BenchResults = {
      commit: git(['rev-parse', 'HEAD']),
      // Uncommitted changes other than this run's own outputs (results.json, explain/).
      dirty:
        git([
          'status',
          '--porcelain',
          '--untracked-files=no',
          '--',
          '.',
          ':(exclude)bench/results.json',
          ':(exclude)bench/explain',
        ]) !== '',
      date: new Date().toISOString(),
      mode,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        ram_gb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
        os: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: server_version,
      },
      scale,
      settings,
      cases: [
        ...(search ? searchRows(search) : []),
        ...(community ? communityRows(community) : []),
        ...listingRows(listings),
        ...pageRows(pages),
        ...(views ? viewRows(views) : []),
        ...importRows(imports),
        ...(realtime ? realtimeRows(realtime) : []),
        ...(stream ? streamRows(stream) : []),
        ...(collections ? collectionsRows(collections) : []),
        ...(contributions ? contributionsRows(contributions) : []),
      ],
      targets,
      summary: summarizeVerdicts(targets),
      warnings,
      noise: noiseOf(targets),
      search_queries: (search?.samples ?? []).map((s) => ({
        fn: s.fn,
        q: s.input.q,
        kind: s.input.kind,
        set: s.set,
        statements: s.statements.length,
        app_p95: summarize(s.app).p95,
        raw_p95: summarize(s.raw).p95,
        api_p95: s.api.length ? summarize(s.api).p95 : null,
      })),
      community_queries: (community?.samples ?? []).map((s) => ({
        fn: s.fn,
        variant: s.variant,
        params: s.input.params,
        kind: s.input.kind,
        statements: s.statements.length,
        app_p95: summarize(s.app).p95,
        raw_p95: summarize(s.raw).p95,
        api_p95: s.api.length ? summarize(s.api).p95 : null,
      })),
    };
    fs.writeFileSync(path.join(o.outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    o.log('');
    o.log(
      `DiscShelf benchmark, ${mode} mode${mode === 'quick' ? ' (CI-sized: fewer samples, shorter loads; not the recorded measurement)' : ''}`,
    );
    o.log(`commit ${results.commit}${results.dirty ? ' (+ uncommitted changes)' : ''}, ${results.date}`);
    o.log(
      `machine: ${results.machine.cores} cores (${results.machine.cpu}), ${results.machine.ram_gb} GB RAM, PostgreSQL ${server_version}`,
    );
    o.log(
      `scale: ${scale.releases} releases (${scale.approved_releases} approved), ${scale.movies} movies, ${scale.persons} persons, ` +
        `${scale.reviews} reviews, ${scale.posts} posts, ${scale.comments} comments`,
    );
    o.log('');
    o.log(formatTable(results.cases));
    o.log('');
    o.log('Targets:');
    o.log(formatTargets(results.targets));
    o.log('');
    o.log(`Verdicts: ${formatVerdictSummary(results.summary)}`);
    o.log('');
    o.log(
      `Noise: ${results.noise.unstable.length} of ${results.noise.targets} sampled targets within the noise ` +
        `(their first and second halves of samples disagree with the verdict)${
          results.noise.unstable.length ? `: ${results.noise.unstable.join('; ')}` : ''
        }`,
    );
    o.log('');
    for (const w of warnings) o.log(`WARNING: ${w}`);
    o.log(`wrote ${path.join(o.outDir, 'results.json')} and ${explainDir}/*.txt`);
    return results;
  } finally {
    await server?.stop();
    await capturing.close();
    await handle.close();
    await raw.end({ timeout: 5 });
  }
}
