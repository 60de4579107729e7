/**
 * The verdicts of `npm run bench`: the performance targets, the checks a run is expected to
 * report, and each case's measurements judged against them. Pure functions (no database, no
 * server): bench/run.ts feeds them what the cases measured.
 *
 * The rules that keep a verdict honest:
 * - every expected check is reported. A check whose case was not selected (`--only`,
 *   `--skip-import`) reads "NOT RUN: …"; one whose case ran without producing its data (no
 *   server, no reviews or posts, a listing short of its target page …) reads
 *   "MISSED: not measured (…)". Neither counts as met;
 * - latencies and ratios are taken over successful answers only, and a case whose requests
 *   failed misses its targets whatever its timings ("MISSED: 3 of 120 requests failed …");
 * - a lost push counts as an infinite latency, and any lost push misses the push target;
 * - a listing is judged at its target page only, a stream page only when it held items, an
 *   import only when it wrote rows.
 */
import type { CommunityCaseResult } from './community';
import type { ContributionsCaseResult } from './contributions';
import { FLOOR_PATH, ROUTE_FLOOR_PATH, type Floors } from './http-floor';
import type { ImportResult } from './imports';
import type { ListingResult } from './listings';
import type { LoadResult } from './pages';
import type { RealtimeCaseResult } from './realtime';
import { checkTarget, notRun, type TargetCheck, type TargetLimit } from './report';
import type { SearchCaseResult } from './search';
import { ratio, splitHalves, summarize } from './stats';
import type { StreamCaseResult } from './stream';

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
export type TargetKey = keyof typeof TARGETS;

/** What the cases of a run measured; null or empty for a case that did not run (collections has no targets). */
export type Measured = {
  search: SearchCaseResult | null;
  community: CommunityCaseResult | null;
  listings: readonly ListingResult[];
  pages: readonly LoadResult[];
  imports: readonly ImportResult[];
  realtime: RealtimeCaseResult | null;
  stream: StreamCaseResult | null;
  contributions: ContributionsCaseResult | null;
};

/** What a run was asked to measure: decides which checks are expected, and why one is missing. */
export type VerdictPlan = {
  /** Cases the run selected (`--only`, without `import` under `--skip-import`). */
  cases: readonly CaseName[];
  /** No server was started (`--skip-server`): the HTTP checks cannot be measured. */
  skipServer: boolean;
  /** The database holds reviews or posts (the community API rows need them). */
  community: boolean;
  /** The HTTP endpoints of the search case, e.g. `/api/search`. */
  searchEndpoints: readonly string[];
  /** The community endpoints, e.g. `/api/reviews`: each judged plain (list) and searched (`q`). */
  communityEndpoints: readonly string[];
  /** The listing combinations' names (bench/workload.ts listingCases), e.g. `releases/4k`. */
  listings: readonly string[];
  /** The page each listing compares with page 1 (bench/listings.ts TARGET_PAGE: 100). */
  listingPage: number;
  /** The admin queue's page compared with page 1 (bench/contributions.ts QUEUE_PAGE: 50). */
  queuePage: number;
  /** Stream pages read per round: page 1 and this page are judged. */
  streamPages: number;
  /** Connections of the cached page loads, and of the never-cached ones. */
  connections: number;
  uncachedConnections: number;
};

/** One check a run is expected to report (whether or not it produced data). */
export type ExpectedCheck = {
  /** Stable id, e.g. `api/search`, `listing/releases/4k`, `pages/release_uncached/ttfb`. */
  id: string;
  target: TargetKey;
  name: string;
  limit: TargetLimit;
  /** The case that measures it. */
  case: CaseName;
  /** Needs the server (not measured under `--skip-server`). */
  http: boolean;
  /** Needs reviews or posts in the database. */
  community?: boolean;
};

const ms = (op: '<=' | '>=', key: TargetKey): TargetLimit => ({ op, limit: TARGETS[key], unit: 'ms' });
const x = (op: '<=' | '>=', key: TargetKey): TargetLimit => ({ op, limit: TARGETS[key], unit: 'x' });

/** The API row id of an endpoint: `/api/search` → `api/search`, with `?q` for a searched community row. */
export function apiId(endpoint: string, searched = false): string {
  return `api${endpoint.replace(/^\/api/, '')}${searched ? '?q' : ''}`;
}

/**
 * Every check a run with this plan is expected to report, in report order: search, API ratios,
 * contributions, listings, pages, realtime, stream, import.
 */
