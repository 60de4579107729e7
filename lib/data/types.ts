/**
 * DTOs returned by lib/data (the only layer that queries the database) and consumed by pages
 * and the JSON API. Field names are snake_case because they are the JSON API contract.
 * Dates are ISO strings (YYYY-MM-DD), durations in seconds, runtimes in minutes, money in the
 * stated currency with 2 decimals as a string.
 */
import type { CreditRole, FormatGroup, FormatId } from '@/lib/validation/enums';
import type { RatingAspect, ReleaseAspect } from '@/lib/validation/review-options';

/** One page of a keyset-paginated list. `next_cursor` is opaque; null on the last page. */
export type Page<T> = { items: T[]; next_cursor: string | null };

/**
 * Close spelling matches used by a search (lib/data/search-words.ts): the query's words that
 * found little, each with the catalogue words searched as well, and the query with each such word
 * replaced by its closest word (`q`, for "Did you mean").
 */
export type CloseMatch = { q: string; words: { word: string; close: string[] }[] };

/**
 * A page of a list searched with `q`: `close` is present when the query's words found few
 * results and close spellings were searched too (the items then include close matches);
 * `credited` on a label's listing whose words name persons with films on that label: the items
 * then also hold the label's releases of their films (lib/data/releases.ts listReleases).
 */
export type SearchPage<T> = Page<T> & { close?: CloseMatch; credited?: { public_id: string; name: string }[] };

export type MovieRef = { public_id: string; name: string; year: number | null };
export type LabelRef = { public_id: string; name: string };

/** A release in lists (`GET /api/releases`, listing pages). */
export type ReleaseListItem = {
  public_id: string;
  source_id: string | null;
  name: string;
  /** Format id (lib/validation/enums.ts FORMATS). */
  format: FormatId;
  /** Country id (COUNTRIES), null when unknown. */
  country: number | null;
  label: LabelRef | null;
  /** Spine number in the label's series. */
  spine_id: number | null;
  street_date: string | null;
  release_year: number | null;
  ean: string | null;
  edition: string[];
  is_cut: boolean;
  /** Length of cuts in seconds. */
  cut_seconds: number | null;
  movies: MovieRef[];
  /** Default picture URL, null → placeholder. */
  picture_url: string | null;
};

export type CensorshipEventDto = {
  source_id: string;
  country: string;
  event: string;
  date: string | null;
  date_precision: string | null;
  medium: string;
  authority: string | null;
  rating: string | null;
  cut_seconds: number | null;
  cut_seconds_approx: boolean;
  details: string | null;
  local_titles: string[];
  source_url: string | null;
  confidence: string | null;
  notes: string | null;
  /** The Finnish video release this event produced, if any. */
  release: { public_id: string; name: string } | null;
};

/** A picture: its address at the large size (500 px wide), and a srcset of every size when it has sizes (null for an external address). */
export type PictureDto = {
  public_id: string;
  type: number;
  url: string;
  srcset: string | null;
  source: string | null;
  is_default: boolean;
};
export type VideoDto = {
  public_id: string;
  youtube_id: string;
  type: number;
  chapter: string | null;
  thumbnail_url: string;
};
/** A buying link: its address with the site's affiliate parameter, and the shop (SHOPS id). */
export type BuyingLinkDto = { public_id: string; url: string; shop: string };

/** A release with every field (`GET /api/releases/{public_id}`, /release/{public_id}). */
export type ReleaseDetail = ReleaseListItem & {
  label_group: string | null;
  label_catalog_id: string | null;
  package_type: string | null;
  box_type: string | null;
  discs_count: number | null;
  /** 0 none, 1 available, 2 limited, 3 first pressing only. */
  slipcover: number;
  slipcover_limited_count: number | null;
  limited_copies: number | null;
  region_code: string | null;
  aspect_ratio: string | null;
  anamorphic: boolean | null;
  audio_tracks: { language: string; system: string }[];
  subtitles: string[];
  hdr: string[];
  immersive_audio: string[];
  format_3d: number;
  out_of_print: boolean;
  no_ean: boolean;
  identifiers: { property: string; value: string; comment?: string }[];
  age_rating: string | null;
  cut_seconds_approx: boolean;
  cut_details: string | null;
  censorship_info: string | null;
  cut_source: string | null;
  alternative_cuts_count: number | null;
  alternative_cuts_details: string | null;
  backcover_text: string | null;
  story_description: string | null;
  sleeve_description: string | null;
  extras: string | null;
  extras_continued: string | null;
  packaging_notes: string | null;
  /** Recommended retail price, "19.99". */
  rrp: string | null;
  rrp_currency: string | null;
  scan_resolution: string | null;
  scan_source: string | null;
  processing: string | null;
  mastering_details: string | null;
  tech_flags: Record<string, boolean>;
  notes: string | null;
  review_url: string | null;
  censorship: CensorshipEventDto[];
  pictures: PictureDto[];
  videos: VideoDto[];
  buying_links: BuyingLinkDto[];
  member_ratings: MemberRatings;
};

/** How members rated one aspect: the number of ratings and their mean (5 excellent … 1 worst; null without any). */
export type AspectRating = { count: number; mean: number | null };

/**
 * Members' ratings from the reviews of an item: `reviews` counts those reviews; per aspect, how
 * many of them rate it and the mean. A release's aspects are the release as a whole, picture,
 * sound, extras and package (reviews that link the release); a movie's is the movie (its reviews).
 */
