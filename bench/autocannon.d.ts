/**
 * The part of autocannon 8's Node API the benchmark uses (the package ships no types and
 * @types/autocannon is not a dependency). See node_modules/autocannon/README.md "API".
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** One request template; `setupRequest` may rewrite it before each send. */
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  };

  /** The HTTP client of one connection (emits 'headers' when a response's headers are parsed). */
  export type Client = EventEmitter & {
    /** Internal FIFO of in-flight requests; `peek()` is the one being answered (has `startTime`). */
    pipelinedRequests?: { peek(): { startTime: [number, number] } | undefined };
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  };

  /** Per-second statistics (autocannon reports averages over the 1-second buckets). */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    duration: number;
    requests: Histogram;
    latency: Histogram & { p97_5: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };

  /** A running benchmark: emits 'response' (client, statusCode, bytes, responseTimeMs); awaitable. */
  export type Instance = EventEmitter & PromiseLike<Result>;

  function autocannon(opts: Options): Instance;
  export default autocannon;
}
