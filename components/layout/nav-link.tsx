'use client';

import { clsx } from 'clsx';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';

/**
 * One drawer link: a locale-less `href` (lib/i18n/navigation adds `/fi`), its translated label and,
 * for a link whose path other drawer links give with a filter query (`/reviews`, `/reviews?la=en`,
 * `/reviews?fi=video`), the query parameters those links use (`keys`).
 */
export type DrawerLink = { href: string; label: string; keys?: string[] };

/** One drawer link, marked as the current page (`aria-current`, highlighted) when `current`. */
export function NavAnchor({ href, label, current }: { href: string; label: string; current: boolean }) {
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={clsx(
          'block rounded-lg px-3 py-2 text-[0.9375rem] hover:bg-tint',
          current ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-ink',
        )}
      >
        {label}
      </Link>
    </li>
  );
}

/**
 * Whether `link` is the current page: a link without `keys` when the path is its href; a filter
 * link when the path is its path and the page's query has the link's value of each parameter in
 * `keys` (absent from both counts as equal; other parameters such as a search or cursor do not
 * count). Without the query (`search` null) a filter link is never current. Pure.
 */
export function isCurrentLink(link: DrawerLink, pathname: string, search: URLSearchParams | null): boolean {
  if (!link.keys) return pathname === link.href;
  if (!search) return false;
  const [path, query] = link.href.split('?');
  const own = new URLSearchParams(query);
  return pathname === path && link.keys.every((k) => search.get(k) === own.get(k));
}

function List({ links, search }: { links: DrawerLink[]; search: URLSearchParams | null }) {
  const pathname = usePathname();
  return (
    <ul>
      {links.map((link) => (
        <NavAnchor
          key={link.href}
          href={link.href}
          label={link.label}
          current={isCurrentLink(link, pathname, search)}
        />
      ))}
    </ul>
  );
}

function ListWithQuery({ links }: { links: DrawerLink[] }) {
  return <List links={links} search={useSearchParams()} />;
}

/**
 * One list of drawer links with the current page marked: one client component per list, so a
 * page's HTML and RSC payload carry the links as data instead of a client component per link.
 * A list with filter links reads the query with useSearchParams, which needs a Suspense boundary:
 * server-rendered (and cached) pages get the fallback, the same list marked by path alone (filter
 * links unmarked), and the browser renders it with the query. A list without filter links is
 * marked by path and needs no boundary.
 */
export function DrawerList({ links }: { links: DrawerLink[] }) {
  if (!links.some((link) => link.keys)) return <List links={links} search={null} />;
  return (
    <Suspense fallback={<List links={links} search={null} />}>
      <ListWithQuery links={links} />
    </Suspense>
  );
}
