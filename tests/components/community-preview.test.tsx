import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommunityPreview } from '@/components/home/community-preview';
import { postItem, reviewItem } from './support/community-items';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

/** The home section labelled by the heading `name`. */
function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('CommunityPreview (reviews and discussions on the home page)', () => {
  it('lists the reviews and discussions under their own headings, with links to the full lists', async () => {
    await renderServer(
      await CommunityPreview({
        locale: 'en',
        reviews: [
          reviewItem({ headline: 'A samurai classic restored' }),
          reviewItem({ public_id: 'rvw0000002', headline: 'Grainy but honest' }),
        ],
        posts: [postItem({ headline: 'Which Criterion spine is next?', comments_count: 3 })],
      }),
    );
    const reviews = section('Latest reviews');
    const titles = within(reviews)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['A samurai classic restored', 'Grainy but honest']);
    expect(within(reviews).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/reviews');
    expect(within(reviews).getByRole('link', { name: 'Grainy but honest' }).getAttribute('href')).toBe(
      '/review/rvw0000002',
    );

    // Each author leads to their profile.
    expect(within(reviews).getAllByRole('link', { name: 'Review by Kalle' })[0]!.getAttribute('href')).toBe(
      '/user/usrKalle01',
    );

    const posts = section('Recent discussions');
    expect(within(posts).getByRole('link', { name: 'Started by Kalle' }).getAttribute('href')).toBe('/user/usrKalle01');
    expect(within(posts).getByRole('heading', { level: 3 }).textContent).toBe('Which Criterion spine is next?');
    expect(within(posts).getByText('3 replies')).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/posts');
  });

  it('invites the first review and discussion when there are none, in Finnish', async () => {
    await renderServer(await CommunityPreview({ locale: 'fi', reviews: [], posts: [] }));
    const reviews = section('Uusimmat arvostelut');
    expect(within(reviews).getByRole('status').textContent).toContain('Ei vielä arvosteluja');
    expect(within(reviews).getByRole('link', { name: 'Kirjoita arvostelu' }).getAttribute('href')).toBe('/reviews/new');
    const posts = section('Tuoreimmat keskustelut');
    expect(within(posts).getByRole('link', { name: 'Aloita keskustelu' }).getAttribute('href')).toBe('/posts/new');
    expect(within(posts).queryByRole('heading', { level: 3 })).toBeNull();
  });
});
