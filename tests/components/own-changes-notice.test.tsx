/**
 * "Your suggestion awaits approval" on an item page: the page only marks a slot naming its item
 * (components/changes/own-changes-slot.tsx); the member widget fills it from /api/me's
 * `own_pending_changes` when the member has pending suggestions about that item, with "Amend" (the
 * request on the contributions page) and "Withdraw" (asked once more, then posted; the notice goes
 * and the snackbar confirms). Nothing on a page without the slot, nothing about other items.
 * Translated in both locales; the realtime client mocked.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { UserWidget } from '@/components/account/user-widget';
import { OwnChangesSlot } from '@/components/changes/own-changes-slot';

vi.mock('@/lib/realtime/client', () => ({
  connectNotifications: async () => ({ subscribed: Promise.resolve(), state: () => 'connected', disconnect: () => {} }),
}));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/release/rel0000001',
  useRouter: () => ({ replace: vi.fn(), refresh: vi.fn(), push: vi.fn() }),
  Link: ({
    href,
    children,
    prefetch: _prefetch,
    ...rest
  }: {
    href: string;
    children: ReactNode;
    prefetch?: boolean;
  }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const OWN = [
  { public_id: 'chg0000001', entity: 'release', kind: 'edit', entity_public_id: 'rel0000001' },
  { public_id: 'chg0000002', entity: 'movie', kind: 'edit', entity_public_id: 'mov0000001' },
];
let calls: { url: string; method: string }[] = [];
let snackbar: string[] = [];
const onSnackbar = (e: Event) => snackbar.push((e as CustomEvent<string>).detail);

beforeEach(() => {
  calls = [];
  snackbar = [];
  window.addEventListener('discshelf:snackbar', onSnackbar);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const me = { public_id: 'me0000001', name: 'Ville', notifications_unseen_count: 0, own_pending_changes: OWN };
    if (url === '/api/session') return Response.json({ user: me });
    if (url === '/api/me') return Response.json(me);
    if (url === '/api/changes/chg0000001/withdraw')
      return Response.json({ public_id: 'chg0000001', status: 'withdrawn' });
    return Response.json({}, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  window.removeEventListener('discshelf:snackbar', onSnackbar);
  vi.unstubAllGlobals();
});

function renderPage(locale: 'en' | 'fi', slot: ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'fi' ? fi : en}>
      <UserWidget />
      <main>{slot}</main>
    </NextIntlClientProvider>,
  );
}

describe('own changes notice', () => {
  it.each(['en', 'fi'] as const)(
    '%s: the author sees the pending edit of this item, amends through the contributions page or withdraws it',
    async (locale) => {
      const m = (locale === 'fi' ? fi : en).account.ownChanges;
      renderPage(locale, <OwnChangesSlot entity="release" publicId="rel0000001" />);
      const notice = await screen.findByTestId('awaiting-approval');
      expect(notice.closest('main')).not.toBeNull();
      expect(screen.getByRole('heading', { name: m.title })).toBeTruthy();
      // Only the request about this release.
      expect(notice.querySelectorAll('[data-change-request]')).toHaveLength(1);
      expect(notice.textContent).toContain(m.kinds.edit);
      expect(screen.getByRole('link', { name: m.amend }).getAttribute('href')).toBe(
        '/user/me0000001/contributions#change-chg0000001',
      );
      fireEvent.click(screen.getByRole('button', { name: m.withdraw }));
      expect(screen.getByText(m.confirm)).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: m.confirmYes }));
      await waitFor(() => expect(screen.queryByTestId('awaiting-approval')).toBeNull());
      expect(calls).toContainEqual({ url: '/api/changes/chg0000001/withdraw', method: 'POST' });
      expect(snackbar).toEqual([m.withdrawn]);
    },
  );

  it('nothing for another item or on a page without the slot', async () => {
    renderPage('en', <OwnChangesSlot entity="release" publicId="rel0000009" />);
    await screen.findByTestId('notification-bell');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
    cleanup();
    renderPage('en', <p>A listing</p>);
    await screen.findByTestId('notification-bell');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
  });
});
