import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberRatingsBox } from '@/components/releases/member-ratings';
import type { MemberRatings } from '@/lib/data/types';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

afterEach(() => {
  document.body.innerHTML = '';
});

const none = { count: 0, mean: null };
/** Two reviews: both rate the picture (5, 5) and the release (5, 4); one the sound (4). */
const RATINGS: MemberRatings = {
  reviews: 2,
  aspects: {
    release: { count: 2, mean: 4.5 },
    picture: { count: 2, mean: 5 },
    sound: { count: 1, mean: 4 },
    extras: none,
    package: none,
  },
};

/** Each shown aspect as "name: text". */
function rows(): string[] {
  return [...screen.getByTestId('member-ratings').querySelectorAll('[data-aspect]')].map(
    (r) => `${r.querySelector('dt')?.textContent}: ${r.querySelector('dd')?.textContent}`,
  );
}

describe('MemberRatingsBox (release and movie overviews)', () => {
  it('shows each rated aspect with its bucket, mean and count, and links to the reviews', async () => {
    await renderServer(
      await MemberRatingsBox({ ratings: RATINGS, reviewsHref: '/release/relDune0001/reviews', locale: 'en' }),
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Member ratings');
    // 4.5 rounds to Excellent; aspects nobody rated are left out.
    expect(rows()).toEqual([
      'Release overall: Excellent 4.5 / 5 · 2 ratings',
      'Picture: Excellent 5.0 / 5 · 2 ratings',
      'Sound: Good 4.0 / 5 · 1 rating',
    ]);
    const link = screen.getByTestId('member-ratings-reviews');
    expect(link.textContent).toBe('Read the 2 reviews');
    expect(link.getAttribute('href')).toBe('/release/relDune0001/reviews');
  });

  it('in Finnish', async () => {
    await renderServer(
      await MemberRatingsBox({ ratings: RATINGS, reviewsHref: '/release/relDune0001/reviews', locale: 'fi' }),
    );
    expect(rows()[0]).toBe('Julkaisu kokonaisuutena: Erinomainen 4,5 / 5 · 2 arviota');
    expect(rows()[2]).toBe('Ääni: Hyvä 4,0 / 5 · 1 arvio');
    expect(screen.getByTestId('member-ratings-reviews').textContent).toBe('Lue 2 arvostelua');
  });

  it("shows a movie's rating of the film and leads to the movie's reviews", async () => {
    const movie: MemberRatings<'movie'> = { reviews: 3, aspects: { movie: { count: 1, mean: 2 } } };
    await renderServer(
      await MemberRatingsBox({ ratings: movie, reviewsHref: '/movie/mvDune0001/reviews', locale: 'en' }),
    );
    expect(rows()).toEqual(['Movie: Bad 2.0 / 5 · 1 rating']);
    expect(screen.getByTestId('member-ratings-reviews').getAttribute('href')).toBe('/movie/mvDune0001/reviews');
    expect(screen.getByTestId('member-ratings-reviews').textContent).toBe('Read the 3 reviews');
  });

  it('shows nothing for a release no review links', async () => {
    const empty: MemberRatings = {
      reviews: 0,
      aspects: { ...RATINGS.aspects, release: none, picture: none, sound: none },
    };
    await renderServer(
      await MemberRatingsBox({ ratings: empty, reviewsHref: '/release/relDune0001/reviews', locale: 'en' }),
    );
    expect(screen.queryByTestId('member-ratings')).toBeNull();
  });
});