export function expectedChecks(plan: VerdictPlan): ExpectedCheck[] {
  const out: ExpectedCheck[] = [];
  const add = (c: ExpectedCheck) => out.push(c);
  add({
    id: 'search',
    target: 'searchP95',
    name: 'search p95 (lib/data, all 4 functions, queries of 3+ letter words)',
    limit: ms('<=', 'searchP95'),
    case: 'search',
    http: false,
  });
  add({
    id: 'search/misspelled',
    target: 'misspelledP95',
    name: 'misspelled search p95 (lib/data, all 4 functions, close spellings looked up)',
    limit: ms('<=', 'misspelledP95'),
    case: 'search',
    http: false,
  });
  add({
    id: 'search/autocomplete',
    target: 'autocompleteP95',
    name: 'autocomplete p95 (lib/data, all 4 functions, 1-2 letter queries)',
    limit: ms('<=', 'autocompleteP95'),
    case: 'search',
    http: false,
  });
  for (const endpoint of plan.searchEndpoints)
    add({
      id: apiId(endpoint),
      target: 'apiOverRaw',
      name: `API ${endpoint} p95 / raw SQL p95`,
      limit: x('<=', 'apiOverRaw'),
      case: 'search',
      http: true,
    });
  for (const endpoint of plan.communityEndpoints)
    for (const searched of [false, true])
      add({
        id: apiId(endpoint, searched),
        target: 'apiOverRaw',
        name: `API ${endpoint}${searched ? '?q=' : ' (list)'} p95 / raw SQL p95`,
        limit: x('<=', 'apiOverRaw'),
        case: 'search',
        http: true,
        community: true,
      });
  add({
    id: 'contributions/queue',
    target: 'listingRatio',
    name: `admin queue: page ${plan.queuePage} p95 / page 1 p95`,
    limit: x('<=', 'listingRatio'),
    case: 'contributions',
    http: false,
  });
  add({
    id: 'contributions/approval',
    target: 'approvalP95',
    name: 'approval of a release edit end to end p95 (data layer)',
    limit: ms('<=', 'approvalP95'),
    case: 'contributions',
    http: false,
  });
  add({
    id: 'contributions/history',
    target: 'historyP95',
    name: 'history page 1 p95 (an item with many revisions)',
    limit: ms('<=', 'historyP95'),
    case: 'contributions',
    http: false,
  });
  for (const name of plan.listings)
    add({
      id: `listing/${name}`,
      target: 'listingRatio',
      name: `listing ${name}: page ${plan.listingPage} p95 / page 1 p95`,
      limit: x('<=', 'listingRatio'),
      case: 'listings',
      http: false,
    });
  add({
    id: 'pages/release/rps',
    target: 'releaseRps',
    name: `release page req/s (${plan.connections} connections, cached ids)`,
    limit: { op: '>=', limit: TARGETS.releaseRps, unit: 'req/s' },
    case: 'pages',
    http: true,
  });
  add({
    id: 'pages/release/ttfb',
    target: 'releaseTtfbP95',
    name: `release page p95 TTFB (${plan.connections} connections, cached ids)`,
    limit: ms('<=', 'releaseTtfbP95'),
    case: 'pages',
    http: true,
  });
  for (const kind of ['release', 'movie', 'person'] as const) {
    add({
      id: `pages/${kind}_uncached/ratio`,
      target: 'uncachedOverCached',
      name:
        `never-cached ${kind} page req/s (${plan.uncachedConnections} connections) / ` +
        `cached ${kind} page req/s (${plan.connections})`,
      limit: x('>=', 'uncachedOverCached'),
      case: 'pages',
      http: true,
    });
    add({
      id: `pages/${kind}_uncached/ttfb`,
      target: 'uncachedTtfbP95',
      name: `never-cached ${kind} page p95 TTFB (${plan.uncachedConnections} connections)`,
      limit: ms('<=', 'uncachedTtfbP95'),
      case: 'pages',
      http: true,
    });
  }
  add({
    id: 'realtime/notification',
    target: 'realtimeP95',
    name: 'notification commit-to-client p95 (Soketi, pusher-js, loopback)',
    limit: ms('<=', 'realtimeP95'),
    case: 'realtime',
    http: false,
  });
  add({
    id: 'api/me',
    target: 'apiOverRaw',
    name: `API /api/me p95 / raw SQL p95 (${plan.skipServer ? 'handler' : 'http'})`,
    limit: x('<=', 'apiOverRaw'),
    case: 'realtime',
    http: false,
  });
  for (const page of [...new Set([1, plan.streamPages])])
    add({
      id: `stream/page${page}`,
      target: 'streamP95',
      name: `stream page ${page} p95 (lib/data, a member with busy friends)`,
      limit: ms('<=', 'streamP95'),
      case: 'stream',
      http: false,
    });
  for (const engine of ['postgres', 'pglite'] as const)
    add({
      id: `import/${engine}`,
      target: engine === 'pglite' ? 'importPglite' : 'importPostgres',
      name: `seed import on ${engine}`,
      limit: { op: '<=', limit: engine === 'pglite' ? TARGETS.importPglite : TARGETS.importPostgres, unit: 's' },
      case: 'import',
      http: false,
    });
  return out;
}

