import { describe, expect, it, vi } from 'vitest';
import { releaseOptions } from '@/components/reviews/review-form-labels';
import type { ReviewReleaseChoice } from '@/lib/data/reviews';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

const RELEASES: ReviewReleaseChoice[] = [
  { public_id: 'relBd00001', name: 'Alien', format: 1, label: 'Fox', year: 2010 },
  { public_id: 'relUhd0001', name: 'Alien', format: 7, label: null, year: 2019 },
  { public_id: 'relVhs0001', name: 'Alien', format: 2, label: 'Finnkino', year: null },
];

describe('releaseOptions (the review form release choice)', () => {
  it('names each release by its parts, in the given order, when the member has no copy', async () => {
    expect(await releaseOptions(RELEASES, 'en')).toEqual([
      { public_id: 'relBd00001', name: 'Alien · Blu-ray · Fox · 2010' },
      { public_id: 'relUhd0001', name: 'Alien · 4K UHD · 2019' },
      { public_id: 'relVhs0001', name: 'Alien · VHS · Finnkino' },
    ]);
  });

  it("puts the member's copies first and marks them, in Finnish", async () => {
    const options = await releaseOptions(RELEASES, 'fi', new Set(['relVhs0001', 'relUhd0001']));
    expect(options.map((o) => o.name)).toEqual([
      'Alien · 4K UHD · 2019 · oma kappaleesi',
      'Alien · VHS · Finnkino · oma kappaleesi',
      'Alien · Blu-ray · Fox · 2010',
    ]);
  });
});
