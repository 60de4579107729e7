import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostArticle } from '@/components/community/post-article';
import { ReviewArticle } from '@/components/reviews/review-article';
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

  it("a review edited the day it was published gives the time, on the site's clock", async () => {
    const review = { ...reviewItem({ updated_at: '2026-11-28T15:30:00.000Z' }), body: 'Text' };
    await renderServer(await ReviewArticle({ review, locale: 'en' }));
    // 15:30 UTC is 17:30 in Helsinki (the default SITE_TIME_ZONE), whatever zone the tests run in.
    expect(screen.getByTestId('review-edited').textContent).toBe('Edited 28/11/2026, 17:30');
  });

  it("the day of publication and of the edit are the site's days, not UTC's", async () => {
    // Written at 00:30 and edited at 10:00 on 29 November in Helsinki, two UTC days apart.
    const review = {
      ...reviewItem({ created_at: '2026-11-28T22:30:00.000Z', updated_at: '2026-11-29T08:00:00.000Z' }),
      body: 'Text',
    };
    await renderServer(await ReviewArticle({ review, locale: 'fi' }));
    expect(screen.getByText('Julkaistu 29.11.2026')).toBeTruthy();
    expect(screen.getByTestId('review-edited').textContent).toBe('Muokattu 29.11.2026 klo 10.00');
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
    ['en', 'Edited 30/11/2026, 10:00'],
    ['fi', 'Muokattu 30.11.2026 klo 10.00'],
  ] as const)('%s: a discussion edited later says when, to the minute', async (locale, text) => {
    const post = { ...postItem({ updated_at: '2026-11-30T08:00:00.000Z' }), body: 'Which?' };
    await renderServer(await PostArticle({ post, locale }));
    // 08:00 UTC on the clock of Helsinki (the default SITE_TIME_ZONE).
    expect(screen.getByTestId('post-edited').textContent).toBe(text);
  });

  it('an unedited discussion says nothing', async () => {
    await renderServer(await PostArticle({ post: { ...postItem(), body: 'Which?' }, locale: 'en' }));
    expect(screen.queryByTestId('post-edited')).toBeNull();
  });
});
