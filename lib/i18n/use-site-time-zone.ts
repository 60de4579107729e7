import { useTimeZone } from 'next-intl';
import { DEFAULT_TIME_ZONE } from '@/lib/time-zone';

/**
 * The site's time zone in a client component: the one the server configured (SITE_TIME_ZONE,
 * handed over by next-intl's provider from lib/i18n/request.ts), so a time formatted in the browser
 * reads as it does in a page rendered on the server. Falls back to the default zone outside a
 * provider that has one.
 */
export function useSiteTimeZone(): string {
  return useTimeZone() ?? DEFAULT_TIME_ZONE;
}
