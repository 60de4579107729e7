import { describe, expect, it } from 'vitest';
import { editDistance } from '@/lib/text';
import {
  isCorrectableWord,
  isEmptyQuery,
  isShortQuery,
  maxEdits,
  oneEditVariants,
  parseSearchQuery,
  withReplacedWords,
} from '@/lib/search-query';

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

  it('keeps the format brackets as typed', () => {
    expect(parseSearchQuery('Alien (1979) [4K] [dvd]').formatParts).toEqual(['[4K]', '[dvd]']);
    expect(parseSearchQuery('[rec] alien').formatParts).toEqual([]);
  });
});

describe('close spellings', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbouring letters as one edit each', () => {
    expect(editDistance('runer', 'runner')).toBe(1);
    expect(editDistance('kubrik', 'kubrick')).toBe(1);
    expect(editDistance('samuari', 'samurai')).toBe(1);
    expect(editDistance('godfahter', 'godfather')).toBe(1);
    expect(editDistance('terminater', 'terminator')).toBe(1);
    expect(editDistance('casablanka', 'casablanca')).toBe(1);
    expect(editDistance('hitchcok', 'hitchcock')).toBe(1);
    expect(editDistance('alien', 'alien')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('stops at max + 1 once the distance is certain to exceed max', () => {
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
    expect(editDistance('samuari', 'samurai', 1)).toBe(1);
    expect(editDistance('samuari', 'sankari', 1)).toBe(2);
  });

  it('lists every spelling one edit away', () => {
    const v = oneEditVariants('wras');
    expect(v).toEqual(expect.arrayContaining(['wars', 'was', 'wres', 'wraps', 'rwas', 'wrsa', 'wra', 'wras1']));
    expect(v).not.toContain('wras');
    expect(v.every((x) => editDistance('wras', x) === 1)).toBe(true);
    // deletions 4, swaps 3, replacements 4 × 35, insertions 5 × 36, less duplicates
    expect(v.length).toBeLessThanOrEqual(4 + 3 + 4 * 35 + 5 * 36);
    expect(new Set(v).size).toBe(v.length);
  });

  it('allows more edits in longer words', () => {
    expect([3, 4, 5, 8, 9, 20].map(maxEdits)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('corrects words of 3+ characters that are not only digits', () => {
    expect(['ab', 'abc', '2049', 'r2d2', 'terminatr'].map(isCorrectableWord)).toEqual([false, true, false, true, true]);
  });

  it('builds the suggested query with the year and the format brackets as typed', () => {
    const q = parseSearchQuery('Terminatr 2 (1991) [4K]');
    expect(withReplacedWords(q, new Map([['terminatr', 'terminator']]))).toBe('terminator 2 (1991) [4K]');
    expect(withReplacedWords(parseSearchQuery('blade runer'), new Map([['runer', 'runner']]))).toBe('blade runner');
    expect(withReplacedWords(parseSearchQuery('New York New Yrok'), new Map([['yrok', 'york']]))).toBe(
      'new york new york',
    );
  });
});
