import { describe, expect, it } from 'vitest';
import type { ContributionsCaseResult } from '@/bench/contributions';
import { emptyFloors } from '@/bench/http-floor';
import type { ImportResult } from '@/bench/imports';
import type { ListingResult } from '@/bench/listings';
import type { LoadResult } from '@/bench/pages';
import type { RealtimeCaseResult } from '@/bench/realtime';
import { checkTarget, formatTable, formatTargets, notRun, type CaseRow } from '@/bench/report';
import type { SearchCaseResult, SearchSample } from '@/bench/search';
import { recordAnswer, summarize, type AnswerSamples } from '@/bench/stats';
import type { StreamCaseResult } from '@/bench/stream';
import {
  apiRatioCheck,
  CASES,
  expectedChecks,
  formatVerdictSummary,
  importCheck,
  listingCheck,
  pageChecks,
  pushCheck,
  streamPageCheck,
  summarizeVerdicts,
  targetChecks,
  TARGETS,
  type Measured,
  type VerdictPlan,
} from '@/bench/verdicts';

const plan: VerdictPlan = {
  cases: CASES,
  skipServer: false,
  community: true,
  searchEndpoints: ['/api/search', '/api/titles'],
  communityEndpoints: ['/api/reviews'],
  listings: ['releases/all', 'releases/cut_over10'],
  listingPage: 100,
  queuePage: 50,
  streamPages: 10,
  connections: 32,
  uncachedConnections: 8,
};

const nothing: Measured = {
  search: null,
  community: null,
  listings: [],
  pages: [],
  imports: [],
  realtime: null,
  stream: null,
  contributions: null,
};

/** `n` samples of `ms` milliseconds. */
const same = (n: number, ms: number) => Array.from({ length: n }, () => ms);

function listing(pageReached: number, lastMs = 2, lastItems = 25): ListingResult {
  const first = same(100, 2);
  const last = same(100, lastMs);
  return {
    name: 'releases/cut_over10',
    params: { cu: '10' },
    targetPage: 100,
    pageReached,
    lastItems,
    rounds: 100,
    first: { app: summarize(first), raw: summarize(first), statements: [], samples: first },
    last: { app: summarize(last), raw: summarize(last), statements: [], samples: last },
  };
}

function load(name: string, over: Partial<LoadResult> = {}): LoadResult {
  return {
    name,
    paths: 100,
    seconds: 12,
    requests: 6000,
    ok: 6000,
    repeats: 5900,
    rps: 500,
    connections: 32,
    ttfb: summarize(same(50, 80)),
    latency: summarize(same(50, 90)),
    halves: { rps: [500, 500], ttfbP95: [80, 80] },
    non2xx: 0,
    errors: 0,
    ...over,
  };
}

function realtime(pushes: (number | null)[]): RealtimeCaseResult {
  const arrived = pushes.filter((v): v is number => v !== null);
  return {
    latency: summarize(arrived),
    pushes,
    subscribers: 5,
    lost: pushes.length - arrived.length,
    lostAfterMs: 5000,
    me: null,
  };
}

