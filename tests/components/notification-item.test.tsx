import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationItem } from '@/components/notifications/notification-item';
import type { NotificationDto } from '@/lib/data/notifications';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { friendLabels } from './support/friend-labels';
import { notificationDto } from '../support/notification-dto';

const snackbar = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: snackbar, queueSnackbar: vi.fn() }));
vi.mock('@/components/account/login-required', () => ({ requireLogin: vi.fn(), takePendingAction: () => false }));
vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

const REQUEST = notificationDto('friendRequest', {
  public_id: 'ntf1',
  actor: { public_id: 'usrAino001', name: 'Aino' },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => snackbar.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notification item', () => {
  it.each(['en', 'fi'] as const)(
    '%s: a waiting friend request is answered in place; the outcome replaces the buttons',
    async (locale) => {
      const m = (locale === 'fi' ? fi : en).users.friends;
      const fetchMock = vi.fn(async () => json({ relation: 'friends', state: 'accepted' }));
      vi.stubGlobal('fetch', fetchMock);
      render(
        <ul>
          <NotificationItem
            n={REQUEST}
            text="Aino sent you a friend request"
            locale={locale}
            newLabel="New"
            answer={friendLabels(locale)}
          />
        </ul>,
      );
      const row = screen.getByTestId('notification');
      expect(within(row).getByRole('link', { name: 'Aino sent you a friend request' }).getAttribute('href')).toBe(
        '/user/usrAino001',
      );
      // Only the answers: the sentence already says who asked.
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([m.button.accept, m.button.reject]);
      expect(within(row).queryByTestId('friendship-status')).toBeNull();
      // The group names the member for screen readers.
      expect(within(row).getByRole('group').getAttribute('aria-label')).toBe(
        locale === 'fi' ? 'Kaveruus käyttäjän Aino kanssa' : 'Friendship with Aino',
      );
      fireEvent.click(within(row).getByTestId('friend-accept'));
      await waitFor(() => expect(within(row).getByTestId('friendship-status').textContent).toBe(m.status.friends));
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/users/usrAino001/friendship',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'accept' }) }),
      );
      expect(within(row).queryAllByRole('button')).toEqual([]);
      expect(snackbar).toHaveBeenCalledWith(m.done.accept);
    },
  );

  it('a rejected request says so in place of the buttons', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ relation: 'none', state: 'rejected' })),
    );
    render(
      <ul>
        <NotificationItem n={REQUEST} text="Aino" locale="en" newLabel="New" answer={friendLabels('en')} />
      </ul>,
    );
    fireEvent.click(screen.getByTestId('friend-reject'));
    await waitFor(() => expect(screen.getByTestId('friendship-status').textContent).toBe(en.users.friends.done.reject));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("an admin's notice of pending suggestions leads to the queue, not to the member who sent the latest", () => {
    const pending: NotificationDto = { ...REQUEST, type: 22, type_name: 'changesPending', count: 3 };
    render(
      <ul>
        <NotificationItem n={pending} text="New catalogue suggestions to review: 3" locale="en" newLabel="New" />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'New catalogue suggestions to review: 3' }).getAttribute('href')).toBe(
      '/admin/changes',
    );
    expect(screen.getByTestId('notification').getAttribute('data-type')).toBe('changesPending');
  });

  it('an answered request, and any other notification, carries no buttons', () => {
    render(
      <ul>
        <NotificationItem n={{ ...REQUEST, seen: true }} text="Aino" locale="en" newLabel="New" />
      </ul>,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('notification').getAttribute('data-seen')).toBe('true');
    expect(screen.queryByText('New')).toBeNull();
  });
});
