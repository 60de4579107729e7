/**
 * The rules for suggested catalogue records (lib/validation/catalogue-rules.ts), each
 * with the field it names and its message key; a rule is checked only when the change touches it.
 */
import { describe, expect, it } from 'vitest';
import {
  AUDIO_TRACKS_MAX,
  checkCatalogueRecord,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  YEAR_MIN,
} from '@/lib/validation/catalogue-rules';
import en from '@/messages/en.json';

const release = { name: 'Seven Samurai', format: 1, movies: ['m1'] };
const all = (r: Record<string, unknown>) => Object.keys(r);

describe('catalogue rules', () => {
  it('a release needs at least one movie, a name and a format', () => {
    expect(checkCatalogueRecord('release', release, all(release)).errors).toEqual({});
    const empty = { name: '', format: null, movies: [] };
    expect(checkCatalogueRecord('release', empty, all(empty)).errors).toEqual({
      name: 'required',
      format: 'required',
      movies: 'required',
    });
  });

  it('box type needs the format, the label series the label, and no release year beside a street date', () => {
    const r = {
      name: 'X',
      movies: ['m'],
      format: null,
      box_type: 'Digipak',
      label_series: 'Academy',
      label: null,
      release_year: 2001,
      street_date: '2001-05-02',
    };
    expect(checkCatalogueRecord('release', r, all(r)).errors).toMatchObject({
      box_type: 'boxTypeNeedsFormat',
      label_series: 'labelSeriesNeedsLabel',
      release_year: 'releaseYearWithStreetDate',
    });
  });

  it('years from 1888, counts from one, text lengths, region codes, barcodes and currencies', () => {
    const r = {
      ...release,
      release_year: YEAR_MIN - 1,
      discs_count: 0,
      name: 'x'.repeat(SHORT_TEXT_MAX + 1),
      extras: 'y'.repeat(LONG_TEXT_MAX + 1),
      region_code: 'Z',
      ean: '1234567890123',
      rrp: '19.99',
      rrp_currency: null,
    };
    const { errors, params } = checkCatalogueRecord('release', r, all(r));
    expect(errors).toEqual({
      release_year: 'yearBelow',
      discs_count: 'lessThanOne',
      name: 'maxLength',
      extras: 'maxLength',
      region_code: 'invalid',
      ean: 'invalid',
      rrp_currency: 'required',
    });
    expect(params.min).toBe(1888);
    // A long text field takes long text.
    const long = { ...release, extras: 'y'.repeat(LONG_TEXT_MAX) };
    expect(checkCatalogueRecord('release', long, ['extras']).errors).toEqual({});
  });

  it('limits the audio tracks by format', () => {
    const track = { language: 'Japanese', system: 'LPCM 1.0' };
    const vhs = { ...release, format: 2, audio_tracks: Array.from({ length: AUDIO_TRACKS_MAX[2] + 1 }, () => track) };
    const r = checkCatalogueRecord('release', vhs, ['audio_tracks']);
    expect(r.errors).toEqual({ audio_tracks: 'audioTracksLimit' });
    expect(r.params).toMatchObject({ format: 2, max: 2 });
    expect(checkCatalogueRecord('release', { ...vhs, audio_tracks: [track, track] }, ['audio_tracks']).errors).toEqual(
      {},
    );
    expect(
      checkCatalogueRecord('release', { ...release, audio_tracks: [{ language: '', system: 'DTS' }] }, ['audio_tracks'])
        .errors,
    ).toEqual({ audio_tracks: 'invalid' });
  });

  it('checks only the rules the change touches (an imported value elsewhere does not block an edit)', () => {
    const imported = { ...release, release_year: 2001, street_date: '2001-05-02', region_code: 'Z' };
    expect(checkCatalogueRecord('release', imported, ['extras']).errors).toEqual({});
    expect(checkCatalogueRecord('release', imported, ['street_date']).errors).toEqual({
      release_year: 'releaseYearWithStreetDate',
    });
  });

  it('movies: type, IMDb id and year', () => {
    const m = { name: 'Film', type: 9, imdb_id: 'nm123', year: 1700 };
    expect(checkCatalogueRecord('movie', m, all(m)).errors).toEqual({
      type: 'invalid',
      imdb_id: 'invalid',
      year: 'yearBelow',
    });
    expect(checkCatalogueRecord('movie', { name: 'Film', imdb_id: 'tt0047478' }, ['imdb_id']).errors).toEqual({});
  });

  it('every message key it uses has a text in the forms messages', () => {
    const keys = [
      'required',
      'maxLength',
      'invalid',
      'yearBelow',
      'lessThanOne',
      'audioTracksLimit',
      'boxTypeNeedsFormat',
      'labelSeriesNeedsLabel',
      'releaseYearWithStreetDate',
      'priceInvalid',
    ];
    for (const k of keys) expect(en.forms, k).toHaveProperty(k);
    expect(en.forms.yearBelow).toBe('Year below {min} not allowed');
    expect(en.forms.lessThanOne).toBe("Can't be less than one");
  });
});
