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

/** A list of drawer links, with a heading when it is a titled group (`key`: the `nav` message key). */
export type DrawerBlock = { group?: { key: string; title: string }; links: DrawerLink[] };

/** One drawer link, marked as the current page (`aria-current`, highlighted) when `current`. */
export function NavAnchor({ href, label, current }: { href: string; label: string; current: boolean }) {
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

function Blocks({ blocks, search }: { blocks: DrawerBlock[]; search: URLSearchParams | null }) {
  const pathname = usePathname();
  return blocks.map((block, i) => {
    const list = (
      <ul key={block.group ? undefined : `list-${i}`}>
        {block.links.map((link) => (
          <NavAnchor
            key={link.href}
            href={link.href}
            label={link.label}
            current={isCurrentLink(link, pathname, search)}
          />
        ))}
      </ul>
    );
    if (!block.group) return list;
    const { key, title } = block.group;
    return (
      <section key={key} aria-labelledby={`nav-${key}`} data-testid={`nav-group-${key}`}>
        <h2 id={`nav-${key}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">
          {title}
        </h2>
        {list}
      </section>
    );
  });
}

function BlocksWithQuery({ blocks }: { blocks: DrawerBlock[] }) {
  return <Blocks blocks={blocks} search={useSearchParams()} />;
}

/**
 * The drawer's menus (lists and titled groups of links) with the current page marked: one client
 * component for all of them, so a page's HTML and RSC payload carry the menus as one list of
 * links instead of a client component per link. The query string is read with useSearchParams,
 * which needs a Suspense boundary: server-rendered (and cached) pages get the fallback, the same
 * menus marked by path alone (filter links unmarked), and the browser renders them with the query.
 */
export function DrawerMenus({ blocks }: { blocks: DrawerBlock[] }) {
  return (
    <Suspense fallback={<Blocks blocks={blocks} search={null} />}>
      <BlocksWithQuery blocks={blocks} />
    </Suspense>
  );
}
