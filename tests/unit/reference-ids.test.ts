/**
 * refIdsOf (lib/data/catalogue-form.ts): the public ids a change request's or revision's values
 * name, read through REFERENCE_FIELDS, so the admin queue and the history can show names.
 */
import { describe, expect, it } from 'vitest';
import { refIdsOf } from '@/lib/data/catalogue-form';
import { catalogueFieldNames, REFERENCE_FIELDS, CATALOGUE_ENTITIES } from '@/lib/validation/catalogue-fields';

describe('refIdsOf', () => {
  it('reads a release’s movies and label', () => {
    expect(refIdsOf('release', { name: 'Ran', movies: ['m1', 'm2'], label: 'l1', label_series: 'Masters' })).toEqual({
      movies: ['m1', 'm2'],
      persons: [],
      labels: ['l1'],
    });
  });

  it('reads a movie’s series, connections and credits, skipping empty values', () => {
    const ids = refIdsOf('movie', {
      episode_of: 's1',
      connections: [{ movie: 'm9', kind: 3, info: null }],
      credits: [
        { person: 'p1', role: 'director', character: '' },
        { person: '', role: 'actor', character: 'Kambei' },
      ],
    });
    expect(ids).toEqual({ movies: ['s1', 'm9'], persons: ['p1'], labels: [] });
    expect(refIdsOf('movie', { episode_of: null, connections: [], credits: null })).toEqual({
      movies: [],
      persons: [],
      labels: [],
    });
  });

  it('names only editable fields of each entity', () => {
    for (const entity of CATALOGUE_ENTITIES)
      for (const field of Object.keys(REFERENCE_FIELDS[entity])) expect(catalogueFieldNames(entity)).toContain(field);
  });
});
