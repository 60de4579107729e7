/**
 * The admins' TMDb import controls (components/admin): the import form refuses a malformed IMDb
 * id without sending it, sends `{ imdb_id, type }`, shows the result linking to the movie, and
 * says why an import failed (404: the spec's "no entry matches the given id and movie type", 502,
 * 503); the movie page's "Refresh from TMDb" says whether anything changed and renders the page
 * again, or why it failed; the movie page shows the external ratings in both languages.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { ExternalImportForm, type ExternalImportWords } from '@/components/admin/external-import-form';
import { ExternalRefreshButton, type ExternalRefreshWords } from '@/components/admin/external-refresh-button';
import { ExternalRatingsRow } from '@/components/movies/external-ratings';
import type { TitleDetail } from '@/lib/data/types';
import { renderServer } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

const router = { refresh: vi.fn() };
vi.mock('@/lib/i18n/navigation', async () => ({
  ...(await import('./support/server-components')).navigation,
  useRouter: () => router,
}));

const x = en.externalImport;
const words: ExternalImportWords = {
  imdbId: x.imdbId,
  imdbIdHint: x.imdbIdHint,
  imdbIdInvalid: x.imdbIdInvalid,
  type: x.type,
  typeInvalid: x.typeInvalid,
  submit: x.submit,
  submitting: x.submitting,
  created: x.created,
  refreshed: x.refreshed,
  unchanged: x.unchanged,
  pointsEarned: x.pointsEarned,
  seriesOf: x.seriesOf,
  episodesCreated: x.episodesCreated,
  episodesUpdated: x.episodesUpdated,
  episodesUnchanged: x.episodesUnchanged,
  personsCreated: x.personsCreated,
  companiesCreated: x.companiesCreated,
  notFound: x.notFound,
  unavailable: x.unavailable,
  off: x.off,
  failed: x.failed,
};
const refreshWords: ExternalRefreshWords = {
  refresh: x.refresh,
  refreshing: x.refreshing,
  refreshed: x.refreshed,
  unchanged: x.unchanged,
  notFound: x.notFound,
  unavailable: x.unavailable,
  noId: x.noId,
  off: x.off,
  failed: x.failed,
};
const TYPES = [
  { id: 1, name: 'Movie' },
  { id: 2, name: 'TV series' },
  { id: 5, name: 'TV episode' },
];

/** fetch answering each call with the next of `answers`; @returns the calls (url, method, body). */
function stubFetch(answers: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      const a = answers.shift()!;
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return calls;
}

const SUMMARY = {
  movie: { public_id: 'bb1396', name: 'Breaking Bad', year: 2008, type: 2 },
  created: true,
  revision_id: '7',
  points: 2,
  series: null,
  episodes: { created: 4, updated: 0, unchanged: 0 },
  persons_created: 6,
  companies_created: 3,
};

function typeId(value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(x.imdbId)), { target: { value } });
}

describe('ExternalImportForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a malformed IMDb id without sending it', async () => {
    const calls = stubFetch([]);
    render(<ExternalImportForm words={words} types={TYPES} locale="en" />);
    typeId('nm0000206');
    fireEvent.click(screen.getByRole('button', { name: x.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(x.imdbIdInvalid);
    expect(calls).toEqual([]);
  });

  it('sends the id and type, and shows the result linking to the movie', async () => {
    const calls = stubFetch([{ status: 200, body: SUMMARY }]);
    render(<ExternalImportForm words={words} types={TYPES} locale="en" />);
    typeId(' tt0903747 ');
    fireEvent.change(screen.getByLabelText(x.type), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: x.submit }));
    const result = await screen.findByRole('status');
    expect(calls).toEqual([{ url: '/api/admin/import', method: 'POST', body: { imdb_id: 'tt0903747', type: 2 } }]);
    expect(result.querySelector('a')?.getAttribute('href')).toBe('/movie/bb1396');
    expect(result.textContent).toContain(`${x.created}: Breaking Bad (2008)`);
    expect(
      [...result.querySelectorAll('dt')].map((d) => `${d.textContent}=${d.nextElementSibling?.textContent}`),
    ).toEqual([`${x.pointsEarned}=2`, `${x.episodesCreated}=4`, `${x.personsCreated}=6`, `${x.companiesCreated}=3`]);
  });

  it.each([
    [404, { error: 'No entry matches the given id and movie type' }, x.notFound],
    [502, { error: 'x' }, x.unavailable],
    [503, { error: 'x' }, x.off],
    [400, { error: 'invalid', fields: { type: 'invalid' } }, x.typeInvalid],
    [500, { error: 'x' }, x.failed],
  ])('says why an import failed (%i)', async (status, body, text) => {
    stubFetch([{ status, body }]);
    render(<ExternalImportForm words={words} types={TYPES} locale="en" />);
    typeId('tt9999990');
    fireEvent.click(screen.getByRole('button', { name: x.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ExternalRefreshButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    router.refresh.mockReset();
  });

  it('refreshes the movie and renders the page again', async () => {
    const calls = stubFetch([
      { status: 200, body: { ...SUMMARY, created: false, revision_id: '9' } },
      { status: 200, body: { ...SUMMARY, created: false, revision_id: null } },
    ]);
    render(<ExternalRefreshButton publicId="mx603" words={refreshWords} />);
    fireEvent.click(screen.getByRole('button', { name: x.refresh }));
    expect((await screen.findByRole('status')).textContent).toBe(x.refreshed);
    expect(calls).toEqual([{ url: '/api/admin/import/mx603', method: 'POST', body: null }]);
    expect(router.refresh).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: x.refresh }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(x.unchanged));
  });

  it.each([
    [404, x.notFound],
    [409, x.noId],
    [502, x.unavailable],
    [503, x.off],
    [403, x.failed],
  ])('says why a refresh failed (%i)', async (status, text) => {
    stubFetch([{ status, body: { error: 'x' } }]);
    render(<ExternalRefreshButton publicId="mx603" words={refreshWords} />);
    fireEvent.click(screen.getByRole('button', { name: x.refresh }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(router.refresh).not.toHaveBeenCalled();
  });
});

describe('ExternalRatingsRow', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const title = (ratings: TitleDetail['ratings']) => ({ ratings }) as TitleDetail;

  it('shows each rating out of 10 with its votes, in the page language', async () => {
    const ratings = [
      { source: 'tmdb', value: 8.2, votes: 26011 },
      { source: 'critics', value: 7, votes: null },
    ];
    await renderServer(await ExternalRatingsRow({ title: title(ratings), locale: 'en' }));
    expect(screen.getByText(x.ratings).tagName).toBe('DT');
    expect(screen.getByTestId('external-ratings').textContent).toBe('TMDb 8.2 / 10 (26,011 votes), critics 7 / 10');
    await renderServer(await ExternalRatingsRow({ title: title(ratings.slice(0, 1)), locale: 'fi' }));
    expect(screen.getByText('Arviot').tagName).toBe('DT');
    expect(screen.getByTestId('external-ratings').textContent).toBe('TMDb 8,2 / 10 (26\u00a0011 ääntä)');
  });

  it('shows nothing without ratings', async () => {
    expect(await ExternalRatingsRow({ title: title([]), locale: 'en' })).toBeNull();
  });
});
