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
 * Measured per response:
 * - TTFB: from the request's write to its response headers being parsed (autocannon client
 *   'headers' event against the start time autocannon keeps per in-flight request);
 * - latency: autocannon's own response time, from the write to the complete body.
 * req/s = 2xx responses / measured seconds. Times in milliseconds. Each result also has the
 * req/s and TTFB p95 of the load's first and second half (responses by completion time), the
 * spread of two runs of half the length: how far a verdict of this run could move on a rerun.
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
  requests: number;
  /** Requests beyond the number of paths (paths asked for more than once during the load). */
  repeats: number;
  rps: number;
  /** Connections the load used. */
  connections: number;
  ttfb: Summary;
  latency: Summary;
  /** req/s and TTFB p95 of the first and of the second half of the load. */
  halves: { rps: [number, number]; ttfbP95: [number, number] };
  non2xx: number;
  errors: number;
};

/** Options of {@link runLoad}. */
export type LoadOptions = { baseUrl: string; connections: number; duration: number; warmup: number };

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

async function load(o: LoadOptions, target: LoadTarget, duration: number): Promise<LoadResult> {
  let next = 0;
  const connections = target.connections ?? o.connections;
  const ttfb: number[] = [];
  /** Per TTFB sample: whether its headers arrived in the second half of the load. */
  const ttfbLate: boolean[] = [];
  const latency: number[] = [];
  const ok = [0, 0];
  const started = performance.now();
  const half = (duration * 1000) / 2;
  const late = () => performance.now() - started >= half;
  const instance = autocannon({
    url: o.baseUrl,
    connections,
    duration,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: target.paths[next++ % target.paths.length] }),
      },
    ],
    setupClient: (client: Client) => {
      client.on('headers', () => {
        const started = client.pipelinedRequests?.peek()?.startTime;
        if (started) {
          const [s, ns] = process.hrtime(started);
          ttfb.push(s * 1e3 + ns / 1e6);
          ttfbLate.push(late());
        }
      });
    },
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latency.push(ms);
    if (status >= 200 && status < 300) ok[late() ? 1 : 0]++;
  });
  const r = await instance;
  const perSecond = (n: number, seconds: number) => Math.round((n / seconds) * 10) / 10;
  const ttfbHalf = (second: boolean) => summarize(ttfb.filter((_, i) => ttfbLate[i] === second)).p95;
  return {
    name: target.name,
    paths: target.paths.length,
    seconds: duration,
    requests: latency.length,
    repeats: Math.max(0, latency.length - target.paths.length),
    rps: perSecond(ok[0] + ok[1], duration),
    connections,
    ttfb: summarize(ttfb),
    latency: summarize(latency),
    halves: {
      rps: [perSecond(ok[0], duration / 2), perSecond(ok[1], duration / 2)],
      ttfbP95: [ttfbHalf(false), ttfbHalf(true)],
    },
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Runs the load targets one after another (see module doc).
 * @returns one result per target, in order
 */
export async function runLoad(
  o: LoadOptions,
  targets: readonly LoadTarget[],
  log?: (line: string) => void,
): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const t of targets) {
    if (t.prefetch) await prefetch(o.baseUrl, t.paths);
    if (t.warmup && o.warmup > 0) await load(o, t, o.warmup);
    const r = await load(o, t, o.duration);
    out.push(r);
    log?.(
      `pages ${t.name} (${r.connections} connections): ${r.rps} req/s, TTFB p95 ${r.ttfb.p95} ms, ${r.non2xx} non-2xx, ${r.errors} errors${
        !t.warmup && r.repeats ? `, ${r.repeats} ` + `repeated paths` : ''
      }`,
    );
  }
  return out;
}
