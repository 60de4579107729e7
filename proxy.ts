import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

/**
 * Next 16 proxy (formerly middleware): next-intl locale routing only — rewrites `/path` to the
 * `en` locale, serves `/fi/path` as Finnish and redirects `/en/path` to `/path`. Never a
 * security boundary.
 */
export default createMiddleware(routing);

export const config = {
  // Everything except the JSON API, Next internals, /version.json, sitemaps, robots.txt and any
  // path whose last segment has a file extension (static files in public/).
  matcher: ['/((?!api(?:/|$)|_next/|_vercel/|version\\.json|sitemap|robots\\.txt|.*\\..*).*)'],
};
