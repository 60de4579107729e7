import { describe, expect, it } from 'vitest';
import { fillPlaceholders, formatDate, formatDuration, formatMoney, joinNames, yearOf } from '@/lib/format';
import { alternatesFor, localePath, parseSitemapPage, releaseJsonLd, sitemapPageNames, truncate } from '@/lib/seo';
import { canonicalParams, hrefForParams, mergeParams, queryString } from '@/components/listing/presets';
import type { ReleaseListItem } from '@/lib/data/types';

describe('formatDate (day/month/year, spec §9)', () => {
  it('formats a full ISO date as dd/mm/yyyy', () => {
    expect(formatDate('1981-09-17')).toBe('17/09/1981');
    expect(formatDate('2024-01-02')).toBe('02/01/2024');
  });
  it('cuts a timestamp at the day', () => {
    expect(formatDate('2019-10-22T00:00:00.000Z')).toBe('22/10/2019');
  });
  it('keeps partial dates partial', () => {
    expect(formatDate('1972')).toBe('1972');
    expect(formatDate('1972-06')).toBe('06/1972');
  });
  it('honours the data precision', () => {
    expect(formatDate('1972-06-01', 'month')).toBe('06/1972');
    expect(formatDate('1972-06-01', 'year')).toBe('1972');
    expect(formatDate('1972-06-01', 'day')).toBe('01/06/1972');
    // a precision finer than the value cannot invent a day
    expect(formatDate('1972-06', 'day')).toBe('06/1972');
  });
  it('returns an empty string for missing or garbage input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('yesterday')).toBe('');
  });
});

describe('formatDuration (minutes:seconds, spec §9)', () => {
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
  it('always shows two decimals without a currency', () => {
    expect(formatMoney('19.9')).toBe('19.90');
    expect(formatMoney(20)).toBe('20.00');
    expect(formatMoney('7.555')).toBe('7.56');
  });
  it('uses the locale currency format with a currency', () => {
    expect(formatMoney('19.9', 'EUR', 'en')).toBe('€19.90');
    expect(formatMoney('19.9', 'EUR', 'fi').replace(/\s/g, ' ')).toBe('19,90 €');
    expect(formatMoney('5', 'GBP', 'en')).toBe('£5.00');
  });
  it('returns an empty string for missing or non-numeric input', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc', 'EUR')).toBe('');
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
});
