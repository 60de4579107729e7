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