export type MemberRatings<A extends RatingAspect = ReleaseAspect> = {
  reviews: number;
  aspects: Record<A, AspectRating>;
};

/** A movie/TV title in lists (`GET /api/titles`). */
export type TitleListItem = {
  public_id: string;
  source_id: string | null;
  /** 1 movie, 2 TV series, 3 short, 4 documentary, 5 TV episode. */
  type: number;
  name: string;
  original_name: string | null;
  year: number | null;
  runtime_min: number | null;
  genres: string[];
  release_count: number;
  picture_url: string | null;
};

export type CreditDto = {
  role: CreditRole;
  character: string | null;
  person: { public_id: string; name: string };
};

/** A title with relations (`GET /api/titles/{public_id}`, /movie/{public_id}). */
export type TitleDetail = TitleListItem & {
  localized_names: Record<string, string>;
  akas: string[];
  plot: string | null;
  plot_source: string | null;
  /** Wikipedia page URL when the plot is Wikipedia text (attribution). */
  wikipedia_url: string | null;
  synopsis: string | null;
  countries: string[];
  spoken_languages: string[];
  certifications: { country: string; rating: string }[];
  /** External ratings, e.g. TMDb's: `{ source: 'tmdb', value: 8.2 (0-10), votes: 26011 }` (votes null when unknown). */
  ratings: { source: string; value: number; votes: number | null }[];
  adults_only: boolean;
  imdb_id: string | null;
  tmdb_id: number | null;
  season: number | null;
  episode: number | null;
  seasons_amount: number | null;
  episodes_amount: number | null;
  episode_of: MovieRef | null;
  source_ids: string[];
  cast_crew: CreditDto[];
  releases: ReleaseListItem[];
  connections: { kind: number; info: string | null; movie: MovieRef }[];
  production_companies: { public_id: string; name: string }[];
  censorship: CensorshipEventDto[];
  pictures: PictureDto[];
  videos: VideoDto[];
  buying_links: BuyingLinkDto[];
  member_ratings: MemberRatings<'movie'>;
};

export type PersonListItem = {
  public_id: string;
  source_id: string | null;
  name: string;
  credit_count: number;
};

/** A person with credits (`GET /api/persons/{public_id}`). */
export type PersonDetail = PersonListItem & {
  tmdb_person_id: number | null;
  biography: string | null;
  birthday: string | null;
  date_of_death: string | null;
  credits: {
    role: CreditRole;
    character: string | null;
    /** The credited title; `release_count`: its releases in the catalogue. */
    title: { public_id: string; source_id: string | null; name: string; year: number | null; release_count: number };
  }[];
};

export type LabelListItem = {
  public_id: string;
  source_id: string | null;
  name: string;
  country: string | null;
  release_count: number;
};
/** How many of a label's approved releases fall in one format group (FORMAT_GROUPS). */
export type LabelFormatCount = { group: FormatGroup; count: number };

/**
 * One label (`GET /api/labels/{public_id}`): its label groups (series) and `format_counts`, its
 * approved releases per format group (`4k`, `bluray`, `dvd`, `videotapes`; groups without
 * releases left out).
 */
export type LabelDetail = LabelListItem & {
  label_groups: string[];
  format_counts: LabelFormatCount[];
};

export type CompanyListItem = {
  public_id: string;
  source_id: string | null;
  name: string;
  country: string | null;
  movie_count: number;
};

/** Grouped result of the global search dialog (`GET /api/search?q=`). */
export type SearchResult = {
  q: string;
  movies: TitleListItem[];
  releases: ReleaseListItem[];
  /** Reviews holding every word of the query, newest first. */
  reviews: ReviewListItem[];
  labels: LabelListItem[];
  persons: PersonListItem[];
  /** True when the query matched more candidates than SEARCH_CANDIDATE_LIMIT ('Complex search warning'). */
  complex: boolean;
  /** Non-null when the words found few results and the groups include close spelling matches. */
  close: CloseMatch | null;
  /**
   * Non-null when the words found no title and no person, and titles were found through cast and
   * crew instead (lib/data/search-credits.ts): the movies and releases groups then hold them.
   */
  credits: CreditsMatch | null;
};

/** Titles found through cast and crew: the persons whose credits found them, and the title words. */
export type CreditsMatch = { persons: { public_id: string; name: string }[]; title_words: string };

/** A review's ratings: buckets 5 excellent … 1 worst, null when not rated (release aspects only with a release). */
export type ReviewRatings = {
  movie: number | null;
  release: number | null;
  picture: number | null;
  sound: number | null;
  extras: number | null;
  package: number | null;
};

/**
 * A review in lists (`GET /api/reviews`): no body. `watch_source` 1 cinema … 6 Amazon; `author`
 * is a public id and a name only; times ISO 8601.
 */
export type ReviewListItem = {
  public_id: string;
  headline: string;
  ingress: string | null;
  language: 'en' | 'fi' | 'other';
  watch_source: number | null;
  youtube_url: string | null;
  youtube_id: string | null;
  ratings: ReviewRatings;
  movie: MovieRef;
  /** The reviewed release: its name and format (editions often share a name). */
  release: { public_id: string; name: string; format: number } | null;
  author: { public_id: string; name: string };
  likes_count: number;
  comments_count: number;
  created_at: string;
  updated_at: string;
};

/** One review (`GET /api/reviews/{public_id}`): the list fields and the plain-text body. */
export type ReviewDto = ReviewListItem & { body: string };
