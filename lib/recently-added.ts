/**
 * The recently added releases listing: `/releases?so=added_desc` (the release listing in the
 * order of their addition to the catalogue, newest first). It used to be served at
 * `/releases/new`, a path the spec gives to the form for suggesting a new release; links to the
 * old address carry listing parameters and are sent here (app/[locale]/releases/new/page.tsx).
 * Pure code, no I/O.
 */
import { LIST_SORTS } from '@/lib/validation/listing';

/** Listing parameters of the recently added listing. */
export const RECENTLY_ADDED_PARAMS = 'so=added_desc';
/** Unprefixed path and query of the recently added listing. */
export const RECENTLY_ADDED_HREF = `/releases?${RECENTLY_ADDED_PARAMS}`;

/**
 * The query parameters a release listing page reads (lib/validation/listing.ts, the cursor of
 * its next pages included), in the order the target URL lists them after `so`.
 */
export const RELEASE_LISTING_PARAMS = [
  'so',
  'fo',
  'co',
  'fi',
  'pc',
  'la',
  'q',
  'cd',
  'dr',
  'dn',
  'pr',
  'label',
  'spine',
  'ean',
  'cursor',
] as const;

/** Page search params as Next passes them, or a URLSearchParams. */
export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** The non-empty values of one parameter, trimmed, in the order given. */
function valuesOf(params: SearchParamsInput, name: string): string[] {
  const raw = params instanceof URLSearchParams ? params.getAll(name) : [params[name] ?? []].flat();
  return raw.map((v) => v.trim()).filter(Boolean);
}

/**
 * Whether a request carries release listing parameters: any of {@link RELEASE_LISTING_PARAMS}
 * with a non-empty value (a route counts as having parameters when any query value is
 * non-empty). Other parameters (`utm_source`, …) do not count.
 */
export function hasListingParams(params: SearchParamsInput): boolean {
  return RELEASE_LISTING_PARAMS.some((name) => valuesOf(params, name).length > 0);
}

/**
 * The recently added listing with a request's listing parameters: `so` first, then the others in
 * the order of {@link RELEASE_LISTING_PARAMS} with their values as given (a repeated parameter
 * stays repeated; empty values and other parameters are left out). A valid `so` of the request
 * is kept, as the old `/releases/new` showed it (the URL's own parameters replaced the listing's
 * order); none, or an unknown one, gives `added_desc`.
 * @returns an unprefixed href, e.g. `/releases?so=added_desc&fo=7`
 */
export function recentlyAddedHref(params: SearchParamsInput): string {
  const out = new URLSearchParams();
  const so = valuesOf(params, 'so')[0];
  out.set('so', so && (LIST_SORTS as readonly string[]).includes(so) ? so : 'added_desc');
  for (const name of RELEASE_LISTING_PARAMS) {
    if (name === 'so') continue;
    for (const value of valuesOf(params, name)) out.append(name, value);
  }
  // Commas stay readable, as in the listings' own links ("fo=7,11").
  return `/releases?${out.toString().replace(/%2C/gi, ',')}`;
}
