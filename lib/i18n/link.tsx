'use client';

import { createNavigation } from 'next-intl/navigation';
import { useState, type ComponentProps } from 'react';
import { routing } from './routing';

const { Link: LocaleLink } = createNavigation(routing);

/** The props of next-intl's locale-aware `Link` (those of `next/link` plus `locale`). */
export type LinkProps = ComponentProps<typeof LocaleLink>;

/**
 * The app's in-app link: next-intl's locale-aware `Link` (`/releases/4k` becomes `/fi/releases/4k`
 * in Finnish) that prefetches on intent instead of on sight. Without a `prefetch` prop it asks
 * for nothing while it merely sits in the viewport, and switches to Next's default prefetch once
 * the pointer rests on it, it takes keyboard focus or a finger touches it (Next's "hover-triggered
 * prefetch" pattern). Why: with Next's default every visible link is prefetched as the page loads;
 * the drawer, the footer and an item's tabs then made a page view send 20-60 requests, and
 * each tab of a release page not yet in the page cache was rendered on the server for it.
 * An explicit `prefetch` (`false`, `true`) is passed on unchanged.
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  // Marks the intent, then calls the caller's own handler of the same event, if any.
  const on =
    <E,>(handler?: (event: E) => void) =>
    (event: E) => {
      setIntent(true);
      handler?.(event);
    };
  return (
    <LocaleLink
      {...props}
      prefetch={prefetch !== undefined ? prefetch : intent ? null : false}
      onMouseEnter={on(onMouseEnter)}
      onFocus={on(onFocus)}
      onTouchStart={on(onTouchStart)}
    />
  );
}
