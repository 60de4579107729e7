import { describe, expect, it } from 'vitest';
import { compareHref, compareRows, compareValue, parseCompareIds, type CompareInput } from '@/lib/compare-rows';

/** A release with no optional data: format 3 (DVD), uncut, no ratings, no owners. */
function release(over: Partial<CompareInput> = {}): CompareInput {
  const none = { count: 0, mean: null };
  return {
    format: 3,
    country: null,
    label: null,
    spine_id: null,
    region_code: null,
    street_date: null,
    release_year: null,
    is_cut: false,
    cut_seconds: null,
    cut_seconds_approx: false,
    cut_details: null,
    censorship_info: null,
    alternative_cuts_count: null,
    alternative_cuts_details: null,
    aspect_ratio: null,
    anamorphic: null,
    hdr: [],
    audio_tracks: [],
    subtitles: [],
    format_3d: 0,
    extras: null,
    extras_continued: null,
    package_type: null,
    box_type: null,
    slipcover: 0,
    slipcover_limited_count: null,
    limited_copies: null,
    scan_resolution: null,
    scan_source: null,
    processing: null,
    rrp: null,
    rrp_currency: null,
    member_ratings: { reviews: 0, aspects: { release: none, picture: none, sound: none, extras: none, package: none } },
    owners: 0,
    ...over,
  };
}

describe('parseCompareIds', () => {
  it('takes comma-separated and repeated values, trimmed, without duplicates, in the order given', () => {
    expect(parseCompareIds(['b,a', ' c ', 'a'])).toEqual({ ids: ['b', 'a', 'c'] });
    expect(parseCompareIds(['x_1-Y', 'z'])).toEqual({ ids: ['x_1-Y', 'z'] });
  });

  it('refuses fewer than two or more than four distinct ids, and values that are no public id', () => {
    expect(parseCompareIds([])).toEqual({ error: 'compareCount', count: 0 });
    expect(parseCompareIds(['a,a'])).toEqual({ error: 'compareCount', count: 1 });
    expect(parseCompareIds(['a,b,c,d,e'])).toEqual({ error: 'compareCount', count: 5 });
    expect(parseCompareIds(['a,b c'])).toEqual({ error: 'compareInvalid', count: 2 });
    expect(parseCompareIds(['a', '<b>'])).toEqual({ error: 'compareInvalid', count: 2 });
  });
});

describe('compareHref', () => {
  it('sorts the release ids, whatever order they came in', () => {
    expect(compareHref('M1', ['c', 'a', 'b'])).toBe('/movie/M1/compare?r=a,b,c');
    expect(compareHref('M1', ['b', 'a'])).toBe(compareHref('M1', ['a', 'b']));
  });
});

describe('compareRows', () => {
  it('leaves out rows no release has data for, and marks rows whose values are not all the same', () => {
    const rows = compareRows(
      [release({ format: 7, region_code: 'B' }), release({ format: 3, region_code: 'B' })],
      null,
    );
    const keys = rows.map((r) => r.key);
    expect(keys).toContain('format');
    expect(keys).toContain('regionCode');
    expect(keys).not.toContain('aspectRatio');
    expect(keys).not.toContain('runtime');
    expect(rows.find((r) => r.key === 'format')).toMatchObject({ group: 'release', values: [7, 3], differs: true });
    expect(rows.find((r) => r.key === 'regionCode')).toMatchObject({ values: ['B', 'B'], differs: false });
  });

  it('counts a missing value against a present one as a difference', () => {
    const rows = compareRows([release({ aspect_ratio: '2.35:1' }), release()], null);
    expect(rows.find((r) => r.key === 'aspectRatio')).toMatchObject({
      values: [{ ratio: '2.35:1', anamorphic: null }, null],
      differs: true,
    });
  });

  it('gives the runtime less the cuts (seconds) and the cut status', () => {
    const cut = release({ is_cut: true, cut_seconds: 92, cut_seconds_approx: true });
    expect(compareValue('runtime', cut, 120)).toBe(120 * 60 - 92);
    expect(compareValue('runtime', release(), 120)).toBe(7200);
    expect(compareValue('cut', cut, 120)).toEqual({ cut: true, seconds: 92, approx: true });
    const rows = compareRows([cut, release()], 120);
    expect(rows.find((r) => r.key === 'runtime')).toMatchObject({ values: [7108, 7200], differs: true });
    expect(rows.find((r) => r.key === 'cut')?.differs).toBe(true);
  });

  it('compares lists as sets where order carries no meaning, and ratings to one decimal', () => {
    expect(compareValue('hdr', release({ hdr: ['HDR10', 'Dolby Vision'] }), null)).toEqual(['Dolby Vision', 'HDR10']);
    const rows = compareRows(
      [release({ subtitles: ['Finnish', 'English'] }), release({ subtitles: ['English', 'Finnish'] })],
      null,
    );
    expect(rows.find((r) => r.key === 'subtitles')).toMatchObject({
      values: [
        ['English', 'Finnish'],
        ['English', 'Finnish'],
      ],
      differs: false,
    });
    const rated = release({
      member_ratings: {
        reviews: 3,
        aspects: {
          release: { count: 0, mean: null },
          picture: { count: 3, mean: 4.333 },
          sound: { count: 0, mean: null },
          extras: { count: 0, mean: null },
          package: { count: 0, mean: null },
        },
      },
    });
    expect(compareValue('ratingPicture', rated, null)).toEqual({ count: 3, mean: 4.3 });
    expect(compareValue('ratingSound', rated, null)).toBeNull();
  });

  it('puts the rows in group order', () => {
    const rows = compareRows([release({ owners: 2, region_code: 'A' }), release({ owners: 1 })], null);
    expect(rows.map((r) => r.group)).toEqual(['release', 'release', 'cut', 'community']);
  });
});
