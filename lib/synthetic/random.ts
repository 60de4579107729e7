/**
 * Seeded pseudo-random numbers for the synthetic data generator: a small, fast PRNG (sfc32,
 * seeded through splitmix32) and the samplers built on it. Same seed and stream name → the same
 * sequence on every machine (integer arithmetic only, no Math.random). Pure, no I/O.
 */

/** splitmix32 step: a well-mixed 32-bit value from a 32-bit state. */
function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** 32-bit FNV-1a hash of a string (stream names → seeds). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A seeded random stream (sfc32). Each generator stage uses its own stream
 * (`new Rng(seed, 'movies')`), so the rows of one table do not change when another table's
 * count changes.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** @param seed any integer; @param stream a name that separates independent streams of one seed */
  constructor(seed: number, stream = '') {
    let s = (hash32(stream) ^ Math.imul(seed | 0, 0x27d4eb2d) ^ Math.floor(seed / 0x100000000)) >>> 0;
    this.a = s = splitmix32(s);
    this.b = s = splitmix32(s);
    this.c = s = splitmix32(s);
    this.d = splitmix32(s);
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Next unsigned 32-bit integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n) (n ≥ 1). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max] (inclusive). */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** Standard normal deviate (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /**
   * Power-law rank in [0, n): floor(n · u^k). k > 1 skews towards rank 0: rank 0 has probability
   * n^(-1/k) (k = 1.5, n = 500,000: 1 in 6,300). k = 1 is uniform.
   */
  powerRank(n: number, k: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), k)));
  }
}

/**
 * Weighted sampling in O(1) per draw (Vose's alias method) over a fixed list of weights.
 * Used for word and name frequencies (Zipf-like when the weights are real counts).
 */
export class AliasTable {
  private prob: Float64Array;
  private alias: Int32Array;
  readonly size: number;

  /** @param weights non-negative, at least one positive */
  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    if (n === 0) throw new Error('AliasTable: no weights');
    this.size = n;
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += weights[i];
    if (!(sum > 0)) throw new Error('AliasTable: weights sum to 0');
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i] * n) / sum;
      (scaled[i] < 1 ? small : large).push(i);
    }
    while (small.length && large.length) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.prob[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of large) this.prob[i] = 1;
    for (const i of small) this.prob[i] = 1;
  }

  /** Index drawn with probability weight[i] / sum. */
  sample(rng: Rng): number {
    const i = Math.floor(rng.next() * this.size);
    return rng.next() < this.prob[i] ? i : this.alias[i];
  }
}

/** A weighted list of values with an alias table. */
export class WeightedList<T> {
  private table: AliasTable;
  constructor(
    readonly values: readonly T[],
    weights: ArrayLike<number>,
  ) {
    if (values.length !== weights.length) throw new Error('WeightedList: values and weights differ in length');
    this.table = new AliasTable(weights);
  }

  /** Builds a list from [value, weight] pairs. */
  static of<T>(pairs: ReadonlyArray<readonly [T, number]>): WeightedList<T> {
    return new WeightedList(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  /** A value drawn by weight. */
  sample(rng: Rng): T {
    return this.values[this.table.sample(rng)];
  }
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * A cheap bijection of [0, n) (multiplicative permutation): spreads popularity ranks over ids so
 * the most popular rows are not the first ones. Deterministic for (n, seed).
 */
export function permutation(n: number, seed: number): (i: number) => number {
  if (n <= 1) return () => 0;
  const rng = new Rng(seed, `perm:${n}`);
  let a = (Math.floor(n * 0.6180339887) + rng.int(n)) % n || 1;
  while (gcd(a, n) !== 1) a = (a + 1) % n || 1;
  const b = rng.int(n);
  const hi = Math.floor(a / 65536);
  const lo = a % 65536;
  // (i * a + b) mod n in exact double arithmetic for n < 2^31: every partial product < 2^47.
  return (i) => (((i * hi) % n) * 65536 + i * lo + b) % n;
}
