import { describe, expect, it } from 'vitest';
import {
  emptyReleaseQuery,
  listingSearchParams,
  parsePaging,
  parseReleaseListParams,
  parseTitleListParams,
  RELEASE_PRESETS,
  TITLE_PRESETS,
  type ReleaseListQuery,
} from '@/lib/validation/listing';

function release(params: ConstructorParameters<typeof URLSearchParams>[0], mode: 'api' | 'page' = 'api') {
  return parseReleaseListParams(new URLSearchParams(params), mode);
}

describe('listing presets', () => {
  const expected: Record<string, string> = {
    all: '',
    out_now: 'so=date_desc&dr=past',
    upcoming: 'so=date_asc&dr=future',
    '4k': 'fo=7%2C11',
    bluray: 'fo=1%2C5',
    dvd: 'fo=3%2C4',
    videotapes: 'fo=2',
    finnish_censorship: 'co=4&fi=cut&so=cut_desc',
    finnish_video_releases: 'co=4%2C96',
  };
  it.each(Object.entries(RELEASE_PRESETS))('release preset %s produces its documented query', (name, params) => {
    const parsed = parseReleaseListParams(params, 'api');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(listingSearchParams(parsed.query).toString()).toBe(expected[name]);
  });

  it('the Finnish censorship preset is cut filter, country 4, cut amount descending', () => {
    const parsed = parseReleaseListParams(RELEASE_PRESETS.finnish_censorship, 'api');
    expect(parsed).toEqual({ ok: true, query: { ...emptyReleaseQuery(), fi: ['cut'], co: [4], so: 'cut_desc' } });
  });

  it('title presets', () => {
    const out = Object.fromEntries(
      Object.entries(TITLE_PRESETS).map(([name, params]) => {
        const parsed = parseTitleListParams(params, 'api');
        return [name, parsed.ok ? listingSearchParams(parsed.query).toString() : parsed.error];
      }),
    );
    expect(out).toEqual({
      movies: 'fi=movie',
      tv_shows: 'fi=tv_series',
      tv_episodes: 'fi=tv_episode',
      trashvideo: 'so=year_desc&pc=any',
    });
  });
});

describe('listing parameter parsing', () => {
  it('parses every parameter', () => {
    const parsed = release(
      'fo=11,7&co=96,4&fi=cut,movie&so=name&pc=abc_1,XY-2&la=Finnish&q=Alien&cd=over5&dr=future&dn=28&pr=u20&label=jWuMK0cxPf&spine=42&ean=786936224306',
    );
    expect(parsed).toEqual({
      ok: true,
      query: {
        fo: [7, 11],
        co: [4, 96],
        fi: ['movie', 'cut'],
        so: 'name',
        pc: ['abc_1', 'XY-2'],
        la: 'finnish',
        q: 'Alien',
        cd: 'over5',
        dr: 'future',
        dn: 28,
        pr: 'u20',
        label: 'jWuMK0cxPf',
        spine: 42,
        ean: '0786936224306',
      } satisfies ReleaseListQuery,
    });
  });

  it('drops empty values, also from the canonical query string', () => {
    const parsed = release('fo=&co=4&fi=&so=&q=%20%20&pc=&la=');
    expect(parsed.ok && parsed.query).toEqual({ ...emptyReleaseQuery(), co: [4] });
    expect(parsed.ok && listingSearchParams(parsed.query).toString()).toBe('co=4');
  });

  it('accepts a record with arrays (Next searchParams)', () => {
    const parsed = parseReleaseListParams({ fo: ['1', '5'], co: undefined, q: 'heat' }, 'api');
    expect(parsed.ok && parsed.query).toMatchObject({ fo: [1, 5], co: [], q: 'heat' });
  });

  it.each([
    ['fo=6', 'fo'],
    ['fo=1,x', 'fo'],
    ['co=999', 'co'],
    ['fi=banned', 'fi'],
    ['so=random', 'so'],
    ['cd=over20', 'cd'],
    ['dr=yesterday', 'dr'],
    ['dn=30', 'dn'],
    ['pr=u15', 'pr'],
    ['spine=12a', 'spine'],
    ['label=bad id!', 'label'],
    ['la=12', 'la'],
  ])('api mode: %s → error naming %s', (query, name) => {
    const parsed = release(query, 'api');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(name);
  });

  it('api mode: a barcode with a wrong check digit gives the barcode message', () => {
    const parsed = release('ean=5017180816204', 'api');
    expect(parsed).toEqual({ ok: false, error: expect.stringMatching(/check digit.*should be 3/) });
  });

  it('page mode never fails and drops the bad values only', () => {
    const parsed = release('fo=6,7&co=999&so=random&ean=123&spine=x&dn=7', 'page');
    expect(parsed).toEqual({ ok: true, query: { ...emptyReleaseQuery(), fo: [7], dn: 7 } });
  });

  it('pc=any is kept as any', () => {
    const parsed = parseTitleListParams(new URLSearchParams('pc=any'), 'api');
    expect(parsed.ok && parsed.query.pc).toBe('any');
  });

  it('rejects a q longer than 200 characters in api mode', () => {
    expect(release(`q=${'a'.repeat(201)}`).ok).toBe(false);
  });

  it('paging: limit 1-100, default per list', () => {
    expect(parsePaging(new URLSearchParams(''), 24)).toEqual({ cursor: null, limit: 24 });
    expect(parsePaging(new URLSearchParams('limit=100&cursor=abc'), 24)).toEqual({ cursor: 'abc', limit: 100 });
    for (const bad of ['0', '101', '-1', '2.5', 'ten'])
      expect(() => parsePaging(new URLSearchParams(`limit=${bad}`), 24)).toThrow(/limit/);
  });
});
