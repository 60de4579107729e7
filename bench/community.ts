/**
 * Benchmark, part of case 1: the community lists over HTTP against the raw SQL of the same call.
 * Endpoints: `/api/reviews` (lib/data/reviews.ts listReviews) and `/api/posts`
 * (lib/data/posts.ts listPosts), each as a list (first page without a query: plain and with the
 * language and kind filters) and with `q` (a fixed mix of collector words, Finnish and Swedish
 * ones, several words, one that matches nothing, and a seeded random set of words from the
 * database's review and discussion headlines).
 *
 * As in bench/search.ts: each call's SQL is captured once (bench/capture.ts), then `reps`
 * rounds run, each timing in turn (order rotating from call to call and round to round): the
 * data-layer call, the replay of its captured statements on a plain postgres.js client, and the
 * HTTP request (one kept-alive connection, the full JSON body read). Times in milliseconds; one
 * warm-up round is not recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import { Pool } from 'undici';
import type { Db } from '@/db';
import { listPosts } from '@/lib/data/posts';
import { listReviews } from '@/lib/data/reviews';
import { foldText } from '@/lib/text';
import { replay, type CapturedStatement, type CapturingDb } from './capture';
import { emptyFloors, explainSection, recordFloor, timeFloor, type Floors } from './search';
import { recordAnswer, summarize, timed, type Summary } from './stats';

/** Data-layer list functions and the API endpoint each one serves. */
export const COMMUNITY_FUNCTIONS = { listReviews: '/api/reviews', listPosts: '/api/posts' } as const;
export type CommunityFn = keyof typeof COMMUNITY_FUNCTIONS;

/** `list`: no `q` (filters only); `q`: with a text query. */
export type CommunityVariant = 'list' | 'q';

/** One request: its query-string parameters (as the API takes them). */
export type CommunityInput = { params: Record<string, string>; kind: 'filter' | 'fixed' | 'random' };

/** Filters of the list variant per function (`{}`: the plain first page). */
export const COMMUNITY_LIST_PARAMS: Record<CommunityFn, readonly Record<string, string>[]> = {
  listReviews: [{}, { la: 'fi' }, { la: 'other' }, { fi: 'release' }, { fi: 'video' }],
  listPosts: [{}, { la: 'fi' }, { la: 'other' }],
};

/**
 * The fixed `q` mix: frequent and rarer words of the synthetic reviews and discussions, Finnish
 * and Swedish ones, several words, a phrase of the real vocabulary and a word that matches nothing.
 */
export const FIXED_COMMUNITY_QUERIES: readonly string[] = [
  'steelbook',
  'restoration',
  'vhs',
  'dvd',
  'disappointing extras',
  'finnish subtitle',
  'kuva',
  'pettymys',
  'skarp',
  'worth the upgrade',
  'blu-ray 4k',
  'zzyzx',
];

/**
 * The data-layer call behind an API request: the API's parameter handling (`q` trimmed, empty =
 * none; default page size), then the lib/data function with an explicit database (first page).
 */
export function communityCall(fn: CommunityFn, params: Record<string, string>): (db: Db) => Promise<unknown> {
  const q = params.q?.trim() || null;
  if (fn === 'listReviews') {
    const la = (params.la ?? null) as 'en' | 'fi' | 'other' | null;
    const fi = (params.fi ?? null) as 'video' | 'release' | null;
    return (db) => listReviews({ la, fi, q }, { cursor: null }, db);
  }
  const la = (params.la ?? null) as 'en' | 'fi' | 'other' | null;
  return (db) => listPosts({ la, q }, { cursor: null }, db);
}

/**
 * A seeded random set of `q` words per function: one word of 4+ letters from each of `count`
 * headlines drawn by a hash of their id and the seed (reviews' headlines for listReviews, posts'
 * for listPosts).
 */
export async function randomCommunityQueries(
  raw: postgres.Sql,
  count: number,
  seed = 1,
): Promise<Record<CommunityFn, string[]>> {
  const pick = async (table: 'reviews' | 'posts') => {
    const rows = await raw.unsafe<{ id: number; headline: string }[]>(
      `SELECT id, headline FROM ${table} ORDER BY md5(id::text || ':' || $1::text) LIMIT $2`,
      [seed, count * 3],
    );
    const out: string[] = [];
    for (const r of rows) {
      const words = foldText(r.headline)
        .split(' ')
        .filter((w) => w.length >= 4 && !/^\d+$/.test(w));
      if (!words.length) continue;
      const w = words[r.id % words.length];
      if (!out.includes(w)) out.push(w);
      if (out.length >= count) break;
    }
    return out;
  };
  return { listReviews: await pick('reviews'), listPosts: await pick('posts') };
}

/** Timings of one request. */
export type CommunitySample = {
  fn: CommunityFn;
  variant: CommunityVariant;
  input: CommunityInput;
  statements: CapturedStatement[];
  app: number[];
  raw: number[];
  /** HTTP times of the successful (200) answers, milliseconds, in the order taken. */
  api: number[];
  /** HTTP requests not answered 200 (not timed). */
  apiErrors: number;
};

/** Options of {@link runCommunityCase}. */
export type CommunityCaseOptions = {
  /** Database opened like the app's: the timed data-layer path. */
  db: Db;
  capturing: CapturingDb;
  raw: postgres.Sql;
  /** Random `q` words per function ({@link randomCommunityQueries}). */
  random: Record<CommunityFn, readonly string[]>;
  /** Recorded rounds per request. */
  reps: number;
  /** Base URL of the running server. */
  baseUrl: string;
  /** Folder for `EXPLAIN (ANALYZE, BUFFERS)` files (one per function and variant); null: none. */
  explainDir: string | null;
  log?: (line: string) => void;
};

