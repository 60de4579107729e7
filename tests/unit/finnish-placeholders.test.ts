/**
 * Finnish grammar around placeholders (messages/fi.json). Finnish inflects words, so a text that
 * glues a case ending or a compound part to a placeholder ("{format}-julkaisu") breaks when the
 * value is several words ("4K UHD-julkaisu"), and a noun in the partitive after a number
 * ("{minutes} minuuttia") is wrong for 1 ("1 minuuttia"). Both are allowed only where the value is
 * safe by construction, listed here with the reason.
 */
import { describe, expect, it } from 'vitest';
import fi from '@/messages/fi.json';

type Messages = { [key: string]: string | Messages };

function leaves(d: Messages, prefix = ''): [string, string][] {
  return Object.entries(d).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

/** Placeholders whose value is always one word, so a suffix may be glued to them. */
const SINGLE_WORD: Record<string, string> = {
  provider: 'Facebook or Google',
  decade: 'a four-digit year such as 1970 ("1970-luku")',
};

/** Placeholders that hold numbers (outside a plural). */
const NUMBERS = [
  'count',
  'minutes',
  'seconds',
  'rows',
  'max',
  'min',
  'mb',
  'kb',
  'added',
  'ambiguous',
  'unmatched',
  '0',
  '1',
];

/** Number placeholders followed by a partitive that are never 1 by construction: key → placeholder, and why. */
const NEVER_ONE: Record<string, { placeholder: string; why: string }> = {
  'api.importTooManyRows': { placeholder: 'rows', why: 'only said for files over the 5,000-row limit' },
  'collectionImport.limits': { placeholder: 'rows', why: 'the row limit, 5,000' },
  'forms.maxLength': { placeholder: 'max', why: 'a field length limit, at least 60' },
  'forms.passwordTooShort': { placeholder: 'min', why: 'the password minimum, 8' },
  'account.passwordHint': { placeholder: 'min', why: 'the password minimum, 8' },
  'collectionImport.unknownDiscs.submitOther': {
    placeholder: 'count',
    why: "the plural form the unknown discs' form picks by Intl.PluralRules for counts other than 1 (submitOne is 1's)",
  },
  'collectionImport.unknownDiscs.notSentOther': {
    placeholder: 'count',
    why: "the plural form the unknown discs' form picks by Intl.PluralRules for counts other than 1 (notSentOne is 1's)",
  },
};

/** A Finnish noun in the partitive singular (minuuttia, riviä, kappaletta), not another case ending in a/ä. */
function isPartitive(word: string): boolean {
  if (/(lla|llä|ssa|ssä|sta|stä|lta|ltä|na|nä)$/.test(word)) return false;
  return /[aä]$/.test(word);
}

/** Messages that break the two rules; the messages of the file given (fi.json unless a test passes another). */
function problems(messages: Messages): { glued: string[]; partitive: string[] } {
  const glued: string[] = [];
  const partitive: string[] = [];
  for (const [key, text] of leaves(messages)) {
    for (const m of text.matchAll(/\{(\w+)\}(?:-|:)?[a-zA-ZäöåÄÖÅ]/g)) {
      if (/^\{\w+\}[a-zA-ZäöåÄÖÅ-]|^\{\w+\}:[a-zäöå]/.test(m[0]) && !(m[1] in SINGLE_WORD))
        glued.push(`${key}: ${m[0]}`);
    }
    for (const m of text.matchAll(/\{(\w+)\} ([a-zäöå]+)/g)) {
      if (!NUMBERS.includes(m[1]) || !isPartitive(m[2])) continue;
      if (NEVER_ONE[key]?.placeholder === m[1]) continue;
      partitive.push(`${key}: ${m[0]}`);
    }
  }
  return { glued, partitive };
}

describe('Finnish placeholders', () => {
  it('no suffix or compound part is glued to a placeholder that may hold several words', () => {
    expect(problems(fi).glued).toEqual([]);
  });

  it('no number placeholder outside a plural is followed by a partitive noun (wrong for 1)', () => {
    expect(problems(fi).partitive).toEqual([]);
  });

  it('catches the broken forms', () => {
    const broken = {
      a: { b: '{name}: {format}-julkaisu', c: 'Täytä tätä listaa {button}-painikkeella', d: '{name}:n kokoelma' },
      e: { f: '{minutes} minuuttia', g: '{label}, {count} kappaletta' },
      ok: { h: 'Jatka {provider}-tilillä', i: '{minutes} min', j: '{count} nimikkeellä', k: '{decade}-luku' },
    };
    expect(problems(broken)).toEqual({
      glued: ['a.b: {format}-j', 'a.c: {button}-p', 'a.d: {name}:n'],
      partitive: ['e.f: {minutes} minuuttia', 'e.g: {count} kappaletta'],
    });
  });
});
