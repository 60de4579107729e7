import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { UnknownDiscsForm, type UnknownDiscsTexts } from '@/components/collections/unknown-discs-form';
import type { UnknownDisc } from '@/lib/data/import-suggestions';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const ud = en.collectionImport.unknownDiscs;
/** The texts as components/collections/unknown-discs-section.tsx gives them (placeholders kept). */
const TEXTS: UnknownDiscsTexts = {
  ...ud,
  submit: { one: ud.submitOne, other: ud.submitOther },
  sent: { one: ud.sentOne, other: ud.sentOther },
  notSent: { one: ud.notSentOne, other: ud.notSentOther },
  failed: en.forms.submitFailed,
  changeLimit: en.api.changeLimit,
};

const disc = (ean: string, over: Partial<UnknownDisc> = {}): UnknownDisc => ({
  line: 2,
  ean,
  title: 'Inception',
  prefill: {
    name: 'Inception',
    format: 1,
    release_year: 2010,
    movie: { public_id: 'movInception', name: 'Inception', year: 2010 },
    label: null,
  },
  label_text: 'Tiny Label',
  suggestion: null,
  ...over,
});

const DISCS = [
  disc('6400000000017'),
  disc('6400000000024', {
    line: 3,
    title: 'Obscure',
    prefill: { name: 'Obscure', format: 3, release_year: null, movie: null, label: null },
    label_text: null,
  }),
  disc('6400000000031', {
    line: 4,
    suggestion: { request: 'reqPending1', status: 'pending', release: 'relPending1', discard_reason: null },
  }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <UnknownDiscsForm
        collectionId="colShelf01"
        importId="impJob00001"
        discs={DISCS}
        formats={[
          ['1', 'Blu-ray'],
          ['3', 'DVD'],
        ]}
        texts={TEXTS}
      />
    </NextIntlClientProvider>,
  );
  return fetchMock;
}

const item = (ean: string) => document.querySelector<HTMLElement>(`[data-ean="${ean}"]`)!;

describe('UnknownDiscsForm', () => {
  it('shows each disc prefilled, marks the one suggested before and leaves it out', () => {
    renderForm(async () => Response.json({}));
    const first = within(item('6400000000017'));
    expect((first.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Inception');
    expect((first.getByLabelText(/^Format/) as HTMLSelectElement).value).toBe('1');
    expect((first.getByLabelText(/^Barcode/) as HTMLInputElement).value).toBe('6400000000017');
    expect((first.getByLabelText(ud.releaseYear) as HTMLInputElement).value).toBe('2010');
    expect(first.getByTestId('disc-movies-chosen').textContent).toContain('Inception (2010)');
    expect(
      first.getByText('The file names the label “Tiny Label”; no label of that name is in the catalogue.'),
    ).toBeTruthy();
    const pending = within(item('6400000000031'));
    expect(pending.getByTestId('disc-state').textContent).toContain(ud.state.pending);
    expect((pending.getByLabelText(/^Suggest this disc/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('unknown-discs-submit').textContent).toBe('Suggest 2 releases');
  });

  it('sends the chosen discs in one batch, shows what was sent and the spec message of a disc that was not', async () => {
    const fetchMock = renderForm(async (url, init) => {
      if (url.startsWith('/api/search'))
        return Response.json({ movies: [{ public_id: 'movObscure1', name: 'Obscure Film', year: 2003 }], labels: [] });
      const body = JSON.parse(String(init?.body)) as { discs: { ean: string }[] };
      return Response.json({
        batch_id: 'batch000001',
        results: [
          {
            ean: body.discs[0].ean,
            ok: true,
            request: { public_id: 'reqNew00001', status: 'pending', entity_public_id: 'relNew00001' },
          },
          { ean: body.discs[1].ean, ok: false, errors: { release_year: 'yearBelow' }, params: { min: 1888 } },
        ],
      });
    });
    const second = within(item('6400000000024'));
    // The second disc's movie is searched and chosen; its year is mistyped.
    fireEvent.change(second.getByRole('searchbox', { name: ud.searchMovie }), { target: { value: 'obscure' } });
    fireEvent.click(second.getByRole('button', { name: ud.searchMovie }));
    fireEvent.click(await second.findByRole('button', { name: 'Choose Obscure Film (2003)' }));
    fireEvent.change(second.getByLabelText(ud.releaseYear), { target: { value: '1700' } });
    fireEvent.change(within(item('6400000000017')).getByLabelText(/^Name/), {
      target: { value: 'Inception Steelbook' },
    });
    fireEvent.click(screen.getByTestId('unknown-discs-submit'));

    await waitFor(() => expect(screen.getByTestId('unknown-discs-outcome').textContent).toContain('1 suggestion sent'));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/collections/colShelf01/suggestions');
    expect(JSON.parse(String(init?.body))).toEqual({
      discs: [
        {
          ean: '6400000000017',
          values: { name: 'Inception Steelbook', format: 1, movies: ['movInception'], release_year: 2010 },
        },
        { ean: '6400000000024', values: { name: 'Obscure', format: 3, movies: ['movObscure1'], release_year: 1700 } },
      ],
    });
    expect(screen.getByTestId('unknown-discs-outcome').textContent).toContain('1 disc was not sent');
    expect(within(item('6400000000017')).getByTestId('disc-state').textContent).toContain(ud.state.pending);
    expect(second.getByText('Year below 1888 not allowed')).toBeTruthy();
    expect(screen.getByTestId('unknown-discs-submit').textContent).toBe('Suggest 1 release');
  });

  it('says so when no disc is chosen', () => {
    const fetchMock = renderForm(async () => Response.json({}));
    for (const ean of ['6400000000017', '6400000000024'])
      fireEvent.click(within(item(ean)).getByLabelText(/^Suggest this disc/));
    fireEvent.click(screen.getByTestId('unknown-discs-submit'));
    expect(screen.getByText(ud.noneChosen)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
