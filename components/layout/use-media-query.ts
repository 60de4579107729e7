'use client';

import { useCallback, useSyncExternalStore } from 'react';

/** Mobile breakpoint: the drawer is shown at >= 650 px. Keep in sync with globals.css `--breakpoint-nav`. */
export const DRAWER_MIN_WIDTH_PX = 650;
export const DESKTOP_QUERY = `(min-width: ${DRAWER_MIN_WIDTH_PX}px)`;

/** True while the media query matches; false during server rendering and hydration. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
