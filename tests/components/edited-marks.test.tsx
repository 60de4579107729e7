import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostArticle } from '@/components/community/post-article';
import { ReviewArticle } from '@/components/reviews/review-article';
import { formatDateTime } from '@/lib/format';
import { renderServer } from './support/server-components';
import { postItem, reviewItem } from './support/community-items';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);
vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

const WRITTEN = '2026-11-28T10:00:00.000Z';

describe('edited marks on a review and a discussion', () => {
  it.each([
    ['en', 'Edited 30/11/2026'],
    ['fi', 'Muokattu 30.11.2026'],
  ] as const)('%s: a review saved again days later says when', async (locale, text) => {
    const review = { ...reviewItem({ updated_at: '2026-11-30T08:00:00.000Z' }), body: 'Text' };
    await renderServer(await ReviewArticle({ review, locale }));
    expect(screen.getByTestId('review-edited').textContent).toBe(text);
  });

  it('a review edited the day it was published gives the time', async () => {
    const review = { ...reviewItem({ updated_at: '2026-11-28T15:30:00.000Z' }), body: 'Text' };
    await renderServer(await ReviewArticle({ review, locale: 'en' }));
    // In the time zone the tests run in: "Edited 28/11/2026, 15:30" in UTC.
    expect(screen.getByTestId('review-edited').textContent).toBe(
      `Edited ${formatDateTime('2026-11-28T15:30:00.000Z', 'en')}`,
    );
  });

  it('a review fixed within the minute after writing, or never saved again, says nothing', async () => {
    for (const updated of [WRITTEN, '2026-11-28T10:00:59.000Z']) {
      await renderServer(
        await ReviewArticle({ review: { ...reviewItem({ updated_at: updated }), body: 'x' }, locale: 'en' }),
      );
      expect(screen.queryByTestId('review-edited')).toBeNull();
    }
  });

  it.each([
    ['en', 'Edited'],
    ['fi', 'Muokattu'],
  ] as const)('%s: a discussion edited later says when, to the minute', async (locale, word) => {
    const post = { ...postItem({ updated_at: '2026-11-30T08:00:00.000Z' }), body: 'Which?' };
    await renderServer(await PostArticle({ post, locale }));
    // "Edited 30/11/2026, 08:00" / "Muokattu 30.11.2026 klo 8.00" in UTC; the tests' time zone decides.
    expect(screen.getByTestId('post-edited').textContent).toBe(
      `${word} ${formatDateTime('2026-11-30T08:00:00.000Z', locale)}`,
    );
  });

  it('an unedited discussion says nothing', async () => {
    await renderServer(await PostArticle({ post: { ...postItem(), body: 'Which?' }, locale: 'en' }));
    expect(screen.queryByTestId('post-edited')).toBeNull();
  });
});
