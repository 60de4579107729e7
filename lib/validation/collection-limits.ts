/**
 * Collection limits and choices shared by the forms (browser) and the server, with no imports:
 * forms import these without pulling zod into the browser bundle. Lengths in characters.
 */

/** Collection styles: the six kinds of list 1-6, and 7 for trade (the for-trade list). */
export const COLLECTION_STYLES = {
  none: 1,
  watched: 2,
  owns: 3,
  wanted: 4,
  forSale: 5,
  wantToSee: 6,
  forTrade: 7,
} as const;
export type CollectionStyle = (typeof COLLECTION_STYLES)[keyof typeof COLLECTION_STYLES];
/** Styles that have a shortcut button (toggle): watched and want to see on movies, owns and wanted on releases. */
export const SHORTCUT_STYLES = { 2: 'movies', 6: 'movies', 3: 'releases', 4: 'releases' } as const;
export const COLLECTION_CATEGORIES = ['movies', 'releases'] as const;
export type CollectionCategory = (typeof COLLECTION_CATEGORIES)[number];
export const VISIBILITIES = ['public', 'private'] as const;
/** Currencies of entry prices. */
export const CURRENCIES = ['EUR', 'GBP', 'USD', 'SEK'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Conditions 1-6: mint, good, fine/OK, bad, unusable, sealed. */
export const CONDITIONS = [1, 2, 3, 4, 5, 6] as const;
/** How a movie was watched (entry dialog). */
export const WATCHED_METHODS = ['cinema', 'disc', 'streaming', 'tv', 'download', 'other'] as const;
/** Languages an entry comment may be marked as written in. */
export const COMMENT_LANGUAGES = ['en', 'fi', 'sv', 'de', 'fr', 'es', 'it', 'other'] as const;

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const ENTRY_COMMENT_MAX = 2000;
/** Largest price accepted (in the entry's currency). */
export const PRICE_MAX = 1_000_000;
/** Largest import file the web upload takes, in bytes (5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** File types the import page offers (CSV, JSON, JSON Lines; Letterboxd exports are CSV). */
export const IMPORT_ACCEPT = '.csv,.tsv,.txt,.json,.jsonl,.ndjson,text/csv,application/json';

/**
 * Names the shortcut lists get when the app creates them (registration, first toggle). Stored in
 * English; pages show them translated while the owner keeps the name (`collections.defaultNames`).
 */
export const DEFAULT_LIST_NAMES = {
  2: 'Watched movies',
  3: 'Owned releases',
  4: 'Wanted releases',
  6: 'Movies I want to see',
} as const;

/** The message key of a collection's translated default name, or null for a name of the owner's own. */
export function defaultNameKey(c: { name: string; style: number }): `defaultNames.${2 | 3 | 4 | 6}` | null {
  const style = c.style as keyof typeof DEFAULT_LIST_NAMES;
  return DEFAULT_LIST_NAMES[style] === c.name ? `defaultNames.${style}` : null;
}

/** A picture a collection may show: its URL and the name of the entry's item it comes from. */
export type PictureChoice = { url: string; name: string };
