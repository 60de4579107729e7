/**
 * The author's controls under a pending suggestion on their contributions page: "Amend" opens the
 * form (loaded on first use) with the proposed plain values, the note and the source; only the
 * values changed are sent (numbers as numbers, an emptied field as null) with `PATCH
 * /api/changes/{id}`; a refused value shows the spec's message on its field and keeps what was
 * typed; a success confirms in the snackbar and renders the page again. "Withdraw" asks once
 * more. Translated in both locales.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { ChangeControls, type ChangeControlsProps } from '@/components/changes/change-controls';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({ useRouter: () => router }));

const PROPS: ChangeControlsProps = {
  amend: {
    publicId: 'chg0000001',
    fields: [
      { name: 'extras', label: 'Extras', kind: 'text', value: 'Commentary', max: 10_000 },
      { name: 'discs_count', label: 'Discs', kind: 'int', value: '2', max: 300 },
      { name: 'region_code', label: 'Region', kind: 'text', value: 'B', max: 300 },
    ],
    note: 'From the sleeve',
    source: '',
    noteMax: 2000,
    sourceMax: 500,
    words: { note: 'Note', source: 'Source', save: 'Save', cancel: 'Cancel', yes: 'Yes', no: 'No' },
  },
};

let answer: () => Response;
let sent: { url: string; method: string; body: unknown }[] = [];
let snackbar: string[] = [];
const onSnackbar = (e: Event) => snackbar.push((e as CustomEvent<string>).detail);

beforeEach(() => {
  sent = [];
  snackbar = [];
  router.refresh.mockClear();
  answer = () => Response.json({ public_id: 'chg0000001', status: 'pending' });
  window.addEventListener('discshelf:snackbar', onSnackbar);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    return answer();
  });
});
afterEach(() => {
  cleanup();
  window.removeEventListener('discshelf:snackbar', onSnackbar);
  vi.unstubAllGlobals();
});

function renderControls(locale: 'en' | 'fi' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fi' ? fi : en}>
      <ChangeControls {...PROPS} />
    </NextIntlClientProvider>,
  );
}

describe('change controls', () => {
  it.each(['en', 'fi'] as const)('%s: the amendment sends only the changed values, by kind', async (locale) => {
    const m = (locale === 'fi' ? fi : en).account.ownChanges;
    renderControls(locale);
    fireEvent.click(screen.getByRole('button', { name: m.amend }));
    const discs = (await screen.findByLabelText('Discs')) as HTMLInputElement;
    expect(discs.value).toBe('2');
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(discs, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'Photo of the back cover' } });
    fireEvent.click(save);
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        url: '/api/changes/chg0000001',
        method: 'PATCH',
        body: {
          values: { discs_count: 3, region_code: null },
          note: 'From the sleeve',
          source: 'Photo of the back cover',
        },
      },
    ]);
    expect(snackbar).toEqual([m.amended]);
    expect(screen.queryByTestId('amend-form')).toBeNull();
  });

  it("a refused value shows the spec's message on its field and keeps what was typed", async () => {
    answer = () => Response.json({ error: 'invalid', fields: { discs_count: 'lessThanOne' } }, { status: 400 });
    renderControls();
    fireEvent.click(screen.getByRole('button', { name: en.account.ownChanges.amend }));
    const discs = (await screen.findByLabelText('Discs')) as HTMLInputElement;
    fireEvent.change(discs, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.forms.lessThanOne);
    expect(discs.value).toBe('0');
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('withdrawing asks once more, then posts and renders the page again', async () => {
    const m = en.account.ownChanges;
    renderControls();
    fireEvent.click(screen.getByRole('button', { name: m.withdraw }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: m.confirmYes }));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(sent.map((s) => [s.url, s.method])).toEqual([['/api/changes/chg0000001/withdraw', 'POST']]);
    expect(snackbar).toEqual([m.withdrawn]);
  });
});
