/**
 * Listing parameters of /releases, /movies … and of the JSON API lists (README
 * "Listing parameters"), parsed into typed queries:
 *
 * | param | values |
 * |---|---|
 * | `fo` | format ids, comma list: 1, 2, 3, 4, 5, 7, 11 |
 * | `co` | country ids, comma list (Finland 4, Nordic 96; see enums COUNTRIES) |
 * | `fi` | filters, comma list: movie, tv_series, tv_episode, cut, reviewed, video, release |
 * | `so` | sort: date_desc (default), date_asc, name, year_desc, cut_desc, added_desc, spine |
 * | `pc` | production company public ids (comma list) or `any` |
 * | `la` | language name (English, e.g. "Finnish"), case-insensitive |
 * | `q`  | search text (lib/search-query.ts syntax), at most 200 characters |
 * | `cd` | cut duration: over10, over5 (minutes), upto5 |
 * | `dr` | street date: past (out now), future (upcoming) |
 * | `dn` | street-date window in days: 7, 28, 90, 365 (back for past, forward for future; past when no dr) |
 * | `pr` | RRP band in euros: u10, u20, u30, u50, u100 (under), o100 (100 or over) |
 * | `label`, `spine`, `ean` | releases only: label public id, spine number, EAN-13/UPC-A/11-digit UPC |
 *
 * Empty values are ignored. Mode `api`: any unknown value → `{ ok: false, error }` (HTTP 400).
 * Mode `page`: never fails, unknown values are dropped.
 */
import { normalizeBarcode } from '@/lib/barcode';
import { AppError, badParam } from '@/lib/errors';
import { COUNTRY_IDS, FORMAT_IDS, type CountryId, type FormatId } from '@/lib/validation/enums';

