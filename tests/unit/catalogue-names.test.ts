import { describe, expect, it } from 'vitest';
import { countryNameOfCode, languageCode, nameKey, regionCode } from '@/lib/i18n/catalogue-names';
import en from '@/messages/en.json';

/** lib/i18n/catalogue-names.ts: source names (English) to message keys and ISO codes. */
describe('catalogue names', () => {
  it('keys a source name as its message key', () => {
    expect(nameKey('Science Fiction')).toBe('science_fiction');
    expect(nameKey(' TV Movie ')).toBe('tv_movie');
    expect(nameKey('Serbo-Croatian')).toBe('serbo_croatian');
    expect(nameKey('Sotho, Southern')).toBe('sotho_southern');
  });

  it('every genre message is keyed as its English name keys', () => {
    for (const [key, name] of Object.entries(en.catalogueNames.genres)) expect(nameKey(name)).toBe(key);
  });

  it('finds the ISO 3166 code of the countries the movie source names', () => {
    expect(regionCode('Japan')).toBe('JP');
    expect(regionCode('United States of America')).toBe('US');
    expect(regionCode('Germany')).toBe('DE'); // not the deprecated DD
    expect(regionCode('Russia')).toBe('RU'); // not the deprecated SU
    expect(regionCode('Turkey')).toBe('TR');
    expect(regionCode('Czech Republic')).toBe('CZ');
    expect(regionCode('south korea')).toBe('KR');
    expect(regionCode('Atlantis')).toBeNull();
  });

  it('finds the ISO 639 code of the languages the sources name, in any case', () => {
    expect(languageCode('Japanese')).toBe('ja');
    expect(languageCode('english')).toBe('en');
    expect(languageCode('Romanian')).toBe('ro'); // not the deprecated mo
    expect(languageCode('Persian')).toBe('fa');
    expect(languageCode('Tagalog')).toBe('tl');
    expect(languageCode('Klingon')).toBeNull();
  });

  it("names a label's country from its ISO 3166 code in the page's language; an unknown code stays as it is", () => {
    expect(countryNameOfCode('en', 'GB')).toBe('United Kingdom');
    expect(countryNameOfCode('fi', 'GB')).toBe('Iso-Britannia');
    expect(countryNameOfCode('fi', 'de')).toBe('Saksa');
    expect(countryNameOfCode('fi', 'JP')).toBe('Japani');
    expect(countryNameOfCode('en', 'XQ')).toBe('XQ');
    expect(countryNameOfCode('fi', 'not a code')).toBe('not a code');
  });
});
