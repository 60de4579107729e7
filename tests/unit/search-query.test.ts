import { describe, expect, it } from 'vitest';
import { isEmptyQuery, isShortQuery, parseSearchQuery } from '@/lib/search-query';

describe('search query syntax', () => {
  it('folds text: case, accents and punctuation', () => {
    const q = parseSearchQuery('  Amélie!  ');
    expect(q).toMatchObject({ raw: 'Amélie!', text: 'amelie', words: ['amelie'], year: null, formats: null });
    expect(parseSearchQuery("Schindler's List").words).toEqual(['schindlers', 'list']);
  });

  it('reads `Title (year)`', () => {
    expect(parseSearchQuery('Alien (1979)')).toMatchObject({ text: 'alien', year: 1979, formats: null });
  });

  it('reads `(year)` alone', () => {
    const q = parseSearchQuery('(1979)');
    expect(q).toMatchObject({ text: '', words: [], year: 1979 });
    expect(isEmptyQuery(q)).toBe(false);
  });

  it('keeps an implausible year as text', () => {
    expect(parseSearchQuery('(0123)')).toMatchObject({ year: null, words: ['0123'] });
  });

  it('reads formats in brackets', () => {
    expect(parseSearchQuery('Alien [4k]')).toMatchObject({ text: 'alien', formats: [7, 11] });
    expect(parseSearchQuery('[DVD]')).toMatchObject({ text: '', formats: [3, 4] });
    expect(parseSearchQuery('Heat [bluray]').formats).toEqual([1, 5]);
    expect(parseSearchQuery('Heat [Blu-ray]').formats).toEqual([1, 5]);
    expect(parseSearchQuery('Evil Dead [vhs]').formats).toEqual([2]);
    expect(parseSearchQuery('Alien (1979) [4K] [dvd]')).toMatchObject({
      text: 'alien',
      year: 1979,
      formats: [3, 4, 7, 11],
    });
  });

  it('searches unknown bracket words as text', () => {
    expect(parseSearchQuery('[rec]')).toMatchObject({ formats: null, words: ['rec'] });
  });

  it('tells short queries (no trigram) from long ones', () => {
    expect(isShortQuery(parseSearchQuery('a'))).toBe(true);
    expect(isShortQuery(parseSearchQuery('ab'))).toBe(true);
    expect(isShortQuery(parseSearchQuery('alien 3'))).toBe(false);
    expect(isShortQuery(parseSearchQuery('(1979)'))).toBe(false);
    expect(isEmptyQuery(parseSearchQuery('  !! '))).toBe(true);
  });

  it('drops repeated words', () => {
    expect(parseSearchQuery('New York New York').words).toEqual(['new', 'york']);
  });
});
