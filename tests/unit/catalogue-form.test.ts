/**
 * The catalogue forms' model (lib/validation/catalogue-form.ts): every editable field of an entity
 * is on its form, values survive the round trip through the form's state, a submit sends only
 * what changed, and the required fields keep submit disabled.
 */
import { describe, expect, it } from 'vitest';
import { catalogueFieldNames } from '@/lib/validation/catalogue-fields';
import {
  changedValues,
  formFields,
  fromFormState,
  missingRequired,
  toFormState,
} from '@/lib/validation/catalogue-form';

const release = {
  name: 'Seven Samurai',
  format: 1,
  movies: ['m1', 'm2'],
  label: 'l1',
  label_series: 'Spine',
  country: 4,
  rrp: '19.99',
  region_code: 'B',
  edition: ['Criterion', 'Steelbook'],
  audio_tracks: [{ language: 'Japanese', system: 'LPCM 1.0' }],
  subtitles: ['English'],
  is_cut: true,
  cut_seconds: 12,
  street_date: '2010-10-19',
  slipcover: 1,
};

describe('catalogue forms', () => {
  it('every editable field of each entity is on one of its forms', () => {
    const onForms = (...forms: Parameters<typeof formFields>[0][]) =>
      forms.flatMap((f) => formFields(f).map((s) => s.name)).sort();
    expect(onForms('release')).toEqual([...catalogueFieldNames('release')].sort());
    expect(onForms('movie', 'movie_crew', 'movie_connections')).toEqual([...catalogueFieldNames('movie')].sort());
    expect(onForms('person')).toEqual([...catalogueFieldNames('person')].sort());
    expect(onForms('label')).toEqual([...catalogueFieldNames('label')].sort());
  });

  it('a release read into the form and back gives the same values', () => {
    const back = fromFormState('release', toFormState('release', release), release);
    for (const [k, v] of Object.entries(release)) expect(back[k], k).toEqual(v);
    // Fields the release leaves empty come back empty.
    expect(back.ean).toBeNull();
    expect(back.hdr).toEqual([]);
    expect(back.anamorphic).toBe(false);
  });

  it('a movie keeps its names, certifications (with their source) and rows', () => {
    const movie = {
      type: 1,
      name: 'Alien',
      localized_names: { fi: 'Alien – kahdeksas matkustaja' },
      certifications: [{ country: 'FI', rating: 'K-16', source: 'kavi' }],
      credits: [{ person: 'p1', role: 'director', character: '' }],
      connections: [{ movie: 'm9', kind: 1, info: null }],
    };
    const state = toFormState('movie', movie);
    expect(state.localized_names).toBe('fi: Alien – kahdeksas matkustaja');
    expect(state.certifications).toBe('FI: K-16');
    const back = fromFormState('movie', state, movie);
    expect(back.localized_names).toEqual(movie.localized_names);
    expect(back.certifications).toEqual(movie.certifications);
    expect(fromFormState('movie_crew', toFormState('movie_crew', movie), movie).credits).toEqual(movie.credits);
    expect(fromFormState('movie_connections', toFormState('movie_connections', movie), movie).connections).toEqual(
      movie.connections,
    );
  });

  it('an edit sends only the fields that changed, as typed values', () => {
    const initial = toFormState('release', release);
    expect(changedValues('release', initial, initial, release)).toEqual({});
    const edited = {
      ...initial,
      name: '  Seven Samurai (1954)  ',
      discs_count: '2',
      subtitles: 'English\nFinnish\n\nEnglish',
      spine_number: 'two',
    };
    expect(changedValues('release', initial, edited, release)).toEqual({
      name: 'Seven Samurai (1954)',
      discs_count: 2,
      subtitles: ['English', 'Finnish'],
      // Not a whole number: sent as typed, for the server's 'invalid'.
      spine_number: 'two',
    });
    // Rows with nothing typed are no change.
    const blankRow = {
      ...initial,
      audio_tracks: [...(initial.audio_tracks as object[]), { language: '', system: '' }],
    };
    expect(changedValues('release', initial, blankRow as typeof initial, release)).toEqual({});
  });

  it('required fields left empty are listed', () => {
    expect(missingRequired('release', toFormState('release', {}))).toEqual(['movies', 'name', 'format']);
    expect(missingRequired('release', toFormState('release', release))).toEqual([]);
    expect(missingRequired('person', toFormState('person', { name: '  ' }))).toEqual(['name']);
    expect(missingRequired('movie_crew', toFormState('movie_crew', {}))).toEqual([]);
  });
});
