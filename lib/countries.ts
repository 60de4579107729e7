import { COUNTRIES } from '@/lib/validation/enums';

/** A selectable country: its id (lib/validation/enums.ts COUNTRIES) and its name in a locale. */
export type CountryOption = { id: number; name: string };

/**
 * The single countries (ISO codes; not the "Nordic" group) with their names in `locale` (CLDR
 * names through Intl.DisplayNames), sorted by name. Computed on the server and passed to forms,
 * so browsers get the list, not the code that builds it.
 */
export function countryOptions(locale: string): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return Object.entries(COUNTRIES)
    .filter(([code]) => code.length === 2)
    .map(([code, id]) => ({ id, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

const CODE_BY_ID = new Map<number, string>(Object.entries(COUNTRIES).map(([code, id]) => [id, code]));

/** One region-name formatter per locale (a list page names a country per row). */
const REGION_NAMES = new Map<string, Intl.DisplayNames>();

/**
 * The name in `locale` of a single country by its id (CLDR names through Intl.DisplayNames), or
 * null for an unknown id and for a group such as "Nordic".
 */
export function countryName(locale: string, id: number | null | undefined): string | null {
  const code = id != null ? CODE_BY_ID.get(id) : undefined;
  if (!code || code.length !== 2) return null;
  let names = REGION_NAMES.get(locale);
  if (!names) REGION_NAMES.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(code) ?? code;
}
