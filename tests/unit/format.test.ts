import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  formatDate,
  formatDateTime,
  formatDayOf,
  formatDuration,
  formatMegabytes,
  formatMoney,
  formatNumber,
  joinNames,
  siteOf,
  toMegabytes,
  yearOf,
} from '@/lib/format';
import { DEFAULT_TIME_ZONE, dayIn, isTimeZone, siteTimeZone, wallClock } from '@/lib/time-zone';
import { alternatesFor, localePath, parseSitemapPage, releaseJsonLd, sitemapPageNames } from '@/lib/seo';
import { truncate } from '@/lib/text';
import {
  canonicalParams,
  hrefForParams,
  mergeParams,
  queryString,
  searchFormParams,
} from '@/components/listing/presets';
import type { MemberRatings, ReleaseListItem } from '@/lib/data/types';

describe('formatDate: English day/month/year, Finnish d.m.yyyy', () => {
  it('formats a full ISO date', () => {
    expect(formatDate('1981-09-17', 'en')).toBe('17/09/1981');
    expect(formatDate('2024-01-02', 'en')).toBe('02/01/2024');
    expect(formatDate('2026-11-24', 'en')).toBe('24/11/2026');
    expect(formatDate('1981-09-17', 'fi')).toBe('17.9.1981');
    expect(formatDate('2024-01-02', 'fi')).toBe('2.1.2024');
    expect(formatDate('2026-11-24', 'fi')).toBe('24.11.2026');
  });
  it('cuts a timestamp at the day as written', () => {
    expect(formatDate('2019-10-22T00:00:00.000Z', 'en')).toBe('22/10/2019');
    expect(formatDate('2019-10-22T23:59:00.000Z', 'fi')).toBe('22.10.2019');
  });
  it('keeps partial dates partial', () => {
    expect(formatDate('1972', 'en')).toBe('1972');
    expect(formatDate('1972', 'fi')).toBe('1972');
    expect(formatDate('1972-06', 'en')).toBe('06/1972');
    expect(formatDate('1972-06', 'fi')).toBe('6/1972');
    expect(formatDate('2026-11', 'fi')).toBe('11/2026');
  });
  it('honours the data precision', () => {
    expect(formatDate('1972-06-01', 'en', 'month')).toBe('06/1972');
    expect(formatDate('1972-06-01', 'en', 'year')).toBe('1972');
    expect(formatDate('1972-06-01', 'en', 'day')).toBe('01/06/1972');
    expect(formatDate('1972-06-01', 'fi', 'month')).toBe('6/1972');
    expect(formatDate('1972-06-01', 'fi', 'year')).toBe('1972');
    expect(formatDate('1972-06-01', 'fi', 'day')).toBe('1.6.1972');
    // a precision finer than the value cannot invent a day
    expect(formatDate('1972-06', 'en', 'day')).toBe('06/1972');
    expect(formatDate('1972-06', 'fi', 'day')).toBe('6/1972');
  });
  it('writes any locale other than Finnish as English', () => {
    expect(formatDate('1981-09-17', 'fi-FI')).toBe('17.9.1981');
    expect(formatDate('1981-09-17', 'sv')).toBe('17/09/1981');
  });
  it('returns an empty string for missing or garbage input', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'fi')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('yesterday', 'fi')).toBe('');
  });
});

