import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/**
 * Locale-aware wrappers of Next's navigation APIs. Use these instead of `next/link` and
 * `next/navigation` for in-app links: `<Link href="/releases/4k">` becomes `/fi/releases/4k`
 * in the Finnish locale; `usePathname()` returns the path without the locale prefix. `Link`
 * prefetches on intent (hover, focus, touch) rather than on sight (lib/i18n/link.tsx).
 */
export const { redirect, usePathname, useRouter, getPathname, permanentRedirect } = createNavigation(routing);
export { Link, type LinkProps } from './link';