/** p95 of samples in milliseconds (null when there are none; Infinity when a sample is). */
export function p95(samples: readonly number[]): number | null {
  if (!samples.length) return null;
  const s = summarize(samples).p95;
  return Number.isNaN(s) ? null : s;
}

/** p95 of each half of chronological sample series (bench/stats.ts splitHalves). */
export function halvesP95(series: readonly (readonly number[])[]): [number | null, number | null] {
  const [a, b] = splitHalves(series);
  return [finite(p95(a)), finite(p95(b))];
}

/** Ratio of p95s over each half: numerator and denominator series split the same way. */
export function halvesRatio(
  num: readonly (readonly number[])[],
  den: readonly (readonly number[])[],
): [number | null, number | null] {
  const [na, nb] = splitHalves(num);
  const [da, db] = splitHalves(den);
  return [ratio(p95(na), p95(da)), ratio(p95(nb), p95(db))];
}

function finite(v: number | null): number | null {
  return v != null && Number.isFinite(v) ? v : null;
}

/**
 * The plain API ratio's context: the same ratio once a floor is taken off the API's p95, for the
 * HTTP floor (a static file) and the route floor (an unknown API path: the catch-all route's 404),
 * both on the same connection, timed in turn with the API requests. Information only: the target
 * stays API p95 / raw p95. Undefined without floor, API or raw samples (milliseconds).
 */
