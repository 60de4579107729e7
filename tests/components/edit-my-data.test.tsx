import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import type { ApiTokenInfo } from '@/lib/data/api-tokens';
import type { SessionInfo } from '@/lib/data/sessions';
import { SessionsSection } from '@/components/account/edit-my-data/sessions-section';
import { TokensSection } from '@/components/account/edit-my-data/tokens-section';

const push = vi.fn();
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn() }),
  getPathname: ({ href }: { href: string }) => href,
}));

const snackbar = vi.hoisted(() => ({ showSnackbar: vi.fn(), queueSnackbar: vi.fn() }));
vi.mock('@/components/ui/snackbar', () => snackbar);

const SESSIONS: SessionInfo[] = [
  {
    id: 1,
    created_at: '2026-11-20T10:00:00Z',
    last_used_at: '2026-11-24T10:00:00Z',
    expires_at: '2026-12-24T10:00:00Z',
    user_agent: 'Firefox',
    ip: null,
    current: true,
  },
  {
    id: 2,
    created_at: '2026-11-01T10:00:00Z',
    last_used_at: '2026-11-02T10:00:00Z',
    expires_at: '2026-12-02T10:00:00Z',
    user_agent: 'Old phone',
    ip: null,
    current: false,
  },
];
const TOKENS: ApiTokenInfo[] = [
  {
    id: 7,
    name: 'my script',
    created_at: '2026-11-01T10:00:00Z',
    last_used_at: null,
    expires_at: '2027-01-30T10:00:00Z',
    expired: false,
  },
];

const SUBMIT_FAILED = en.forms.submitFailed;

/** A fetch answering the list GETs with fixtures and every DELETE with `deleteStatus`. */
function mockApi(deleteStatus: number) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'DELETE')
      return deleteStatus < 300 ? json({ ok: true }, deleteStatus) : json({ error: 'failed' }, deleteStatus);
    if (url === '/api/me/sessions') return json({ items: SESSIONS });
    if (url === '/api/me/tokens') return json({ items: TOKENS });
    return json({ error: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderIn(children: ReactNode) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      {children}
    </NextIntlClientProvider>,
  );
}

function deleteCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
}

beforeEach(() => {
  push.mockReset();
  snackbar.showSnackbar.mockReset();
  snackbar.queueSnackbar.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('edit my data: deletions report what the server answered', () => {
  it.each([500, 404])('a token revoke answered %i shows the error, not "revoked"', async (status) => {
    const fetchMock = mockApi(status);
    renderIn(<TokensSection />);
    const list = await screen.findByTestId('tokens');
    fireEvent.click(await within(list).findByRole('button', { name: 'Revoke' }));
    const alert = await screen.findByTestId('form-error');
    expect(alert.textContent).toBe(SUBMIT_FAILED);
    expect(deleteCalls(fetchMock)).toEqual(['/api/me/tokens/7']);
    expect(snackbar.showSnackbar).not.toHaveBeenCalled();
  });

  it('a token revoke answered 200 confirms it and shows no error', async () => {
    mockApi(200);
    renderIn(<TokensSection />);
    fireEvent.click(await within(await screen.findByTestId('tokens')).findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(snackbar.showSnackbar).toHaveBeenCalledWith(en.account.tokenRevoked));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it.each([500, 404])('ending another session answered %i shows the error, not "logged out"', async (status) => {
    const fetchMock = mockApi(status);
    renderIn(<SessionsSection />);
    const list = await screen.findByTestId('sessions');
    fireEvent.click(await within(list).findByRole('button', { name: en.account.endSession }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(SUBMIT_FAILED);
    expect(deleteCalls(fetchMock)).toEqual(['/api/me/sessions/2']);
    expect(snackbar.showSnackbar).not.toHaveBeenCalled();
  });

  it('ending another session answered 200 confirms it', async () => {
    mockApi(200);
    renderIn(<SessionsSection />);
    fireEvent.click(
      await within(await screen.findByTestId('sessions')).findByRole('button', { name: en.account.endSession }),
    );
    await waitFor(() => expect(snackbar.showSnackbar).toHaveBeenCalledWith(en.account.sessionEnded));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('"log out everywhere" answered 500 shows the error and stays on the page', async () => {
    const fetchMock = mockApi(500);
    renderIn(<SessionsSection />);
    await within(await screen.findByTestId('sessions')).findByText('Old phone');
    fireEvent.click(screen.getByTestId('logout-everywhere'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(SUBMIT_FAILED);
    expect(deleteCalls(fetchMock)).toEqual(['/api/me/sessions']);
    expect(snackbar.queueSnackbar).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('"log out everywhere" answered 200 says so and goes home', async () => {
    mockApi(200);
    renderIn(<SessionsSection />);
    await within(await screen.findByTestId('sessions')).findByText('Old phone');
    fireEvent.click(screen.getByTestId('logout-everywhere'));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(snackbar.queueSnackbar).toHaveBeenCalledWith(en.account.loggedOut);
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});

describe('edit my data: API tokens and re-authentication', () => {
  it('tokens are listed with their expiry; creating one needs the current password', async () => {
    const fetchMock = mockApi(200);
    renderIn(<TokensSection />);
    const list = await screen.findByTestId('tokens');
    await within(list).findByText('my script');
    expect(within(list).getByTestId('token-expiry').textContent).toMatch(/^Expires 30\/01\/2027/);
    fireEvent.change(screen.getByLabelText(/Token name/), { target: { value: 'ci' } });
    expect(screen.getByTestId('token-create')).toHaveProperty('disabled', true);
    fireEvent.change(document.getElementById('field-token-current') as HTMLInputElement, {
      target: { value: 'my-password' },
    });
    expect(screen.getByTestId('token-create')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('token-create'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'ci', days: '90', current: 'my-password' });
  });

  it('an account without a password is told that a fresh login confirms it, and gets no password field', async () => {
    mockApi(200);
    renderIn(<TokensSection hasPassword={false} />);
    expect((await screen.findByTestId('reauth-fresh-hint')).textContent).toBe(en.account.reauthFreshHint);
    expect(document.getElementById('field-token-current')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Token name/), { target: { value: 'ci' } });
    expect(screen.getByTestId('token-create')).toHaveProperty('disabled', false);
  });
});