describe('formatDateTime: the clock of the given time zone', () => {
  it('writes the short date and time of each language', () => {
    expect(formatDateTime('2026-11-23T16:40:00Z', 'en', 'Europe/Helsinki')).toBe('23/11/2026, 18:40');
    expect(formatDateTime('2026-11-23T06:05:00Z', 'fi', 'Europe/Helsinki')).toBe('23.11.2026 klo 8.05');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 2, 9, 30)), 'en', 'UTC')).toBe('02/01/2026, 09:30');
  });
  it('follows summer time and the date line of the zone, whatever zone the machine runs in', () => {
    // Helsinki is UTC+3 in summer, UTC+2 in winter; 22:30 UTC is already the next day there.
    expect(formatDateTime('2026-07-01T05:53:00Z', 'fi', 'Europe/Helsinki')).toBe('1.7.2026 klo 8.53');
    expect(formatDateTime('2026-11-29T22:30:00Z', 'fi', 'Europe/Helsinki')).toBe('30.11.2026 klo 0.30');
    expect(formatDateTime('2026-11-29T22:30:00Z', 'en', 'UTC')).toBe('29/11/2026, 22:30');
    expect(formatDateTime('2026-11-29T22:30:00Z', 'en', 'America/New_York')).toBe('29/11/2026, 17:30');
  });
  it('returns an empty string for an unparseable value', () => {
    expect(formatDateTime('soon', 'fi', 'Europe/Helsinki')).toBe('');
  });
});

describe('formatDayOf: the calendar day of a timestamp in the given time zone', () => {
  it("writes the day as formatDate does, on the zone's calendar", () => {
    expect(formatDayOf('2026-11-29T21:59:59Z', 'fi', 'Europe/Helsinki')).toBe('29.11.2026');
    expect(formatDayOf('2026-11-29T22:00:00Z', 'fi', 'Europe/Helsinki')).toBe('30.11.2026');
    expect(formatDayOf('2026-11-29T22:00:00Z', 'en', 'UTC')).toBe('29/11/2026');
    expect(formatDayOf(new Date('2026-06-30T21:30:00Z'), 'en', 'Europe/Helsinki')).toBe('01/07/2026');
  });
  it('returns an empty string for an unparseable value', () => {
    expect(formatDayOf('soon', 'en', 'UTC')).toBe('');
  });
});

describe('the site time zone (SITE_TIME_ZONE)', () => {
  it('defaults to Europe/Helsinki and takes any IANA name', () => {
    expect(siteTimeZone({})).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Helsinki');
    expect(siteTimeZone({ SITE_TIME_ZONE: '  ' })).toBe('Europe/Helsinki');
    expect(siteTimeZone({ SITE_TIME_ZONE: 'UTC' })).toBe('UTC');
    expect(siteTimeZone({ SITE_TIME_ZONE: ' America/New_York ' })).toBe('America/New_York');
  });
  it('refuses a name that is not a time zone, naming the setting', () => {
    expect(() => siteTimeZone({ SITE_TIME_ZONE: 'Europe/Helsinky' })).toThrow(/SITE_TIME_ZONE "Europe\/Helsinky"/);
    expect(isTimeZone('Europe/Helsinki')).toBe(true);
    expect(isTimeZone('+02:00 EET')).toBe(false);
  });
  it('reads the wall clock and calendar day of a moment', () => {
    expect(wallClock(new Date('2026-11-29T22:30:00Z'), 'Europe/Helsinki')).toEqual({
      day: '2026-11-30',
      hour: 0,
      minute: 30,
    });
    expect(wallClock(new Date('nope'), 'UTC')).toBeNull();
    expect(dayIn('2026-03-29T00:59:00Z', 'Europe/Helsinki')).toBe('2026-03-29');
    expect(dayIn('2026-03-28T21:59:00Z', 'Europe/Helsinki')).toBe('2026-03-28');
    expect(dayIn('later', 'UTC')).toBe('');
  });
});

