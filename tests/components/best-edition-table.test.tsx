import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BestEditionTable } from '@/components/reviews/best-edition-table';
import type { AspectScore, BestEditions } from '@/lib/data/best-editions';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

const unrated: AspectScore = { score: 3, count: 0, mean: null };

/** One release rated twice on picture and sound: extras and package carry only the prior (3). */
const BEST: BestEditions = {
  prior: { weight: 3, mean: { picture: 5, sound: 4, extras: 3, package: 3 } },
  releases: [
    {
      release: { public_id: 'relDune0001', name: 'Dune: Limited Edition (1984)', format: 7 },
      rank: 1,
      overall: 3.75,
      ratings_count: 4,
      reviews_count: 2,
      aspects: {
        picture: { score: 5, count: 2, mean: 5 },
        sound: { score: 4, count: 2, mean: 4 },
        extras: unrated,
        package: unrated,
      },
    },
  ],
};

/** The cells of the table's first body row, as the page reads them (hidden text included). */
function firstRowCells(): string[] {
  const row = within(screen.getByTestId('best-edition')).getAllByRole('row')[1];
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('BestEditionTable', () => {
  it('shows the scores of rated aspects and "Not rated yet" (a dash) for aspects nobody rated', async () => {
    await renderServer(await BestEditionTable({ best: BEST, locale: 'en' }));
    const cells = firstRowCells();
    expect(cells[0]).toBe('1');
    expect(cells[1]).toContain('Dune: Limited Edition (1984) · 4K UHD');
    expect(cells.slice(2)).toEqual(['3.8', '5.0', '4.0', '–Not rated yet', '–Not rated yet']);
    expect(screen.getByTestId('best-edition').querySelectorAll('td[data-unrated]')).toHaveLength(2);
  });

  it('in Finnish', async () => {
    await renderServer(await BestEditionTable({ best: BEST, locale: 'fi' }));
    expect(firstRowCells().slice(2)).toEqual(['3,8', '5,0', '4,0', '–Ei vielä arvioitu', '–Ei vielä arvioitu']);
  });
});
