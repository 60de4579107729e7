import type { Metadata } from 'next';
import { cache } from 'react';
import type { Page } from '@/lib/data/types';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { pageMetadata, withQuery } from '@/lib/seo';

/** Next's `searchParams` of a page. */
export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed ("" when absent). */
export function firstParam(sp: SearchParamsRecord, key: string): string {
  return ((Array.isArray(sp[key]) ? sp[key][0] : sp[key]) ?? '').trim();
}

/**
 * A simple searchable, keyset-paged list page (`/persons`, `/users`): `?q=` (at most 200
 * characters) and `?cursor=`. The page's data is read once per request (metadata and page share
 * it); a stale or forged cursor sends the browser back to the first page.
 * @param path the list's route without locale
 * @param fetch one page of the list for a search text (null: all) and a cursor (its own page
 *   type, e.g. a SearchPage with close matches)
 */
export function searchableList<P extends Page<unknown>>(
  path: string,
  fetch: (q: string | null, cursor: string | undefined) => Promise<P>,
) {
  const hrefOf = (q: string) => withQuery(path, q ? new URLSearchParams({ q: q.slice(0, 200) }) : null);
  const withCursor = (href: string, c: string) =>
    `${href}${href.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(c)}`;
  const load = cache(async (locale: string, q: string, cursor: string) => {
    try {
      return await fetch(q.slice(0, 200) || null, cursor || undefined);
    } catch (error) {
      if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href: hrefOf(q), locale });
      throw error;
    }
  });
  const read = async (locale: string, sp: SearchParamsRecord) => {
    const q = firstParam(sp, 'q');
    const cursor = firstParam(sp, 'cursor');
    return { q, cursor, href: hrefOf(q), page: await load(locale, q, cursor) };
  };
  return {
    read,
    /** Metadata with the page's title and description, the canonical path (cursor kept) and rel=next. */
    async metadata({
      locale,
      searchParams,
      title,
      description,
    }: {
      locale: string;
      searchParams: SearchParamsRecord;
      title: string;
      description: string;
    }): Promise<Metadata> {
      const { cursor, href, page } = await read(locale, searchParams);
      return pageMetadata({
        locale,
        path: cursor ? withCursor(href, cursor) : href,
        title,
        description,
        next: page.next_cursor ? withCursor(href, page.next_cursor) : null,
      });
    },
  };
}
