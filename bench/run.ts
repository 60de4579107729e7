/**
 * The benchmark run behind `npm run bench` (scripts/bench.ts): opens the databases, starts the
 * server when needed, runs the cases (bench/search.ts with bench/community.ts, listings.ts,
 * pages.ts, imports.ts, realtime.ts, stream.ts, collections.ts),
 * checks the performance targets, prints a table and writes bench/results.json plus
 * bench/explain/*.txt. Imports lib/data: load it only after `allowServerOnlyImports()`
 * (bench/server-only.ts) outside Next/vitest.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db';
import { indexesNotYetUsable, openCapturingDb, openRawClient } from './capture';
import { randomCommunityQueries, runCommunityCase, type CommunityCaseResult } from './community';
import { importPglite, importPostgres, type ImportResult } from './imports';
import { runListingCase, TARGET_PAGE, type ListingResult } from './listings';
import { cachedPageTarget, runLoad, uncachedPageTarget, type LoadResult, type LoadTarget } from './pages';
import { runViews, type ViewResult } from './views';
import { runRealtimeCase, type RealtimeCaseResult } from './realtime';
import { runStreamCase, type StreamCaseResult } from './stream';
import { runCollectionsCase, type CollectionsCaseResult } from './collections';
import { QUEUE_PAGE, runContributionsCase, type ContributionsCaseResult } from './contributions';
import { checkTarget, formatTable, formatTargets, pct, type CaseRow, type TargetCheck } from './report';
import { emptyFloors, FLOOR_PATH, ROUTE_FLOOR_PATH, runSearchCase, type Floors, type SearchCaseResult } from './search';
import { startServer, type RunningServer } from './server';
import { ratio, splitHalves, summarize } from './stats';
import {
  FIXED_SEARCH_QUERIES,
  listingCases,
  randomSearchQueries,
  samplePublicIds,
  type RandomQueryCounts,
} from './workload';

/** Cases that can be selected with `--only`. */
export const CASES = [
  'search',
  'listings',
  'pages',
  'import',
  'realtime',
  'stream',
  'collections',
  'contributions',
] as const;
export type CaseName = (typeof CASES)[number];

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