describe('formatDuration (minutes:seconds)', () => {
  it('formats seconds as m:ss', () => {
    expect(formatDuration(540)).toBe('9:00');
    expect(formatDuration(669)).toBe('11:09');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(0)).toBe('0:00');
  });
  it('does not fold minutes into hours', () => {
    expect(formatDuration(4500)).toBe('75:00');
  });
  it('rounds fractional seconds', () => {
    expect(formatDuration(59.6)).toBe('1:00');
  });
  it('returns an empty string for missing or invalid input', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

describe('joinNames', () => {
  it('joins with comma and space', () => {
    expect(joinNames(['Gary Sherman', 'Ronald Shusett'])).toBe('Gary Sherman, Ronald Shusett');
    expect(joinNames(['Only'])).toBe('Only');
    expect(joinNames([])).toBe('');
  });
  it('skips empty entries', () => {
    expect(joinNames(['A', '', null, '  ', undefined, 'B'])).toBe('A, B');
  });
});

describe('formatMoney (2 decimals)', () => {
  it('always shows two decimals without a currency, with the locale decimal mark', () => {
    expect(formatMoney('19.9', null, 'en')).toBe('19.90');
    expect(formatMoney(20, null, 'en')).toBe('20.00');
    expect(formatMoney('7.555', null, 'en')).toBe('7.56');
    expect(formatMoney('19.9', null, 'fi')).toBe('19,90');
    expect(formatMoney('12345.5', null, 'fi')).toBe('12345,50');
  });
  it('uses the locale currency format with a currency', () => {
    expect(formatMoney('19.9', 'EUR', 'en')).toBe('€19.90');
    expect(formatMoney('12.5', 'EUR', 'fi')).toBe('12,50\u00a0€');
    expect(formatMoney('5', 'GBP', 'en')).toBe('£5.00');
    expect(formatMoney('5', 'GBP', 'fi')).toBe('5,00\u00a0£');
    expect(formatMoney('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'fi')).toBe('1\u00a0234,50\u00a0€');
  });
  it('puts an unknown currency code after the amount', () => {
    expect(formatMoney('19.9', 'XQ1', 'fi')).toBe('19,90 XQ1');
  });
  it('returns an empty string for missing or non-numeric input', () => {
    expect(formatMoney(null, 'EUR', 'en')).toBe('');
    expect(formatMoney('', null, 'fi')).toBe('');
    expect(formatMoney('abc', 'EUR', 'en')).toBe('');
  });
});

describe('formatNumber (decimal mark and grouping of the locale)', () => {
  it('writes decimals with a point in English and a comma in Finnish', () => {
    expect(formatNumber(7.9, 'en')).toBe('7.9');
    expect(formatNumber(7.9, 'fi')).toBe('7,9');
    expect(formatNumber('12.50', 'fi')).toBe('12,5');
    expect(formatNumber(12.5, 'fi', { decimals: 2 })).toBe('12,50');
    expect(formatNumber(2 / 3, 'en', { maxDecimals: 1 })).toBe('0.7');
    expect(formatNumber(-7.9, 'fi')).toBe('\u22127,9');
  });
  it('groups thousands (a no-break space in Finnish)', () => {
    expect(formatNumber(5000, 'en')).toBe('5,000');
    expect(formatNumber(5000, 'fi')).toBe('5\u00a0000');
    expect(formatNumber(42, 'fi')).toBe('42');
  });
  it('returns an empty string for missing or non-numeric input', () => {
    expect(formatNumber(null, 'en')).toBe('');
    expect(formatNumber(Number.NaN, 'fi')).toBe('');
    expect(formatNumber(' ', 'fi')).toBe('');
    expect(formatNumber('7,9', 'en')).toBe('');
  });
});

describe('file sizes in megabytes', () => {
  it('rounds a size up to one decimal, so a file over a limit never reads as the limit', () => {
    expect(toMegabytes(20 * 1024 * 1024)).toBe(20);
    expect(toMegabytes(20 * 1024 * 1024 + 1)).toBe(20.1);
    expect(toMegabytes(12.5 * 1024 * 1024)).toBe(12.5);
    expect(toMegabytes(1)).toBe(0.1);
  });
  it('writes the number of megabytes for the locale', () => {
    expect(formatMegabytes(12.5 * 1024 * 1024, 'en')).toBe('12.5');
    expect(formatMegabytes(12.5 * 1024 * 1024, 'fi')).toBe('12,5');
    expect(formatMegabytes(5 * 1024 * 1024, 'fi')).toBe('5');
    expect(formatMegabytes(25_000_000, 'fi')).toBe('23,9');
  });
});

describe('yearOf', () => {
  it('reads the year of an ISO date', () => {
    expect(yearOf('1981-09-17')).toBe(1981);
    expect(yearOf('1972')).toBe(1972);
    expect(yearOf(null)).toBeNull();
    expect(yearOf('x')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// URL and SEO formatting (lib/seo.ts) and the canonical listing URLs (components/listing/presets.ts).

describe('localePath and alternates', () => {
  it('prefixes Finnish paths only', () => {
    expect(localePath('en', '/releases/4k')).toBe('/releases/4k');
    expect(localePath('fi', '/releases/4k')).toBe('/fi/releases/4k');
    expect(localePath('fi', '/')).toBe('/fi');
    expect(localePath('fi', '/?q=a')).toBe('/fi?q=a');
  });
  it('gives canonical plus en, fi and x-default alternates on SITE_URL', () => {
    const old = process.env.SITE_URL;
    process.env.SITE_URL = 'https://example.org/';
    try {
      expect(alternatesFor('fi', '/movie/abc')).toEqual({
        canonical: 'https://example.org/fi/movie/abc',
        languages: {
          en: 'https://example.org/movie/abc',
          fi: 'https://example.org/fi/movie/abc',
          'x-default': 'https://example.org/movie/abc',
        },
      });
    } finally {
      if (old === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = old;
    }
  });
  it('truncates descriptions at a word boundary', () => {
    expect(truncate('short')).toBe('short');
    const long = 'word '.repeat(60);
    const cut = truncate(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('siteOf: the site of a web address', () => {
  it('is the host without www.', () => {
    expect(siteOf('https://thedigitalbits.com/item/dune-arrow-4k-2021-brd')).toBe('thedigitalbits.com');
    expect(siteOf('http://www.blu-ray.com/movies/Dune-4K/1/')).toBe('blu-ray.com');
    expect(siteOf('https://WWW.Example.FI/x')).toBe('example.fi');
  });
  it('is the text itself when it is not an address', () => {
    expect(siteOf('not a url')).toBe('not a url');
  });
});

describe('releaseJsonLd (schema.org Product)', () => {
  const base: ReleaseListItem = {
    public_id: 'r1',
    source_id: null,
    name: 'Garden State',
    format: 3,
    country: 2,
    label: { public_id: 'l1', name: 'Buena Vista' },
    spine_id: null,
    street_date: '2005-03-07',
    release_year: 2005,
    ean: '5017180816203',
    edition: [],
    is_cut: false,
    cut_seconds: null,
    movies: [{ public_id: 'm1', name: 'Garden State', year: 2004 }],
    picture_url: null,
  };
  it('has gtin13 for an EAN-13 and the label as brand', () => {
    const ld = releaseJsonLd(base, 'en', 'DVD');
    expect(ld['@type']).toBe('Product');
    expect(ld.gtin13).toBe('5017180816203');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Buena Vista' });
    expect(ld.category).toBe('DVD');
    expect(ld.releaseDate).toBe('2005-03-07');
  });
  it('leaves gtin13 and brand out when unknown', () => {
    const ld = releaseJsonLd({ ...base, ean: null, label: null }, 'en', 'DVD');
    expect(ld).not.toHaveProperty('gtin13');
    expect(ld).not.toHaveProperty('brand');
    expect(ld).not.toHaveProperty('aggregateRating');
  });
  it("gives the members' ratings of the release as a whole as aggregateRating, only when there are some", () => {
    const aspect = (count: number, mean: number | null) => ({ count, mean });
    const member_ratings: MemberRatings = {
      reviews: 4,
      aspects: {
        release: aspect(3, 13 / 3),
        picture: aspect(4, 5),
        sound: aspect(0, null),
        extras: aspect(0, null),
        package: aspect(0, null),
      },
    };
    const detail = { ...base, member_ratings };
    expect(releaseJsonLd(detail, 'en', 'DVD').aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      ratingCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    const unrated = {
      ...detail,
      member_ratings: { ...member_ratings, aspects: { ...member_ratings.aspects, release: aspect(0, null) } },
    };
    expect(releaseJsonLd(unrated, 'en', 'DVD')).not.toHaveProperty('aggregateRating');
  });
});

describe('canonical listing hrefs', () => {
  const href = (qs: string) => hrefForParams('releases', canonicalParams('releases', new URLSearchParams(qs)));
  it('maps a query to its preset route', () => {
    expect(href('fo=7,11')).toBe('/releases/4k');
    expect(href('fo=11,7')).toBe('/releases/4k');
    expect(href('co=4&fi=cut&so=cut_desc')).toBe('/releases/finnish_censorship');
    expect(href('')).toBe('/releases');
  });
  it('keeps extra parameters on the most specific preset and drops empty or bad values', () => {
    expect(href('fo=7,11&co=4')).toBe('/releases/4k?co=4');
    expect(href('dr=future&so=date_asc&fo=7,11')).toBe('/releases/upcoming?fo=7,11');
    expect(href('fo=3&co=&cd=&so=bogus')).toBe('/releases?fo=3');
  });
  it('lays the URL params over the preset params', () => {
    const merged = canonicalParams('releases', mergeParams('fo=7,11', { co: '4', cursor: 'x' }));
    expect(queryString(merged)).toBe('fo=7,11&co=4');
  });
  it('maps title queries to the title routes', () => {
    const t = (qs: string) => hrefForParams('titles', canonicalParams('titles', new URLSearchParams(qs)));
    expect(t('fi=tv_series')).toBe('/tv_shows');
    expect(t('fi=movie&so=name')).toBe('/movies?so=name');
    expect(t('pc=any&so=year_desc')).toBe('/trashvideo');
  });
  it("a list's search form keeps the filters chosen beyond the route's preset, and asks for name order when none is chosen", () => {
    const form = (preset: string, own: Record<string, string>) =>
      searchFormParams('releases', preset, canonicalParams('releases', mergeParams(preset, own)));
    // /releases/4k?co=4&q=alien: the country stays, the words are the field's own, the preset is the path.
    expect(form('fo=7,11', { co: '4', q: 'alien' })).toEqual([
      ['co', '4'],
      ['so', 'name'],
    ]);
    // An order chosen on the page is kept; a preset's own order (longest cuts first) stays with its path.
    expect(form('', { so: 'date_asc', q: 'alien' })).toEqual([['so', 'date_asc']]);
    expect(form('co=4&fi=cut&so=cut_desc', { q: 'robocop' })).toEqual([]);
  });
});

describe('paged sitemap names', () => {
  it('pages each kind by 10,000 items', () => {
    expect(sitemapPageNames({ releases: 10_001, movies: 1, persons: 0, labels: 10_000 })).toEqual([
      'static',
      'releases-1',
      'releases-2',
      'movies-1',
      'labels-1',
    ]);
  });
  it('parses page file names and rejects others', () => {
    expect(parseSitemapPage('static.xml')).toEqual({ kind: 'static' });
    expect(parseSitemapPage('movies-3.xml')).toEqual({ kind: 'movies', page: 3 });
    expect(parseSitemapPage('movies-0.xml')).toBeNull();
    expect(parseSitemapPage('users-1.xml')).toBeNull();
  });
});

describe('fillPlaceholders', () => {
  it('fills the named placeholders and keeps the unknown ones', () => {
    expect(fillPlaceholders('The file has {rows} rows; at most {max}', { rows: 5001, max: 5000 })).toBe(
      'The file has 5001 rows; at most 5000',
    );
    expect(fillPlaceholders('Larger than {mb} MB', {})).toBe('Larger than {mb} MB');
  });
  it('writes numbers for the locale when given one', () => {
    expect(fillPlaceholders('{added} lisätty, {ambiguous} valittavana', { added: 1200, ambiguous: 0 }, 'fi')).toBe(
      '1\u00a0200 lisätty, 0 valittavana',
    );
    expect(fillPlaceholders('({0}) MB', { 0: 20.1 }, 'en')).toBe('(20.1) MB');
  });
});
