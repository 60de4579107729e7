import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import type { SearchResult } from '@/lib/data/types';
import { SearchDialog } from '@/components/search/search-dialog';
import { SEARCH_DEBOUNCE_MS } from '@/components/search/use-search';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

function renderDialog(locale: 'en' | 'fi' = 'en', onOpenChange = vi.fn()) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fi}>
      <SearchDialog open onOpenChange={onOpenChange} />
    </NextIntlClientProvider>,
  );
  return onOpenChange;
}

const EMPTY: SearchResult = {
  q: '',
  movies: [],
  releases: [],
  reviews: [],
  labels: [],
  persons: [],
  complex: false,
  close: null,
  credits: null,
};

const AMELIE: SearchResult = {
  ...EMPTY,
  q: 'amelie',
  movies: [
    {
      public_id: 'mAm1',
      source_id: 'wp:1',
      type: 1,
      name: 'Amélie',
      original_name: null,
      year: 2001,
      runtime_min: 122,
      genres: [],
      release_count: 2,
      picture_url: null,
    },
  ],
  releases: [
    {
      public_id: 'rAm1',
      source_id: 'tdb4k:1',
      name: 'Amélie 4K',
      format: 7,
      country: null,
      label: { public_id: 'l1', name: 'Arrow' },
      spine_id: null,
      street_date: '2023-10-01',
      release_year: null,
      ean: null,
      edition: [],
      is_cut: false,
      cut_seconds: null,
      movies: [],
      picture_url: null,
    },
  ],
  persons: [{ public_id: 'p1', source_id: null, name: 'Audrey Tautou', credit_count: 3 }],
};

/** Two releases of one name, a spine-numbered one and a box set without a spine number. */
const AK_100: SearchResult = {
  ...EMPTY,
  q: 'ak 100',
  releases: [
    {
      ...AMELIE.releases[0],
      public_id: 'rAk1',
      name: 'AK 100: 25 Films by Akira Kurosawa',
      format: 1,
      label: { public_id: 'l2', name: 'The Criterion Collection' },
      spine_id: 239,
      street_date: null,
    },
    {
      ...AMELIE.releases[0],
      public_id: 'rAk2',
      name: 'AK 100: 25 Films by Akira Kurosawa',
      format: 1,
      label: { public_id: 'l2', name: 'The Criterion Collection' },
      street_date: null,
    },
  ],
};

/** What the API answers for a misspelt query: close matches and the suggested query. */
const BLADE_RUNER: SearchResult = {
  ...EMPTY,
  q: 'blade runer',
  movies: [{ ...AMELIE.movies[0], public_id: 'mBr1', name: 'Blade Runner', year: 1982 }],
  close: { q: 'blade runner', words: [{ word: 'runer', close: ['runner', 'ruler'] }] },
};

/** What the API answers for a person and a title: titles found through cast and crew. */
const BERGMAN_SEAL: SearchResult = {
  ...EMPTY,
  q: 'bergman seal',
  movies: [{ ...AMELIE.movies[0], public_id: 'mSs1', name: 'The Seventh Seal', year: 1957 }],
  credits: {
    persons: [
      { public_id: 'pIb1', name: 'Ingmar Bergman' },
      { public_id: 'pIb2', name: 'Gunnar Bergman' },
    ],
    title_words: 'seal',
  },
};

