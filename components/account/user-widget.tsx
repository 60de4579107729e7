'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import type LoginDialogComponent from './login-dialog';
import type { MemberWidgetProps } from './member-widget';
import { LOGIN_DIALOG_EVENT, openLoginDialog, SESSION_CHANGED } from './session-events';

type Me = MemberWidgetProps['me'];

/**
 * The account corner of the top bar: a login link for visitors (a plain click opens the login
 * dialog, which any member action can also open); for a member, the notification bell and the
 * user's name with a menu (member-widget.tsx: its code, the bell's and later pusher-js load with
 * `import()` once /api/me names a member, so visitors never download them). It asks `/api/me`
 * from the browser, so the server-rendered page stays the same for everyone (cacheable) and a
 * failed /me clears the cookie.
 */
export function UserWidget() {
  const t = useTranslations('account');
  const pathname = usePathname();
  const [me, setMe] = useState<Me | null | undefined>(undefined);

  // The member's corner (bell, name, menu) loads once the visitor is known to be a member.
  const [Member, setMember] = useState<ComponentType<MemberWidgetProps> | null>(null);
  const isMember = Boolean(me);
  useEffect(() => {
    if (isMember && !Member) void import('./member-widget').then((m) => setMember(() => m.MemberWidget));
  }, [isMember, Member]);

  const load = useCallback(async () => {
    try {
      const res = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' });
      // A visitor's 401 body is read too: a response left unread never completes in the browser's
      // network log, so the page would never count as settled (Lighthouse, crawlers, tests).
      const body: unknown = await res.json();
      setMe(res.ok ? (body as Me) : null);
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

  // Until /api/me answers (and, for a member, until the member's corner has loaded).
  const placeholder = <span className="inline-block h-10 w-16" aria-hidden="true" />;
  if (me === undefined) return placeholder;
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
  return Member ? <Member me={me}>{loginDialog}</Member> : placeholder;
}
