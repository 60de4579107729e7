/**
 * Benchmark case 1: search through the data layer (lib/data called in-process with a Db
 * handle) and through the HTTP API, against the raw SQL of the same call replayed on a plain
 * postgres.js client. Functions: searchAll (`/api/search`), listTitles (`/api/titles?q=`),
 * listReleases (`/api/releases?q=`), listPersons (`/api/persons?q=`).
 *
 * Sets (rows of the report): `fixed`, `random`, `autocomplete` (1-2 letter queries) and
 * `misspelled` (queries whose words find nothing as typed: the close-spelling lookup and the
 * second search, lib/data/search-words.ts).
 *
 * For each (function, query) the SQL is captured once (bench/capture.ts), then `reps`
 * rounds run, each timing in turn (in an order that rotates from query to query and round to
 * round): the data-layer call, the replay of its captured statements (concurrent or in
 * sequence, as lib/data sent them), and the HTTP request (when a server is given; one
 * kept-alive connection, the full JSON body read). Times in milliseconds. One warm-up
 * round is not recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import { Pool } from 'undici';
import type { Db } from '@/db';
import { listTitles } from '@/lib/data/movies';
import { listPersons } from '@/lib/data/persons';
import { listReleases } from '@/lib/data/releases';
import { searchAll } from '@/lib/data/search';
import { parseReleaseListParams, parseTitleListParams } from '@/lib/validation/listing';
import { explainAnalyze, replay, type CapturedStatement, type CapturingDb } from './capture';
import { emptyFloors, FLOOR_PATH, recordFloor, ROUTE_FLOOR_PATH, type Floors } from './http-floor';
import { recordAnswer, summarize, timed, type Summary } from './stats';
import { isAutocomplete, type SearchInput } from './workload';

/** Data-layer search functions and the API endpoint each one serves. */
export const SEARCH_FUNCTIONS = {
  searchAll: '/api/search',
  listTitles: '/api/titles',
  listReleases: '/api/releases',
  listPersons: '/api/persons',
} as const;
export type SearchFn = keyof typeof SEARCH_FUNCTIONS;

/**
 * The data-layer call behind an API search request: the API's own parameter parsing, then the
 * lib/data function with an explicit database (first page, default page size).
 */
export function searchCall(fn: SearchFn, q: string): (db: Db) => Promise<unknown> {
  switch (fn) {
    case 'searchAll':
      return (db) => searchAll(q, db);
    case 'listTitles': {
      const p = parseTitleListParams({ q }, 'api');
      if (!p.ok) throw new Error(p.error);
      return (db) => listTitles(p.query, { cursor: null, limit: undefined }, db);
    }
    case 'listReleases': {
      const p = parseReleaseListParams({ q }, 'api');
      if (!p.ok) throw new Error(p.error);
      return (db) => listReleases(p.query, { cursor: null, limit: undefined }, db);
    }
    case 'listPersons':
      return (db) => listPersons({ q }, { cursor: null, limit: undefined }, db);
  }
}

/**
 * Query set a sample belongs to: the fixed mix, the seeded random set, autocomplete (1-2 letters,
 * either set), or misspelled (the fixed mix's `misspelt` queries: close spellings are looked up).
 */
export type SearchSet = 'fixed' | 'random' | 'autocomplete' | 'misspelled';

/** The set of a query of the fixed mix or the random set. */
export function searchSetOf(input: SearchInput, set: 'fixed' | 'random'): SearchSet {
  if (isAutocomplete(input.q)) return 'autocomplete';
  return input.kind === 'misspelt' ? 'misspelled' : set;
}

/** Timings of one (function, query). */
export type SearchSample = {
  fn: SearchFn;
  input: SearchInput;
  set: SearchSet;
  statements: CapturedStatement[];
  app: number[];
  raw: number[];
  /** HTTP times of the successful (200) answers, milliseconds, in the order taken. */
  api: number[];
  /** HTTP requests not answered 200 (not timed). */
  apiErrors: number;
};

