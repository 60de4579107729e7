/**
 * Benchmark case 3: release, movie and person pages rendered by `next start` under load from
 * autocannon (Node API), against a static file served by the same server in the same run.
 *
 * Each target runs `duration` seconds with `connections` connections on loopback, no
 * pipelining, rotating over its paths with a shared counter (concurrent connections ask for
 * different pages). Two kinds of page target:
 * - cached (`prefetch`): every path is requested once beforehand and a warm-up load runs (not
 *   recorded), so the measured requests are what repeat visitors and crawlers get from the page
 *   cache of anonymous pages;
 * - uncached: paths never requested before in this run (ids drawn with a per-run seed from the
 *   whole catalogue, more ids than the load can reach), no warm-up: each request renders.
 * Measured per successful (2xx) response; other answers are counted (`non2xx`, `errors`), not timed:
 * - TTFB: from the request's write to its response headers being parsed (autocannon client
 *   'headers' event against the start time autocannon keeps per in-flight request);
 * - latency: autocannon's own response time, from the write to the complete body.
 * req/s = 2xx responses / measured seconds. A target without paths is not loaded (its result has
 * no responses). Times in milliseconds. The targets' loads are
 * interleaved in slices (see runLoad); each result also has the req/s and TTFB p95 of its first
 * and second half of slices, the spread of two runs of half the length: how far a verdict of this
 * run could move on a rerun.
 */
import autocannon, { type Client } from 'autocannon';
import { summarize, type Summary } from './stats';

/** One load target: a name, the paths it rotates over, and how it is warmed. */
export type LoadTarget = {
  name: string;
  paths: string[];
  /** Request every path once before the load (fills the page cache). */
  prefetch: boolean;
  /** Run the warm-up load first (not recorded). */
  warmup: boolean;
  /** Connections of this target's load (default: the run's `connections`). */
  connections?: number;
};

/** Result of one target. */
export type LoadResult = {
  name: string;
  paths: number;
  seconds: number;
  /** Responses of every status (the 2xx ones are `ok`). */
  requests: number;
  /** 2xx responses: the ones timed in `ttfb` and `latency`. */
  ok: number;
  /** Requests beyond the number of paths (paths asked for more than once during the load). */
  repeats: number;
  rps: number;
  /** Connections the load used. */
  connections: number;
  /** TTFB and complete-response latency of the 2xx responses, milliseconds. */
  ttfb: Summary;
  latency: Summary;
  /** req/s and TTFB p95 of the first and of the second half of the load. */
  halves: { rps: [number, number]; ttfbP95: [number, number] };
  non2xx: number;
  errors: number;
};

/** A cached page target: `/{kind}/{id}` for each id, each requested once before the load, then a warm-up. */
export function cachedPageTarget(kind: string, ids: readonly string[]): LoadTarget {
  return { name: kind, paths: ids.map((id) => `/${kind}/${id}`), prefetch: true, warmup: true };
}

/**
 * A never-cached page target (`{kind}_uncached`): ids not requested before, no prefetch and no
 * warm-up, so every request renders; `connections` of its own (fewer than the cached loads).
 */
export function uncachedPageTarget(kind: string, ids: readonly string[], connections: number): LoadTarget {
  return {
    name: `${kind}_uncached`,
    paths: ids.map((id) => `/${kind}/${id}`),
    prefetch: false,
    warmup: false,
    connections,
  };
}

/**
 * Options of {@link runLoad}: `duration` seconds of load per target in all, given in `slices`
 * interleaved parts (default 2); `warmup` seconds before the first part.
 */
export type LoadOptions = { baseUrl: string; connections: number; duration: number; warmup: number; slices?: number };

async function prefetch(baseUrl: string, paths: readonly string[], concurrency = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const res = await fetch(`${baseUrl}${paths[next++]}`);
        await res.arrayBuffer();
      }
    }),
  );
}

/** What one slice of a target's load measured (times of the 2xx responses, milliseconds). */
type Slice = {
  ttfb: number[];
  latency: number[];
  responses: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
};

