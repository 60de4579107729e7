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
 * `import()` once /api/session names a member, so visitors never download them). It asks
 * `/api/session` from the browser (200 for visitors too: no failing request on their pages), so
 * the server-rendered page stays the same for everyone (cacheable); an ended session's cookie is
 * cleared there.
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
      // /api/session answers a visitor 200 `{ user: null }`: a visitor's page makes no failing request.
      const res = await fetch('/api/session', { credentials: 'same-origin', cache: 'no-store' });
      const body = (await res.json()) as { user?: Me | null };
      const user = res.ok ? (body.user ?? null) : null;
      setMe(user);
      // Who is looking, for member actions on the page (member-link.tsx): '1' a member, '0' a visitor.
      document.documentElement.dataset.member = user ? '1' : '0';
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

  // Until /api/session answers (and, for a member, until the member's corner has loaded).
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
          className="inline-flex min-h-10 items-center rounded-lg bg-accent px-3 text-sm font-medium text-white hover:bg-accent-hover"
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
