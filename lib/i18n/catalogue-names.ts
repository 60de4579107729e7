import 'server-only';
import { getTranslations } from 'next-intl/server';
import { keyFromData, type MessageKey } from './keys';

/**
 * Genres, production countries and spoken languages in the page's language. The catalogue keeps
 * them as its sources give them, in English (movies_wikipedia_us.jsonl: TMDb and Wikipedia names;
 * release languages from the disc records), and English pages show them as they are. Elsewhere:
 * - a genre by its message (`catalogueNames.genres`, keyed by {@link nameKey});
 * - a country by its message when it has one (historical countries such as the Soviet Union,
 *   whose ISO codes Intl maps to their successors, and names Intl words awkwardly), else by its
 *   ISO 3166 code through `Intl.DisplayNames`;
 * - a language the same way (`catalogueNames.languages`, else its ISO 639 code through Intl).
 * A name none of these knows is shown as the source gives it.
 */
export type CatalogueNames = {
  genre: (name: string) => string;
  country: (name: string) => string;
  language: (name: string) => string;
};

/** The message key of a source name: lower case, runs of other characters as "_" ("Science Fiction" → "science_fiction"). Pure. */
export function nameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Source country names that are not Intl's English name of their ISO code. */
const COUNTRY_ALIASES: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  'czech republic': 'CZ',
  macedonia: 'MK',
  'republic of macedonia': 'MK',
  turkey: 'TR',
  congo: 'CG',
  'republic of the congo': 'CG',
  'democratic republic of the congo': 'CD',
  'ivory coast': 'CI',
  burma: 'MM',
  swaziland: 'SZ',
  'vatican city': 'VA',
  palestine: 'PS',
};

/** Source language names that are not Intl's English name of an ISO 639 code. */
const LANGUAGE_ALIASES: Record<string, string> = {
  bengali: 'bn',
  bangla: 'bn',
  tagalog: 'tl',
  'sotho, southern': 'st',
  'southern sotho': 'st',
  farsi: 'fa',
};

let regionCodes: Map<string, string> | null = null;
let languageCodes: Map<string, string> | null = null;

/**
 * English name (lower case) → code for every code Intl names in English: two-letter region
 * codes, or two-letter language codes. Deprecated region codes (DD, SU, YU …) are left out: Intl
 * canonicalizes them to their successors. Built once per process.
 */
function englishNames(type: 'region' | 'language'): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
  const map = new Map<string, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters)
    for (const b of letters) {
      const code = type === 'region' ? `${a}${b}`.toUpperCase() : `${a}${b}`;
      const tag = type === 'region' ? `und-${code}` : code;
      let canonical: string | undefined;
      let name: string | undefined;
      try {
        canonical = Intl.getCanonicalLocales(tag)[0];
        name = names.of(code);
      } catch {
        continue; // not a well-formed code
      }
      if (canonical !== tag || !name) continue;
      const key = name.toLowerCase();
      if (!map.has(key)) map.set(key, code);
    }
  return map;
}

/** The ISO 3166-1 alpha-2 code of an English country name from the sources, or null. Pure. */
export function regionCode(name: string): string | null {
  const key = name.trim().toLowerCase();
  regionCodes ??= englishNames('region');
  return COUNTRY_ALIASES[key] ?? regionCodes.get(key) ?? null;
}

/** The ISO 639 code of an English language name from the sources ("Japanese", "english"), or null. Pure. */
export function languageCode(name: string): string | null {
  const key = name.trim().toLowerCase();
  languageCodes ??= englishNames('language');
  return LANGUAGE_ALIASES[key] ?? languageCodes.get(key) ?? null;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** What `Intl.DisplayNames` gives for `code` in `locale`, or null. */
function intlName(locale: string, type: 'region' | 'language', code: string | null): string | null {
  if (!code) return null;
  const key = `${locale}:${type}`;
  let names = displayNames.get(key);
  if (!names) displayNames.set(key, (names = new Intl.DisplayNames([locale], { type, fallback: 'none' })));
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * A country's name in `locale` from its ISO 3166 code, as labels keep their country ("GB" →
 * "United Kingdom", in Finnish "Iso-Britannia"); the code as given when Intl does not know it. Pure.
 */
export function countryNameOfCode(locale: string, code: string): string {
  return intlName(locale, 'region', code.trim().toUpperCase()) ?? code;
}

/** The {@link CatalogueNames} of `locale` (see the module doc). */
export async function catalogueNames(locale: string): Promise<CatalogueNames> {
  if (locale === 'en') return { genre: (n) => n, country: (n) => n, language: (n) => n };
  const t = await getTranslations({ locale, namespace: 'catalogueNames' });
  const message = (group: 'genres' | 'countries' | 'languages', name: string): string | null => {
    const key = keyFromData<`${typeof group}.${MessageKey<`catalogueNames.${typeof group}`>}`>(
      `${group}.${nameKey(name)}`,
    );
    return t.has(key) ? t(key) : null;
  };
  return {
    genre: (name) => message('genres', name) ?? name,
    country: (name) => message('countries', name) ?? intlName(locale, 'region', regionCode(name)) ?? name,
    language: (name) => message('languages', name) ?? intlName(locale, 'language', languageCode(name)) ?? name,
  };
}
