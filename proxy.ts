import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { hasLiteralPercent, isCleanUrlPart } from './lib/api/url-text';
import { localeOfPath, routing } from './lib/i18n/routing';
import en from './messages/en.json';
import fi from './messages/fi.json';

const intl = createMiddleware(routing);

/**
 * Next 16 proxy (formerly middleware): next-intl locale routing — rewrites `/path` to the `en`
 * locale, serves `/fi/path` as Finnish and redirects `/en/path` to `/path`. Before that, a page
 * URL whose path or query carries a NUL or invalid UTF-8 (`%00`, `%FF`) is answered 400, so no
 * page hands such text to the database (which refuses NUL with an error), with `errors.badAddress`
 * in the locale of the path (Finnish under `/fi`); a path with a literal percent sign (`%25`, or a
 * `%` that starts no escape) redirects to /404 as an unknown path. Never a security boundary.
 */
export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!isCleanUrlPart(pathname) || !isCleanUrlPart(search))
    return new NextResponse({ en, fi }[localeOfPath(pathname)].errors.badAddress, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  // No page path holds a percent sign; Next would decode `%25` a second time after the locale
  // rewrite (and cannot decode a broken escape), failing with a 500: an unknown path instead.
  if (hasLiteralPercent(pathname))
    return NextResponse.redirect(new URL(localeOfPath(pathname) === 'fi' ? '/fi/404' : '/404', request.url));
  return intl(request);
}

export const config = {
  // Everything except the JSON API, Next internals, /version.json, sitemaps, robots.txt and any
  // path whose last segment has a file extension (static files in public/).
  matcher: ['/((?!api(?:/|$)|_next/|_vercel/|version\\.json|sitemap|robots\\.txt|.*\\..*).*)'],
};
