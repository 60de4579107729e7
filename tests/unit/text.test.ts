import { describe, expect, it } from 'vitest';
import { foldText, personKey, searchDocument, splitAkas, titleKey } from '@/lib/text';

describe('foldText', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldText('Amélie')).toBe('amelie');
    expect(foldText('  Léon: The Professional!! ')).toBe('leon the professional');
    expect(foldText('Schindler’s List')).toBe('schindlers list');
    expect(foldText('Dead & Buried')).toBe('dead and buried');
    expect(foldText('Neljä kärpästä harmaalla sametilla')).toBe('nelja karpasta harmaalla sametilla');
    expect(foldText('Søren Kragh-Jacobsen')).toBe('soren kragh jacobsen');
    expect(foldText(null)).toBe('');
  });
});

describe('titleKey', () => {
  it('drops a leading article and un-inverts a listed one', () => {
    expect(titleKey('The Witch')).toBe('witch');
    expect(titleKey('Witch, The')).toBe('witch');
    expect(titleKey('Wolf Man, The (1941)')).toBe('wolf man 1941');
    expect(titleKey('A Clockwork Orange')).toBe('clockwork orange');
    expect(titleKey('Theater')).toBe('theater');
  });
  it('keeps different titles different', () => {
    expect(titleKey('Alien')).not.toBe(titleKey('Aliens'));
  });
});

describe('search documents and akas', () => {
  it('joins folded parts and skips empty ones', () => {
    expect(searchDocument('Amélie', null, ['Le Fabuleux Destin', ''], '2001')).toBe('amelie le fabuleux destin 2001');
    expect(personKey('Erich von Stroheim')).toBe('erich von stroheim');
  });
  it('splits akas entered with semicolons', () => {
    expect(splitAkas('Noituutta; Kuolleet ja haudatut;;Noituutta ')).toEqual(['Noituutta', 'Kuolleet ja haudatut']);
    expect(splitAkas('')).toEqual([]);
  });
});
