'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';

const STORAGE_KEY = 'discshelf:scroll';
/** Give up restoring after this long (the page may never get tall enough again). */
const RESTORE_TIMEOUT_MS = 3000;

function currentKey(): string {
  return window.location.pathname + window.location.search;
}

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Minimal typing of the Navigation API (not in this TypeScript DOM lib). */
type NavigationLike = {
  addEventListener: (type: 'navigate', listener: (event: { navigationType: string }) => void) => void;
};

/**
 * Set when the browser starts a back/forward traversal. The Navigation API's `navigate` event
 * fires before the Next router renders the restored page (its popstate handler renders
 * synchronously, before later popstate listeners); browsers without it fall back to popstate.
 */
const popState = { pending: false, restoring: false, timer: 0 };
if (typeof window !== 'undefined') {
  const onTraverse = () => {
    // Stop recording positions while the previous page is swapped in. If no route change
    // consumes the flag (a hash-only history step), resume shortly after.
    popState.pending = popState.restoring = true;
    window.clearTimeout(popState.timer);
    popState.timer = window.setTimeout(() => {
      if (popState.pending) popState.pending = popState.restoring = false;
    }, 2000);
  };
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  if (navigation) {
    navigation.addEventListener('navigate', (event) => {
      if (event.navigationType === 'traverse') onTraverse();
    });
  } else {
    window.addEventListener('popstate', onTraverse, { capture: true });
  }
}

/**
 * Scroll behaviour: back/forward navigation restores the page's last scroll
 * position (kept per URL in sessionStorage, so it also survives a reload); every other
 * navigation starts at the top. Renders nothing; needs a Suspense boundary (useSearchParams).
 */
export function ScrollManager() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const positions = useRef<Record<string, number>>({});
  const firstRun = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
    let frame = 0;
    const save = () => {
      positions.current[currentKey()] = Math.round(window.scrollY);
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or disabled: restoring still works within this page view.
      }
    };
    const onScroll = () => {
      if (popState.restoring) return;
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useEffect(() => {
    let restore = popState.pending;
    popState.pending = false;
    if (firstRun.current) {
      firstRun.current = false;
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      restore = entry?.type === 'back_forward' || entry?.type === 'reload';
      if (!restore) return; // A fresh page load already starts at the top (or at its #hash).
    }
    if (!restore) {
      popState.restoring = false;
      window.scrollTo(0, 0);
      return;
    }
    const target = positions.current[currentKey()] ?? 0;
    popState.restoring = true;
    const started = performance.now();
    let frame = 0;
    const stop = () => {
      popState.restoring = false;
      window.cancelAnimationFrame(frame);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
    const step = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) <= 1 || performance.now() - started > RESTORE_TIMEOUT_MS) {
        stop();
        return;
      }
      frame = window.requestAnimationFrame(step);
    };
    // The user taking over the scroll ends the restore.
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('keydown', stop);
    step();
    return stop;
  }, [pathname, search]);

  return null;
}
