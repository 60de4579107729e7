import { describe, expect, it } from 'vitest';
import { checkTarget, formatTargets } from '@/bench/report';
import { splitHalves } from '@/bench/stats';

describe('splitHalves (bench noise)', () => {
  it('gives each series its first half and its second half, in order', () => {
    expect(
      splitHalves([
        [1, 2, 3, 4],
        [10, 20, 30],
      ]),
    ).toEqual([
      [1, 2, 10],
      [3, 4, 20, 30],
    ]);
  });

  it('puts a single sample in the second half and gives empty halves for no samples', () => {
    expect(splitHalves([[7]])).toEqual([[], [7]]);
    expect(splitHalves([])).toEqual([[], []]);
  });
});

describe('checkTarget with halves', () => {
  const limit = { op: '<=' as const, limit: 1.5, unit: 'x' };

  it('is stable when both halves give the verdict of the whole run', () => {
    const t = checkTarget('listing a', 1.2, limit, { halves: [1.1, 1.3] });
    expect(t).toMatchObject({ met: true, halves: [1.1, 1.3], spread: 0.2, stable: true });
  });

  it('is within the noise when one half gives the other verdict', () => {
    const t = checkTarget('listing b', 1.4, limit, { halves: [1.2, 1.7] });
    expect(t).toMatchObject({ met: true, spread: 0.5, stable: false });
    expect(formatTargets([t])).toBe(
      '  ok   listing b: 1.4 x (target <= 1.5) → target met [halves 1.2 / 1.7, within the noise]',
    );
  });

  it('judges a missed target and a missing half as unstable, and prints the note on its own line', () => {
    const t = checkTarget('api', 2, limit, { halves: [2.1, null], note: 'context' });
    expect(t).toMatchObject({ met: false, spread: null, stable: false, note: 'context' });
    expect(formatTargets([t])).toBe(
      ' MISS  api: 2 x (target <= 1.5) → MISSED by 0.5 (1.33x the limit) [halves 2.1 / -, within the noise]\n        context',
    );
  });

  it('leaves the noise fields out without halves', () => {
    expect(checkTarget('import', 30, { op: '<=', limit: 40, unit: 's' })).not.toHaveProperty('halves');
  });
});