export function floorNote(api: readonly number[], raw: readonly number[], floors: Floors): string | undefined {
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

/** "3 of 120 requests failed (not answered 200)", or undefined when none failed. */
export function requestFailure(failed: number, total: number): string | undefined {
  return failed > 0
    ? `${failed} of ${total} requests failed (not answered 200); only successful ones are timed`
    : undefined;
}

/**
 * An API-over-raw ratio check: p95 of the successful HTTP answers over p95 of the raw SQL
 * (milliseconds; `api` holds the successful answers only, `errors` counts the others). Misses
 * when any request failed; not measured without successful answers or raw samples.
 */
export function apiRatioCheck(
  e: Pick<ExpectedCheck, 'name' | 'limit'>,
  m: { api: readonly (readonly number[])[]; raw: readonly (readonly number[])[]; errors: number; floors: Floors },
): TargetCheck {
  const api = m.api.flat();
  const raw = m.raw.flat();
  return checkTarget(e.name, ratio(p95(api), p95(raw)), e.limit, {
    halves: halvesRatio(m.api, m.raw),
    note: floorNote(api, raw, m.floors),
    failure: requestFailure(m.errors, api.length + m.errors),
    missing: !api.length ? 'no successful answer timed' : !raw.length ? 'no raw SQL timed' : undefined,
  });
}

/**
 * A listing's check: p95 at the target page over p95 at page 1 (data layer, milliseconds).
 * Judged only when the cursor reached the target page and that page held items; a shorter
 * listing, or a cursor that stopped early, reads "MISSED: not measured" with the ratio it did
 * measure as context.
 */
export function listingCheck(e: Pick<ExpectedCheck, 'name' | 'limit'>, l: ListingResult): TargetCheck {
  const target = l.targetPage;
  const reached = l.pageReached >= target;
  const measured = ratio(l.last.app.p95, l.first.app.p95);
  const empty = l.lastItems === 0;
  const context = reached
    ? `context: ${l.rounds} rounds; p50 ratio ${ratio(l.last.app.p50, l.first.app.p50)} x (${l.last.app.p50} vs ${l.first.app.p50} ms)`
    : `context, not the target: page ${l.pageReached} p95 / page 1 p95 = ${measured ?? '-'} x`;
  return checkTarget(e.name, reached && !empty ? measured : null, e.limit, {
    halves: reached && !empty ? halvesRatio([l.last.samples], [l.first.samples]) : undefined,
    note: context,
    missing: !reached
      ? l.pageReached > 1
        ? `the listing ends at page ${l.pageReached}, page ${target} not reached`
        : `no cursor after page 1 (a one-page listing or a broken cursor), page ${target} not reached`
      : empty
        ? `page ${target} held no items`
        : undefined,
  });
}

/** "N non-2xx and M failed of R responses" for a load, or undefined when every response was 2xx. */
function loadFailure(r: LoadResult): string | undefined {
  if (!r.non2xx && !r.errors) return undefined;
  return `${r.non2xx} non-2xx and ${r.errors} failed (errors, timeouts) of ${r.requests + r.errors} requests; only 2xx answers are timed`;
}

function loadMissing(r: LoadResult | undefined, what: string): string | undefined {
  if (!r) return `no ${what} load in the results`;
  if (!r.paths) return `no ids to request for the ${what} load`;
  if (!r.ok) return `the ${what} load got no 2xx answer`;
  return undefined;
}

/**
 * The page checks of one load run (bench/pages.ts runLoad results by name: `release`,
 * `release_uncached`, …): the cached release page's req/s and p95 TTFB, and each never-cached
 * page's req/s over its cached page's and p95 TTFB. A load with non-2xx or failed requests misses.
 */
export function pageChecks(expected: readonly ExpectedCheck[], pages: readonly LoadResult[]): Map<string, TargetCheck> {
  const out = new Map<string, TargetCheck>();
  // No loads at all: the case did not run or had no server (the caller says which).
  if (!pages.length) return out;
  const byName = (name: string) => pages.find((p) => p.name === name);
  for (const e of expected) {
    const m = /^pages\/(\w+?)(_uncached)?\/(rps|ttfb|ratio)$/.exec(e.id);
    if (!m) continue;
    const [, kind, uncached, what] = m;
    const load = byName(uncached ? `${kind}_uncached` : kind);
    if (what === 'ratio') {
      const cached = byName(kind);
      const missing = loadMissing(load, `never-cached ${kind}`) ?? loadMissing(cached, `cached ${kind}`);
      const failure = [load, cached].map((r) => (r ? loadFailure(r) : undefined)).find(Boolean);
      out.set(
        e.id,
        checkTarget(e.name, missing ? null : ratio(load?.rps, cached?.rps), e.limit, {
          halves:
            load && cached && !missing
              ? [ratio(load.halves.rps[0], cached.halves.rps[0]), ratio(load.halves.rps[1], cached.halves.rps[1])]
              : undefined,
          failure,
          missing,
        }),
      );
      continue;
    }
    const missing = loadMissing(load, uncached ? `never-cached ${kind}` : `cached ${kind}`);
    out.set(
      e.id,
      checkTarget(e.name, missing || !load ? null : what === 'rps' ? load.rps : load.ttfb.p95, e.limit, {
        halves: load && !missing ? (what === 'rps' ? load.halves.rps : load.halves.ttfbP95) : undefined,
        failure: load ? loadFailure(load) : undefined,
        missing,
      }),
    );
  }
  return out;
}

/**
 * The push check: p95 of every recorded push with a lost one counted as an infinite time
 * (milliseconds); any lost push misses the target, whatever the p95.
 */
export function pushCheck(e: Pick<ExpectedCheck, 'name' | 'limit'>, r: RealtimeCaseResult): TargetCheck {
  const series = r.pushes.map((v) => v ?? Number.POSITIVE_INFINITY);
  const value = p95(series);
  // The recorded pushes, plus the warm-up push when it was lost (counted in `lost`, not recorded).
  const total = r.pushes.length + (r.lost - r.pushes.filter((v) => v === null).length);
  return checkTarget(e.name, value != null && Number.isFinite(value) ? value : null, e.limit, {
    halves: halvesP95([series]),
    failure:
      r.lost > 0
        ? `${r.lost} of ${total} pushes lost (not received within ${r.lostAfterMs} ms; counted as infinite)`
        : undefined,
    missing: r.pushes.length ? undefined : 'no push recorded',
  });
}

/**
 * A stream page's check: p95 of the page's data-layer call (milliseconds), judged only when the
 * stream reached that page and the page held items.
 */
export function streamPageCheck(
  e: Pick<ExpectedCheck, 'name' | 'limit'>,
  s: StreamCaseResult,
  page: number,
): TargetCheck {
  const p = s.pages.find((x) => x.page === page);
  const last = s.pages.length;
  const missing = !p
    ? `the stream ended at page ${last}, page ${page} not reached`
    : p.items === 0
      ? `page ${page} held no items`
      : !p.samples.length
        ? `page ${page} not timed`
        : undefined;
  return checkTarget(e.name, missing || !p ? null : p.app.p95, e.limit, {
    halves: p && !missing ? halvesP95([p.samples]) : undefined,
    note: p
      ? `context: ${s.friends} friends, ${s.publicEntries} public entries, ${s.writings} writings; ${p.items} items on the page`
      : undefined,
    missing,
  });
}

/**
 * An import's check: wall seconds, judged only when the import wrote rows and read records;
 * when both engines ran, they must have written the same number of rows.
 */
export function importCheck(
  e: Pick<ExpectedCheck, 'name' | 'limit'>,
  i: ImportResult,
  all: readonly ImportResult[],
): TargetCheck {
  const other = all.find((o) => o.engine !== i.engine);
  const failure = !i.rows
    ? 'the import wrote no rows'
    : i.records === 0
      ? 'the import read no records'
      : other && other.rows !== i.rows
        ? `${i.rows} rows on ${i.engine} but ${other.rows} on ${other.engine} from the same seed`
        : undefined;
  return checkTarget(e.name, i.seconds, e.limit, {
    note: `context: ${i.rows} rows (${i.rowsPerSecond} rows/s)${i.records != null ? ` from ${i.records} records` : ''}`,
    failure,
  });
}

/** The contributions checks by id: queue page ratio, approval p95, history p95 (milliseconds). */
function contributionsChecks(expected: readonly ExpectedCheck[], c: ContributionsCaseResult): Map<string, TargetCheck> {
  const out = new Map<string, TargetCheck>();
  const call = (name: string) => c.calls.find((k) => k.name === name);
  const pageMissing = (k: ReturnType<typeof call>, label: string) =>
    !k || !k.samples.length ? `${label} not timed` : k.items === 0 ? `${label} held no items` : undefined;
  for (const e of expected) {
    if (e.id === 'contributions/queue') {
      const first = call('queue_page1');
      const target = c.queuePage;
      const deep = call(`queue_page${target}`);
      const reached = c.queuePageReached >= target;
      const missing = !reached
        ? `the queue ends at page ${c.queuePageReached}, page ${target} not reached`
        : (pageMissing(first, 'queue page 1') ?? pageMissing(deep, `queue page ${target}`));
      out.set(
        e.id,
        checkTarget(e.name, missing || !first || !deep ? null : ratio(deep.app.p95, first.app.p95), e.limit, {
          halves: first && deep && !missing ? halvesRatio([deep.samples], [first.samples]) : undefined,
          note: `context: ${c.pending} pending requests`,
          missing,
        }),
      );
    } else if (e.id === 'contributions/approval' || e.id === 'contributions/history') {
      const k = call(e.id === 'contributions/approval' ? 'approve_edit' : 'history_page1');
      const missing =
        e.id === 'contributions/history'
          ? pageMissing(k, 'history page 1')
          : !k?.samples.length
            ? 'not timed'
            : undefined;
      out.set(
        e.id,
        checkTarget(e.name, missing || !k ? null : k.app.p95, e.limit, {
          halves: k && !missing ? halvesP95([k.samples]) : undefined,
          note: e.id === 'contributions/history' ? `context: ${c.revisions} revisions` : undefined,
          missing,
        }),
      );
    }
  }
  return out;
}

/** The checks measured from the run's data, by expected id (absent: no data for it). */
function measuredChecks(expected: readonly ExpectedCheck[], m: Measured): Map<string, TargetCheck> {
  const out = new Map<string, TargetCheck>();
  const byId = new Map(expected.map((e) => [e.id, e]));
  const put = (id: string, check: (e: ExpectedCheck) => TargetCheck) => {
    const e = byId.get(id);
    if (e) out.set(id, check(e));
  };
  const { search, community } = m;
  if (search) {
    const text = search.samples.filter((s) => s.set !== 'autocomplete');
    const sets = [
      ['search', text],
      ['search/misspelled', search.samples.filter((s) => s.set === 'misspelled')],
      ['search/autocomplete', search.samples.filter((s) => s.set === 'autocomplete')],
    ] as const;
    for (const [id, samples] of sets)
      put(id, (e) =>
        checkTarget(e.name, p95(samples.flatMap((s) => s.app)), e.limit, {
          halves: halvesP95(samples.map((s) => s.app)),
          missing: samples.length ? undefined : 'no query of this set',
        }),
      );
    for (const a of search.api) {
      const of = search.samples.filter((s) => s.fn === a.fn);
      put(apiId(a.endpoint), (e) =>
        apiRatioCheck(e, {
          api: of.map((s) => s.api),
          raw: of.map((s) => s.raw),
          errors: a.errors,
          floors: search.floor,
        }),
      );
    }
  }
  if (community)
    for (const a of community.api) {
      const of = community.samples.filter((s) => s.fn === a.fn && s.variant === a.variant);
      put(apiId(a.endpoint, a.variant === 'q'), (e) =>
        apiRatioCheck(e, {
          api: of.map((s) => s.api),
          raw: of.map((s) => s.raw),
          errors: a.errors,
          floors: community.floor,
        }),
      );
    }
  if (m.contributions) for (const [id, c] of contributionsChecks(expected, m.contributions)) out.set(id, c);
  for (const l of m.listings) put(`listing/${l.name}`, (e) => listingCheck(e, l));
  for (const [id, c] of pageChecks(expected, m.pages)) out.set(id, c);
  const realtime = m.realtime;
  if (realtime) {
    put('realtime/notification', (e) => pushCheck(e, realtime));
    const me = realtime.me;
    if (me)
      put('api/me', (e) =>
        apiRatioCheck(
          { ...e, name: `API /api/me p95 / raw SQL p95 (${me.via})` },
          // The case stops on any answer but 200: every timed request succeeded.
          { api: [me.samples.api], raw: [me.samples.raw], errors: 0, floors: me.floor },
        ),
      );
  }
  const stream = m.stream;
  if (stream)
    for (const e of expected) {
      const page = /^stream\/page(\d+)$/.exec(e.id);
      if (page) out.set(e.id, streamPageCheck(e, stream, Number(page[1])));
    }
  for (const i of m.imports) put(`import/${i.engine}`, (e) => importCheck(e, i, m.imports));
  return out;
}

/** Why an expected check has no measurement: its case was not run, or ran without its data. */
function unmeasured(e: ExpectedCheck, plan: VerdictPlan): TargetCheck {
  const base = { id: e.id, target: e.target };
  if (!plan.cases.includes(e.case))
    return { ...notRun(e.name, e.limit, `case ${e.case} not selected: --only / --skip-import`), ...base };
  const missing =
    e.http && plan.skipServer
      ? 'no server: --skip-server'
      : e.community && !plan.community
        ? 'the database holds no reviews or posts'
        : `case ${e.case} ran but produced no data for it`;
  return { ...checkTarget(e.name, null, e.limit, { missing }), ...base };
}

/**
 * The run's target checks: one per expected check of `plan` (see {@link expectedChecks}), in
 * that order, measured from `m` where it holds the data and otherwise "NOT RUN" or "MISSED: not
 * measured" with the reason. Each check carries its `id` and `target` (a key of {@link TARGETS}).
 * Pure.
 */
export function targetChecks(m: Measured, plan: VerdictPlan): TargetCheck[] {
  const expected = expectedChecks(plan);
  const measured = measuredChecks(expected, m);
  return expected.map((e) => {
    const c = measured.get(e.id);
    return c ? { ...c, id: e.id, target: e.target } : unmeasured(e, plan);
  });
}

/** Counts of a run's verdicts: `missed` includes the `not_measured` ones; `not_run` are neither met nor missed. */
export type VerdictSummary = { checks: number; met: number; missed: number; not_measured: number; not_run: number };

/** Counts the verdicts of `targets` (see {@link VerdictSummary}). */
export function summarizeVerdicts(targets: readonly Pick<TargetCheck, 'status'>[]): VerdictSummary {
  const count = (s: TargetCheck['status']) => targets.filter((t) => t.status === s).length;
  return {
    checks: targets.length,
    met: count('met'),
    missed: count('missed') + count('not measured'),
    not_measured: count('not measured'),
    not_run: count('not run'),
  };
}

/** "45 of 57 targets met; 10 missed (3 of them not measured); 2 not run". */
export function formatVerdictSummary(s: VerdictSummary): string {
  return (
    `${s.met} of ${s.checks} targets met; ${s.missed} missed` +
    (s.not_measured ? ` (${s.not_measured} of them not measured)` : '') +
    (s.not_run ? `; ${s.not_run} not run` : '')
  );
}
