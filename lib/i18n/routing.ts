import { defineRouting } from 'next-intl/routing';

/**
 * Locale routing (spec §9: locales en, fi; default en). English lives at `/`, Finnish under `/fi`
 * (`localePrefix: 'as-needed'`). The URL is the only source of the locale: no Accept-Language
 * detection and no locale cookie, so `/` is always English and links are stable for crawlers.
 */
export const routing = defineRouting({
  locales: ['en', 'fi'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});

export type AppLocale = (typeof routing.locales)[number];
