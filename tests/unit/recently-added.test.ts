/**
 * The recently added listing's address and the old `/releases/new` links sent to it
 * (lib/recently-added.ts): which requests carry listing parameters, and the target URL.
 */
import { describe, expect, it } from 'vitest';
import { canonicalParams, hrefForParams } from '@/components/listing/presets';
import { hasListingParams, RECENTLY_ADDED_HREF, recentlyAddedHref } from '@/lib/recently-added';

describe('hasListingParams', () => {
  it.each([
    [{ fo: '7' }, true],
    [{ so: 'name' }, true],
    [{ q: 'alien' }, true],
    [{ cursor: 'abc' }, true],
    [{ la: 'Finnish', dn: '' }, true],
    [{ fo: ['', '7'] }, true],
    [{}, false],
    [{ fo: '' }, false], // only a non-empty value counts
    [{ fo: '  ', co: [] }, false],
    [{ utm_source: 'newsletter' }, false], // not a listing parameter
  ] as [Record<string, string | string[]>, boolean][])('%j → %s', (params, expected) => {
    expect(hasListingParams(params)).toBe(expected);
  });

  it('reads URLSearchParams the same way', () => {
    expect(hasListingParams(new URLSearchParams('fo=7'))).toBe(true);
    expect(hasListingParams(new URLSearchParams('fo=&ref=home'))).toBe(false);
  });
});

describe('recentlyAddedHref', () => {
  it('is /releases?so=added_desc followed by the listing parameters given', () => {
    expect(recentlyAddedHref({})).toBe('/releases?so=added_desc');
    expect(recentlyAddedHref({ fo: '7' })).toBe('/releases?so=added_desc&fo=7');
    expect(recentlyAddedHref({ co: '4,96', fo: '7,11', q: 'alien [4k]' })).toBe(
      '/releases?so=added_desc&fo=7,11&co=4,96&q=alien+%5B4k%5D',
    );
    expect(recentlyAddedHref({ fo: ['1', '7'], cursor: 'eyJ2Ijo' })).toBe(
      '/releases?so=added_desc&fo=1&fo=7&cursor=eyJ2Ijo',
    );
  });

  it('keeps a known order the link asked for, and replaces an unknown one with added_desc', () => {
    expect(recentlyAddedHref({ so: 'name', fo: '2' })).toBe('/releases?so=name&fo=2');
    expect(recentlyAddedHref({ so: 'bogus', fo: '2' })).toBe('/releases?so=added_desc&fo=2');
    expect(recentlyAddedHref({ so: '' })).toBe('/releases?so=added_desc');
  });

  it('leaves out empty values and parameters the listing does not read', () => {
    expect(recentlyAddedHref({ fo: '', co: '4', utm_source: 'x' })).toBe('/releases?so=added_desc&co=4');
    expect(recentlyAddedHref(new URLSearchParams('dr=past&dn=28&ref=home'))).toBe(
      '/releases?so=added_desc&dr=past&dn=28',
    );
  });

  it('is the canonical address of the listing in the added order (no preset route maps to it)', () => {
    expect(hrefForParams('releases', canonicalParams('releases', new URLSearchParams('so=added_desc')))).toBe(
      RECENTLY_ADDED_HREF,
    );
    expect(hrefForParams('releases', canonicalParams('releases', new URLSearchParams('so=added_desc&fo=7,11')))).toBe(
      '/releases/4k?so=added_desc',
    );
  });
});
