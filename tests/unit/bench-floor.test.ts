import { describe, expect, it } from 'vitest';
import { floorRow, formatFloorTable, overBareVerdicts } from '@/bench/floor';
import type { LoadResult } from '@/bench/pages';

const summary = { n: 1, p50: 10, p95: 20, p99: 30, mean: 12, max: 40 };

/** A load result with the given req/s over the whole run and per half. */
function load(name: string, rps: number, halves: [number, number] = [rps, rps]): LoadResult {
  return {
    name,
    connections: 8,
    paths: 100,
    seconds: 12,
    requests: Math.round(rps * 12),
    ok: Math.round(rps * 12),
    repeats: 0,
    rps,
    ttfb: summary,
    latency: summary,
    halves: { rps: halves, ttfbP95: [20, 20] },
    non2xx: 0,
    errors: 0,
  };
}

describe('render floor rows', () => {
  const loads = [
    load('floor-bare', 1000),
    load('floor-bare_uncached', 140, [150, 130]),
    load('release', 500),
    load('release_uncached', 70, [80, 60]),
    load('movie', 450),
    load('movie_uncached', 35),
  ];
  const rows = loads.map((r) => floorRow(r, loads));

  it('gives a never-cached page its share of its cached rate and of the bare probe, per half too', () => {
    const release = rows.find((r) => r.name === 'release_uncached');
    expect(release?.overCached?.ratio).toBe(0.14);
    expect(release?.overBare).toEqual({ ratio: 0.5, halves: [0.53, 0.46] });
    expect(rows.find((r) => r.name === 'floor-bare_uncached')?.overBare).toBeNull();
    expect(rows.find((r) => r.name === 'release')?.overBare).toBeNull();
  });

  it('judges each item page against the target, and a page with no load as not measured', () => {
    expect(overBareVerdicts(rows)).toEqual([
      'release: never-cached / bare 0.5 × (target >= 0.5 ×): met (one half below the target)',
      'movie: never-cached / bare 0.25 × (target >= 0.5 ×): MISSED',
      'person: never-cached / bare: MISSED: not measured',
    ]);
  });

  it('prints both shares in the table', () => {
    const table = formatFloorTable(rows);
    expect(table.split('\n')[0]).toMatch(/never\/cached\s+never\/bare$/);
    expect(table).toMatch(/release_uncached .*0\.14 × \(halves .*\)\s+0\.5 × \(halves 0\.53 \/ 0\.46\)/);
  });
});
