import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { badAddressAnswer } from './lib/server/bad-address';

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
 */
export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The app's server gives the same answers first (scripts/serve.ts); they hold here under a bare
  // `next start` too.
  const bad = badAddressAnswer(pathname + search);
  if (bad?.status === 307) return NextResponse.redirect(new URL(bad.headers.location, request.url));
  if (bad) return new NextResponse(bad.body, { status: bad.status, headers: bad.headers });
  return intl(request);
}

export const config = {
  // Everything except the JSON API, Next internals, /version.json, sitemaps, robots.txt and any
  // path whose last segment has a file extension (static files in public/).
  matcher: ['/((?!api(?:/|$)|_next/|_vercel/|version\\.json|sitemap|robots\\.txt|.*\\..*).*)'],
};
