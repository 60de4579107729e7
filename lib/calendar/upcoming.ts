import 'server-only';
/**
 * Release calendars as iCal (RFC 5545, written by ical-generator): the feed of upcoming releases
 * (`/releases/upcoming.ics`: one all-day event per approved release whose street date is today or
 * later, earliest first, filtered by format and country as the upcoming listing is) and the
 * builder the member's own calendar uses too (lib/data/member-calendar.ts). Each event's UID is
 * the release's public id at the site's host, so a calendar updates an event instead of adding
 * one when a street date moves.
 */
import icalGenerator, { ICalCalendarMethod } from 'ical-generator';
import { listReleases } from '@/lib/data/releases';
import type { ReleaseListItem } from '@/lib/data/types';
import { fillPlaceholders } from '@/lib/format';
import { absoluteUrl, siteUrl } from '@/lib/seo';
import type { CountryId, FormatId } from '@/lib/validation/enums';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/**
 * The texts of a feed in its language, read from the message files (a route handler has no
 * request locale for next-intl, and the texts are plain placeholders).
 */
export function feedTexts(locale: 'en' | 'fi') {
  const m = locale === 'fi' ? fi : en;
  const formats: Record<string, string> = m.enums.formats;
  const countries: Record<string, string> = m.enums.countries;
  return {
    t: (key: keyof typeof m.calendar, params?: Record<string, unknown>) => fillPlaceholders(m.calendar[key], params),
    format: (id: number) => formats[String(id)] ?? String(id),
    country: (id: number | null) => (id == null ? null : (countries[String(id)] ?? null)),
  };
}

/** Most events in one feed (the nearest street dates). */
export const UPCOMING_FEED_MAX = 500;
/** Releases read per query while filling the feed. */
const BATCH = 100;
/** How long calendars and caches may keep the feed, in seconds. */
export const UPCOMING_FEED_MAX_AGE = 3600;

/** The feed's filters: format and country ids (none: all), and the language of its texts. */
export type UpcomingFeedQuery = { fo: FormatId[]; co: CountryId[]; locale: 'en' | 'fi' };

/** The approved releases with a street date from today on, nearest first, at most UPCOMING_FEED_MAX. */
async function upcomingReleases(q: UpcomingFeedQuery): Promise<ReleaseListItem[]> {
  const found: ReleaseListItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await listReleases({ fo: q.fo, co: q.co, dr: 'future', so: 'date_asc' }, { cursor, limit: BATCH });
    found.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && found.length < UPCOMING_FEED_MAX);
  return found.filter((r) => r.street_date).slice(0, UPCOMING_FEED_MAX);
}

/**
 * The feed as iCalendar text (text/calendar, UTF-8): a calendar named after its filters, one
 * all-day event per release on its street date ({@link releasesCalendar}).
 */
export async function upcomingFeed(q: UpcomingFeedQuery): Promise<string> {
  const { t, format, country } = feedTexts(q.locale);
  const filters = [...q.fo.map(format), ...q.co.map(country).filter((c): c is string => c !== null)];
  return releasesCalendar(await upcomingReleases(q), {
    locale: q.locale,
    name: t('upcomingName', { filters: filters.join(', ') || t('allReleases') }),
    description: t('upcomingDescription'),
    product: 'upcoming-releases',
    url: absoluteUrl(q.locale, '/releases/upcoming'),
  });
}

/**
 * Releases as an iCalendar (RFC 5545) named `name`: one all-day event per release with a street
 * date, on that date, its summary the name and format, its description the format, label, spine
 * number and country, the edition and the movies, its URL the release's page in `locale`; the UID
 * `release-{public id}@{site host}`. Calendars may refresh it every UPCOMING_FEED_MAX_AGE seconds.
 */
export function releasesCalendar(
  releases: readonly ReleaseListItem[],
  o: { locale: 'en' | 'fi'; name: string; description: string; product: string; url: string },
): string {
  const { t, format: formatName, country: countryName } = feedTexts(o.locale);
  const host = new URL(siteUrl()).host;
  const calendar = icalGenerator({
    name: o.name,
    description: o.description,
    prodId: { company: 'DiscShelf', product: o.product, language: o.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: UPCOMING_FEED_MAX_AGE,
    url: o.url,
  });
  for (const r of releases) {
    if (!r.street_date) continue;
    const format = formatName(r.format);
    const country = countryName(r.country);
    calendar.createEvent({
      id: `release-${r.public_id}@${host}`,
      start: new Date(`${r.street_date}T00:00:00Z`),
      allDay: true,
      summary: `${r.name} (${format})`,
      description: [
        [format, r.label?.name, r.spine_id != null ? t('spine', { spine: r.spine_id }) : null, country]
          .filter(Boolean)
          .join(' · '),
        r.edition.length ? r.edition.join(', ') : null,
        r.movies.length ? r.movies.map((m) => (m.year ? `${m.name} (${m.year})` : m.name)).join(', ') : null,
      ]
        .filter(Boolean)
        .join('\n'),
      url: absoluteUrl(o.locale, `/release/${r.public_id}`),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
