'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ExternalRefreshButton, ExternalRefreshWords } from '@/components/admin/external-refresh-button';
import type { OwnChangesNoticeProps } from '@/components/changes/own-changes-notice';
import type { OwnPendingChange } from '@/lib/data/pending-changes';
import { usePathname } from '@/lib/i18n/navigation';
import { NotificationBell } from './notification-bell';
import type { UserMenu as UserMenuComponent } from './user-menu';

/** What the account corner needs to know of a member (from `GET /api/me`). */
export type MemberWidgetProps = {
  me: {
    public_id: string;
    name: string;
    notifications_unseen_count: number;
    /** The member's own suggestions waiting for approval (the item pages' notice). */
    own_pending_changes?: OwnPendingChange[];
    /** Admins only: the change requests waiting in /admin/changes. */
    pending_changes_count?: number;
  };
  /** Rendered after the widget (the login dialog, which stays mounted for a member too). */
  children?: ReactNode;
};

/**
 * Where an item page wants the "awaiting approval" notice (components/changes/own-changes-slot.tsx):
 * the element and the item it names, or null on any other page.
 */
function findSlot(): { el: HTMLElement; entity: string; publicId: string } | null {
  const el = document.querySelector<HTMLElement>('[data-own-changes]');
  return el ? { el, entity: el.dataset.ownChanges ?? '', publicId: el.dataset.publicId ?? '' } : null;
}

/**
 * The "awaiting approval" notice of the page's item, when the member has pending suggestions about
 * it: the item pages are cached and the same for everyone, so they only mark a slot; this fills it
 * (a portal) from /api/me's `own_pending_changes`, looked up again after each navigation. The
 * notice's code loads with `import()` the first time it is needed.
 */
function OwnChanges({ me }: { me: MemberWidgetProps['me'] }) {
  const pathname = usePathname();
  const [own, setOwn] = useState(me.own_pending_changes ?? []);
  useEffect(() => setOwn(me.own_pending_changes ?? []), [me.own_pending_changes]);
  const [slot, setSlot] = useState<ReturnType<typeof findSlot>>(null);
  // The page of this path has rendered its slot (or none) by the time the effect runs.
  useEffect(() => setSlot(findSlot()), [pathname]);
  const here = slot ? own.filter((c) => c.entity === slot.entity && c.entity_public_id === slot.publicId) : [];
  const [Notice, setNotice] = useState<ComponentType<OwnChangesNoticeProps> | null>(null);
  const needed = here.length > 0;
  useEffect(() => {
    if (needed && !Notice)
      void import('@/components/changes/own-changes-notice').then((m) => setNotice(() => m.OwnChangesNotice));
  }, [needed, Notice]);
  if (!slot || !needed || !Notice) return null;
  return createPortal(
    <Notice
      changes={here}
      userPublicId={me.public_id}
      onWithdrawn={(id) => setOwn((list) => list.filter((c) => c.public_id !== id))}
    />,
    slot.el,
  );
}

/**
 * The movie page's "Refresh from TMDb" slot (components/admin/external-refresh-slot.tsx): the
 * element, the movie and the button's texts, or null on any other page.
 */
function findRefreshSlot(): { el: HTMLElement; publicId: string; words: ExternalRefreshWords } | null {
  const el = document.querySelector<HTMLElement>('[data-external-refresh]');
  if (!el?.dataset.externalRefresh || !el.dataset.words) return null;
  try {
    return { el, publicId: el.dataset.externalRefresh, words: JSON.parse(el.dataset.words) as ExternalRefreshWords };
  } catch {
    return null;
  }
}

/**
 * "Refresh from TMDb" on a movie page, for an admin (/api/me gives `pending_changes_count` to
 * admins only): the cached page marks a slot, this fills it (a portal), looked up again after each
 * navigation. The button's code loads with `import()` the first time an admin needs it.
 */
function AdminRefresh({ me }: { me: MemberWidgetProps['me'] }) {
  const pathname = usePathname();
  const admin = me.pending_changes_count !== undefined;
  const [slot, setSlot] = useState<ReturnType<typeof findRefreshSlot>>(null);
  useEffect(() => setSlot(admin ? findRefreshSlot() : null), [pathname, admin]);
  const [Refresh, setRefresh] = useState<typeof ExternalRefreshButton | null>(null);
  useEffect(() => {
    if (slot && !Refresh)
      void import('@/components/admin/external-refresh-button').then((m) => setRefresh(() => m.ExternalRefreshButton));
  }, [slot, Refresh]);
  if (!slot || !Refresh) return null;
  return createPortal(<Refresh key={slot.publicId} publicId={slot.publicId} words={slot.words} />, slot.el);
}

/**
 * The account corner for a member: the notification bell (for an admin with the count of the
 * change-request queue) and the member's initial and name, which open the account menu (profile,
 * edit my data, log out; its code loads on the first open), the page item's "awaiting
 * approval" notice (OwnChanges) and, for an admin on a movie page, "Refresh from TMDb" (AdminRefresh).
 * It also registers the offline scanner's service worker on the member's device.
 * Loaded by the user widget with `import()` once /api/me names a member, so visitors never
 * download it and it is not part of any page's first load.
 */
export function MemberWidget({ me, children }: MemberWidgetProps) {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<ComponentProps<typeof UserMenuComponent>> | null>(null);
  // A member's device gets the offline scanner's worker (components/scan/service-worker.ts).
  useEffect(() => {
    void import('@/components/scan/service-worker').then((m) => m.registerOfflineWorker());
  }, []);
  return (
    <div className="relative flex items-center gap-1">
      <NotificationBell
        publicId={me.public_id}
        initialCount={me.notifications_unseen_count}
        initialPending={me.pending_changes_count}
      />
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
        className="inline-flex min-h-10 max-w-40 items-center gap-2 rounded-lg px-2 hover:bg-tint"
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
      <OwnChanges me={me} />
      <AdminRefresh me={me} />
      {children}
    </div>
  );
}
