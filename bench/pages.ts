/**
 * Benchmark case 3: release, movie and person pages rendered by `next start` under load from
 * autocannon (Node API), against a static file served by the same server in the same run.
 *
 * Each target runs a warm-up (not recorded), then `duration` seconds with `connections`
 * connections on loopback, no pipelining. Page targets rotate over a seeded sample of public ids
 * (a shared counter, so concurrent connections ask for different pages). Measured per response:
 * - TTFB: from the request's write to its response headers being parsed (autocannon client
 *   'headers' event against the start time autocannon keeps per in-flight request);
 * - latency: autocannon's own response time, from the write to the complete body.
 * req/s = completed 2xx responses / measured seconds. Times in milliseconds.
 */
import autocannon, { type Client } from 'autocannon';
import { summarize, type Summary } from './stats';

/** One load target: a name and the paths it rotates over. */
export type LoadTarget = { name: string; paths: string[] };

/** Result of one target. */
export type LoadResult = { name: string; paths: number; seconds: number; requests: number; rps: number; ttfb: Summary; latency: Summary; non2xx: number; errors: number };

/** Options of {@link runLoad}. */
export type LoadOptions = { baseUrl: string; connections: number; duration: number; warmup: number };

async function load(o: LoadOptions, target: LoadTarget, duration: number): Promise<LoadResult> {
  let next = 0;
  const ttfb: number[] = [];
  const latency: number[] = [];
  let ok = 0;
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.connections,
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
        }
      });
    },
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latency.push(ms);
    if (status >= 200 && status < 300) ok++;
  });
  const r = await instance;
  return {
    name: target.name,
    paths: target.paths.length,
    seconds: duration,
    requests: latency.length,
    rps: Math.round((ok / duration) * 10) / 10,
    ttfb: summarize(ttfb),
    latency: summarize(latency),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Runs the load targets one after another (see module doc).
 * @returns one result per target, in order
 */
export async function runLoad(o: LoadOptions, targets: readonly LoadTarget[], log?: (line: string) => void): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const t of targets) {
    if (o.warmup > 0) await load(o, t, o.warmup);
    const r = await load(o, t, o.duration);
    out.push(r);
    log?.(`pages ${t.name}: ${r.rps} req/s, TTFB p95 ${r.ttfb.p95} ms, ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  return out;
}
