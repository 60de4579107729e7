import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { precompileMessages, type MessageTree } from '@/lib/i18n/precompile';

type Messages = { [key: string]: string | Messages };

/** Flattens nested messages into `namespace.key` → text. */
export function flattenMessages(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * Texts that may be identical in English and Finnish: the brand, format names and codes that are
 * the same in both languages. Keep this list short; add an entry only for a name or a code, never
 * for a sentence.
 */
export const SAME_IN_BOTH_LANGUAGES: ReadonlySet<string> = new Set([
  'DiscShelf',
  'VHS',
  'DVD',
  'DVD-R',
  'Blu-ray',
  'Blu-ray 3D',
  '4K',
  '4K UHD',
  '4K UHD + Blu-ray',
  '4K Ultra HD',
  'UHD',
  'HDR',
  'HDR10',
  'HDR10+',
  'Dolby Vision',
  'Dolby Atmos',
  'DTS:X',
  'EAN',
  'UPC',
  'EAN/UPC',
  'IMDb',
  'TMDb',
  'TMDB',
  'Wikipedia',
  // Social sites of a user's profile links (Facebook, Instagram, YouTube, TikTok, X) and the login providers.
  'Facebook',
  'Google',
  'Instagram',
  'YouTube',
  'TikTok',
  'X',
  'The Criterion Collection',
  'PAL',
  'NTSC',
  'OK',
  // Film genres Finnish calls by their English names.
  'Western',
  'Slasher',
  // A country name written the same in Finnish, and the minute and second abbreviations used in both languages.
  'Australia',
  '{minutes} min',
  '{minutes} min {seconds} s',
  // A loanword Finnish writes the same (a YouTube video as a catalogue item).
  'Video',
]);

/** True when a text has no words to translate (only ICU placeholders, digits and punctuation). */
function hasNoWords(text: string): boolean {
  const withoutPlaceholders = text.replace(/\{[^{}]*\}/g, '');
  return !/\p{L}/u.test(withoutPlaceholders);
}

const enFlat = flattenMessages(en as Messages);
const fiFlat = flattenMessages(fi as Messages);

describe('messages/en.json and messages/fi.json', () => {
  it('have identical key sets', () => {
    const onlyEn = [...enFlat.keys()].filter((k) => !fiFlat.has(k));
    const onlyFi = [...fiFlat.keys()].filter((k) => !enFlat.has(k));
    expect({ onlyEn, onlyFi }).toEqual({ onlyEn: [], onlyFi: [] });
  });

  it('are valid ICU messages (a stray "<tag>" or brace fails the build otherwise)', () => {
    expect(() => precompileMessages(en as MessageTree)).not.toThrow();
    expect(() => precompileMessages(fi as MessageTree)).not.toThrow();
    expect(() => precompileMessages({ bad: 'send <token> here' })).toThrow();
  });

  it('have no empty texts', () => {
    const empty = [...enFlat, ...fiFlat].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('translate every text into Finnish (outside the documented allowlist)', () => {
    const untranslated = [...enFlat]
      .filter(([key, text]) => fiFlat.get(key) === text && !SAME_IN_BOTH_LANGUAGES.has(text) && !hasNoWords(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  it('use the same ICU placeholders in both languages', () => {
    // `{name}` or `{name, plural, ...}`; plural branch texts (`{# results}`) are not names.
    const names = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    const mismatched = [...enFlat]
      .filter(
        ([key, text]) =>
          fiFlat.has(key) &&
          JSON.stringify([...new Set(names(text))]) !== JSON.stringify([...new Set(names(fiFlat.get(key)!))]),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('carry the spec texts word for word in English and translated in Finnish', () => {
    const specTexts: Record<string, string> = {
      'errors.notFound': 'Page not found. Try these pages',
      'errors.serverError':
        'Something went wrong but it is not your fault. Please try again later or use the contact form',
      'errors.itemNotFound': '404 not found',
      'search.noResults': 'No results',
      'search.complex': 'Complex search warning',
    };
    for (const [key, text] of Object.entries(specTexts)) {
      expect(enFlat.get(key), key).toBe(text);
      expect(fiFlat.get(key), key).toBeTruthy();
      expect(fiFlat.get(key), key).not.toBe(text);
    }
  });

  it("end the 500 page's text with the words that link to the contact form", () => {
    // The error pages link the text's last words (components/layout/error-view.tsx, app/global-error.tsx).
    for (const flat of [enFlat, fiFlat]) {
      const words = flat.get('errors.contactFormWords')!;
      expect(words.length).toBeGreaterThan(0);
      expect(flat.get('errors.serverError')!.endsWith(words)).toBe(true);
    }
  });

  it('detects an untranslated text (self-check of the rule)', () => {
    const fakeFi = new Map(fiFlat);
    fakeFi.set('nav.movies', enFlat.get('nav.movies')!);
    const untranslated = [...enFlat].filter(
      ([key, text]) => fakeFi.get(key) === text && !SAME_IN_BOTH_LANGUAGES.has(text) && !hasNoWords(text),
    );
    expect(untranslated.map(([k]) => k)).toEqual(['nav.movies']);
  });
});