/** The performance targets (milliseconds, ratios, req/s, seconds). */
export const TARGETS = {
  searchP95: 50,
  /** The misspelled set alone (close spellings looked up, then a second search): the search target. */
  misspelledP95: 50,
  autocompleteP95: 30,
  apiOverRaw: 1.5,
  listingRatio: 1.5,
  releaseRps: 200,
  releaseTtfbP95: 150,
  /** Never-cached release, movie and person pages: req/s at least this share of the cached page's req/s. */
  uncachedOverCached: 0.3,
  /** Never-cached pages: p95 TTFB at `uncachedConnections` (8) connections, ms. */
  uncachedTtfbP95: 300,
  importPglite: 120,
  importPostgres: 40,
  /** A notification from commit to a pusher-js client through Soketi on loopback, p95 ms. */
  realtimeP95: 50,
  /** A page of the stream (data layer) of a member with busy friends, first and deep pages, p95 ms. */
  streamP95: 50,
  /** One approval of a release edit end to end in the data layer, p95 ms. */
  approvalP95: 50,
  /** Page 1 of an item's history of 1,000 revisions, p95 ms. */
  historyP95: 20,
} as const;

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
  targets: TargetCheck[];
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
    api_p95: number;
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
      extra: { errors: a.errors, ...(a.errors ? { note: `${a.errors} non-2xx` } : {}) },
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
      ...(a.errors ? { note: `${a.errors} non-2xx` } : {}),
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
      extra: { subscribers: r.subscribers, lost: r.lost, ...(r.lost ? { note: `${r.lost} lost` } : {}) },
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
      extra: { items: p.items, statements: p.statements },
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
    extra: { pending: r.pending, revisions: r.revisions },
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
      rounds: l.rounds,
      p50_ratio: ratio(l.last.app.p50, l.first.app.p50),
      raw_page1: pct(l.first.raw),
      raw_last: pct(l.last.raw),
      statements: l.last.statements.length,
      ...(l.pageReached < TARGET_PAGE
        ? { note: l.pageReached > 1 ? `only ${l.pageReached} pages` : 'one page only: not checked' }
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

/** The measurements a run checks against the targets; `search` is null when the search cases did not run. */
type Measured = {
  search: SearchCaseResult | null;
  community: CommunityCaseResult | null;
  listings: ListingResult[];
  pages: LoadResult[];
  imports: ImportResult[];
  realtime: RealtimeCaseResult | null;
  stream: StreamCaseResult | null;
  contributions: ContributionsCaseResult | null;
};

/** p95 of samples (null when there are none). */
function p95(samples: readonly number[]): number | null {
  return samples.length ? summarize(samples).p95 : null;
}

/** p95 of each half of chronological sample series (bench/stats.ts splitHalves). */
function halvesP95(series: readonly (readonly number[])[]): [number | null, number | null] {
  const [a, b] = splitHalves(series);
  return [p95(a), p95(b)];
}

/** Ratio of p95s over each half: numerator and denominator series split the same way. */
function halvesRatio(
  num: readonly (readonly number[])[],
  den: readonly (readonly number[])[],
): [number | null, number | null] {
  const [na, nb] = splitHalves(num);
  const [da, db] = splitHalves(den);
  return [ratio(p95(na), p95(da)), ratio(p95(nb), p95(db))];
}

/**
 * The plain API ratio's context: the same ratio once a floor is taken off the API's p95, for the
 * HTTP floor (a static file) and the route floor (an unknown API path: the catch-all route's 404),
 * both on the same connection, timed in turn with the API requests. Information only: the target
 * stays API p95 / raw p95.
 */
function floorNote(api: number[], raw: number[], floors: Floors): string | undefined {
  if (!floors.file.length || !api.length || !raw.length) return undefined;
  const apiP95 = summarize(api).p95;
  const rawP95 = summarize(raw).p95;
  const part = (label: string, samples: number[]) => {
    const f = summarize(samples);
    return `${label} p50 ${f.p50} / p95 ${f.p95} ms, (API p95 − floor p95) / raw p95 = ${ratio(apiP95 - f.p95, rawP95)} x`;
  };
  return (
    'not the target, context (same connection, interleaved): ' +
    `${part(`HTTP floor (GET ${FLOOR_PATH})`, floors.file)}; ` +
    part(`route floor (GET ${ROUTE_FLOOR_PATH}, 404)`, floors.route)
  );
}

function targetChecks({
  search,
  community,
  listings,
  pages,
  imports,
  realtime,
  stream,
  contributions,
}: Measured): TargetCheck[] {
  const t: TargetCheck[] = [];
  if (search) {
    const text = search.samples.filter((s) => s.set !== 'autocomplete');
    const short = search.samples.filter((s) => s.set === 'autocomplete');
    const misspelled = search.samples.filter((s) => s.set === 'misspelled');
    t.push(
      checkTarget(
        'search p95 (lib/data, all 4 functions, queries of 3+ letter words)',
        p95(text.flatMap((s) => s.app)),
        { op: '<=', limit: TARGETS.searchP95, unit: 'ms' },
        { halves: halvesP95(text.map((s) => s.app)) },
      ),
    );
    if (misspelled.length)
      t.push(
        checkTarget(
          'misspelled search p95 (lib/data, all 4 functions, close spellings looked up)',
          p95(misspelled.flatMap((s) => s.app)),
          { op: '<=', limit: TARGETS.misspelledP95, unit: 'ms' },
          { halves: halvesP95(misspelled.map((s) => s.app)) },
        ),
      );
    t.push(
      checkTarget(
        'autocomplete p95 (lib/data, all 4 functions, 1-2 letter queries)',
        p95(short.flatMap((s) => s.app)),
        { op: '<=', limit: TARGETS.autocompleteP95, unit: 'ms' },
        { halves: halvesP95(short.map((s) => s.app)) },
      ),
    );
    for (const a of search.api) {
      const of = search.samples.filter((s) => s.fn === a.fn);
      t.push(
        checkTarget(
          `API ${a.endpoint} p95 / raw SQL p95`,
          ratio(a.api.p95, a.raw.p95),
          { op: '<=', limit: TARGETS.apiOverRaw, unit: 'x' },
          {
            halves: halvesRatio(
              of.map((s) => s.api),
              of.map((s) => s.raw),
            ),
            note: floorNote(
              of.flatMap((s) => s.api),
              of.flatMap((s) => s.raw),
              search.floor,
            ),
          },
        ),
      );
    }
  }
  for (const a of community?.api ?? []) {
    const of = (community?.samples ?? []).filter((s) => s.fn === a.fn && s.variant === a.variant);
    t.push(
      checkTarget(
        `API ${a.endpoint}${a.variant === 'q' ? '?q=' : ' (list)'} p95 / raw SQL p95`,
        ratio(a.api.p95, a.raw.p95),
        { op: '<=', limit: TARGETS.apiOverRaw, unit: 'x' },
        {
          halves: halvesRatio(
            of.map((s) => s.api),
            of.map((s) => s.raw),
          ),
          note: floorNote(
            of.flatMap((s) => s.api),
            of.flatMap((s) => s.raw),
            community?.floor ?? emptyFloors(),
          ),
        },
      ),
    );
  }
  if (contributions) {
    const call = (name: string) => contributions.calls.find((c) => c.name === name)!;
    const first = call('queue_page1');
    const deep = call(`queue_page${QUEUE_PAGE}`);
    t.push(
      checkTarget(
        `admin queue: page ${QUEUE_PAGE} p95 / page 1 p95 (${contributions.pending} pending requests)`,
        ratio(deep.app.p95, first.app.p95),
        { op: '<=', limit: TARGETS.listingRatio, unit: 'x' },
        { halves: halvesRatio([deep.samples], [first.samples]) },
      ),
      checkTarget(
        'approval of a release edit end to end p95 (data layer)',
        call('approve_edit').app.p95,
        { op: '<=', limit: TARGETS.approvalP95, unit: 'ms' },
        { halves: halvesP95([call('approve_edit').samples]) },
      ),
      checkTarget(
        `history page 1 p95 (${contributions.revisions} revisions)`,
        call('history_page1').app.p95,
        { op: '<=', limit: TARGETS.historyP95, unit: 'ms' },
        { halves: halvesP95([call('history_page1').samples]) },
      ),
    );
  }
  // A listing of one page has no deeper page to compare: reported in the table, not checked.
  for (const l of listings.filter((x) => x.pageReached > 1))
    t.push(
      checkTarget(
        `listing ${l.name}: page ${l.pageReached} p95 / page 1 p95`,
        ratio(l.last.app.p95, l.first.app.p95),
        { op: '<=', limit: TARGETS.listingRatio, unit: 'x' },
        {
          halves: halvesRatio([l.last.samples], [l.first.samples]),
          note:
            l.rounds > 0
              ? `context: ${l.rounds} rounds; p50 ratio ${ratio(l.last.app.p50, l.first.app.p50)} x (${l.last.app.p50} vs ${l.first.app.p50} ms)`
              : undefined,
        },
      ),
    );
  // The cached release page under load (the page cache of anonymous pages), then each
  // never-cached page (every request renders) against the cached page of its kind.
  const release = pages.find((p) => p.name === 'release');
  if (release) {
    t.push(
      checkTarget(
        `release page req/s (${release.connections} connections, cached ids)`,
        release.rps,
        { op: '>=', limit: TARGETS.releaseRps, unit: 'req/s' },
        { halves: release.halves.rps },
      ),
    );
    t.push(
      checkTarget(
        `release page p95 TTFB (${release.connections} connections, cached ids)`,
        release.ttfb.p95,
        { op: '<=', limit: TARGETS.releaseTtfbP95, unit: 'ms' },
        { halves: release.halves.ttfbP95 },
      ),
    );
  }
  for (const kind of ['release', 'movie', 'person'] as const) {
    const cached = pages.find((p) => p.name === kind);
    const uncached = pages.find((p) => p.name === `${kind}_uncached`);
    if (!uncached) continue;
    if (cached)
      t.push(
        checkTarget(
          `never-cached ${kind} page req/s (${uncached.connections} connections) / cached ${kind} page req/s (${cached.connections})`,
          ratio(uncached.rps, cached.rps),
          { op: '>=', limit: TARGETS.uncachedOverCached, unit: 'x' },
          {
            halves: [
              ratio(uncached.halves.rps[0], cached.halves.rps[0]),
              ratio(uncached.halves.rps[1], cached.halves.rps[1]),
            ],
          },
        ),
      );
    t.push(
      checkTarget(
        `never-cached ${kind} page p95 TTFB (${uncached.connections} connections)`,
        uncached.ttfb.p95,
        { op: '<=', limit: TARGETS.uncachedTtfbP95, unit: 'ms' },
        { halves: uncached.halves.ttfbP95 },
      ),
    );
  }
  if (realtime) {
    t.push(
      checkTarget(
        'notification commit-to-client p95 (Soketi, pusher-js, loopback)',
        realtime.latency.p95,
        { op: '<=', limit: TARGETS.realtimeP95, unit: 'ms' },
        { halves: halvesP95([realtime.latencies]) },
      ),
    );
    if (realtime.me)
      t.push(
        checkTarget(
          `API /api/me p95 / raw SQL p95 (${realtime.me.via})`,
          ratio(realtime.me.api.p95, realtime.me.raw.p95),
          { op: '<=', limit: TARGETS.apiOverRaw, unit: 'x' },
          {
            halves: halvesRatio([realtime.me.samples.api], [realtime.me.samples.raw]),
            note: floorNote(realtime.me.samples.api, realtime.me.samples.raw, realtime.me.floor),
          },
        ),
      );
  }
  for (const p of (stream?.pages ?? []).filter((x) => x.raw))
    t.push(
      checkTarget(
        `stream page ${p.page} p95 (lib/data, ${stream?.friends} friends, ${stream?.publicEntries} public entries)`,
        p.app.p95,
        { op: '<=', limit: TARGETS.streamP95, unit: 'ms' },
        { halves: halvesP95([p.samples]) },
      ),
    );
  for (const i of imports)
    t.push(
      checkTarget(`seed import on ${i.engine}`, i.seconds, {
        op: '<=',
        limit: i.engine === 'pglite' ? TARGETS.importPglite : TARGETS.importPostgres,
        unit: 's',
      }),
    );
  return t;
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

    const targets = targetChecks({ search, community, listings, pages, imports, realtime, stream, contributions });
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
        api_p95: summarize(s.api).p95,
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
