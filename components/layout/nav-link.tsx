'use client';

import { clsx } from 'clsx';
import { useSearchParams } from 'next/navigation';
import { Link, usePathname } from '@/lib/i18n/navigation';

type NavLinkProps = { href: string; label: string };

/** One drawer link, marked as the current page (`aria-current`, highlighted) when `current`. */
export function NavAnchor({ href, label, current }: NavLinkProps & { current: boolean }) {
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={clsx(
          'block rounded-lg px-3 py-2 text-[0.9375rem] hover:bg-black/5',
          current ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-ink',
        )}
      >
        {label}
      </Link>
    </li>
  );
}

/**
 * A drawer link that is the current page when the path is its href. With {@link FilterNavLink}, the
 * only client part of the drawer: the menus themselves are rendered on the server.
 */
export function NavLink({ href, label }: NavLinkProps) {
  return <NavAnchor href={href} label={label} current={usePathname() === href} />;
}

/**
 * A drawer link whose path other drawer links share with a filter query (`/reviews`,
 * `/reviews?la=en`, `/reviews?fi=video`): the current page when the path is its path and the page's
 * query has the link's value of each filter parameter in `keys` (the parameters those links use;
 * absent from both counts as equal, other parameters such as a search or cursor do not count).
 * Reads the query with useSearchParams, so it needs a Suspense boundary (fallback: an unmarked
 * NavAnchor); statically rendered pages stay static.
 */
export function FilterNavLink({ href, label, keys }: NavLinkProps & { keys: string[] }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const [path, query] = href.split('?');
  const own = new URLSearchParams(query);
  const current = pathname === path && keys.every((k) => search.get(k) === own.get(k));
  return <NavAnchor href={href} label={label} current={current} />;
}
