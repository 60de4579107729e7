import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { cachedTombstone } from './lib/server/tombstone-cache';
import { logError } from './lib/log';
import { badAddressAnswer } from './lib/server/bad-address';
import { gonePage, itemHref, itemPathOf } from './lib/server/gone-page';

const intl = createMiddleware(routing);

/**
 * Next 16 proxy (formerly middleware): next-intl locale routing — rewrites `/path` to the `en`
 * locale, serves `/fi/path` as Finnish and redirects `/en/path` to `/path`. Before that, an
 * address Next would mishandle gets the answer of lib/server/bad-address.ts: 400 with
 * `errors.badAddress` in the locale of the path for a NUL or invalid UTF-8 (`%00`, `%FF`) in the
 * path or query, so no page hands such text to the database (which refuses NUL with an error),
 * and the redirect to /404 for a literal percent sign in the path (`%25`, or a `%` that starts no
 * escape). Next hands the proxy a query already decoded (`%FF` as U+FFFD), so under a bare
 * `next start` a query's bad bytes pass; the app's server (scripts/serve.ts) checks the raw
 * address before Next. Never a security boundary.
 *
 * The address of a deleted catalogue item (`/release/{id}`, `/fi/movie/{id}/photos`, …; not its
 * history) is answered here, before the cached item pages, since a page cannot answer 410: a
 * deleted item gets the 410 Gone page of lib/server/gone-page.ts, one merged into another item a
 * permanent redirect (308) to that item's same page. The tombstone lookup is one probe of the
 * table's public-id index (lib/data/tombstones.ts), kept in memory until the item's pages are
 * revalidated (lib/server/tombstone-cache.ts); should it fail, the page answers as before.
 */
export default async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The app's server gives the same answers first (scripts/serve.ts); they hold here under a bare
  // `next start` too.
  const bad = badAddressAnswer(pathname + search);
  if (bad?.status === 307) return NextResponse.redirect(new URL(bad.headers.location, request.url));
  if (bad) return new NextResponse(bad.body, { status: bad.status, headers: bad.headers });
  const item = itemPathOf(pathname);
  if (item) {
    try {
      const tombstone = await cachedTombstone(item.entity, item.publicId);
      if (tombstone?.merged_into)
        return NextResponse.redirect(
          new URL(itemHref({ ...item, publicId: tombstone.merged_into }) + search, request.url),
          308,
        );
      if (tombstone) {
        const gone = gonePage(item);
        return new NextResponse(gone.body, { status: gone.status, headers: gone.headers });
      }
    } catch (error) {
      logError('proxy: tombstone lookup failed', error);
    }
  }
  return intl(request);
}

export const config = {
  // Everything except the JSON API, Next internals, /version.json, sitemaps, robots.txt and any
  // path whose last segment has a file extension (static files in public/).
  matcher: ['/((?!api(?:/|$)|_next/|_vercel/|version\\.json|sitemap|robots\\.txt|.*\\..*).*)'],
};
