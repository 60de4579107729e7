/**
 * IMDb title ids (e.g. "tt0001112"), with no imports: the browser's forms check an id with
 * it without loading the schemas' library.
 */

/** An IMDb title id: `tt` and 7 to 10 digits. */
export const IMDB_ID_PATTERN = /^tt\d{7,10}$/;

/** Whether `value` is an IMDb title id (`tt` and 7-10 digits). Pure. */
export function isImdbId(value: string): boolean {
  return IMDB_ID_PATTERN.test(value);
}
