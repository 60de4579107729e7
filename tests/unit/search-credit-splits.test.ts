import { describe, expect, it } from 'vitest';
import { creditSplits, MAX_CREDIT_SPLIT_WORDS } from '@/lib/data/search-credits';

const show = (words: string[]) => creditSplits(words).map((s) => `${s.person.join(' ')} | ${s.title.join(' ')}`);

describe('creditSplits', () => {
  it('tries the person named first, longer names first, then the person named last', () => {
    expect(show(['kurosawa', 'samurai'])).toEqual(['kurosawa | samurai', 'samurai | kurosawa']);
    expect(show(['akira', 'kurosawa', 'seven', 'samurai'])).toEqual([
      'akira kurosawa seven | samurai',
      'akira kurosawa | seven samurai',
      'akira | kurosawa seven samurai',
      'kurosawa seven samurai | akira',
      'seven samurai | akira kurosawa',
      'samurai | akira kurosawa seven',
    ]);
  });

  it('does not split one word or more than the maximum, and needs a 3+ letter word in the name', () => {
    expect(show(['kurosawa'])).toEqual([]);
    expect(show(Array.from({ length: MAX_CREDIT_SPLIT_WORDS + 1 }, (_, i) => `word${i}`))).toEqual([]);
    expect(show(['jo', 'alien'])).toEqual(['alien | jo']);
  });
});
