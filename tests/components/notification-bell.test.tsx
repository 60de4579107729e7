/**
 * The notification bell: the user widget loads it only for members (none for visitors), it shows
 * /api/me's unseen count linking to /notifications, drops to 0 when the list marks them seen,
 * refetches the count on each pushed notification and after a reconnect, and disconnects when the
 * session has ended elsewhere (the realtime client mocked). Admins also get the change-request queue's count beside it, live from its pushes,
 * and a link to the contact messages; members do not. Translated in both locales.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { UserWidget } from '@/components/account/user-widget';
import { NOTIFICATIONS_SEEN } from '@/components/account/session-events';

type Handlers = {
  onNotification: (p: { id: string; type: number }) => void;
  onPendingChanges?: (p: { pending: number }) => void;
  onReconnect?: () => void;
};
const realtime = vi.hoisted(() => ({ handlers: null as null | Handlers, disconnects: 0 }));
vi.mock('@/lib/realtime/client', () => ({
  connectNotifications: async (opts: Handlers) => {
    realtime.handlers = opts;
    return {
      subscribed: Promise.resolve(),
      state: () => 'connected',
      disconnect: () => {
        realtime.disconnects++;
      },
    };
  },
}));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/',
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

let unseen = 3;
let member = true;
/** The queue count /api/me gives an admin; undefined: a member (no such field). */
let pending: number | undefined;

beforeEach(() => {
  unseen = 3;
  member = true;
  pending = undefined;
  realtime.handlers = null;
  realtime.disconnects = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    const me = {
      public_id: 'me0000001',
      name: 'Ville',
      notifications_unseen_count: unseen,
      own_pending_changes: [],
      ...(pending === undefined ? {} : { pending_changes_count: pending }),
    };
    // The top bar asks /api/session (200 for a visitor too), the bell /api/me.
    if (url === '/api/session') return Response.json({ user: member ? me : null });
    if (url === '/api/me')
      return member ? Response.json(me) : Response.json({ error: 'unauthorized' }, { status: 401 });
    if (url === '/api/realtime')
      return Response.json({ key: 'k', host: '127.0.0.1', port: 6001, tls: false, cluster: null });
    return Response.json({}, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWidget(locale: 'en' | 'fi' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fi' ? fi : en}>
      <UserWidget />
    </NextIntlClientProvider>,
  );
}

describe('notification bell', () => {
  it('visitors get no bell', async () => {
    member = false;
    renderWidget();
    await screen.findByTestId('login-link');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });

  it('members: the unseen count linking to /notifications, live pushes, reconnect refetch, seen', async () => {
    renderWidget();
    const bell = await screen.findByTestId('notification-bell');
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.getAttribute('aria-label')).toBe('Notifications: 3 new');
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
    await waitFor(() => expect(realtime.handlers).not.toBeNull());
    // A push is a hint: the count is read again from /api/me.
    unseen = 4;
    act(() => realtime.handlers!.onNotification({ id: 'n1', type: 1 }));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('4'));
    unseen = 7;
    act(() => realtime.handlers!.onReconnect?.());
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('7'));
    act(() => void window.dispatchEvent(new Event(NOTIFICATIONS_SEEN)));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(bell.getAttribute('aria-label')).toBe('Notifications: none new');
  });

  it('a session ended elsewhere: the next push finds /api/me refusing, the bell disconnects and the page shows Log in', async () => {
    renderWidget();
    await screen.findByTestId('notification-bell');
    await waitFor(() => expect(realtime.handlers).not.toBeNull());
    expect(realtime.disconnects).toBe(0);
    member = false;
    act(() => realtime.handlers!.onNotification({ id: 'n2', type: 1 }));
    await screen.findByTestId('login-link');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(realtime.disconnects).toBe(1);
  });

  it('members get no queue count; it is not listened for', async () => {
    renderWidget();
    await screen.findByTestId('notification-bell');
    await waitFor(() => expect(realtime.handlers).not.toBeNull());
    expect(screen.queryByTestId('pending-changes')).toBeNull();
    expect(screen.queryByTestId('contact-inbox-link')).toBeNull();
    expect(realtime.handlers!.onPendingChanges).toBeUndefined();
  });

  it.each([
    ['en', 'Contact messages'],
    ['fi', 'Yhteydenotot'],
  ] as const)('%s: admins get a link to the contact messages beside the queue', async (locale, label) => {
    pending = 0;
    renderWidget(locale);
    const inbox = await screen.findByTestId('contact-inbox-link');
    expect(inbox.getAttribute('href')).toBe('/admin/messages');
    expect(inbox.getAttribute('aria-label')).toBe(label);
  });

  it.each([
    ['en', 'Suggestions waiting for approval: 5', 'Suggestions waiting for approval: none'],
    ['fi', 'Hyväksyntää odottavia ehdotuksia: 5', 'Hyväksyntää odottavia ehdotuksia: ei yhtään'],
  ] as const)(
    '%s: admins see the queue count linking to /admin/changes, live from the pushes and refetched on reconnect',
    async (locale, five, none) => {
      pending = 5;
      renderWidget(locale);
      const queue = await screen.findByTestId('pending-changes');
      expect(queue.getAttribute('href')).toBe('/admin/changes');
      expect(queue.getAttribute('aria-label')).toBe(five);
      expect(queue.textContent).toBe('5');
      await waitFor(() => expect(realtime.handlers?.onPendingChanges).toBeDefined());
      act(() => realtime.handlers!.onPendingChanges!({ pending: 6 }));
      expect(queue.getAttribute('data-count')).toBe('6');
      // A notification push leaves the queue count alone.
      act(() => realtime.handlers!.onNotification({ id: 'n1', type: 22 }));
      expect(queue.getAttribute('data-count')).toBe('6');
      pending = 0;
      act(() => realtime.handlers!.onReconnect?.());
      await waitFor(() => expect(queue.getAttribute('data-count')).toBe('0'));
      expect(queue.getAttribute('aria-label')).toBe(none);
    },
  );

  it('in Finnish', async () => {
    unseen = 1;
    renderWidget('fi');
    const bell = await screen.findByTestId('notification-bell');
    expect(bell.getAttribute('aria-label')).toBe('Ilmoitukset: 1 uusi');
  });
});
