import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/listing/empty-state';
import { Pagination } from '@/components/listing/pagination';
import { SearchForm } from '@/components/listing/search-form';
import { CloseMatchNotice } from '@/components/search/close-match-notice';
import type { CloseMatch } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';

/** One name of a {@link NameList}: its page, the name and a muted note after it (e.g. "74 releases"). */
export type NamedItem = { public_id: string; href: string; name: string; note: string };

/**
 * Names in columns (labels, persons, users): each a link to its page with a short note after it.
 * `kind` names the list and its items for tests (`{kind}-list`, `{kind}-item`).
 */
export function NameList({ kind, items }: { kind: 'label' | 'person' | 'user'; items: NamedItem[] }) {
  return (
    <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3" data-testid={`${kind}-list`}>
      {items.map((item) => (
        <li key={item.public_id} data-testid={`${kind}-item`}>
          <Link
            href={item.href}
            prefetch={false}
            className="font-medium underline decoration-line hover:text-accent-strong"
          >
            {item.name}
          </Link>{' '}
          <span className="text-sm text-muted">{item.note}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The body of a searchable name list page (`/labels`, `/persons`, `/users`; see searchableList):
 * the `q` search form, the close-match notice when close spellings were searched, the names or
 * `empty` (the page's own words), and the keyset pagination.
 * @param path the list's route without locale
 * @param href the list's href with its `q`, without the cursor
 */
export async function SearchedNameList({
  locale,
  path,
  kind,
  q,
  cursor,
  href,
  page,
  items,
  empty,
}: {
  locale: string;
  path: string;
  kind: 'label' | 'person' | 'user';
  q: string;
  cursor: string;
  href: string;
  page: { next_cursor: string | null; close?: CloseMatch };
  items: NamedItem[];
  empty: ReactNode;
}) {
  const tl = await getTranslations({ locale, namespace: 'listing' });
  return (
    <>
      <SearchForm locale={locale} path={path} q={q} />
      <CloseMatchNotice
        locale={locale}
        close={page.close}
        suggestionHref={page.close ? `${path}?${new URLSearchParams({ q: page.close.q })}` : path}
      />
      {items.length ? <NameList kind={kind} items={items} /> : <EmptyState title={tl('noResults')}>{empty}</EmptyState>}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </>
  );
}
