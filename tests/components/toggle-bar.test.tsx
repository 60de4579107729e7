import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHANGED } from '@/components/account/session-events';
import { ToggleBar } from '@/components/collections/toggle-bar';
import en from '@/messages/en.json';

const snackbar = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: snackbar, queueSnackbar: vi.fn() }));
const pending = vi.hoisted(() => new Set<string>());
vi.mock('@/components/account/login-required', () => ({
  requireLogin: vi.fn(),
  takePendingAction: (key: string) => pending.delete(key),
}));

// The app's Link needs Next's router; a plain anchor stands in for it here.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch whose toggle answers the test releases one by one, in the order it chooses. The member's
 * collections holding the item (GET /api/me/collections) are answered at once with `holdings()`
 * and counted in `holdingLoads`.
 */
function controlledFetch(holdings: () => unknown[] = () => []) {
  const calls: { method: string; body: string | null; answer: (r: Response) => void }[] = [];
  const holdingLoads: string[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/me/collections')) {
      holdingLoads.push(url);
      return Promise.resolve(json({ items: holdings() }));
    }
    return new Promise<Response>((resolve) => {
      calls.push({
        method: init?.method ?? 'GET',
        body: (init?.body as string | undefined) ?? null,
        answer: resolve,
      });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(calls, { holdingLoads });
}

function renderBar() {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <ToggleBar item="release" publicId="abc" name="Alien" />
    </NextIntlClientProvider>,
  );
}

const visitorState = { counts: { have: 0, wanted: 0, like: 0 }, mine: null };
const memberState = (have: boolean) => ({
  counts: { have: have ? 1 : 0, wanted: 0, like: 0 },
  mine: { have, wanted: false, like: false },
});

beforeEach(() => {
  snackbar.mockClear();
  pending.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toggle bar', () => {
  it('a login completes the pending HAVE, and a state load answered after the write does not undo it', async () => {
    const calls = controlledFetch();
    renderBar();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].answer(json(visitorState)));
    expect(screen.getByTestId('toggle-have').getAttribute('aria-pressed')).toBe('false');

    // Logged in from the dialog: the page is told twice (the dialog and the user widget), so two loads run.
    pending.add('toggle:release:abc:have');
    act(() => window.dispatchEvent(new Event(SESSION_CHANGED)));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].answer(json(memberState(false))));
    // The first load found the pending click and wrote it.
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: 'POST', body: JSON.stringify({ kind: 'have', on: true }) });

    // A second load starts while the write runs and is answered with the state from before it.
    act(() => window.dispatchEvent(new Event(SESSION_CHANGED)));
    await waitFor(() => expect(calls).toHaveLength(4));
    await act(async () => calls[2].answer(json({ on: true, count: 1 })));
    await act(async () => calls[3].answer(json(memberState(false))));

    expect(screen.getByTestId('toggle-have').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('toggle-have').textContent).toContain('1');
    expect(snackbar).toHaveBeenCalledWith(en.toggles.have.added);
  });

  it('a member sees which of their collections hold the item, read again after HAVE; a visitor sees none', async () => {
    let held = [{ public_id: 'shelf00001', name: 'My shelf', style: 1, has_item: true }];
    const calls = controlledFetch(() => [
      ...held,
      { public_id: 'wanted0001', name: 'Wanted releases', style: 4, has_item: false },
    ]);
    renderBar();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].answer(json(visitorState)));
    expect(calls.holdingLoads).toEqual([]);
    expect(screen.queryByTestId('in-my-collections')).toBeNull();

    act(() => window.dispatchEvent(new Event(SESSION_CHANGED)));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].answer(json(memberState(false))));
    await waitFor(() =>
      expect(screen.getByTestId('in-my-collections').textContent).toBe(`${en.collections.inYours} My shelf`),
    );
    expect(calls.holdingLoads).toEqual(['/api/me/collections?release=abc']);
    expect(screen.getByRole('link', { name: 'My shelf' }).getAttribute('href')).toBe('/collection/shelf00001');

    // HAVE fills the owned list (a default list: its name is shown translated).
    held = [...held, { public_id: 'owned00001', name: 'Owned releases', style: 3, has_item: true }];
    act(() => screen.getByTestId('toggle-have').click());
    await waitFor(() => expect(calls).toHaveLength(3));
    await act(async () => calls[2].answer(json({ on: true, count: 1 })));
    await waitFor(() =>
      expect(screen.getByTestId('in-my-collections').textContent).toBe(
        `${en.collections.inYours} My shelf, ${en.collections.defaultNames['3']}`,
      ),
    );
    expect(calls.holdingLoads).toHaveLength(2);
  });

  it('a load that starts after the write has finished shows the stored state', async () => {
    const calls = controlledFetch();
    renderBar();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].answer(json(memberState(true))));
    expect(screen.getByTestId('toggle-have').getAttribute('aria-pressed')).toBe('true');

    act(() => window.dispatchEvent(new Event(SESSION_CHANGED)));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].answer(json(memberState(false))));
    expect(screen.getByTestId('toggle-have').getAttribute('aria-pressed')).toBe('false');
  });
});
