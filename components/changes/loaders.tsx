'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { ChangeControlsProps } from './change-controls';
import type { OwnChangesNoticeProps } from './own-changes-notice';

/**
 * A client component whose code is imported after the page (`import()` in an effect; nothing
 * rendered until it has loaded), so it stays out of the route's first-load JavaScript.
 */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      void load().then((c) => setComponent(() => c));
    }, []);
    return Component ? <Component {...props} /> : null;
  };
}

/**
 * The author's Amend and Withdraw under a pending suggestion (change-controls.tsx), loaded after
 * the page: only the author of pending suggestions ever sees them.
 */
export const ChangeControlsLoader = lazyComponent<ChangeControlsProps>(() =>
  import('./change-controls').then((m) => m.ChangeControls),
);

/** The "awaiting approval" notice (own-changes-notice.tsx) of a suggested release's page, loaded after the page. */
export const OwnChangesNoticeLoader = lazyComponent<OwnChangesNoticeProps>(() =>
  import('./own-changes-notice').then((m) => m.OwnChangesNotice),
);