/** Options of {@link runSearchCase}. */
export type SearchCaseOptions = {
  /** Database opened like the app's (db/index.ts openDatabase): the timed data-layer path. */
  db: Db;
  capturing: CapturingDb;
  raw: postgres.Sql;
  fixed: readonly SearchInput[];
  random: readonly SearchInput[];
  /** Recorded rounds per (function, query). */
  reps: number;
  /** Base URL of a running server for the API timings; null leaves them out. */
  baseUrl: string | null;
  /** Folder for `EXPLAIN (ANALYZE, BUFFERS)` files (one per function and set); null: none. */
  explainDir: string | null;
  log?: (line: string) => void;
};

/** Result rows of the search case: per function and set, app vs raw; per endpoint, API vs raw. */
export type SearchCaseResult = {
  samples: SearchSample[];
  groups: { fn: SearchFn; set: SearchSet; app: Summary; raw: Summary; queries: number }[];
  /** Per endpoint: `api` summarizes the 200 answers only, `errors` counts the other answers. */
  api: { fn: SearchFn; endpoint: string; api: Summary; raw: Summary; errors: number }[];
  /** The HTTP and route floors ({@link timeFloor}) timed once per query and round beside the API requests; empty without a server. */
  floor: Floors;
};

/**
 * Times one API request on a kept-alive connection (undici's `request`: a lean HTTP/1.1 client;
 * Node's built-in `fetch` adds about 3 ms of its own per request on these machines, which would
 * be charged to the app). The full body is read.
 */
async function timeApi(http: Pool, fn: SearchFn, q: string): Promise<{ ms: number; ok: boolean }> {
  const requestPath = `${SEARCH_FUNCTIONS[fn]}?${new URLSearchParams({ q })}`;
  const { ms, result } = await timed(async () => {
    const res = await http.request({ method: 'GET', path: requestPath });
    await res.body.text();
    return res.statusCode === 200;
  });
  return { ms, ok: result };
}

export { emptyFloors, FLOOR_PATH, recordFloor, ROUTE_FLOOR_PATH, type Floors } from './http-floor';

/**
 * One request for the static file {@link FLOOR_PATH} and one for {@link ROUTE_FLOOR_PATH} on the
 * kept-alive connection of the API timings: what any request through the server costs (the HTTP
 * floor) and what any API request costs before its endpoint's work (the route floor). Milliseconds.
 * @throws Error when the static file does not answer 200, or the route floor not 404 (the catch-all route changed)
 */
export async function timeFloor(http: Pool): Promise<{ file: number; route: number }> {
  const file = await timed(async () => {
    const res = await http.request({ method: 'GET', path: FLOOR_PATH });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`${FLOOR_PATH} answered ${res.statusCode}, not 200`);
  });
  const route = await timed(async () => {
    const res = await http.request({ method: 'GET', path: ROUTE_FLOOR_PATH });
    await res.body.arrayBuffer();
    if (res.statusCode !== 404) throw new Error(`${ROUTE_FLOOR_PATH} answered ${res.statusCode}, not 404`);
  });
  return { file: file.ms, route: route.ms };
}

