'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ComponentType, type ComponentProps } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import type LoginDialogComponent from './login-dialog';
import type { NotificationBellProps } from './notification-bell';
import { LOGIN_DIALOG_EVENT, openLoginDialog, SESSION_CHANGED } from './session-events';
import type { UserMenu as UserMenuComponent } from './user-menu';

type Me = { public_id: string; name: string; notifications_unseen_count: number };

/**
 * The account corner of the top bar: a login link for visitors (a plain click opens the login
 * dialog, which any member action can also open), the user's name with a menu (profile, edit my
 * data, log out) when logged in, and the notification bell beside it for members (its code and
 * pusher-js load with `import()` once /api/me names a member). It asks `/api/me` from the browser,
 * so the server-rendered page stays the same for everyone (cacheable) and a failed /me clears the
 * cookie.
 */
export function UserWidget() {
  const t = useTranslations('account');
  const pathname = usePathname();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  // The menu's code loads on the first open (it is not needed to draw the page).
  const [Menu, setMenu] = useState<ComponentType<ComponentProps<typeof UserMenuComponent>> | null>(null);

  // The bell's code loads once the visitor is known to be a member.
  const [Bell, setBell] = useState<ComponentType<NotificationBellProps> | null>(null);
  const isMember = Boolean(me);
  useEffect(() => {
    if (isMember && !Bell) void import('./notification-bell').then((m) => setBell(() => m.NotificationBell));
  }, [isMember, Bell]);

  const load = useCallback(async () => {
    try {
      const res = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' });
      setMe(res.ok ? ((await res.json()) as Me) : null);
    } catch {
      setMe(null);
    }
  }, []);

  useEffect(() => {
    void load();
    window.addEventListener(SESSION_CHANGED, load);
    return () => window.removeEventListener(SESSION_CHANGED, load);
  }, [load]);

  // The login dialog (session-events.ts openLoginDialog): its code loads on first use.
  const [LoginDialog, setLoginDialog] = useState<typeof LoginDialogComponent | null>(null);
  const [dialog, setDialog] = useState({ open: false, prompt: false });
  useEffect(() => {
    const onOpen = (e: Event) => {
      const prompt = Boolean((e as CustomEvent<{ prompt?: boolean }>).detail?.prompt);
      void import('./login-dialog').then((m) => {
        setLoginDialog(() => m.default);
        setDialog({ open: true, prompt });
      });
    };
    window.addEventListener(LOGIN_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(LOGIN_DIALOG_EVENT, onOpen);
  }, []);
  const loginDialog = LoginDialog ? (
    <LoginDialog open={dialog.open} prompt={dialog.prompt} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
  ) : null;

  if (me === undefined) return <span className="inline-block h-10 w-16" aria-hidden="true" />;
  if (!me) {
    const next =
      pathname && pathname !== '/login' && pathname !== '/register' ? `?next=${encodeURIComponent(pathname)}` : '';
    return (
      <>
        <Link
          href={`/login${next}`}
          onClick={(e) => {
            // A plain click opens the login dialog on this page; modified clicks (and the login and
            // registration pages themselves) open /login as a link.
            if (!next || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
            e.preventDefault();
            openLoginDialog();
          }}
          className="inline-flex min-h-10 items-center rounded-lg bg-accent px-3 text-sm font-medium text-white hover:bg-accent-strong"
          data-testid="login-link"
        >
          {t('login')}
        </Link>
        {loginDialog}
      </>
    );
  }
  return (
    <div className="relative flex items-center gap-1">
      {Bell ? <Bell publicId={me.public_id} initialCount={me.notifications_unseen_count} /> : null}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('accountMenu', { name: me.name })}
        onClick={() => {
          if (!Menu) void import('./user-menu').then((m) => setMenu(() => m.UserMenu));
          setOpen((v) => !v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        className="inline-flex min-h-10 max-w-40 items-center gap-2 rounded-lg px-2 hover:bg-black/5"
        data-testid="user-widget"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-bold text-accent-strong"
        >
          {me.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden truncate text-sm font-medium nav:inline">{me.name}</span>
      </button>
      {open && Menu ? <Menu publicId={me.public_id} onClose={() => setOpen(false)} /> : null}
      {loginDialog}
    </div>
  );
}
