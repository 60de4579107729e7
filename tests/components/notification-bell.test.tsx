/**
 * The notification bell: the user widget loads it only for members (none for visitors), it shows
 * /api/me's unseen count linking to /notifications, drops to 0 when the list marks them seen,
 * adds pushed notifications, and refetches the count after a reconnect (the realtime client
 * mocked). Translated in both locales.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { UserWidget } from '@/components/account/user-widget';
import { NOTIFICATIONS_SEEN } from '@/components/account/session-events';

const realtime = vi.hoisted(() => ({
  handlers: null as null | { onNotification: (p: { id: string; type: number }) => void; onReconnect?: () => void },
}));
vi.mock('@/lib/realtime/client', () => ({
  connectNotifications: async (opts: {
    onNotification: (p: { id: string; type: number }) => void;
    onReconnect?: () => void;
  }) => {
    realtime.handlers = opts;
    return { subscribed: Promise.resolve(), state: () => 'connected', disconnect: () => {} };
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

beforeEach(() => {
  unseen = 3;
  member = true;
  realtime.handlers = null;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/me')
      return member
        ? Response.json({ public_id: 'me0000001', name: 'Ville', notifications_unseen_count: unseen })
        : Response.json({ error: 'unauthorized' }, { status: 401 });
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
    act(() => realtime.handlers!.onNotification({ id: 'n1', type: 1 }));
    expect(screen.getByTestId('notification-count').textContent).toBe('4');
    unseen = 7;
    act(() => realtime.handlers!.onReconnect?.());
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('7'));
    act(() => void window.dispatchEvent(new Event(NOTIFICATIONS_SEEN)));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(bell.getAttribute('aria-label')).toBe('Notifications: none new');
  });

  it('in Finnish', async () => {
    unseen = 1;
    renderWidget('fi');
    const bell = await screen.findByTestId('notification-bell');
    expect(bell.getAttribute('aria-label')).toBe('Ilmoitukset: 1 uusi');
  });
});
