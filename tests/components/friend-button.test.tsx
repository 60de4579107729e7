import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FriendButton } from '@/components/users/friend-button';
import type { FriendRelation } from '@/lib/data/friendships';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { friendLabels } from './support/friend-labels';

const snackbar = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: snackbar, queueSnackbar: vi.fn() }));
const login = vi.hoisted(() => vi.fn());
vi.mock('@/components/account/login-required', () => ({ requireLogin: login, takePendingAction: () => false }));
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const labels = friendLabels;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  snackbar.mockClear();
  login.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('friend button', () => {
  it.each([
    ['none', ['friend-request']],
    ['outgoing', ['friend-cancel']],
    ['incoming', ['friend-accept', 'friend-reject']],
    ['friends', ['friend-remove']],
    ['self', []],
  ] as [FriendRelation, string[]][])('%s offers %j', (relation, buttons) => {
    render(<FriendButton publicId="aino" relation={relation} labels={labels('en')} />);
    expect(screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual(buttons);
  });

  it('one\'s own page links to "Edit my data" instead (Finnish, relation fetched)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ relation: 'self' })),
    );
    render(<FriendButton publicId="aino" labels={labels('fi')} />);
    const link = await screen.findByTestId('edit-own-profile');
    expect(link.getAttribute('href')).toBe('/users/edit_my_data');
    expect(link.textContent).toBe('Muokkaa tietojani');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('fetches the relation after the page loads, then accepts with a confirmation (Finnish)', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ relation: 'friends', state: 'accepted' }) : json({ relation: 'incoming' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<FriendButton publicId="aino" labels={labels('fi')} />);
    expect((await screen.findByTestId('friendship-status')).textContent).toBe('Aino lähetti sinulle kaveripyynnön');
    fireEvent.click(screen.getByTestId('friend-accept'));
    await waitFor(() => expect(snackbar).toHaveBeenCalledWith('Olette nyt kavereita'));
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/users/aino/friendship',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'accept' }) }),
    );
    expect(screen.getByTestId('friend-remove').textContent).toBe('Poista kavereista');
  });

  it('a 409 shows the current state again with the conflict message', async () => {
    let posted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted = true;
          return json({ error: 'This friendship cannot change that way now' }, 409);
        }
        return json({ relation: posted ? 'friends' : 'outgoing' });
      }),
    );
    render(<FriendButton publicId="aino" labels={labels('en')} />);
    fireEvent.click(await screen.findByTestId('friend-cancel'));
    await waitFor(() => expect(snackbar).toHaveBeenCalledWith(en.users.friends.conflict));
    expect(await screen.findByTestId('friend-remove')).toBeTruthy();
  });

  it.each(['en', 'fi'] as const)('%s: removing a friend asks first; cancelling posts nothing', async (locale) => {
    const fetchMock = vi.fn(async () => json({ relation: 'none', state: 'removed' }));
    vi.stubGlobal('fetch', fetchMock);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(<FriendButton publicId="aino" relation="friends" labels={labels(locale)} />);
    fireEvent.click(screen.getByTestId('friend-remove'));
    expect(confirm).toHaveBeenCalledWith(
      locale === 'fi'
        ? 'Poistetaanko Aino kavereistasi? Jos haluatte myöhemmin olla taas kavereita, toisen teistä on lähetettävä uusi kaveripyyntö.'
        : 'Remove Aino from your friends? To be friends again, one of you will have to send a new friend request.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId('friend-remove'));
    await waitFor(() => expect(snackbar).toHaveBeenCalledWith((locale === 'fi' ? fi : en).users.friends.done.remove));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/aino/friendship',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'remove' }) }),
    );
    expect(await screen.findByTestId('friend-request')).toBeTruthy();
  });

  it('a visitor is asked to log in, nothing is posted', async () => {
    const fetchMock = vi.fn(async () => json({ relation: 'visitor' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<FriendButton publicId="aino" labels={labels('en')} />);
    fireEvent.click(await screen.findByTestId('friend-request'));
    expect(login).toHaveBeenCalledWith('friend:aino');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
