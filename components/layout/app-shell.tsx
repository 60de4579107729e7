'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';
import { TopBar } from './top-bar';
import { SnackbarHost } from '@/components/ui/snackbar';

/**
 * The app shell: skip link, top bar, left drawer and the main landmark.
 * The drawer is a column at >= 650 px (the menu button collapses it) and an overlay below
 * 650 px (hidden until the menu button opens it; Escape, the backdrop or following a link
 * closes it). Pages render inside `<main id="main">`; the drawer's contents and the footer come
 * from the layout as server-rendered nodes (components/layout/drawer-nav.tsx, site-footer.tsx).
 */
export function AppShell({ children, drawer, footer }: { children: ReactNode; drawer: ReactNode; footer: ReactNode }) {
  const t = useTranslations('layout');
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [desktopCollapsed, setDesktopCollapsed] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  const overlayOpen = mobileOpen && !isDesktop;
  const expanded = isDesktop ? !desktopCollapsed : mobileOpen;

  const toggle = useCallback(() => {
    if (window.matchMedia(DESKTOP_QUERY).matches) setDesktopCollapsed((v) => !v);
    else setMobileOpen((v) => !v);
  }, []);

  const closeOverlay = useCallback((returnFocus: boolean) => {
    setMobileOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // Marks the document as interactive (e2e helpers wait for `html[data-hydrated]`).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // Overlay open: move focus into the drawer, close on Escape.
  useEffect(() => {
    if (!overlayOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeOverlay(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlayOpen, closeOverlay]);

  return (
    <div
      className="group/shell min-h-dvh"
      data-mobile-open={mobileOpen ? 'true' : 'false'}
      data-desktop-collapsed={desktopCollapsed ? 'true' : 'false'}
    >
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-panel px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('skipToContent')}
      </a>
      <TopBar menuExpanded={expanded} onToggleMenu={toggle} toggleRef={toggleRef} />
      {overlayOpen ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 top-topbar z-30 bg-black/40 nav:hidden"
          onClick={() => closeOverlay(false)}
        />
      ) : null}
      <nav
        id="drawer"
        ref={drawerRef}
        aria-label={t('mainNavigation')}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setMobileOpen(false);
        }}
        className={
          'fixed bottom-0 left-0 top-topbar z-40 w-[min(var(--spacing-drawer),85vw)] overflow-y-auto border-r border-line bg-panel ' +
          'hidden group-data-[mobile-open=true]/shell:block nav:block nav:z-20 nav:group-data-[desktop-collapsed=true]/shell:hidden'
        }
      >
        {drawer}
      </nav>
      <div
        className="flex min-h-[calc(100dvh-var(--spacing-topbar))] flex-col nav:pl-drawer nav:group-data-[desktop-collapsed=true]/shell:pl-0"
        inert={overlayOpen || undefined}
      >
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 nav:px-8">
          {children}
        </main>
        {footer}
      </div>
      <SnackbarHost />
    </div>
  );
}