/** Full movies, releases and labels groups (8 each: there may be more), one person. */
const ALIEN_FULL: SearchResult = {
  ...EMPTY,
  q: 'alien [4k]',
  movies: Array.from({ length: 8 }, (_, i) => ({ ...AMELIE.movies[0], public_id: `mAl${i}`, name: `Alien ${i}` })),
  releases: Array.from({ length: 8 }, (_, i) => ({ ...AMELIE.releases[0], public_id: `rAl${i}`, name: `Alien ${i}` })),
  labels: Array.from({ length: 8 }, (_, i) => ({
    public_id: `lAl${i}`,
    source_id: null,
    name: `Alien Video ${i}`,
    country: null,
    release_count: i,
  })),
  persons: AMELIE.persons,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
    const body: SearchResult =
      q === 'amelie'
        ? AMELIE
        : q === 'a'
          ? { ...AMELIE, q, complex: true }
          : q === 'blade runer'
            ? BLADE_RUNER
            : q === 'ak 100'
              ? AK_100
              : q === 'bergman seal'
                ? BERGMAN_SEAL
                : q === 'alien [4k]'
                  ? ALIEN_FULL
                  : q === 'ridley alien'
                    ? {
                        ...ALIEN_FULL,
                        q,
                        credits: { persons: [{ public_id: 'pRs', name: 'Ridley Scott' }], title_words: 'alien' },
                      }
                    : { ...EMPTY, q };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function type(value: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search terms' }), { target: { value } });
}

describe('SearchDialog', () => {
  it('queries /api/search once after typing stops and shows the groups in spec order', async () => {
    renderDialog();
    type('a');
    type('am');
    type('amelie');
    const movies = await screen.findByRole('region', { name: 'Movies and TV' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=amelie');
    expect(
      within(movies)
        .getByRole('link', { name: /Amélie \(2001\)/ })
        .getAttribute('href'),
    ).toBe('/movie/mAm1');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Movies and TV', 'Releases', 'Persons']);
    expect(screen.getByRole('link', { name: /Amélie 4K/ }).textContent).toContain('4K UHD, Arrow, 2023');
    expect(screen.queryByText('Complex search warning')).toBeNull();
  });

  it('tells releases of one name apart by their spine number', async () => {
    renderDialog();
    type('ak 100');
    const releases = await screen.findByRole('region', { name: 'Releases' });
    const rows = within(releases)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(rows).toEqual([
      'AK 100: 25 Films by Akira KurosawaBlu-ray, The Criterion Collection, Spine #239',
      'AK 100: 25 Films by Akira KurosawaBlu-ray, The Criterion Collection',
    ]);
  });

  it('shows the complex search warning when the API says complex', async () => {
    renderDialog();
    type('a');
    expect(await screen.findByText('Complex search warning')).toBeTruthy();
  });

  it('marks close matches and puts the suggested query into the field', async () => {
    renderDialog();
    type('blade runer');
    const marker = await screen.findByTestId('search-close');
    expect(marker.textContent).toBe('Close matchesDid you mean blade runner');
    expect(screen.getByRole('link', { name: /Blade Runner \(1982\)/ })).toBeTruthy();
    fireEvent.click(within(marker).getByRole('button', { name: 'blade runner' }));
    const input = screen.getByRole('searchbox', { name: 'Search terms' }) as HTMLInputElement;
    expect(input.value).toBe('blade runner');
    expect(document.activeElement).toBe(input);
    await screen.findByText('No results');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/search?q=blade%20runer',
      '/api/search?q=blade%20runner',
    ]);
  });

  it('marks titles found through cast and crew, with links to the persons whose credits found them', async () => {
    const onOpenChange = renderDialog();
    type('bergman seal');
    const marker = await screen.findByTestId('search-credits');
    expect(marker.textContent).toBe(
      'Found through cast and crewTitles with “seal” in the name, from the credits of: Ingmar Bergman, Gunnar Bergman',
    );
    expect(
      within(marker)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/person/pIb1', '/person/pIb2']);
    expect(screen.getByRole('link', { name: /The Seventh Seal \(1957\)/ })).toBeTruthy();
    fireEvent.click(within(marker).getByRole('link', { name: 'Ingmar Bergman' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('ends a full group with a link to its list searched with the same query, and closes on it', async () => {
    const onOpenChange = renderDialog();
    type('alien [4k]');
    const movies = await screen.findByRole('region', { name: 'Movies and TV' });
    expect(within(movies).getByRole('link', { name: 'See all movies and TV' }).getAttribute('href')).toBe(
      '/movies?q=alien+%5B4k%5D&fi=movie%2Ctv_series%2Ctv_episode&so=name',
    );
    const releases = screen.getByRole('region', { name: 'Releases' });
    expect(within(releases).getByRole('link', { name: 'See all releases' }).getAttribute('href')).toBe(
      '/releases?q=alien+%5B4k%5D&so=name',
    );
    const labels = screen.getByRole('region', { name: 'Labels' });
    expect(within(labels).getByRole('link', { name: 'See all labels' }).getAttribute('href')).toBe(
      '/labels?q=alien+%5B4k%5D',
    );
    // A group that is not full has everything already.
    expect(within(screen.getByRole('region', { name: 'Persons' })).queryByText('See all persons')).toBeNull();
    fireEvent.click(within(releases).getByRole('link', { name: 'See all releases' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('gives titles found through cast and crew no list link: the lists search names only', async () => {
    renderDialog();
    type('ridley alien');
    await screen.findByTestId('search-credits');
    expect(screen.queryByTestId('search-see-all-movies')).toBeNull();
    expect(screen.queryByTestId('search-see-all-releases')).toBeNull();
  });

  it('shows no close-match or cast-and-crew marker for an exact result', async () => {
    renderDialog();
    type('amelie');
    await screen.findByRole('region', { name: 'Movies and TV' });
    expect(screen.queryByTestId('search-close')).toBeNull();
    expect(screen.queryByTestId('search-credits')).toBeNull();
  });

  it("says 'No results' when nothing matches", async () => {
    renderDialog();
    type('zzzz');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('does not query for an empty or blank input', async () => {
    vi.useFakeTimers();
    try {
      renderDialog();
      type('   ');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 4);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      // The same wait after real words does query: the blank input was skipped, not just early.
      type('amelie');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
      });
      expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/search?q=amelie']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves focus with the arrow keys and closes when a result is chosen', async () => {
    const onOpenChange = renderDialog();
    type('amelie');
    await screen.findByRole('region', { name: 'Movies and TV' });
    const input = screen.getByRole('searchbox', { name: 'Search terms' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const links = screen.getAllByRole('link');
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1], { key: 'ArrowUp' });
    fireEvent.keyDown(links[0], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    fireEvent.click(links[1]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('is translated in Finnish', async () => {
    renderDialog('fi');
    expect(screen.getByRole('dialog', { name: 'Hae tietokannasta' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Hakusanat' }), { target: { value: 'a' } });
    expect(await screen.findByText('Varoitus: liian laaja haku')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Elokuvat ja TV' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Hakusanat' }), { target: { value: 'blade runer' } });
    expect((await screen.findByTestId('search-close')).textContent).toBe('Läheisiä osumiaTarkoititko blade runner');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Hakusanat' }), { target: { value: 'bergman seal' } });
    expect((await screen.findByTestId('search-credits')).textContent).toBe(
      'Löytyi näyttelijöiden ja tekijöiden kauttaNimikkeet, joiden nimessä on ”seal”, seuraavien henkilöiden töistä: Ingmar Bergman, Gunnar Bergman',
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Hakusanat' }), { target: { value: 'alien [4k]' } });
    expect((await screen.findByTestId('search-see-all-releases')).textContent).toBe('Näytä kaikki julkaisut');
  });
});