describe('targetChecks: every target is reported', () => {
  it('reports each expected check once, and covers every key of TARGETS', () => {
    const checks = targetChecks(nothing, plan);
    expect(checks.map((c) => c.id)).toEqual(expectedChecks(plan).map((e) => e.id));
    expect(new Set(checks.map((c) => c.target))).toEqual(new Set(Object.keys(TARGETS)));
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
  });

  it('says MISSED: not measured for a case that ran without data, and never counts it as met', () => {
    const checks = targetChecks(nothing, plan);
    for (const c of checks) {
      expect(c).toMatchObject({ met: false, status: 'not measured', value: null });
      expect(c.verdict).toMatch(/^MISSED: not measured \(/);
    }
    const search = checks.find((c) => c.id === 'search')!;
    expect(search.verdict).toBe('MISSED: not measured (case search ran but produced no data for it)');
    expect(formatTargets([search])).toMatch(/^ MISS {2}search p95 .*: - ms \(target <= 50\) → MISSED: not measured/);
    expect(summarizeVerdicts(checks)).toEqual({
      checks: checks.length,
      met: 0,
      missed: checks.length,
      not_measured: checks.length,
      not_run: 0,
    });
  });

  it('reports the cases left out by --only as NOT RUN, neither met nor missed', () => {
    const checks = targetChecks(nothing, { ...plan, cases: ['listings'] });
    const listingChecks = checks.filter((c) => c.id?.startsWith('listing/'));
    const others = checks.filter((c) => !c.id?.startsWith('listing/'));
    expect(listingChecks.every((c) => c.status === 'not measured')).toBe(true);
    expect(others.every((c) => c.status === 'not run' && !c.met && c.value === null)).toBe(true);
    const pages = others.find((c) => c.id === 'pages/release/rps')!;
    expect(pages.verdict).toBe('NOT RUN: case pages not selected: --only / --skip-import');
    expect(formatTargets([pages])).toMatch(/^ SKIP {2}release page req\/s/);
    const summary = summarizeVerdicts(checks);
    expect(summary).toMatchObject({ met: 0, missed: 2, not_measured: 2, not_run: checks.length - 2 });
    expect(formatVerdictSummary(summary)).toBe(
      `0 of ${checks.length} targets met; 2 missed (2 of them not measured); ${checks.length - 2} not run`,
    );
  });

  it('names the reason of a check without data: no server, no community, or a case without data', () => {
    const noServer = targetChecks(nothing, { ...plan, skipServer: true });
    expect(noServer.find((c) => c.id === 'api/search')?.verdict).toBe(
      'MISSED: not measured (no server: --skip-server)',
    );
    expect(noServer.find((c) => c.id === 'pages/movie_uncached/ttfb')?.status).toBe('not measured');
    expect(noServer.find((c) => c.id === 'api/me')?.name).toBe('API /api/me p95 / raw SQL p95 (handler)');
    const noCommunity = targetChecks(nothing, { ...plan, community: false });
    expect(noCommunity.find((c) => c.id === 'api/reviews?q')?.verdict).toBe(
      'MISSED: not measured (the database holds no reviews or posts)',
    );
  });

  it('keeps a listing cut short in the report, judged as not measured', () => {
    const checks = targetChecks({ ...nothing, listings: [listing(54)] }, plan);
    const cut = checks.find((c) => c.id === 'listing/releases/cut_over10')!;
    expect(cut).toMatchObject({ status: 'not measured', met: false, target: 'listingRatio' });
    // The other listing produced no data at all: still reported.
    expect(checks.find((c) => c.id === 'listing/releases/all')?.status).toBe('not measured');
  });
});

describe('checkTarget: values that are not numbers', () => {
  const limit = { op: '<=' as const, limit: 50, unit: 'ms' };

  it.each([null, Number.NaN, Number.POSITIVE_INFINITY])('reads %s as MISSED: not measured', (v) => {
    expect(checkTarget('t', v, limit)).toMatchObject({
      value: null,
      met: false,
      status: 'not measured',
      verdict: 'MISSED: not measured',
    });
  });

  it('gives the reason of a missing value, and keeps halves and note', () => {
    const t = checkTarget('t', null, limit, { halves: [null, 40], note: 'context', missing: 'no samples' });
    expect(t).toMatchObject({ verdict: 'MISSED: not measured (no samples)', spread: null, stable: false });
    expect(formatTargets([t])).toBe(
      ' MISS  t: - ms (target <= 50) → MISSED: not measured (no samples) [halves - / 40, within the noise]\n        context',
    );
  });

  it('misses a check with a failure whatever its value, keeping the value', () => {
    expect(checkTarget('t', 10, limit, { failure: '2 of 10 requests failed' })).toMatchObject({
      value: 10,
      met: false,
      status: 'missed',
      verdict: 'MISSED: 2 of 10 requests failed',
    });
    expect(checkTarget('t', Number.NaN, limit, { failure: 'all lost' })).toMatchObject({
      value: null,
      status: 'missed',
      verdict: 'MISSED: all lost',
    });
  });

  it('marks a met and a missed check with their status', () => {
    expect(checkTarget('t', 50, limit)).toMatchObject({ met: true, status: 'met', verdict: 'target met' });
    expect(checkTarget('t', 60, limit).status).toBe('missed');
    expect(notRun('t', limit, 'not selected')).toMatchObject({ met: false, status: 'not run', value: null });
  });

  it('prints missing and non-finite cells of the case table as "-"', () => {
    const row: CaseRow = {
      id: 'realtime/notification',
      group: 'realtime',
      description: '',
      n: 0,
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      baseline: null,
      ratio: null,
      ratio_of: '',
      extra: { note: '3 lost' },
    };
    const line = formatTable([row]).split('\n').at(-1)!;
    expect(line.replace(/\s+/g, ' ').trim()).toBe('realtime/notification 0 - - - - - 3 lost');
  });
});

describe('pushCheck: lost pushes miss the target', () => {
  const e = { name: 'push', limit: { op: '<=' as const, limit: TARGETS.realtimeP95, unit: 'ms' } };

  it('meets the target when every push arrived in time', () => {
    expect(pushCheck(e, realtime(same(100, 4)))).toMatchObject({ status: 'met', value: 4 });
  });

  it('misses when a few pushes are lost, although the p95 of the arrivals is in time', () => {
    const t = pushCheck(e, realtime([...same(98, 4), null, null]));
    expect(t).toMatchObject({ met: false, status: 'missed', value: 4 });
    expect(t.verdict).toBe('MISSED: 2 of 100 pushes lost (not received within 5000 ms; counted as infinite)');
  });

  it('counts lost pushes as infinite times: with most lost the p95 is not a number', () => {
    const t = pushCheck(e, realtime([...same(10, 4), ...same(90, 0).map(() => null)]));
    expect(t).toMatchObject({ met: false, status: 'missed', value: null });
    expect(t.verdict).toMatch(/^MISSED: 90 of 100 pushes lost/);
  });

  it('counts a lost warm-up push too', () => {
    const r = { ...realtime(same(10, 4)), lost: 1 };
    expect(pushCheck(e, r).verdict).toMatch(/^MISSED: 1 of 11 pushes lost/);
  });
});

describe('error answers are not timed', () => {
  it('records the time of a successful answer only, and counts the others', () => {
    const s: AnswerSamples = { api: [], apiErrors: 0 };
    recordAnswer(s, { ms: 12, ok: true });
    recordAnswer(s, { ms: 1, ok: false });
    recordAnswer(s, { ms: 2, ok: false });
    expect(s).toEqual({ api: [12], apiErrors: 2 });
  });

  const e = { name: 'API /api/search p95 / raw SQL p95', limit: { op: '<=' as const, limit: 1.5, unit: 'x' } };

  it('misses an API ratio when requests failed, whatever the ratio of the timed ones', () => {
    const t = apiRatioCheck(e, { api: [same(20, 10)], raw: [same(20, 10)], errors: 3, floors: emptyFloors() });
    expect(t).toMatchObject({ value: 1, met: false, status: 'missed' });
    expect(t.verdict).toBe('MISSED: 3 of 23 requests failed (not answered 200); only successful ones are timed');
  });

  it('judges the ratio of the successful answers when none failed, and misses without any', () => {
    expect(
      apiRatioCheck(e, { api: [same(20, 12)], raw: [same(20, 10)], errors: 0, floors: emptyFloors() }),
    ).toMatchObject({
      value: 1.2,
      status: 'met',
    });
    const none = apiRatioCheck(e, { api: [[]], raw: [same(20, 10)], errors: 20, floors: emptyFloors() });
    expect(none).toMatchObject({ met: false, status: 'missed', value: null });
  });

  it('runs the search API checks through the endpoint errors of the search case', () => {
    const sample = (fn: SearchSample['fn']): SearchSample => ({
      fn,
      input: { q: 'alien', kind: 'frequent' },
      set: 'fixed',
      statements: [],
      app: same(10, 5),
      raw: same(10, 5),
      api: same(10, 6),
      apiErrors: 0,
    });
    const search: SearchCaseResult = {
      samples: [sample('searchAll'), sample('listTitles')],
      groups: [],
      api: [
        {
          fn: 'searchAll',
          endpoint: '/api/search',
          api: summarize(same(10, 6)),
          raw: summarize(same(10, 5)),
          errors: 0,
        },
        {
          fn: 'listTitles',
          endpoint: '/api/titles',
          api: summarize(same(10, 6)),
          raw: summarize(same(10, 5)),
          errors: 4,
        },
      ],
      floor: emptyFloors(),
    };
    const checks = targetChecks({ ...nothing, search }, plan);
    expect(checks.find((c) => c.id === 'api/search')).toMatchObject({ status: 'met', value: 1.2 });
    expect(checks.find((c) => c.id === 'api/titles')?.verdict).toMatch(/^MISSED: 4 of 14 requests failed/);
    // No misspelled or autocomplete query in this fixture: reported, not measured.
    expect(checks.find((c) => c.id === 'search/autocomplete')?.verdict).toBe(
      'MISSED: not measured (no query of this set)',
    );
  });

  it('misses page targets whose load had non-2xx or failed requests', () => {
    const expected = expectedChecks(plan).filter((e) => e.case === 'pages');
    const checks = pageChecks(expected, [
      load('release', { non2xx: 40, errors: 2 }),
      load('release_uncached', { rps: 50, connections: 8, halves: { rps: [50, 50], ttfbP95: [200, 200] } }),
    ]);
    expect(checks.get('pages/release/ttfb')).toMatchObject({ value: 80, status: 'missed' });
    expect(checks.get('pages/release/ttfb')?.verdict).toBe(
      'MISSED: 40 non-2xx and 2 failed (errors, timeouts) of 6002 requests; only 2xx answers are timed',
    );
    // The ratio takes both loads: the cached one's errors miss it.
    expect(checks.get('pages/release_uncached/ratio')?.status).toBe('missed');
    expect(checks.get('pages/release_uncached/ttfb')?.status).toBe('met');
    expect(checks.get('pages/movie_uncached/ttfb')?.verdict).toBe(
      'MISSED: not measured (no never-cached movie load in the results)',
    );
  });

  it('reads a load without ids or without a 2xx answer as not measured', () => {
    const expected = expectedChecks(plan).filter((e) => e.id.startsWith('pages/person_uncached'));
    const checks = pageChecks(expected, [
      load('person'),
      load('person_uncached', { paths: 0, requests: 0, ok: 0, rps: 0, ttfb: summarize([]) }),
    ]);
    expect(checks.get('pages/person_uncached/ratio')?.verdict).toBe(
      'MISSED: not measured (no ids to request for the never-cached person load)',
    );
    expect(checks.get('pages/person_uncached/ttfb')?.status).toBe('not measured');
  });
});

describe('targets judged only on the data they describe', () => {
  const e = { name: 'listing', limit: { op: '<=' as const, limit: TARGETS.listingRatio, unit: 'x' } };

  it('judges a listing that reached page 100', () => {
    expect(listingCheck(e, listing(100, 2.4))).toMatchObject({ status: 'met', value: 1.2 });
    expect(listingCheck(e, listing(100, 4)).status).toBe('missed');
  });

  it('does not judge a shorter listing at the page it reached', () => {
    const t = listingCheck(e, listing(54));
    expect(t).toMatchObject({ value: null, met: false, status: 'not measured' });
    expect(t.verdict).toBe('MISSED: not measured (the listing ends at page 54, page 100 not reached)');
    expect(t.note).toBe('context, not the target: page 54 p95 / page 1 p95 = 1 x');
  });

  it('keeps the check of a cursor that stopped at page 1', () => {
    expect(listingCheck(e, listing(1)).verdict).toBe(
      'MISSED: not measured (no cursor after page 1 (a one-page listing or a broken cursor), page 100 not reached)',
    );
  });

  it('does not judge a target page without items', () => {
    expect(listingCheck(e, listing(100, 2, 0)).verdict).toBe('MISSED: not measured (page 100 held no items)');
  });

  const streamOf = (items: number[]): StreamCaseResult => ({
    friends: 20,
    publicEntries: 80000,
    privateEntries: 20000,
    writings: 30000,
    pages: items.map((n, i) => ({
      page: i + 1,
      app: summarize(same(40, 8)),
      samples: same(40, 8),
      raw: null,
      statements: 4,
      items: n,
    })),
  });
  const s = { name: 'stream', limit: { op: '<=' as const, limit: TARGETS.streamP95, unit: 'ms' } };

  it('does not let an empty stream meet the stream target', () => {
    const empty = streamOf([0]);
    expect(streamPageCheck(s, empty, 1).verdict).toBe('MISSED: not measured (page 1 held no items)');
    expect(streamPageCheck(s, empty, 10).verdict).toBe(
      'MISSED: not measured (the stream ended at page 1, page 10 not reached)',
    );
  });

  it('judges stream pages that hold items', () => {
    const full = streamOf(same(10, 30));
    expect(streamPageCheck(s, full, 10)).toMatchObject({ status: 'met', value: 8 });
    const checks = targetChecks({ ...nothing, stream: full }, plan);
    expect(checks.filter((c) => c.id?.startsWith('stream/')).map((c) => c.status)).toEqual(['met', 'met']);
  });

  const imp = (engine: ImportResult['engine'], rows: number, seconds = 30): ImportResult => ({
    engine,
    seconds,
    rows,
    rowsPerSecond: Math.round(rows / seconds),
    records: rows ? 100000 : 0,
  });
  const i = { name: 'import', limit: { op: '<=' as const, limit: TARGETS.importPostgres, unit: 's' } };

  it('misses an import that wrote no rows, however fast', () => {
    const none = imp('postgres', 0, 1);
    expect(importCheck(i, none, [none])).toMatchObject({
      value: 1,
      status: 'missed',
      verdict: 'MISSED: the import wrote no rows',
    });
  });

  it('misses when the engines wrote different row counts from the same seed, and meets otherwise', () => {
    const pg = imp('postgres', 266000);
    const lite = imp('pglite', 265000);
    expect(importCheck(i, pg, [pg, lite]).verdict).toBe(
      'MISSED: 266000 rows on postgres but 265000 on pglite from the same seed',
    );
    expect(importCheck(i, pg, [pg, imp('pglite', 266000)])).toMatchObject({ status: 'met', value: 30 });
  });

  it('does not judge the admin queue when it ended before its target page', () => {
    const call = (name: string, items: number | null) => ({
      name,
      description: name,
      app: summarize(same(10, 4)),
      samples: same(10, 4),
      items,
    });
    const contributions: ContributionsCaseResult = {
      pending: 100,
      revisions: 1000,
      queuePage: 50,
      queuePageReached: 5,
      calls: [call('queue_page1', 24), call('queue_page50', 4), call('approve_edit', null), call('history_page1', 0)],
    };
    const checks = targetChecks({ ...nothing, contributions }, plan);
    expect(checks.find((c) => c.id === 'contributions/queue')?.verdict).toBe(
      'MISSED: not measured (the queue ends at page 5, page 50 not reached)',
    );
    expect(checks.find((c) => c.id === 'contributions/approval')?.status).toBe('met');
    expect(checks.find((c) => c.id === 'contributions/history')?.verdict).toBe(
      'MISSED: not measured (history page 1 held no items)',
    );
  });
});