export const LIST_FILTERS = ['movie', 'tv_series', 'tv_episode', 'cut', 'reviewed', 'video', 'release'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const LIST_SORTS = ['date_desc', 'date_asc', 'name', 'year_desc', 'cut_desc', 'added_desc', 'spine'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Sort used when `so` is not given. */
export const DEFAULT_SORT: ListSort = 'date_desc';
export const CUT_DURATIONS = ['over10', 'over5', 'upto5'] as const;
export type CutDuration = (typeof CUT_DURATIONS)[number];
export const DATE_DIRECTIONS = ['past', 'future'] as const;
export type DateDirection = (typeof DATE_DIRECTIONS)[number];
export const DATE_WINDOWS = [7, 28, 90, 365] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];
export const PRICE_BANDS = ['u10', 'u20', 'u30', 'u50', 'u100', 'o100'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
/** Longest accepted `q`. */
export const MAX_QUERY_LENGTH = 200;

/** Parsed listing parameters shared by titles and releases; absent = null / []. */
export type ListingQuery = {
  fo: FormatId[];
  co: CountryId[];
  fi: ListFilter[];
  /** null = not given (DEFAULT_SORT applies, and `so` stays out of canonical URLs). */
  so: ListSort | null;
  pc: string[] | 'any' | null;
  /** Lower-case language name. */
  la: string | null;
  q: string | null;
  cd: CutDuration | null;
  dr: DateDirection | null;
  dn: DateWindow | null;
  pr: PriceBand | null;
};
/** `GET /api/titles`, /movies, /tv_shows, /tv_episodes, /trashvideo. */
export type TitleListQuery = ListingQuery;
/** `GET /api/releases`, /releases/…: the listing parameters plus label, spine and barcode. */
export type ReleaseListQuery = ListingQuery & {
  /** Label public id. */
  label: string | null;
  spine: number | null;
  /** Canonical EAN-13 (lib/barcode.ts). */
  ean: string | null;
};

export type ParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;
export type ParseResult<Q> = { ok: true; query: Q } | { ok: false; error: string };
export type ParseMode = 'api' | 'page';

/** Route name → parameters of the preset listing routes (/releases/{name}); 'all' is /releases. */
export const RELEASE_PRESETS = {
  all: {},
  out_now: { dr: 'past', so: 'date_desc' },
  upcoming: { dr: 'future', so: 'date_asc' },
  '4k': { fo: '7,11' },
  bluray: { fo: '1,5' },
  dvd: { fo: '3,4' },
  videotapes: { fo: '2' },
  finnish_censorship: { fi: 'cut', co: '4', so: 'cut_desc' },
  finnish_video_releases: { co: '4,96' },
} as const satisfies Record<string, Record<string, string>>;
export type ReleasePreset = keyof typeof RELEASE_PRESETS;

/** Route name → parameters of the title listing routes (/movies, /tv_shows, /tv_episodes, /trashvideo). */
export const TITLE_PRESETS = {
  movies: { fi: 'movie' },
  tv_shows: { fi: 'tv_series' },
  tv_episodes: { fi: 'tv_episode' },
  trashvideo: { pc: 'any', so: 'year_desc' },
} as const satisfies Record<string, Record<string, string>>;
export type TitlePreset = keyof typeof TITLE_PRESETS;

const PUBLIC_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when a path segment or value can be a public id (1-64 of A-Z a-z 0-9 _ -); anything else is answered 404 without a query. */
export function isPublicId(id: string): boolean {
  return PUBLIC_ID_RE.test(id);
}
const LANGUAGE_RE = /^[\p{L}][\p{L} ()'-]{0,39}$/u;

/** The value(s) of one parameter as one trimmed string (repeated values joined by ","); "" when absent. */
function getParam(params: ParamsInput, name: string): string {
  if (params instanceof URLSearchParams)
    return params
      .getAll(name)
      .map((v) => v.trim())
      .filter(Boolean)
      .join(',');
  const v = params[name];
  if (v == null) return '';
  return (Array.isArray(v) ? v : [v])
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

class Parser {
  constructor(
    private readonly params: ParamsInput,
    private readonly mode: ParseMode,
  ) {}

  /** Reports a bad value: throws in api mode, returns (value dropped) in page mode. */
  bad(error: AppError): void {
    if (this.mode === 'api') throw error;
  }

  list<T>(name: string, accept: (item: string) => T | null): T[] {
    const raw = getParam(this.params, name);
    if (!raw) return [];
    const out: T[] = [];
    for (const item of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const v = accept(item);
      if (v === null) this.bad(badParam(name, item));
      else if (!out.includes(v)) out.push(v);
    }
    return out;
  }

  one<T>(name: string, accept: (value: string) => T | null): T | null {
    const raw = getParam(this.params, name);
    if (!raw) return null;
    const v = accept(raw);
    if (v === null) this.bad(badParam(name, raw));
    return v;
  }

  listing(): ListingQuery {
    const fo = this.list('fo', (s) =>
      /^\d+$/.test(s) && (FORMAT_IDS as number[]).includes(Number(s)) ? (Number(s) as FormatId) : null,
    ).sort((a, b) => a - b);
    const co = this.list('co', (s) =>
      /^\d+$/.test(s) && (COUNTRY_IDS as number[]).includes(Number(s)) ? (Number(s) as CountryId) : null,
    ).sort((a, b) => a - b);
    const fi = this.list('fi', (s) => ((LIST_FILTERS as readonly string[]).includes(s) ? (s as ListFilter) : null));
    fi.sort((a, b) => LIST_FILTERS.indexOf(a) - LIST_FILTERS.indexOf(b));
    const so = this.one('so', (s) => ((LIST_SORTS as readonly string[]).includes(s) ? (s as ListSort) : null));
    let pc: string[] | 'any' | null = null;
    if (getParam(this.params, 'pc') === 'any') pc = 'any';
    else {
      const ids = this.list('pc', (s) => (PUBLIC_ID_RE.test(s) ? s : null));
      pc = ids.length ? ids : null;
    }
    const la = this.one('la', (s) => (LANGUAGE_RE.test(s) ? s.toLowerCase() : null));
    const q = this.one('q', (s) => (s.length <= MAX_QUERY_LENGTH ? s : null));
    const cd = this.one('cd', (s) => ((CUT_DURATIONS as readonly string[]).includes(s) ? (s as CutDuration) : null));
    const dr = this.one('dr', (s) =>
      (DATE_DIRECTIONS as readonly string[]).includes(s) ? (s as DateDirection) : null,
    );
    const dn = this.one('dn', (s) =>
      /^\d+$/.test(s) && (DATE_WINDOWS as readonly number[]).includes(Number(s)) ? (Number(s) as DateWindow) : null,
    );
    const pr = this.one('pr', (s) => ((PRICE_BANDS as readonly string[]).includes(s) ? (s as PriceBand) : null));
    return { fo, co, fi, so, pc, la, q, cd, dr, dn, pr };
  }
}

function run<Q>(fn: () => Q): ParseResult<Q> {
  try {
    return { ok: true, query: fn() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Parses title listing parameters (see module doc).
 * @returns `{ ok: true, query }`, or in api mode `{ ok: false, error }` for the first bad value
 */
export function parseTitleListParams(params: ParamsInput, mode: ParseMode): ParseResult<TitleListQuery> {
  return run(() => new Parser(params, mode).listing());
}

/**
 * Parses release listing parameters: the listing parameters plus `label` (public id),
 * `spine` (whole number) and `ean` (EAN-13, UPC-A or 11-digit UPC; a wrong check digit gives
 * the barcode's own message).
 */
export function parseReleaseListParams(params: ParamsInput, mode: ParseMode): ParseResult<ReleaseListQuery> {
  return run(() => {
    const p = new Parser(params, mode);
    const listing = p.listing();
    const label = p.one('label', (s) => (PUBLIC_ID_RE.test(s) ? s : null));
    const spine = p.one('spine', (s) => (/^\d{1,7}$/.test(s) ? Number(s) : null));
    let ean: string | null = null;
    const rawEan = getParam(params, 'ean');
    if (rawEan) {
      try {
        ean = normalizeBarcode(rawEan);
      } catch (error) {
        if (error instanceof AppError) p.bad(error);
        else throw error;
      }
    }
    return { ...listing, label, spine, ean };
  });
}

/** An empty query (no parameters): the plain /releases listing. */
export function emptyReleaseQuery(): ReleaseListQuery {
  return {
    fo: [],
    co: [],
    fi: [],
    so: null,
    pc: null,
    la: null,
    q: null,
    cd: null,
    dr: null,
    dn: null,
    pr: null,
    label: null,
    spine: null,
    ean: null,
  };
}

/**
 * Canonical query string of a listing: parameters in a stable order (fo, co, fi, so, pc, la, q,
 * cd, dr, dn, pr, label, spine, ean), lists comma-joined, empty values left out.
 */
export function listingSearchParams(query: ListingQuery | ReleaseListQuery): URLSearchParams {
  const out = new URLSearchParams();
  const put = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') out.set(name, String(value));
  };
  put('fo', query.fo.join(','));
  put('co', query.co.join(','));
  put('fi', query.fi.join(','));
  put('so', query.so);
  put('pc', query.pc === 'any' ? 'any' : (query.pc ?? []).join(','));
  put('la', query.la);
  put('q', query.q);
  put('cd', query.cd);
  put('dr', query.dr);
  put('dn', query.dn);
  put('pr', query.pr);
  if ('label' in query) {
    put('label', query.label);
    put('spine', query.spine);
    put('ean', query.ean);
  }
  return out;
}

/**
 * Parses the paging parameters of the JSON API: `cursor` (opaque, checked when used) and `limit`
 * (whole number 1-100, default `defaultLimit`).
 * @throws AppError bad_limit (HTTP 400)
 */
export function parsePaging(params: URLSearchParams, defaultLimit: number): { cursor: string | null; limit: number } {
  const rawLimit = params.get('limit')?.trim() ?? '';
  let limit = defaultLimit;
  if (rawLimit) {
    if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100) throw new AppError('bad_limit');
    limit = Number(rawLimit);
  }
  const cursor = params.get('cursor')?.trim() || null;
  return { cursor, limit };
}
