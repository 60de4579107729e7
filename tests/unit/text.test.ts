import { describe, expect, it } from 'vitest';
import { foldText, hasInvertedArticle, naturalTitle, personKey, searchDocument, splitAkas, titleKey } from '@/lib/text';

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
  it('reads an article as listed only where it ends the title or stands before a subtitle', () => {
    expect(titleKey('Good, The Bad and The Ugly, The')).toBe('good the bad and the ugly');
    expect(titleKey('I, The Jury (1953)')).toBe('i the jury 1953');
    expect(titleKey('Ilsa, the Wicked Warden')).toBe('ilsa the wicked warden');
  });
});

describe('naturalTitle', () => {
  it('moves a listed article to the front and keeps the rest as written', () => {
    expect(naturalTitle('Godfather, The')).toBe('The Godfather');
    expect(naturalTitle('Godfather, The: Limited Edition (Steelbook)')).toBe(
      'The Godfather: Limited Edition (Steelbook)',
    );
    expect(naturalTitle('Suicide Squad, The (2021)')).toBe('The Suicide Squad (2021)');
    expect(naturalTitle('Northman, The')).toBe('The Northman');
    expect(naturalTitle('Good, The Bad and The Ugly, The')).toBe('The Good, The Bad and The Ugly');
    expect(naturalTitle('Young Like it Hot, The (1985)/The Sweet Foxes (1983)')).toBe(
      'The Young Like it Hot (1985)/The Sweet Foxes (1983)',
    );
    expect(naturalTitle('Man Called Horse, A')).toBe('A Man Called Horse');
  });
  it('leaves titles whose comma is no listed article', () => {
    for (const t of [
      'I, The Jury',
      'Ilsa, the Wicked Warden',
      'Lock, Stock and Two Smoking Barrels',
      'The Goonies',
      'Alien',
    ])
      expect(naturalTitle(t)).toBe(t);
    expect(hasInvertedArticle('Goonies, The')).toBe(true);
    expect(hasInvertedArticle('The Goonies')).toBe(false);
    expect(hasInvertedArticle('Two Little Vagabonds; or, The Pugilistic Parson')).toBe(false);
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
