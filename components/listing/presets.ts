/**
 * Listing routes and their documented parameter combinations (brief "Presets"),
 * plus the canonical-URL logic shared by listing pages and filter links: a query is
 * canonicalised through lib/validation/listing.ts (page mode: bad values dropped, empty values
 * dropped, stable order) and then mapped to the most specific preset route whose parameters it
 * contains, the rest staying in the query string (`/releases?fo=7,11` → `/releases/4k`).
 * Pure code, no I/O.
 */
import {
  RELEASE_PRESETS,
  TITLE_PRESETS,
  listingSearchParams,
  parseReleaseListParams,
  parseTitleListParams,
  type ReleaseListQuery,
  type ReleasePreset,
  type TitleListQuery,
  type TitlePreset,
} from '@/lib/validation/listing';

export type ListingKind = 'releases' | 'titles';

/** Query string of a preset's parameters. */
function presetQs(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/**
 * Release listing routes: preset name → { path, params }, the parameters being the documented
 * RELEASE_PRESETS of lib/validation/listing.ts (e.g. `4k` → `fo=7,11`).
 */
export const RELEASE_ROUTES: Record<ReleasePreset, { path: string; params: string }> = Object.fromEntries(
  (Object.keys(RELEASE_PRESETS) as ReleasePreset[]).map((name) => [
    name,
    { path: name === 'all' ? '/releases' : `/releases/${name}`, params: presetQs(RELEASE_PRESETS[name]) },
  ]),
) as Record<ReleasePreset, { path: string; params: string }>;

/** Title listing routes (`/movies`, `/tv_shows`, `/tv_episodes`, `/trashvideo`) with TITLE_PRESETS params. */
export const TITLE_ROUTES: Record<TitlePreset, { path: string; params: string }> = Object.fromEntries(
  (Object.keys(TITLE_PRESETS) as TitlePreset[]).map((name) => [
    name,
    { path: `/${name}`, params: presetQs(TITLE_PRESETS[name]) },
  ]),
) as Record<TitlePreset, { path: string; params: string }>;

export type { ReleasePreset, TitlePreset };

/** Page search params as Next passes them. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

/** Parameters that are not part of the query (pagination). */
const NON_QUERY = new Set(['cursor']);

/** First value of a raw search param. */
export function firstParam(sp: RawSearchParams, key: string): string | undefined {
  const v = sp[key];
  return Array.isArray(v) ? v[0] : v;
}

/** Preset params with the URL's own params laid over them (a URL value replaces the preset's). */
export function mergeParams(preset: string, own: RawSearchParams): URLSearchParams {
  const merged = new URLSearchParams(preset);
  for (const [key, value] of Object.entries(own)) {
    if (NON_QUERY.has(key) || value === undefined) continue;
    const v = Array.isArray(value) ? value.join(',') : value;
    merged.set(key, v);
  }
  return merged;
}

/** Parses params in page mode (never fails: bad values are dropped). */
export function parseReleaseQuery(params: URLSearchParams): ReleaseListQuery {
  const r = parseReleaseListParams(params, 'page');
  if (!r.ok) throw new Error(`page-mode release parse failed: ${r.error}`);
  return r.query;
}

/** Parses params in page mode (never fails: bad values are dropped). */
export function parseTitleQuery(params: URLSearchParams): TitleListQuery {
  const r = parseTitleListParams(params, 'page');
  if (!r.ok) throw new Error(`page-mode title parse failed: ${r.error}`);
  return r.query;
}

/** Canonical params of raw params: parsed, bad/empty values dropped, stable order, no cursor. */
export function canonicalParams(kind: ListingKind, params: URLSearchParams): URLSearchParams {
  const query = kind === 'releases' ? parseReleaseQuery(params) : parseTitleQuery(params);
  const out = new URLSearchParams(listingSearchParams(query));
  for (const k of NON_QUERY) out.delete(k);
  return out;
}

/** Query string with readable commas ("fo=7,11" rather than "fo=7%2C11"). */
export function queryString(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',');
}

const presetCanonCache = new Map<string, URLSearchParams>();
function presetCanonical(kind: ListingKind, params: string): URLSearchParams {
  const key = `${kind}:${params}`;
  let c = presetCanonCache.get(key);
  if (!c) {
    c = canonicalParams(kind, new URLSearchParams(params));
    presetCanonCache.set(key, c);
  }
  return c;
}

/**
 * Canonical href (unprefixed path + query) for canonical params: the preset route covering the
 * most parameters with equal values, the remaining parameters as its query string. Releases fall
 * back to `/releases`; titles to `/movies` when no preset applies.
 */
export function hrefForParams(kind: ListingKind, canonical: URLSearchParams): string {
  const routes = kind === 'releases' ? RELEASE_ROUTES : TITLE_ROUTES;
  let best: { path: string; keys: string[] } | null = null;
  for (const route of Object.values(routes)) {
    const pc = presetCanonical(kind, route.params);
    const keys = [...pc.keys()];
    if (!keys.every((k) => canonical.get(k) === pc.get(k))) continue;
    if (!best || keys.length > best.keys.length) best = { path: route.path, keys };
  }
  if (!best) {
    const qs = queryString(canonical);
    return qs ? `/movies?${qs}` : '/movies';
  }
  const rest = new URLSearchParams();
  for (const [k, v] of canonical) if (!best.keys.includes(k)) rest.append(k, v);
  const qs = queryString(rest);
  return qs ? `${best.path}?${qs}` : best.path;
}

/**
 * The hidden fields of a listing's search form, as `[name, value]` pairs: the parameters beyond its
 * route's preset other than `q` (the filters chosen on the page, kept when the words change), and
 * `so=name` when no order is set, neither chosen on the page nor by the preset (a preset's order,
 * such as longest cuts first, stays with its path): the lists have no relevance order, and by name
 * the exact title comes first.
 */
export function searchFormParams(
  kind: ListingKind,
  presetParams: string,
  canonical: URLSearchParams,
): [string, string][] {
  const preset = presetCanonical(kind, presetParams);
  const kept: [string, string][] = [...canonical].filter(([k, v]) => k !== 'q' && preset.get(k) !== v);
  if (!canonical.get('so')) kept.push(['so', 'name']);
  return kept;
}

/** Appends a cursor to an href as the query parameter `param` (default `cursor`). */
export function withCursor(href: string, cursor: string, param = 'cursor'): string {
  return `${href}${href.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(cursor)}`;
}

/** Copy of params with `key` set to `value` (or removed when value is null/empty). */
export function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const out = new URLSearchParams(params);
  if (value == null || value === '') out.delete(key);
  else out.set(key, value);
  return out;
}

/** Copy of params with `value` toggled in the comma list `key`. */
export function toggleListValue(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const values = (params.get(key) ?? '').split(',').filter(Boolean);
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return withParam(params, key, next.join(','));
}
