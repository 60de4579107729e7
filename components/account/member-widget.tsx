'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { NotificationBell } from './notification-bell';
import type { UserMenu as UserMenuComponent } from './user-menu';

/** What the account corner needs to know of a member (from `GET /api/me`). */
export type MemberWidgetProps = {
  me: { public_id: string; name: string; notifications_unseen_count: number };
  /** Rendered after the widget (the login dialog, which stays mounted for a member too). */
  children?: ReactNode;
};

/**
 * The account corner for a member: the notification bell and the member's initial and name,
 * which open the account menu (profile, edit my data, log out; its code loads on the first open).
 * Loaded by the user widget with `import()` once /api/me names a member, so visitors never
 * download it and it is not part of any page's first load.
 */
export function MemberWidget({ me, children }: MemberWidgetProps) {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<ComponentProps<typeof UserMenuComponent>> | null>(null);
  return (
    <div className="relative flex items-center gap-1">
      <NotificationBell publicId={me.public_id} initialCount={me.notifications_unseen_count} />
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
        {/* The avatar's initial is drawn by CSS, not as text: the button's visible text is then the
            name alone, which its accessible name holds (WCAG 2.5.3 label in name). */}
        <span
          aria-hidden="true"
          data-initial={me.name.slice(0, 1).toUpperCase()}
          className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-bold text-accent-strong before:content-[attr(data-initial)]"
        />
        <span className="hidden truncate text-sm font-medium nav:inline">{me.name}</span>
      </button>
      {open && Menu ? <Menu publicId={me.public_id} onClose={() => setOpen(false)} /> : null}
      {children}
    </div>
  );
}
