/**
 * "Suggest deletion" (components/changes): a visitor's click opens the login prompt; a member's
 * opens the dialog, which sends the deletion request with the merge target read out of a pasted
 * address, keeps what was typed on a refusal and shows the field's message with its count, and
 * tells the member the suggestion awaits approval.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { DeleteRequestButton } from '@/components/changes/delete-request-button';

const snackbar = vi.fn();
vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: (t: string) => snackbar(t), queueSnackbar: vi.fn() }));
const login = vi.fn();
vi.mock('@/components/account/login-required', () => ({
  requireLogin: (key: string) => login(key),
  takePendingAction: () => false,
}));

const d = en.deleteRequest;

function renderButton() {
  render(
    <NextIntlClientProvider locale="en" messages={{ forms: en.forms, deleteRequest: d, common: en.common }}>
      <DeleteRequestButton entity="release" publicId="rel1" />
    </NextIntlClientProvider>,
  );
}

/** fetch answering /api/me with `me` and /api/changes with the next of `answers`. */
function stubFetch(me: number, answers: { status: number; body: unknown }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me') return new Response('{}', { status: me });
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      const a = answers.shift()!;
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return calls;
}

describe('DeleteRequestButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    snackbar.mockReset();
    login.mockReset();
  });

  it('asks a visitor to log in first', async () => {
    stubFetch(401, []);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: d.action }));
    await waitFor(() => expect(login).toHaveBeenCalledWith('delete:release:rel1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a member’s request, keeps the typed values on a refusal and says it awaits approval', async () => {
    const calls = stubFetch(200, [
      { status: 400, body: { error: 'invalid', fields: { merge_into: 'deleteInUse' }, params: { count: 3 } } },
      { status: 200, body: { public_id: 'req1', status: 'pending' } },
    ]);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: d.action }));
    // The dialog's code loads on the first click (import()): allow for a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain(d.title);
    const submit = screen.getByRole('button', { name: d.submit }) as HTMLButtonElement;
    // The note is required.
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(d.note, { exact: false }), { target: { value: 'Never released' } });
    fireEvent.click(submit);
    await screen.findByText('3 records still use this entry: name the entry to merge it into');
    expect(calls[0].body).toEqual({
      entity: 'release',
      kind: 'delete',
      target: 'rel1',
      note: 'Never released',
      merge_into: null,
    });
    expect((screen.getByLabelText(d.note, { exact: false }) as HTMLTextAreaElement).value).toBe('Never released');

    fireEvent.change(screen.getByLabelText(d.mergeInto, { exact: false }), {
      target: { value: 'https://discshelf.example/fi/release/keep1/photos' },
    });
    fireEvent.click(screen.getByRole('button', { name: d.submit }));
    await waitFor(() => expect(snackbar).toHaveBeenCalledWith(d.awaiting));
    expect(calls[1].body).toMatchObject({ merge_into: 'keep1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
