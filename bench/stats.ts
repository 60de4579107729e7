/**
 * Latency statistics of the benchmark (scripts/bench.ts): nearest-rank percentiles over raw
 * samples (milliseconds), and a deterministic pseudo-random generator for the seeded query set.
 * Pure functions, no database.
 */

/** Summary of a sample set; every value in milliseconds (n = number of samples). */
export type Summary = { n: number; p50: number; p95: number; p99: number; mean: number; max: number };

/**
 * Nearest-rank percentile of `sorted` (ascending): the smallest sample with at least `p` percent
 * of the samples at or below it. NaN for an empty array.
 * @param p percentile, 0 < p <= 100
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50 / p95 / p99 / mean / max of the samples (milliseconds), rounded to 0.01 ms. */
export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : Number.NaN;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    mean: r(mean),
    max: r(s[s.length - 1] ?? Number.NaN),
  };
}

/** Ratio a / b rounded to 0.01; null when either side is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}

/** Milliseconds since `start` (a `performance.now()` value). */
export function since(start: number): number {
  return performance.now() - start;
}

/** Runs `fn` and returns its duration in milliseconds together with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await fn();
  return { ms: since(start), result };
}

/**
 * Deterministic pseudo-random numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed
 * gives the same sequence on every machine.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Splits chronological sample series into the samples of their first and of their second half:
 * each series (one query's or one page's samples in the order they were taken, one per round)
 * gives its first ⌊n/2⌋ samples to the first half and the rest to the second. Comparing a
 * statistic over the two halves shows how far two runs of half the size could differ (the
 * benchmark's noise). Pure.
 */
export function splitHalves(series: readonly (readonly number[])[]): [number[], number[]] {
  const first: number[] = [];
  const second: number[] = [];
  for (const s of series) {
    const mid = Math.floor(s.length / 2);
    first.push(...s.slice(0, mid));
    second.push(...s.slice(mid));
  }
  return [first, second];
}

/** Timed HTTP answers of one request: times of the successful ones, and how many failed. */
export type AnswerSamples = { api: number[]; apiErrors: number };

/**
 * Records one HTTP answer: its time (milliseconds) joins `into.api` only when it succeeded (`ok`),
 * otherwise it counts in `into.apiErrors` and is not timed, so a fast error answer cannot pass for
 * a fast endpoint.
 */
export function recordAnswer(into: AnswerSamples, answer: { ms: number; ok: boolean }): void {
  if (answer.ok) into.api.push(answer.ms);
  else into.apiErrors++;
}
