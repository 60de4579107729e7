/**
 * Deletion requests, the pure parts: the body schema keeps the merge target, the dialog reads a
 * public id out of a pasted address, and the page proxy knows an item page's address (not its
 * history) and answers a deleted item with a translated, not indexed 410 page.
 */
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { gonePage, itemHref, itemPathOf } from '@/lib/server/gone-page';
import { changeRequestSchema, mergeTargetOf } from '@/lib/validation/changes';
import { CONTRIBUTION_POINTS, pointsFor } from '@/lib/validation/catalogue-fields';

describe('a deletion request body', () => {
  it('keeps the merge target and refuses one that is no public id', () => {
    const body = { entity: 'release', kind: 'delete', target: 'abc', note: 'Dupe', merge_into: 'def_1' };
    expect(changeRequestSchema.parse(body).merge_into).toBe('def_1');
    expect(changeRequestSchema.safeParse({ ...body, merge_into: 'no spaces' }).success).toBe(false);
  });
  it('earns the deletion points', () => {
    expect(pointsFor('delete', 'label', 0)).toBe(CONTRIBUTION_POINTS.delete);
  });
});

describe('mergeTargetOf', () => {
  it('reads the id out of an address of the same kind, or takes the text as the id', () => {
    expect(mergeTargetOf(' https://discshelf.example/fi/release/Ab_1-x/photos ', 'release')).toBe('Ab_1-x');
    expect(mergeTargetOf('/movie/xyz', 'movie')).toBe('xyz');
    expect(mergeTargetOf('  xyz ', 'person')).toBe('xyz');
    // An address of another kind is not taken apart (the server refuses it as no such item).
    expect(mergeTargetOf('/movie/xyz', 'label')).toBe('/movie/xyz');
  });
});

describe('the page proxy’s item paths and 410 page', () => {
  it('knows item pages and their tabs in both locales, not their history or other pages', () => {
    expect(itemPathOf('/release/abc')).toEqual({ locale: 'en', entity: 'release', publicId: 'abc', rest: '' });
    expect(itemPathOf('/fi/movie/abc/photos')).toEqual({
      locale: 'fi',
      entity: 'movie',
      publicId: 'abc',
      rest: '/photos',
    });
    expect(itemPathOf('/label/abc/paged/')).toMatchObject({ entity: 'label', rest: '/paged' });
    expect(itemPathOf('/person/abc/history')).toBeNull();
    expect(itemPathOf('/fi/person/abc/history')).toBeNull();
    expect(itemPathOf('/releases/4k')).toBeNull();
    expect(itemPathOf('/collection/abc')).toBeNull();
    expect(itemHref({ locale: 'fi', entity: 'person', publicId: 'x', rest: '/releases' })).toBe(
      '/fi/person/x/releases',
    );
    expect(itemHref({ locale: 'en', entity: 'person', publicId: 'x', rest: '' })).toBe('/person/x');
  });
  it('answers 410 in the locale of the path, not indexed, linking the history', () => {
    const fiPage = gonePage({ locale: 'fi', entity: 'release', publicId: 'abc', rest: '/photos' });
    expect(fiPage.status).toBe(410);
    expect(fiPage.headers['x-robots-tag']).toBe('noindex');
    expect(fiPage.body).toContain('<meta name="robots" content="noindex">');
    expect(fiPage.body).toContain('<html lang="fi">');
    expect(fiPage.body).toContain(fi.errors.gone.title);
    expect(fiPage.body).toContain('href="/fi/release/abc/history"');
    const enPage = gonePage({ locale: 'en', entity: 'movie', publicId: 'abc', rest: '' });
    expect(enPage.body).toContain(en.errors.gone.title);
    expect(enPage.body).toContain('href="/movie/abc/history"');
  });
});