/** Result rows: per endpoint and variant, HTTP API and data layer vs the raw SQL. */
export type CommunityCaseResult = {
  samples: CommunitySample[];
  api: {
    fn: CommunityFn;
    variant: CommunityVariant;
    endpoint: string;
    requests: number;
    api: Summary;
    app: Summary;
    raw: Summary;
    /** Requests not answered 200 (left out of `api`). */
    errors: number;
  }[];
  /** The HTTP and route floors (bench/search.ts timeFloor) timed once per request and round beside the API requests. */
  floor: Floors;
};

async function timeApi(
  http: Pool,
  fn: CommunityFn,
  params: Record<string, string>,
): Promise<{ ms: number; ok: boolean }> {
  const qs = new URLSearchParams(params).toString();
  const requestPath = `${COMMUNITY_FUNCTIONS[fn]}${qs ? `?${qs}` : ''}`;
  const { ms, result } = await timed(async () => {
    const res = await http.request({ method: 'GET', path: requestPath });
    await res.body.text();
    return res.statusCode === 200;
  });
  return { ms, ok: result };
}

/** Runs the community part of case 1 (see module doc). */
export async function runCommunityCase(o: CommunityCaseOptions): Promise<CommunityCaseResult> {
  const samples: CommunitySample[] = [];
  for (const fn of Object.keys(COMMUNITY_FUNCTIONS) as CommunityFn[]) {
    const inputs: { variant: CommunityVariant; input: CommunityInput }[] = [
      ...COMMUNITY_LIST_PARAMS[fn].map((params) => ({
        variant: 'list' as const,
        input: { params, kind: 'filter' as const },
      })),
      ...FIXED_COMMUNITY_QUERIES.map((q) => ({
        variant: 'q' as const,
        input: { params: { q }, kind: 'fixed' as const },
      })),
      ...o.random[fn].map((q) => ({ variant: 'q' as const, input: { params: { q }, kind: 'random' as const } })),
    ];
    for (const { variant, input } of inputs) {
      const { statements } = await o.capturing.capture(communityCall(fn, input.params));
      samples.push({ fn, variant, input, statements, app: [], raw: [], api: [], apiErrors: 0 });
    }
  }
  o.log?.(`community: ${samples.length} (endpoint, parameters) pairs, ${o.reps} rounds + HTTP API`);
  const http = new Pool(o.baseUrl, { connections: 1 });
  const floor = emptyFloors();
  try {
    for (let round = 0; round <= o.reps; round++) {
      const record = round > 0;
      for (const [i, s] of samples.entries()) {
        const timers = [
          async () => {
            const app = await timed(() => communityCall(s.fn, s.input.params)(o.db));
            if (record) s.app.push(app.ms);
          },
          async () => {
            const raw = await timed(() => replay(o.raw, s.statements));
            if (record) s.raw.push(raw.ms);
          },
          async () => {
            const api = await timeApi(http, s.fn, s.input.params);
            // Only successful answers are timed: a fast error must not pass for a fast endpoint.
            if (record) recordAnswer(s, api);
          },
          async () => {
            const sample = await timeFloor(http);
            if (record) recordFloor(floor, sample);
          },
        ];
        const shift = (round + i) % timers.length;
        for (const run of [...timers.slice(shift), ...timers.slice(0, shift)]) await run();
      }
      if (record) o.log?.(`community: round ${round}/${o.reps} done`);
    }
  } finally {
    await http.close();
  }
  const api: CommunityCaseResult['api'] = [];
  for (const fn of Object.keys(COMMUNITY_FUNCTIONS) as CommunityFn[]) {
    for (const variant of ['list', 'q'] as const) {
      const of = samples.filter((s) => s.fn === fn && s.variant === variant);
      if (!of.length) continue;
      api.push({
        fn,
        variant,
        endpoint: COMMUNITY_FUNCTIONS[fn],
        requests: of.length,
        api: summarize(of.flatMap((s) => s.api)),
        app: summarize(of.flatMap((s) => s.app)),
        raw: summarize(of.flatMap((s) => s.raw)),
        errors: of.reduce((n, s) => n + s.apiErrors, 0),
      });
    }
  }
  if (o.explainDir) await writeCommunityExplains(o.raw, samples, o.explainDir);
  return { samples, api, floor };
}

/** Writes `community-<fn>-<variant>.txt`: each request's statements with parameters and EXPLAIN (ANALYZE, BUFFERS). */
async function writeCommunityExplains(raw: postgres.Sql, samples: CommunitySample[], dir: string): Promise<void> {
  const files = new Map<string, { lines: string[]; texts: Map<string, string> }>();
  for (const s of samples) {
    const name = `community-${s.fn}-${s.variant}.txt`;
    const file = files.get(name) ?? { lines: [], texts: new Map<string, string>() };
    files.set(name, file);
    file.lines.push(
      `==== ${s.fn}(${JSON.stringify(s.input.params)}) [${s.input.kind}]: ${s.statements.length} statement(s)`,
    );
    for (const [i, st] of s.statements.entries())
      file.lines.push(await explainSection(raw, st, { index: i + 1, seen: file.texts }));
  }
  for (const [name, { lines }] of files) fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
}
