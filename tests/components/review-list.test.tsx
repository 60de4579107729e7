import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewList } from '@/components/reviews/review-list';
import { reviewItem as review } from './support/community-items';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

/** The line under a review's headline: the movie, and the release when one was reviewed. */
function contextLine(headline: string): HTMLElement {
  const item = screen.getByText(headline).closest('li')!;
  return within(item).getByText((_, el) => el?.tagName === 'P' && /Seven Samurai/.test(el.textContent ?? ''));
}

describe('ReviewList (the reviewed movie and release under each headline)', () => {
  it('names an edition after the movie, with its format', async () => {
    await renderServer(
      await ReviewList({
        locale: 'en',
        reviews: [
          review({
            headline: 'Criterion review',
            release: { public_id: 'relCrit001', name: 'Seven Samurai: Criterion Collection', format: 1 },
          }),
        ],
      }),
    );
    const line = contextLine('Criterion review');
    expect(line.textContent).toBe('Seven Samurai (1954) · Seven Samurai: Criterion Collection · Blu-ray');
    expect(within(line).getByRole('link', { name: 'Seven Samurai: Criterion Collection' }).getAttribute('href')).toBe(
      '/release/relCrit001',
    );
  });

  it('links the format alone when the release is named as the movie is, so the name is not said twice', async () => {
    await renderServer(
      await ReviewList({
        locale: 'fi',
        reviews: [
          review({
            headline: 'Named with year',
            release: { public_id: 'rel4k00001', name: 'Seven Samurai (1954)', format: 7 },
          }),
          review({
            public_id: 'rvw0000002',
            headline: 'Named without year',
            release: { public_id: 'relDvd0001', name: 'Seven Samurai', format: 3 },
          }),
        ],
      }),
    );
    const withYear = contextLine('Named with year');
    expect(withYear.textContent).toBe('Seven Samurai (1954) · 4K UHD');
    expect(within(withYear).getByRole('link', { name: '4K UHD' }).getAttribute('href')).toBe('/release/rel4k00001');
    expect(contextLine('Named without year').textContent).toBe('Seven Samurai (1954) · DVD');
  });

  it('shows the movie alone for a review of the film', async () => {
    await renderServer(await ReviewList({ locale: 'en', reviews: [review({ headline: 'Film only' })] }));
    expect(contextLine('Film only').textContent).toBe('Seven Samurai (1954)');
  });
});
