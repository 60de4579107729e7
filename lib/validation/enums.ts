/**
 * Catalogue enumerations, defined once and shared by the database schema, the
 * zod validation, the listing parameters and the translated labels
 * (`messages/*.json` → `enums.<name>.<id>`).
 *
 * Ids are the product's published numbers (stored, and used in URLs and the API): never renumbered.
 * Where only groups are fixed (formats, countries) the members are documented here and in README.
 */

/** Movie types: 1 movie, 2 TV series/show, 3 short, 4 documentary, 5 TV episode. */
export const MOVIE_TYPES = { movie: 1, tv_series: 2, short: 3, documentary: 4, tv_episode: 5 } as const;
export type MovieType = (typeof MOVIE_TYPES)[keyof typeof MOVIE_TYPES];
export const MOVIE_TYPE_IDS = Object.values(MOVIE_TYPES) as MovieType[];

/**
 * Release formats by group: Blu-ray 1 and 5, videotape 2, DVD 3 and 4, 4K 7 and 11.
 * The members are:
 * 1 Blu-ray, 5 Blu-ray 3D, 2 VHS, 3 DVD, 4 DVD-R (manufactured on demand),
 * 7 4K UHD Blu-ray, 11 4K UHD + Blu-ray combo.
 */
export const FORMATS = {
  bluray: 1,
  vhs: 2,
  dvd: 3,
  dvd_r: 4,
  bluray_3d: 5,
  uhd: 7,
  uhd_bluray_combo: 11,
} as const;
export type FormatId = (typeof FORMATS)[keyof typeof FORMATS];
export const FORMAT_IDS = Object.values(FORMATS) as FormatId[];

/** Format groups used by routes and the `[format]` search syntax. */
export const FORMAT_GROUPS = {
  '4k': [7, 11],
  bluray: [1, 5],
  dvd: [3, 4],
  videotapes: [2],
} as const satisfies Record<string, readonly FormatId[]>;
export type FormatGroup = keyof typeof FORMAT_GROUPS;

/** Words accepted inside brackets in a release search (`Alien [4k]`), lower-case, mapped to format ids. */
export const FORMAT_SEARCH_WORDS: Record<string, readonly FormatId[]> = {
  '4k': FORMAT_GROUPS['4k'],
  uhd: FORMAT_GROUPS['4k'],
  '4k uhd': FORMAT_GROUPS['4k'],
  bluray: FORMAT_GROUPS.bluray,
  'blu-ray': FORMAT_GROUPS.bluray,
  bd: FORMAT_GROUPS.bluray,
  '3d': [5],
  dvd: FORMAT_GROUPS.dvd,
  vhs: FORMAT_GROUPS.videotapes,
  videotape: FORMAT_GROUPS.videotapes,
  vhs_tape: FORMAT_GROUPS.videotapes,
};

/**
 * Countries of release. Finland is 4 and 96 is the second
 * Finnish-market id; 96 is "Nordic" (a release printed for the Nordic countries,
 * Finland included). Other ids are ours, stable once published.
 */
export const COUNTRIES = {
  US: 1,
  GB: 2,
  DE: 3,
  FI: 4,
  SE: 5,
  NO: 6,
  DK: 7,
  FR: 8,
  JP: 9,
  AU: 10,
  IT: 11,
  ES: 12,
  NL: 13,
  CA: 14,
  NORDIC: 96,
} as const;
export type CountryCode = keyof typeof COUNTRIES;
export type CountryId = (typeof COUNTRIES)[CountryCode];
export const COUNTRY_IDS = Object.values(COUNTRIES) as CountryId[];
/** Finnish-market country ids: Finland and Nordic. */
export const FINNISH_COUNTRY_IDS = [COUNTRIES.FI, COUNTRIES.NORDIC] as const;

/** Country id from an ISO 3166 alpha-2 code (case-insensitive; "UK" accepted for GB); null when unknown. */
export function countryIdFromCode(code: string | null | undefined): CountryId | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  const key = (upper === 'UK' ? 'GB' : upper) as CountryCode;
  return COUNTRIES[key] ?? null;
}

/** ISO code (or "NORDIC") for a country id; null when unknown. */
export function countryCodeFromId(id: number | null | undefined): CountryCode | null {
  if (id == null) return null;
  const entry = Object.entries(COUNTRIES).find(([, v]) => v === id);
  return entry ? (entry[0] as CountryCode) : null;
}

/** Region codes: DVD 0-6; Blu-ray A, B, C, ABC. */
export const DVD_REGION_CODES = ['0', '1', '2', '3', '4', '5', '6'] as const;
export const BLURAY_REGION_CODES = ['A', 'B', 'C', 'ABC'] as const;
export const REGION_CODES = [...DVD_REGION_CODES, ...BLURAY_REGION_CODES] as const;
export type RegionCode = (typeof REGION_CODES)[number];

/** Currencies of prices. */
export const CURRENCIES = ['EUR', 'GBP', 'USD', 'SEK'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** 3D formats: 0 none, 1 anaglyph, 2 Blu-ray 3D, 3 both. */
export const FORMATS_3D = { none: 0, anaglyph: 1, bluray_3d: 2, both: 3 } as const;

/** Slipcover: none, available, limited count, first pressing only. */
export const SLIPCOVER = { none: 0, available: 1, limited: 2, first_pressing_only: 3 } as const;

/** Cast and crew roles (editor included: the Criterion data carries it). */
export const CREDIT_ROLES = [
  'director',
  'producer',
  'writer',
  'composer',
  'actor',
  'cinematography',
  'visual_effects',
  'makeup_effects',
  'editor',
] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** Movie connection kinds (14 kinds, ids 1-14). */
export const CONNECTION_KINDS = {
  followed_by: 1,
  follows: 2,
  remake_of: 3,
  remade_as: 4,
  spin_off: 5,
  spin_off_from: 6,
  spoofs: 7,
  spoofed_by: 8,
  featured_in: 9,
  features: 10,
  edited_from: 11,
  edited_into: 12,
  referenced_in: 13,
  references: 14,
} as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[keyof typeof CONNECTION_KINDS];

/**
 * Picture types: ids 1-6 and 8-11 (7 is not used), numbered in the order of the list below.
 */
export const PICTURE_TYPES = {
  full_cover: 1,
  cover_back: 2,
  poster: 3,
  front_cover: 4,
  back_cover: 5,
  other_marketing: 6,
  fan_art: 8,
  render_3d_front: 9,
  slipcover: 10,
  misc: 11,
} as const;

/** Video types: 1 trailer, 3 review, 4 documentary, 5 bloopers, 6 extra, 7 vlog, 8 clip. */
export const VIDEO_TYPES = { trailer: 1, review: 3, documentary: 4, bloopers: 5, extra: 6, vlog: 7, clip: 8 } as const;

/** Censorship event kinds as in `finland_censorship_events.json`. */
export const CENSORSHIP_EVENTS = [
  'banned',
  'appeal_rejected',
  'cuts_demanded',
  'cut_version_approved',
  'cut_reported',
  'ban_lifted',
  'rating_assigned',
  'rating_changed',
  'premiere',
  're_release',
  'shelved',
  'court_ban',
] as const;
export type CensorshipEvent = (typeof CENSORSHIP_EVENTS)[number];
