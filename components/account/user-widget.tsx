'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { showSnackbar } from '@/components/ui/snackbar';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { announceSessionChange, SESSION_CHANGED } from './session-events';
import { UserMenu } from './user-menu';

type Me = { public_id: string; name: string; notifications_unseen_count: number };

/**
 * The account corner of the top bar: a login link for visitors, the user's name with a menu
 * (profile, edit my data, log out) when logged in. It asks `/api/me` from the browser, so the
 * server-rendered page stays the same for everyone (cacheable) and a failed /me clears the cookie.
 */
export function UserWidget() {
  const t = useTranslations('account');
  const pathname = usePathname();
  const router = useRouter();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [open, setOpen] = useState(false);

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

  const logout = async () => {
    setOpen(false);
    await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' });
    setMe(null);
    showSnackbar(t('loggedOut'));
    announceSessionChange();
    router.refresh();
  };

  if (me === undefined) return <span className="inline-block h-10 w-16" aria-hidden="true" />;
  if (!me) {
    const next = pathname && pathname !== '/login' && pathname !== '/register' ? `?next=${encodeURIComponent(pathname)}` : '';
    return (
      <Link href={`/login${next}`} className="inline-flex min-h-10 items-center rounded-lg bg-accent px-3 text-sm font-medium text-white hover:bg-accent-strong" data-testid="login-link">
        {t('login')}
      </Link>
    );
  }
  return (
    <div className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('accountMenu', { name: me.name })}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        className="inline-flex min-h-10 max-w-40 items-center gap-2 rounded-lg px-2 hover:bg-black/5"
        data-testid="user-widget"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-bold text-accent-strong">
          {me.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden truncate text-sm font-medium nav:inline">{me.name}</span>
      </button>
      {open ? <UserMenu publicId={me.public_id} onClose={() => setOpen(false)} onLogout={() => void logout()} /> : null}
    </div>
  );
}