/** One slice of a target's load; `cursor` carries the path rotation from slice to slice. */
async function loadSlice(
  o: LoadOptions,
  target: LoadTarget,
  duration: number,
  cursor: { next: number },
): Promise<Slice> {
  const ttfb: number[] = [];
  const latency: number[] = [];
  let ok = 0;
  let responses = 0;
  const instance = autocannon({
    url: o.baseUrl,
    connections: target.connections ?? o.connections,
    duration,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: target.paths[cursor.next++ % target.paths.length] }),
      },
    ],
    setupClient: (client: Client) => {
      client.on('headers', (info: { statusCode?: number }) => {
        const started = client.pipelinedRequests?.peek()?.startTime;
        if (started && isOk(info.statusCode)) {
          const [s, ns] = process.hrtime(started);
          ttfb.push(s * 1e3 + ns / 1e6);
        }
      });
    },
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    responses++;
    if (!isOk(status)) return;
    latency.push(ms);
    ok++;
  });
  const r = await instance;
  return { ttfb, latency, responses, ok, non2xx: r.non2xx, errors: r.errors + r.timeouts, seconds: duration };
}

function isOk(status: number | undefined): boolean {
  return status != null && status >= 200 && status < 300;
}

function perSecond(n: number, seconds: number): number {
  if (seconds <= 0) return 0;
  return Math.round((n / seconds) * 10) / 10;
}

function resultOf(o: LoadOptions, target: LoadTarget, slices: readonly Slice[]): LoadResult {
  const all = (pick: (s: Slice) => number[], of = slices) => of.flatMap(pick);
  const sum = (pick: (s: Slice) => number, of = slices) => of.reduce((n, s) => n + pick(s), 0);
  const mid = Math.floor(slices.length / 2);
  const halves = [slices.slice(0, mid), slices.slice(mid)];
  const requests = sum((s) => s.responses);
  return {
    name: target.name,
    paths: target.paths.length,
    seconds: sum((s) => s.seconds),
    requests,
    ok: sum((s) => s.ok),
    repeats: Math.max(0, requests - target.paths.length),
    rps: perSecond(
      sum((s) => s.ok),
      sum((s) => s.seconds),
    ),
    connections: target.connections ?? o.connections,
    ttfb: summarize(all((s) => s.ttfb)),
    latency: summarize(all((s) => s.latency)),
    halves: {
      rps: [
        perSecond(
          sum((s) => s.ok, halves[0]),
          sum((s) => s.seconds, halves[0]),
        ),
        perSecond(
          sum((s) => s.ok, halves[1]),
          sum((s) => s.seconds, halves[1]),
        ),
      ],
      ttfbP95: [summarize(all((s) => s.ttfb, halves[0])).p95, summarize(all((s) => s.ttfb, halves[1])).p95],
    },
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
  };
}

/**
 * Runs the load targets (see module doc): first the prefetch and warm-up of every target that
 * has them, then `slices` rounds, each giving every target, in order, `duration / slices`
 * seconds of load. Interleaved so that a change in the machine's load (other jobs on shared
 * cores) falls on every target alike, and the ratios between targets hold; the halves are the
 * first and the second half of the rounds.
 * @returns one result per target, in order
 */
export async function runLoad(
  o: LoadOptions,
  targets: readonly LoadTarget[],
  log?: (line: string) => void,
): Promise<LoadResult[]> {
  const rounds = Math.max(2, o.slices ?? 2);
  const sliceSeconds = Math.max(1, Math.round(o.duration / rounds));
  for (const t of targets) {
    if (!t.paths.length) continue;
    if (t.prefetch) await prefetch(o.baseUrl, t.paths);
    if (t.warmup && o.warmup > 0) await loadSlice(o, t, o.warmup, { next: 0 });
  }
  const cursors = targets.map(() => ({ next: 0 }));
  const slices: Slice[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [i, t] of targets.entries())
      // A target without paths is not loaded: nothing to request (its result has no responses).
      if (t.paths.length) slices[i].push(await loadSlice(o, t, sliceSeconds, cursors[i]));
  const out = targets.map((t, i) => resultOf(o, t, slices[i]));
  for (const [i, r] of out.entries())
    log?.(
      `pages ${r.name} (${r.connections} connections, ${r.paths} paths): ${r.rps} req/s, TTFB p95 ${r.ttfb.p95} ms, ${r.non2xx} non-2xx, ${r.errors} errors${
        !targets[i].warmup && r.repeats ? `, ${r.repeats} ` + `repeated paths` : ''
      }`,
    );
  return out;
}
