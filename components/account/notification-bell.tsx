'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { RealtimeClientConfig } from '@/lib/realtime/channels';
import { announceSessionChange, NOTIFICATIONS_SEEN } from './session-events';

export type NotificationBellProps = {
  publicId: string;
  initialCount: number;
  /** Admins: the change requests waiting in /admin/changes (absent for everyone else). */
  initialPending?: number;
};

type Counts = { notifications_unseen_count: number; pending_changes_count?: number };

/**
 * The unseen count (and an admin's queue count) as /api/me has them now: null when the request
 * fails, 'ended' when the session is no longer valid (logged out or revoked in another window).
 */
async function fetchCounts(): Promise<Counts | 'ended' | null> {
  try {
    const res = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' });
    const body: unknown = await res.json(); // read either way, so the request completes
    if (res.status === 401) return 'ended';
    return res.ok ? (body as Counts) : null;
  } catch {
    return null;
  }
}

/**
 * The notification bell of the top bar (members only; part of member-widget.tsx, which the user
 * widget loads with `import()` once it knows the visitor is a member, so it is never part of a
 * page's first load and cached pages stay the same for everyone). Shows the unseen count and
 * links to /notifications, which marks them seen (NOTIFICATIONS_SEEN drops the count here).
 * After the page it connects to the member's realtime channel (lib/realtime/client.ts, pusher-js
 * imported then): each pushed notification (a hint: its id and type only) makes it refetch the
 * count from /api/me, and so does a reconnect (pushes missed while disconnected are not replayed;
 * the rows are). A session that has ended (logged out here, or revoked from another window or
 * device) closes the connection at once: on logout the bell goes with the member's corner, and
 * when /api/me answers 401 the bell disconnects and tells the page the session changed.
 * For an admin (`initialPending` given) a link to /admin/changes before the bell shows how many
 * change requests wait; the same channel pushes each new number (and a reconnect refetches it).
 * Next to it, a link to the contact messages (/admin/messages).
 */
export function NotificationBell({ publicId, initialCount, initialPending }: NotificationBellProps) {
  const t = useTranslations('account');
  const tc = useTranslations('contact');
  const [count, setCount] = useState(initialCount);
  const [pending, setPending] = useState(initialPending);
  const admin = initialPending !== undefined;

  useEffect(() => setCount(initialCount), [initialCount]);
  useEffect(() => setPending(initialPending), [initialPending]);

  useEffect(() => {
    const onSeen = () => setCount(0);
    window.addEventListener(NOTIFICATIONS_SEEN, onSeen);
    return () => window.removeEventListener(NOTIFICATIONS_SEEN, onSeen);
  }, []);

  useEffect(() => {
    let closed = false;
    let disconnect: (() => void) | null = null;
    const end = () => {
      closed = true;
      disconnect?.();
      disconnect = null;
      announceSessionChange();
    };
    const refetch = () =>
      void fetchCounts().then((c) => {
        if (closed || !c) return;
        if (c === 'ended') return end();
        setCount(c.notifications_unseen_count);
        setPending(c.pending_changes_count);
      });
    void (async () => {
      try {
        const res = await fetch('/api/realtime', { cache: 'no-store' });
        if (!res.ok || closed) return;
        const config = (await res.json()) as RealtimeClientConfig;
        const { connectNotifications } = await import('@/lib/realtime/client');
        if (closed) return;
        const connection = await connectNotifications({
          config,
          userPublicId: publicId,
          onNotification: refetch,
          onPendingChanges: admin ? (p) => setPending(p.pending) : undefined,
          onReconnect: refetch,
        });
        if (closed) connection.disconnect();
        else disconnect = connection.disconnect;
      } catch {
        // No realtime server: the count still comes with every page's /api/me.
      }
    })();
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [publicId, admin]);

  const bell = (
    <Link
      href="/notifications"
      aria-label={t('notificationsUnseen', { count })}
      title={t('notificationsLink')}
      className="relative inline-flex size-10 items-center justify-center rounded-lg hover:bg-tint"
      data-testid="notification-bell"
      data-count={count}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 ? (
        <span
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-bold leading-5 text-white"
          data-testid="notification-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
  if (pending === undefined) return bell;
  return (
    <>
      <Link
        href="/admin/changes"
        aria-label={t('changeQueue.label', { count: pending })}
        title={t('changeQueue.title')}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold hover:bg-tint"
        data-testid="pending-changes"
        data-count={pending}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 13h4l2 3h4l2-3h4M4 13l2-8h12l2 8v6H4z" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{pending > 999 ? '999+' : pending}</span>
      </Link>
      <Link
        href="/admin/messages"
        aria-label={tc('inboxLink')}
        title={tc('inboxLink')}
        className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-tint"
        data-testid="contact-inbox-link"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 6h18v12H3z" strokeLinejoin="round" />
          <path d="m3 7 9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
      {bell}
    </>
  );
}
