import { defineRouting } from 'next-intl/routing';

/**
 * Locale routing (locales en, fi; default en). English lives at `/`, Finnish under `/fi`
 * (`localePrefix: 'as-needed'`). The URL is the only source of the locale: no Accept-Language
 * detection and no locale cookie, so `/` is always English and links are stable for crawlers.
 * No `Link` response header with hreflang alternates (`alternateLinks: false`): every page's
 * metadata already carries them as `<link rel="alternate" hreflang>` built from SITE_URL, and a
 * header built from the request host disagrees with those whenever the host differs from SITE_URL
 * (Lighthouse's canonical audit then fails); it also saves work on every request.
 */
export const routing = defineRouting({
  locales: ['en', 'fi'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
  alternateLinks: false,
});

export type AppLocale = (typeof routing.locales)[number];

/**
 * The locale a URL path (a query may follow) is in: the locale its first segment names (`/fi`,
 * `/fi/movie/x`, `/fi?q=1`), else the default (English lives at `/`). Pure.
 */
export function localeOfPath(path: string): AppLocale {
  const first = /^\/([^/?#]*)/.exec(path)?.[1] ?? '';
  return (routing.locales as readonly string[]).includes(first) ? (first as AppLocale) : routing.defaultLocale;
}