/** Runs case 1 (see module doc). */
export async function runSearchCase(o: SearchCaseOptions): Promise<SearchCaseResult> {
  const samples: SearchSample[] = [];
  for (const fn of Object.keys(SEARCH_FUNCTIONS) as SearchFn[]) {
    for (const [inputs, set] of [
      [o.fixed, 'fixed'],
      [o.random, 'random'],
    ] as const) {
      for (const input of inputs) {
        const { statements } = await o.capturing.capture(searchCall(fn, input.q));
        samples.push({
          fn,
          input,
          set: searchSetOf(input, set),
          statements,
          app: [],
          raw: [],
          api: [],
          apiErrors: 0,
        });
      }
    }
  }
  o.log?.(`search: ${samples.length} (function, query) pairs, ${o.reps} rounds${o.baseUrl ? ' + HTTP API' : ''}`);
  const http = o.baseUrl ? new Pool(o.baseUrl, { connections: 1 }) : null;
  const floor = emptyFloors();
  for (let round = 0; round <= o.reps; round++) {
    const record = round > 0;
    for (const [i, s] of samples.entries()) {
      // The three timings of a query read the same pages: whichever runs first may pay for
      // reading them into shared buffers. The order rotates, so none is favoured.
      const timers = [
        async () => {
          const app = await timed(() => searchCall(s.fn, s.input.q)(o.db));
          if (record) s.app.push(app.ms);
        },
        async () => {
          const raw = await timed(() => replay(o.raw, s.statements));
          if (record) s.raw.push(raw.ms);
        },
        async () => {
          if (!http) return;
          const api = await timeApi(http, s.fn, s.input.q);
          // Only successful answers are timed: a fast error must not pass for a fast endpoint.
          if (record) recordAnswer(s, api);
        },
        async () => {
          if (!http) return;
          const sample = await timeFloor(http);
          if (record) recordFloor(floor, sample);
        },
      ];
      const shift = (round + i) % timers.length;
      for (const run of [...timers.slice(shift), ...timers.slice(0, shift)]) await run();
    }
    if (record) o.log?.(`search: round ${round}/${o.reps} done`);
  }
  await http?.close();
  const groups: SearchCaseResult['groups'] = [];
  const api: SearchCaseResult['api'] = [];
  for (const fn of Object.keys(SEARCH_FUNCTIONS) as SearchFn[]) {
    for (const set of ['fixed', 'random', 'autocomplete', 'misspelled'] as const) {
      const of = samples.filter((s) => s.fn === fn && s.set === set);
      if (!of.length) continue;
      groups.push({
        fn,
        set,
        queries: of.length,
        app: summarize(of.flatMap((s) => s.app)),
        raw: summarize(of.flatMap((s) => s.raw)),
      });
    }
    if (o.baseUrl) {
      const of = samples.filter((s) => s.fn === fn);
      api.push({
        fn,
        endpoint: SEARCH_FUNCTIONS[fn],
        api: summarize(of.flatMap((s) => s.api)),
        raw: summarize(of.flatMap((s) => s.raw)),
        errors: of.reduce((n, s) => n + s.apiErrors, 0),
      });
    }
  }
  if (o.explainDir) await writeSearchExplains(o.raw, samples, o.explainDir);
  return { samples, groups, api, floor };
}

/** Writes `search-<fn>-<set>.txt`: for each query, each captured statement with its parameters and EXPLAIN (ANALYZE, BUFFERS). */
async function writeSearchExplains(raw: postgres.Sql, samples: SearchSample[], dir: string): Promise<void> {
  const files = new Map<string, { lines: string[]; texts: Map<string, string> }>();
  for (const s of samples) {
    const name = `search-${s.fn}-${s.set}.txt`;
    const file = files.get(name) ?? { lines: [], texts: new Map<string, string>() };
    files.set(name, file);
    file.lines.push(
      `==== ${s.fn}(${JSON.stringify(s.input.q)}) [${s.input.kind}]: ${s.statements.length} statement(s)`,
    );
    for (const [i, st] of s.statements.entries())
      file.lines.push(await explainSection(raw, st, { index: i + 1, seen: file.texts }));
  }
  for (const [name, { lines }] of files) fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
}

/**
 * A statement's text, its parameters and its EXPLAIN (ANALYZE, BUFFERS) as a report section.
 * @param at.index the statement's number in its call (from 1)
 * @param at.seen texts already written in the same file → their label; a repeated text is written
 *   as a reference to its label (the files stay readable and small)
 */
export async function explainSection(
  raw: postgres.Sql,
  st: CapturedStatement,
  at: { index: number; seen: Map<string, string> },
): Promise<string> {
  const { index, seen } = at;
  let plan: string;
  try {
    plan = await explainAnalyze(raw, st);
  } catch (e) {
    plan = `EXPLAIN failed: ${(e as Error).message}`;
  }
  const text = st.text.replace(/\s+/g, ' ').trim();
  let label = seen.get(text);
  const head = label ? [`-- statement ${index}: SQL text ${label} (above)`] : [];
  if (!label) {
    label = `S${seen.size + 1}`;
    seen.set(text, label);
    head.push(`-- statement ${index}: SQL text ${label}`, text);
  }
  return [...head, `-- parameters: ${JSON.stringify(st.params)}`, plan, ''].join('\n');
}
