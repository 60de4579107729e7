/**
 * The synthetic catalogue itself: a plan (movie types and TV structure, which movies and label
 * each release holds, approval) made first so every counter is known before its table is
 * written, then COPY lines per table, generated lazily in id order. Every derived column is
 * filled the way lib/import/catalog.ts fills it: public ids with publicIdFor; title_key, name_key,
 * search_text and movie_year with lib/derived-columns.ts; release_count (approved releases) and
 * credit_count counted from the plan.
 *
 * Determinism: separate Rng streams per concern (movie plan, release plan, movies, credits,
 * persons, labels, releases) seeded by `seed`; the only other input is the Context read from the
 * database (real titles, names, movies, labels, highest ids).
 */
import { gtinCheckDigit } from '@/lib/barcode';
import { publicIdFor } from '@/lib/import/catalog';
import { foldText, personKey } from '@/lib/text';
import { deriveLabel, deriveMovie, derivePerson, deriveRelease } from '@/lib/derived-columns';
import { COUNTRIES, FORMATS, type CountryCode } from '@/lib/validation/enums';
import type { Context, RealMovie } from './context';
import { bool, json, NULL, num, text, textArray } from './copy';
import {
  CREATED_MAX_DAY,
  daysFromCivil,
  FIRST_RELEASE_YEAR,
  isoDate,
  isoTimestamp,
  LAST_MOVIE_YEAR,
  LAST_RELEASE_YEAR,
  SITE_START_DAY,
} from './dates';
import { PersonNameModel, TitleModel } from './names';
import { permutation, Rng, WeightedList } from './random';
import {
  ASPECT_RATIOS,
  CHARACTER_ROLES,
  CUT_SUBJECTS,
  EDITIONS,
  GENRES,
  LABEL_GROUPS,
  LABEL_MIDDLES,
  LABEL_STEMS,
  LABEL_SUFFIXES,
  PRODUCTION_COUNTRIES,
  roman,
  SEQUEL_FORMS,
} from './vocab';

/** Row counts requested. */
export type Scale = { releases: number; movies: number; persons: number; seed: number };

const T_MOVIE = 1;
const T_SERIES = 2;
const T_SHORT = 3;
const T_DOC = 4;
const T_EPISODE = 5;

/** Synthetic labels for a number of releases: one per 500 releases, 20 to 2,000 (0 without releases). */
export function syntheticLabelCount(releases: number): number {
  return releases > 0 ? Math.min(2000, Math.max(20, Math.ceil(releases / 500))) : 0;
}

const zipfWeights = (n: number, s: number) => Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));

/** Release countries (ISO code or NORDIC) by share of releases. */
const RELEASE_COUNTRIES = WeightedList.of<CountryCode>([
  ['US', 22],
  ['GB', 14],
  ['DE', 11],
  ['FI', 12],
  ['SE', 7],
  ['NO', 3],
  ['DK', 3],
  ['FR', 7],
  ['JP', 5],
  ['AU', 4],
  ['IT', 3],
  ['ES', 3],
  ['NL', 2],
  ['CA', 2],
  ['NORDIC', 5],
]);
/** Label home countries: the release shares, Nordic releases coming from Finnish and Swedish labels. */
const LABEL_COUNTRIES = WeightedList.of<Exclude<CountryCode, 'NORDIC'>>([
  ['US', 22],
  ['GB', 14],
  ['DE', 11],
  ['FI', 15],
  ['SE', 9],
  ['NO', 3],
  ['DK', 3],
  ['FR', 7],
  ['JP', 5],
  ['AU', 4],
  ['IT', 3],
  ['ES', 3],
  ['NL', 2],
  ['CA', 2],
]);
const NORDIC_CODES = new Set(['FI', 'SE', 'NO', 'DK']);
const EUROPE_IDS = new Set<number>([
  COUNTRIES.GB,
  COUNTRIES.DE,
  COUNTRIES.FI,
  COUNTRIES.SE,
  COUNTRIES.NO,
  COUNTRIES.DK,
  COUNTRIES.FR,
  COUNTRIES.IT,
  COUNTRIES.ES,
  COUNTRIES.NL,
  COUNTRIES.NORDIC,
]);
const FINNISH_MARKET = new Set<number>([COUNTRIES.FI, COUNTRIES.NORDIC]);

/** GS1 prefixes (first two digits of the EAN-13) by country id; US/CA are UPC-A with a leading 0. */
const GS1_PREFIXES: Record<number, readonly string[]> = {
  [COUNTRIES.US]: ['00', '07', '08'],
  [COUNTRIES.CA]: ['00', '06'],
  [COUNTRIES.GB]: ['50'],
  [COUNTRIES.DE]: ['40', '41', '42', '43', '44'],
  [COUNTRIES.FI]: ['64'],
  [COUNTRIES.SE]: ['73'],
  [COUNTRIES.NO]: ['70'],
  [COUNTRIES.DK]: ['57'],
  [COUNTRIES.FR]: ['30', '33', '34', '35', '37'],
  [COUNTRIES.JP]: ['45', '49'],
  [COUNTRIES.AU]: ['93'],
  [COUNTRIES.IT]: ['80', '83'],
  [COUNTRIES.ES]: ['84'],
  [COUNTRIES.NL]: ['87'],
  [COUNTRIES.NORDIC]: ['64', '73', '70', '57'],
};

const CURRENCY_OF: Record<number, string> = {
  [COUNTRIES.US]: 'USD',
  [COUNTRIES.CA]: 'USD',
  [COUNTRIES.JP]: 'USD',
  [COUNTRIES.AU]: 'USD',
  [COUNTRIES.GB]: 'GBP',
  [COUNTRIES.SE]: 'SEK',
  [COUNTRIES.NO]: 'SEK',
  [COUNTRIES.DK]: 'SEK',
};

const LANGUAGE_OF: Record<number, string> = {
  [COUNTRIES.DE]: 'German',
  [COUNTRIES.FR]: 'French',
  [COUNTRIES.IT]: 'Italian',
  [COUNTRIES.ES]: 'Spanish',
  [COUNTRIES.JP]: 'Japanese',
  [COUNTRIES.FI]: 'Finnish',
  [COUNTRIES.SE]: 'Swedish',
  [COUNTRIES.NO]: 'Norwegian',
  [COUNTRIES.DK]: 'Danish',
  [COUNTRIES.NL]: 'Dutch',
};

const AGE_RATINGS: Record<number, readonly string[]> = {
  [COUNTRIES.FI]: ['K16', 'K18', 'K12', 'K7', 'S', 'VET K16', 'VET K18'],
  [COUNTRIES.NORDIC]: ['K16', 'K18', 'K12', 'K7', 'S'],
  [COUNTRIES.GB]: ['BBFC 15', 'BBFC 18', 'BBFC 12', 'BBFC PG', 'BBFC U'],
  [COUNTRIES.DE]: ['FSK 16', 'FSK 18', 'FSK 12', 'FSK 6', 'FSK 0'],
  [COUNTRIES.US]: ['MPAA R', 'MPAA PG-13', 'MPAA PG', 'MPAA G', 'NR'],
  [COUNTRIES.SE]: ['Btl 15', 'Btl 11', 'Btl 7'],
  [COUNTRIES.AU]: ['ACB MA15+', 'ACB M', 'ACB R18+'],
};

const PACKAGES: Record<number, readonly string[]> = {
  [FORMATS.vhs]: ['VHS Clamshell', 'VHS Slipcase', 'VHS Oversized Clamshell'],
  [FORMATS.dvd]: ['DVD Keep case', 'DVD Keep case', 'Digipak', 'Snapper case', 'Steelbook'],
  [FORMATS.dvd_r]: ['DVD Keep case'],
  [FORMATS.bluray]: ['Blu-ray case', 'Blu-ray case', 'Steelbook', 'Mediabook', 'Digipak'],
  [FORMATS.bluray_3d]: ['Blu-ray case', 'Lenticular slipcase'],
  [FORMATS.uhd]: ['4K UHD case', '4K UHD case', 'Steelbook'],
  [FORMATS.uhd_bluray_combo]: ['4K UHD case', 'Steelbook', 'Mediabook'],
};

const AUDIO_SYSTEMS: Record<number, readonly string[]> = {
  [FORMATS.vhs]: ['Stereo', 'Mono', 'Hi-Fi Stereo'],
  [FORMATS.dvd]: ['Dolby Digital 5.1', 'Dolby Digital 2.0', 'DTS 5.1'],
  [FORMATS.dvd_r]: ['Dolby Digital 2.0'],
  [FORMATS.bluray]: ['DTS-HD MA 5.1', 'Dolby TrueHD 7.1', 'LPCM 2.0', 'DTS-HD MA 2.0'],
  [FORMATS.bluray_3d]: ['DTS-HD MA 7.1'],
  [FORMATS.uhd]: ['Dolby TrueHD Atmos', 'DTS-HD MA 7.1', 'DTS:X'],
  [FORMATS.uhd_bluray_combo]: ['Dolby TrueHD Atmos', 'DTS-HD MA 5.1'],
};

/** Format weights by street year: VHS until the mid-2000s, DVD from 1997, Blu-ray from 2006, 4K from 2016. */
const FORMAT_ORDER = [
  FORMATS.vhs,
  FORMATS.dvd,
  FORMATS.dvd_r,
  FORMATS.bluray,
  FORMATS.bluray_3d,
  FORMATS.uhd,
  FORMATS.uhd_bluray_combo,
] as const;
function formatWeights(y: number): number[] {
  const vhs = y <= 1996 ? 10 : y <= 2002 ? 10 - (y - 1996) * 1.5 : y <= 2006 ? 0.5 : y >= 2015 ? 0.05 : 0;
  const dvd = y < 1997 ? 0 : y <= 2000 ? 2 + (y - 1997) * 2 : y <= 2012 ? 10 : Math.max(3, 10 - (y - 2012) * 0.45);
  const dvdr = y >= 2009 ? 0.6 : 0;
  const bd = y < 2006 ? 0 : Math.min(8, (y - 2005) * 1.2);
  const bd3d = y >= 2010 && y <= 2018 ? 0.5 : 0;
  const uhd = y < 2016 ? 0 : Math.min(5, (y - 2015) * 0.8);
  const combo = y < 2016 ? 0 : Math.min(2.5, (y - 2015) * 0.4);
  return [vhs, dvd, dvdr, bd, bd3d, uhd, combo];
}
const FORMAT_WEIGHTS = new Map<number, number[]>();
for (let y = FIRST_RELEASE_YEAR; y <= LAST_RELEASE_YEAR; y++) FORMAT_WEIGHTS.set(y, formatWeights(y));

/** Release-year weights: more releases every year until the late 2010s, fewer announced for the future. */
const YEAR_WEIGHT: number[] = [];
for (let y = FIRST_RELEASE_YEAR; y <= LAST_RELEASE_YEAR; y++)
  YEAR_WEIGHT.push(y <= 2026 ? Math.min(6, 1 + 0.15 * (y - FIRST_RELEASE_YEAR)) : y === 2027 ? 1 : 0.5);
const YEAR_CUM: number[] = [];
YEAR_WEIGHT.reduce((acc, w, i) => (YEAR_CUM[i] = acc + w), 0);

/** Movie years by decade (real catalogues are heavy on recent decades). */
const MOVIE_DECADES = WeightedList.of<number>([
  [1910, 2],
  [1920, 3],
  [1930, 4],
  [1940, 4],
  [1950, 5],
  [1960, 6],
  [1970, 7],
  [1980, 10],
  [1990, 12],
  [2000, 14],
  [2010, 16],
  [2020, 6],
]);

function movieYear(rng: Rng): number {
  const decade = MOVIE_DECADES.sample(rng);
  return decade === 2020 ? 2020 + rng.int(LAST_MOVIE_YEAR - 2019) : decade + rng.int(10);
}

function releaseYear(rng: Rng, from: number): number {
  const start = Math.max(0, Math.min(from, LAST_RELEASE_YEAR) - FIRST_RELEASE_YEAR);
  const lo = start === 0 ? 0 : YEAR_CUM[start - 1];
  const u = lo + rng.next() * (YEAR_CUM[YEAR_CUM.length - 1] - lo);
  let i = start;
  while (i < YEAR_CUM.length - 1 && YEAR_CUM[i] <= u) i++;
  return FIRST_RELEASE_YEAR + i;
}

function sampleFormat(rng: Rng, year: number): number {
  const w = FORMAT_WEIGHTS.get(year) ?? FORMAT_WEIGHTS.get(LAST_RELEASE_YEAR)!;
  let sum = 0;
  for (const x of w) sum += x;
  let u = rng.next() * sum;
  for (let i = 0; i < w.length; i++) {
    u -= w[i];
    if (u < 0) return FORMAT_ORDER[i];
  }
  return FORMATS.dvd;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A synthetic label in memory. */
type Label = {
  id: number;
  name: string;
  folded: string;
  nameKey: string;
  /** ISO code. */
  country: string;
  spine: boolean;
  spineCounter: number;
  groupIds: number[];
  company: number;
  code: string;
  eanCounter: number;
  releaseCount: number;
};

/** Label groups in memory. */
type Group = { id: number; labelId: number; name: string };

/** A reference to a movie in a release: ≥ 0 synthetic movie index, < 0 real movie -(i + 1). */
type MovieRef = number;

/** One credit row: database movie id, synthetic person index, role, character name, billing order. */
type CreditLine = { movieId: number; person: number; role: string; character: string; ord: number };

/**
 * The synthetic catalogue for one run: construct with the context and scale, call the stages in
 * order (plan → movieLines → movieSourceLines → creditLines → personLines → labelLines /
 * groupLines → releaseLines → releaseMovieLines), each yielding COPY lines of one table.
 */
export class SyntheticCatalog {
  readonly base: Context['maxId'];
  readonly labels: Label[] = [];
  readonly groups: Group[] = [];
  /** Real movie ids and real label ids whose counters the new releases change. */
  readonly touchedRealMovies = new Set<number>();
  readonly touchedRealLabels = new Set<number>();
  /** Rows written per table (filled as lines are generated). */
  readonly written = {
    movies: 0,
    movie_sources: 0,
    credits: 0,
    persons: 0,
    labels: 0,
    label_groups: 0,
    releases: 0,
    release_movies: 0,
  };

  private titles: TitleModel;
  private people: PersonNameModel;
  private realMovies: RealMovie[];
  private realLabels: Context['labels'];

  // Movie plan and generated names.
  private mType: Uint8Array;
  private mEpisodeOf: Int32Array;
  private mSeason: Int16Array;
  private mEpisode: Int16Array;
  private mSeasons: Int16Array;
  private mEpisodes: Int16Array;
  private mYear: Int16Array;
  private mReleaseCount: Int32Array;
  private mName: string[];
  private mFolded: string[];
  private mFi: (string | null)[];
  private mFiFolded: string[];
  private mCreated: Float64Array;

  // Release plan.
  private rApproved: Uint8Array;
  private rMovieStart: Int32Array;
  private rMovies: Int32Array = new Int32Array(0);
  private rLabel: Int32Array;
  private rSpine: Int32Array;

  private pCredits: Int32Array;

  // Popularity orders of the community picks (made on first use).
  private popularMovie: ((i: number) => number) | null = null;
  private popularRelease: ((i: number) => number) | null = null;

  constructor(
    private ctx: Context,
    readonly scale: Scale,
  ) {
    this.base = ctx.maxId;
    this.titles = new TitleModel(ctx.titles);
    this.people = new PersonNameModel(ctx.personNames);
    this.realMovies = ctx.movies;
    this.realLabels = ctx.labels;
    const M = scale.movies;
    this.mType = new Uint8Array(M);
    this.mEpisodeOf = new Int32Array(M).fill(-1);
    this.mSeason = new Int16Array(M);
    this.mEpisode = new Int16Array(M);
    this.mSeasons = new Int16Array(M);
    this.mEpisodes = new Int16Array(M);
    this.mYear = new Int16Array(M);
    this.mReleaseCount = new Int32Array(M);
    this.mName = new Array<string>(M);
    this.mFolded = new Array<string>(M);
    this.mFi = new Array<string | null>(M);
    this.mFiFolded = new Array<string>(M);
    this.mCreated = new Float64Array(M);
    const R = scale.releases;
    this.rApproved = new Uint8Array(R);
    this.rMovieStart = new Int32Array(R + 1);
    this.rLabel = new Int32Array(R);
    this.rSpine = new Int32Array(R);
    this.pCredits = new Int32Array(scale.persons);
  }

  /** Number of release_movies rows the plan holds. */
  get releaseMovieCount(): number {
    return this.rMovies.length;
  }

  /** Movies reviews and discussions can be about: this run's plus the real ones. */
  get movieCount(): number {
    return this.scale.movies + this.realMovies.length;
  }

  /** Source id of a synthetic row: `synthetic:<seed>:<entity>:<n>` (n from 1). */
  sourceId(entity: 'movie' | 'person' | 'release', n: number): string {
    return `synthetic:${this.scale.seed}:${entity}:${n}`;
  }

  private rng(stream: string): Rng {
    return new Rng(this.scale.seed, stream);
  }

  // ------------------------------------------------------------------ plan

  /**
   * Plans movie types (TV series followed by their episodes), years, labels, and for every
   * release its movies, label, spine number and approval; counts approved releases per movie and
   * label. @throws when releases are asked for but no movie exists or is generated
   */
  plan(): void {
    const { movies: M, releases: R } = this.scale;
    if (R > 0 && M === 0 && this.realMovies.length === 0)
      throw new Error('Releases need movies: give --movies > 0 or import the seed first.');
    const rng = this.rng('movie-plan');
    for (let i = 0; i < M;) {
      const r = rng.next();
      if (r < 0.015) {
        const k = Math.min(rng.int(11), M - i - 1);
        const year = Math.max(1950, movieYear(rng));
        const perSeason = rng.range(6, 13);
        this.mType[i] = T_SERIES;
        this.mYear[i] = year;
        this.mSeasons[i] = Math.max(1, Math.ceil(k / perSeason));
        this.mEpisodes[i] = k;
        for (let j = 0; j < k; j++) {
          const e = i + 1 + j;
          this.mType[e] = T_EPISODE;
          this.mEpisodeOf[e] = i;
          this.mSeason[e] = Math.floor(j / perSeason) + 1;
          this.mEpisode[e] = (j % perSeason) + 1;
          this.mYear[e] = Math.min(LAST_MOVIE_YEAR, year + this.mSeason[e] - 1);
        }
        i += k + 1;
      } else {
        this.mType[i] = r < 0.045 ? T_SHORT : r < 0.085 ? T_DOC : T_MOVIE;
        this.mYear[i] = rng.chance(0.01) ? 0 : movieYear(rng);
        i++;
      }
    }
    this.planLabels();
    this.planReleases();
  }

  private planLabels(): void {
    const rng = this.rng('labels');
    const n = syntheticLabelCount(this.scale.releases);
    const stems = new WeightedList(LABEL_STEMS, zipfWeights(LABEL_STEMS.length, 0.3));
    let groupId = this.base.label_groups;
    for (let i = 0; i < n; i++) {
      const country = LABEL_COUNTRIES.sample(rng);
      let name = '';
      let key = '';
      for (let attempt = 0; attempt < 40 && (!key || this.ctx.labelKeys.has(key)); attempt++) {
        const own = LABEL_SUFFIXES[country];
        const suffix = own && rng.chance(0.5) ? rng.pick(own) : rng.pick(LABEL_SUFFIXES['']);
        const r = rng.next();
        const stem = stems.sample(rng);
        name =
          r < 0.55
            ? `${stem} ${suffix}`
            : r < 0.85
              ? `${stem} ${rng.pick(LABEL_MIDDLES)} ${suffix}`
              : `${stem}${rng.pick(LABEL_MIDDLES).toLowerCase()} ${suffix}`;
        if (attempt >= 20) name = `${name} ${roman(attempt - 18)}`;
        key = personKey(name);
      }
      for (let k = 2; this.ctx.labelKeys.has(key); k++) {
        name = `${name.replace(/ \d+$/, '')} ${k}`;
        key = personKey(name);
      }
      this.ctx.labelKeys.add(key);
      const label: Label = {
        id: this.base.labels + i + 1,
        name,
        folded: foldText(name),
        nameKey: key,
        country,
        spine: rng.chance(0.06),
        spineCounter: 0,
        groupIds: [],
        company: rng.int(100000),
        code: name
          .split(/\s+/)
          .map((w) => foldText(w).charAt(0).toUpperCase())
          .join('')
          .slice(0, 4)
          .padEnd(2, 'X'),
        eanCounter: 0,
        releaseCount: 0,
      };
      if (rng.chance(0.1)) {
        const count = 1 + rng.int(3);
        const names = new Set<string>();
        for (let g = 0; g < count; g++) names.add(`${name.split(' ')[0]} ${rng.pick(LABEL_GROUPS)}`);
        for (const gName of names) {
          groupId++;
          label.groupIds.push(groupId);
          this.groups.push({ id: groupId, labelId: label.id, name: gName });
        }
      }
      this.labels.push(label);
    }
  }

  private planReleases(): void {
    const { movies: M, releases: R } = this.scale;
    const rng = this.rng('release-plan');
    const popular = permutation(M, this.scale.seed * 7 + 1);
    const realN = this.realMovies.length;
    const pick = (): MovieRef => {
      if (realN && (M === 0 || rng.chance(0.1))) return -(rng.powerRank(realN, 1.5) + 1);
      let idx = popular(rng.powerRank(M, 1.5));
      if (this.mType[idx] === T_EPISODE) idx = this.mEpisodeOf[idx];
      return idx;
    };
    const refs: number[] = [];
    const S = this.labels.length;
    const L = this.realLabels.length;
    for (let r = 0; r < R; r++) {
      this.rMovieStart[r] = refs.length;
      const approved = !rng.chance(0.005);
      this.rApproved[r] = approved ? 1 : 0;
      const first = pick();
      refs.push(first);
      const u = rng.next();
      const k =
        first >= 0 && this.mType[first] === T_SERIES
          ? 1
          : u < 0.91
            ? 1
            : u < 0.96
              ? 2
              : u < 0.98
                ? 3
                : u < 0.994
                  ? 4 + rng.int(3)
                  : 8 + rng.int(13);
      for (let j = 1, tries = 0; j < k && tries < k * 3; tries++) {
        const m = pick();
        if (m >= 0 && this.mType[m] === T_SERIES) continue;
        let dup = false;
        for (let x = this.rMovieStart[r]; x < refs.length; x++) if (refs[x] === m) dup = true;
        if (dup) continue;
        refs.push(m);
        j++;
      }
      const lu = rng.next();
      let label = -1;
      if (lu < 0.04 || (S === 0 && L === 0)) label = -1;
      else if (L && (S === 0 || lu < 0.19)) label = rng.powerRank(L, 1.8);
      else label = L + rng.powerRank(S, 2);
      this.rLabel[r] = label;
      if (label >= L) {
        const l = this.labels[label - L];
        if (l.spine) this.rSpine[r] = ++l.spineCounter;
        if (approved) l.releaseCount++;
      } else if (label >= 0 && approved) this.touchedRealLabels.add(this.realLabels[label].id);
      if (approved) {
        for (let x = this.rMovieStart[r]; x < refs.length; x++) {
          const m = refs[x];
          if (m >= 0) this.mReleaseCount[m]++;
          else this.touchedRealMovies.add(this.realMovies[-m - 1].id);
        }
      }
    }
    this.rMovieStart[R] = refs.length;
    this.rMovies = Int32Array.from(refs);
  }

  // ------------------------------------------------------------------ community picks

  /**
   * A movie for a review or a discussion (run after the movie stage: names come from it): the
   * synthetic movies by the same power law as releases (an episode counts as its series), 10 %
   * real movies (all of them when this run adds none).
   * @returns the movie's id and display name; null when there is no movie at all
   */
  pickMovie(rng: Rng): { id: number; name: string } | null {
    const M = this.scale.movies;
    const realN = this.realMovies.length;
    if (M === 0 && realN === 0) return null;
    if (realN && (M === 0 || rng.chance(0.1))) {
      const m = this.realMovies[rng.powerRank(realN, 1.5)];
      return { id: m.id, name: m.name };
    }
    this.popularMovie ??= permutation(M, this.scale.seed * 7 + 1);
    let idx = this.popularMovie(rng.powerRank(M, 1.5));
    if (this.mType[idx] === T_EPISODE) idx = this.mEpisodeOf[idx];
    return { id: this.base.movies + idx + 1, name: this.mName[idx] };
  }

  /**
   * An approved release of this run, most popular ones first (power law), with one of its
   * movies (run after the movie stage).
   * @returns the release id and the movie's id and name; null when this run adds no release
   */
  pickRelease(rng: Rng): { id: number; movieId: number; movieName: string } | null {
    const R = this.scale.releases;
    if (R === 0) return null;
    this.popularRelease ??= permutation(R, this.scale.seed * 11 + 3);
    let r = this.popularRelease(rng.powerRank(R, 1.3));
    for (let tries = 0; !this.rApproved[r] && tries < 10; tries++) r = (r + 1) % R;
    if (!this.rApproved[r]) return null;
    const start = this.rMovieStart[r];
    const ref = this.rMovies[start + rng.int(this.rMovieStart[r + 1] - start)];
    const movieId = ref >= 0 ? this.base.movies + ref + 1 : this.realMovies[-ref - 1].id;
    return { id: this.base.releases + r + 1, movieId, movieName: this.movieInfo(ref).name };
  }

  // ------------------------------------------------------------------ movies

  /** COPY columns of movies. */
  static readonly MOVIE_COLUMNS = [
    'id',
    'public_id',
    'source_id',
    'type',
    'name',
    'original_name',
    'localized_names',
    'akas',
    'year',
    'runtime_min',
    'genres',
    'countries',
    'spoken_languages',
    'certifications',
    'episode_of_id',
    'season',
    'episode',
    'seasons_amount',
    'episodes_amount',
    'title_key',
    'search_text',
    'release_count',
    'created_at',
    'updated_at',
  ];

  /** Movies, TV series and episodes, in id order. Names are kept for the release stage. */
  *movieLines(): Generator<string> {
    const rng = this.rng('movies');
    const M = this.scale.movies;
    const genres = new WeightedList(GENRES, zipfWeights(GENRES.length, 0.8));
    const countries = new WeightedList(PRODUCTION_COUNTRIES, zipfWeights(PRODUCTION_COUNTRIES.length, 1.1));
    const franchise = new Array<string | undefined>(M);
    const span = CREATED_MAX_DAY - SITE_START_DAY;
    for (let i = 0; i < M; i++) {
      const type = this.mType[i];
      let year = this.mYear[i] || null;
      let name: string;
      const r = rng.next();
      if (type === T_EPISODE) name = this.titles.shortTitle(rng, 4);
      else if (type === T_MOVIE && i > 20 && r < 0.08) {
        let j = rng.int(i);
        for (let t = 0; t < 4 && (this.mType[j] === T_EPISODE || this.mType[j] === T_SERIES); t++) j = rng.int(i);
        const base = franchise[j] ?? this.mName[j];
        if (r < 0.05) {
          name = base + rng.pick(SEQUEL_FORMS)(2 + rng.int(3));
          const by = this.mYear[j];
          if (by) year = Math.min(LAST_MOVIE_YEAR, by + 1 + rng.int(6));
        } else name = base; // a remake: same title, its own year
        franchise[i] = base;
      } else name = this.titles.title(rng);
      this.mYear[i] = year ?? 0;
      const foreign = type !== T_EPISODE && type !== T_SERIES && rng.chance(0.1);
      const originalName = foreign ? this.titles.foreignTitle(rng) : null;
      const fi = type !== T_EPISODE && rng.chance(0.08) ? this.titles.finnishTitle(rng) : null;
      const akas = type !== T_EPISODE && rng.chance(0.03) ? [this.titles.title(rng)] : [];
      let runtime: number | null;
      if (rng.chance(0.05)) runtime = null;
      else if (type === T_SHORT) runtime = rng.range(5, 40);
      else if (type === T_DOC) runtime = rng.range(52, 120);
      else if (type === T_SERIES || type === T_EPISODE) runtime = rng.pick([22, 24, 25, 30, 42, 45, 50, 55, 60]);
      else runtime = Math.max(62, Math.min(220, Math.round(100 + 18 * rng.normal())));
      const g = new Set<string>();
      if (type === T_DOC) g.add('Documentary');
      const gn = 1 + rng.int(3);
      for (let k = 0; k < gn; k++) g.add(genres.sample(rng));
      let c = countries.sample(rng);
      if (foreign) while (c[0] === 'United States of America') c = countries.sample(rng);
      const cs = [c[0]];
      const langs = [c[1]];
      if (rng.chance(0.1)) {
        const c2 = countries.sample(rng);
        if (!cs.includes(c2[0])) cs.push(c2[0]);
        if (!langs.includes(c2[1])) langs.push(c2[1]);
      }
      const certifications = rng.chance(0.1)
        ? [{ country: 'FI', rating: rng.pick(['S', 'K7', 'K12', 'K16', 'K18']) }]
        : [];
      const localized: Record<string, string> = fi ? { fi } : {};
      const n = i + 1;
      const id = this.base.movies + n;
      const created = SITE_START_DAY + rng.int(span);
      const seconds = rng.int(86400);
      this.mCreated[i] = created * 100000 + seconds;
      this.mName[i] = name;
      this.mFolded[i] = foldText(name);
      this.mFi[i] = fi;
      this.mFiFolded[i] = foldText(fi);
      const sourceId = this.sourceId('movie', n);
      const episodeOf = this.mEpisodeOf[i];
      const ts = isoTimestamp(created, seconds);
      const derived = deriveMovie({ name, originalName, localizedNames: localized, akas, year });
      this.written.movies++;
      yield (
        [
          id,
          publicIdFor('movie', sourceId),
          sourceId,
          type,
          text(name),
          text(originalName),
          json(localized),
          textArray(akas),
          num(year),
          num(runtime),
          textArray([...g]),
          textArray(cs),
          textArray(langs),
          json(certifications),
          episodeOf >= 0 ? this.base.movies + episodeOf + 1 : NULL,
          type === T_EPISODE ? this.mSeason[i] : NULL,
          type === T_EPISODE ? this.mEpisode[i] : NULL,
          type === T_SERIES ? this.mSeasons[i] : NULL,
          type === T_SERIES ? this.mEpisodes[i] : NULL,
          text(derived.titleKey),
          text(derived.searchText),
          this.mReleaseCount[i],
          ts,
          ts,
        ].join('\t') + '\n'
      );
    }
  }

  /** COPY columns of movie_sources. */
  static readonly MOVIE_SOURCE_COLUMNS = ['source_id', 'movie_id', 'created_at'];

  /** One movie_sources row per synthetic movie (its own source id), as the importer keeps one per source row. */
  *movieSourceLines(): Generator<string> {
    for (let i = 0; i < this.scale.movies; i++) {
      const c = this.mCreated[i];
      this.written.movie_sources++;
      yield `${this.sourceId('movie', i + 1)}\t${this.base.movies + i + 1}\t${isoTimestamp(Math.floor(c / 100000), c % 100000)}\n`;
    }
  }

  // ------------------------------------------------------------------ credits and persons

  /** COPY columns of credits. */
  static readonly CREDIT_COLUMNS = ['id', 'movie_id', 'person_id', 'role', 'character', 'ord'];

  /**
   * Credits of the synthetic movies in movie order (director, writers, crew, then actors in
   * billing order). People are drawn by a power law (a few very prolific, most with one or two
   * credits); unused people are brought in at a rate that uses each of them at least once, the
   * rest are credited on random movies at the end. Counts credits per person for the persons stage.
   * @param onMovie called with the number of movies done
   */
  *creditLines(onMovie?: (done: number) => void): Generator<string> {
    const M = this.scale.movies;
    const P = this.scale.persons;
    if (P === 0 || M === 0) return;
    const rng = this.rng('credits');
    const fresh = permutation(P, this.scale.seed * 7 + 2);
    const popular = permutation(P, this.scale.seed * 7 + 3);
    let nextFresh = 0;
    let slots = 0;
    let creditId = this.base.credits;
    const used: number[] = [];
    const roles: string[] = [];
    const line = ({ movieId, person, role, character, ord }: CreditLine) => {
      this.pCredits[person]++;
      this.written.credits++;
      return `${++creditId}\t${movieId}\t${this.base.persons + person + 1}\t${role}\t${text(character)}\t${ord}\n`;
    };
    for (let i = 0; i < M; i++) {
      const type = this.mType[i];
      roles.length = 0;
      const add = (role: string, n: number) => {
        for (let k = 0; k < n; k++) roles.push(role);
      };
      if (type === T_SERIES) {
        add('producer', 1 + rng.int(2));
        add('writer', 1);
        if (rng.chance(0.3)) add('composer', 1);
        add('actor', rng.range(3, 8));
      } else {
        add('director', type === T_MOVIE && rng.chance(0.08) ? 2 : 1);
        if (type === T_MOVIE) {
          if (rng.chance(0.6)) add('writer', rng.chance(0.25) ? 2 : 1);
          if (rng.chance(0.4)) add('producer', 1);
          if (rng.chance(0.45)) add('composer', 1);
          if (rng.chance(0.35)) add('cinematography', 1);
          if (rng.chance(0.25)) add('editor', 1);
          if (rng.chance(0.05)) add('visual_effects', 1);
          if (rng.chance(0.04)) add('makeup_effects', 1);
          add('actor', rng.range(3, 10));
        } else if (type === T_SHORT) {
          if (rng.chance(0.4)) add('writer', 1);
          add('actor', rng.range(1, 3));
        } else if (type === T_DOC) {
          if (rng.chance(0.5)) add('producer', 1);
          if (rng.chance(0.3)) add('composer', 1);
          if (rng.chance(0.4)) add('cinematography', 1);
          if (rng.chance(0.3)) add('editor', 1);
          add('actor', rng.range(0, 3));
        } else {
          if (rng.chance(0.6)) add('writer', 1);
          add('actor', rng.range(1, 4));
        }
      }
      used.length = 0;
      const movieId = this.base.movies + i + 1;
      const perMovie = i > 50 ? slots / i : 8.5;
      for (let ord = 0; ord < roles.length; ord++) {
        const role = roles[ord];
        const expectedLeft = Math.max(1, perMovie * (M - i) - ord);
        let person = -1;
        if (nextFresh < P && rng.next() < (P - nextFresh) / expectedLeft) person = fresh(nextFresh++);
        else
          for (let t = 0; t < 4 && (person < 0 || used.includes(person)); t++) person = popular(rng.powerRank(P, 1.7));
        if (used.includes(person)) continue;
        used.push(person);
        let character = '';
        if (role === 'actor') {
          const c = rng.next();
          if (type === T_DOC) character = c < 0.5 ? 'Himself' : 'Herself';
          else if (c < 0.55) character = `${this.people.firstName(rng)} ${this.people.lastName(rng)}`;
          else if (c < 0.85) character = rng.pick(CHARACTER_ROLES);
        }
        yield line({ movieId, person, role, character, ord });
      }
      slots += roles.length;
      if ((i & 1023) === 1023) onMovie?.(i + 1);
    }
    // People not drawn yet: one acting credit each on a random movie (they are new to it).
    for (let p = 0; p < P; p++) {
      if (this.pCredits[p] > 0) continue;
      const movie = rng.int(M);
      // Property order keeps the random draws in their original order (character, then ord).
      yield line({
        movieId: this.base.movies + movie + 1,
        person: p,
        role: 'actor',
        character: rng.chance(0.5) ? rng.pick(CHARACTER_ROLES) : '',
        ord: 30 + rng.int(20),
      });
    }
    onMovie?.(M);
  }

  /** COPY columns of persons. */
  static readonly PERSON_COLUMNS = [
    'id',
    'public_id',
    'source_id',
    'name',
    'name_key',
    'birthday',
    'date_of_death',
    'search_text',
    'credit_count',
    'created_at',
  ];

  /** Persons in id order, with credit_count from the credits stage (run that first). */
  *personLines(): Generator<string> {
    const rng = this.rng('persons');
    const span = CREATED_MAX_DAY - SITE_START_DAY;
    for (let i = 0; i < this.scale.persons; i++) {
      const name = this.people.fullName(rng);
      const derived = derivePerson({ name });
      const n = i + 1;
      const sourceId = this.sourceId('person', n);
      let birthday: string = NULL;
      let death: string = NULL;
      if (rng.chance(0.55)) {
        const y = rng.range(1900, 2004);
        const day = daysFromCivil(y, 1, 1) + rng.int(isLeap(y) ? 366 : 365);
        birthday = isoDate(day);
        if (y < 1950 && rng.chance((1950 - y) / 50)) {
          const d = day + Math.round(365.25 * rng.range(45, 98)) + rng.int(365);
          if (d < daysFromCivil(2026, 1, 1)) death = isoDate(d);
        }
      }
      this.written.persons++;
      yield (
        [
          this.base.persons + n,
          publicIdFor('person', sourceId),
          sourceId,
          text(name),
          text(derived.nameKey),
          birthday,
          death,
          text(derived.searchText),
          this.pCredits[i],
          isoTimestamp(SITE_START_DAY + rng.int(span), rng.int(86400)),
        ].join('\t') + '\n'
      );
    }
  }

  // ------------------------------------------------------------------ labels

  /** COPY columns of labels. */
  static readonly LABEL_COLUMNS = ['id', 'public_id', 'name', 'name_key', 'country', 'search_text', 'release_count'];

  /** Synthetic labels (public id as the importer makes it: from the name key). */
  *labelLines(): Generator<string> {
    for (const l of this.labels) {
      this.written.labels++;
      yield (
        [
          l.id,
          publicIdFor('label', l.nameKey),
          text(l.name),
          text(l.nameKey),
          l.country,
          text(deriveLabel(l).searchText),
          l.releaseCount,
        ].join('\t') + '\n'
      );
    }
  }

  /** COPY columns of label_groups. */
  static readonly GROUP_COLUMNS = ['id', 'label_id', 'name'];

  /** Label groups (series) of the synthetic labels. */
  *groupLines(): Generator<string> {
    for (const g of this.groups) {
      this.written.label_groups++;
      yield `${g.id}\t${g.labelId}\t${text(g.name)}\n`;
    }
  }

  // ------------------------------------------------------------------ releases

  /** COPY columns of releases. */
  static readonly RELEASE_COLUMNS = [
    'id',
    'public_id',
    'source_id',
    'name',
    'format',
    'country',
    'label_id',
    'label_group_id',
    'label_catalog_id',
    'spine_number',
    'release_year',
    'street_date',
    'edition',
    'package_type',
    'discs_count',
    'slipcover',
    'slipcover_limited_count',
    'limited_copies',
    'region_code',
    'aspect_ratio',
    'anamorphic',
    'audio_tracks',
    'subtitles',
    'hdr',
    'immersive_audio',
    'format3d',
    'out_of_print',
    'ean',
    'no_ean',
    'age_rating',
    'is_cut',
    'cut_seconds',
    'cut_seconds_approx',
    'cut_details',
    'censorship_info',
    'rrp',
    'rrp_currency',
    'tech_flags',
    'approved',
    'name_key',
    'search_text',
    'movie_year',
    'created_at',
    'updated_at',
  ];

  private movieInfo(ref: MovieRef): {
    name: string;
    folded: string;
    fi: string | null;
    fiFolded: string;
    year: number | null;
    type: number;
    seasons: number;
  } {
    if (ref >= 0) {
      return {
        name: this.mName[ref],
        folded: this.mFolded[ref],
        fi: this.mFi[ref],
        fiFolded: this.mFiFolded[ref],
        year: this.mYear[ref] || null,
        type: this.mType[ref],
        seasons: this.mSeasons[ref],
      };
    }
    const m = this.realMovies[-ref - 1];
    return { name: m.name, folded: m.folded, fi: m.fi, fiFolded: m.fiFolded, year: m.year, type: T_MOVIE, seasons: 0 };
  }

  /**
   * Releases in id order (run the movie stage first: names and years come from it). Street dates
   * from 1986 to 2028 (never before the first movie's year), formats by era, country mostly the
   * label's, EANs with valid check digits, a few percent cut (more on Finnish and British tapes).
   */
  *releaseLines(): Generator<string> {
    const rng = this.rng('releases');
    const editions = new WeightedList(EDITIONS, zipfWeights(EDITIONS.length, 0.9));
    const L = this.realLabels.length;
    for (let r = 0; r < this.scale.releases; r++) {
      const n = r + 1;
      const refs = this.rMovies.subarray(this.rMovieStart[r], this.rMovieStart[r + 1]);
      const movies = Array.from(refs, (ref) => this.movieInfo(ref));
      const first = movies[0];
      // Date and format.
      const year = releaseYear(rng, first.year ?? FIRST_RELEASE_YEAR);
      const dated = !rng.chance(0.03);
      const day = daysFromCivil(year, 1, 1) + rng.int(isLeap(year) ? 366 : 365);
      const format = sampleFormat(rng, year);
      // Label and country.
      const li = this.rLabel[r];
      const synLabel = li >= L ? this.labels[li - L] : null;
      const realLabel = li >= 0 && li < L ? this.realLabels[li] : null;
      const labelCountry = synLabel?.country ?? realLabel?.country ?? null;
      let countryCode: CountryCode =
        labelCountry && rng.chance(0.8) ? (labelCountry as CountryCode) : RELEASE_COUNTRIES.sample(rng);
      if (!(countryCode in COUNTRIES)) countryCode = RELEASE_COUNTRIES.sample(rng);
      if (NORDIC_CODES.has(countryCode) && rng.chance(0.25)) countryCode = 'NORDIC';
      const country: number = COUNTRIES[countryCode];
      const labelId = synLabel?.id ?? realLabel?.id ?? null;
      const labelName = synLabel?.folded ?? (realLabel ? foldText(realLabel.name) : null);
      const groupId = synLabel && synLabel.groupIds.length && rng.chance(0.4) ? rng.pick(synLabel.groupIds) : null;
      // Name and editions.
      const edition: string[] = [];
      const eu = rng.next();
      if (eu < 0.3 || (format === FORMATS.uhd && eu < 0.45)) {
        let e = editions.sample(rng);
        if (e === 'Anniversary Edition' && first.year) {
          const age = Math.floor((year - first.year) / 5) * 5;
          e = age >= 10 ? `${age}th Anniversary Edition` : 'Special Edition';
        }
        edition.push(e);
        if (rng.chance(0.15)) {
          const e2 = editions.sample(rng);
          if (!edition.includes(e2)) edition.push(e2);
        }
      }
      const finnishName = FINNISH_MARKET.has(country) && first.fi && rng.chance(0.6);
      let base = finnishName ? first.fi! : first.name;
      if (rng.chance(0.12)) base = base.replace(/^(The|A|An) (.+)$/, '$2, $1');
      let name: string;
      if (first.type === T_SERIES)
        name = rng.chance(0.25)
          ? `${base}: The Complete Series`
          : `${base}: Season ${1 + rng.int(Math.max(1, first.seasons))}`;
      else if (movies.length === 2) name = rng.chance(0.5) ? `${base} / ${movies[1].name}` : `${base} Double Feature`;
      else if (movies.length === 3) name = rng.chance(0.5) ? `${base} Trilogy` : `${base} Collection`;
      else if (movies.length > 3) name = `${base} ${movies.length}-Film Collection`;
      else name = base;
      if (movies.length === 1 && first.year && rng.chance(0.04)) name = `${name} (${first.year})`;
      if (edition.length && rng.chance(0.6))
        name = rng.chance(0.5) ? `${name}: ${edition[0]}` : `${name} (${edition[0]})`;
      // Spine and catalogue number.
      const spine = this.rSpine[r] || null;
      const catalogId = rng.chance(0.6)
        ? `${synLabel?.code ?? 'DS'}${rng.chance(0.5) ? ' ' : ''}${String(rng.range(100, 99999)).padStart(4, '0')}`
        : null;
      // Physical details.
      const discs =
        first.type === T_SERIES
          ? rng.range(2, 6)
          : format === FORMATS.uhd_bluray_combo
            ? 2
            : movies.length > 1
              ? movies.length
              : rng.chance(0.15)
                ? 2
                : 1;
      const slipRoll = rng.next();
      const slipcover = slipRoll < 0.85 ? 0 : slipRoll < 0.95 ? 1 : slipRoll < 0.98 ? 2 : 3;
      const limited = rng.chance(0.03) ? rng.pick([1000, 2000, 3000, 5000, 10000]) : null;
      let region: string | null = null;
      if (format === FORMATS.dvd)
        region = rng.chance(0.1)
          ? '0'
          : country === COUNTRIES.US || country === COUNTRIES.CA
            ? '1'
            : country === COUNTRIES.AU
              ? '4'
              : '2';
      else if (format === FORMATS.dvd_r) region = '1';
      else if (format === FORMATS.bluray || format === FORMATS.bluray_3d)
        region = rng.chance(0.15)
          ? 'ABC'
          : country === COUNTRIES.US || country === COUNTRIES.CA || country === COUNTRIES.JP
            ? 'A'
            : 'B';
      const aspect =
        format === FORMATS.vhs && rng.chance(0.7)
          ? '1.33:1'
          : rng.chance(0.85)
            ? ASPECT_RATIOS[Math.min(ASPECT_RATIOS.length - 1, rng.powerRank(ASPECT_RATIOS.length, 2))]
            : null;
      const anamorphic = format === FORMATS.dvd ? rng.chance(0.8) : null;
      const local = LANGUAGE_OF[country] ?? null;
      const audio: { language: string; system: string }[] = [];
      const subtitles: string[] = [];
      if (rng.chance(0.7)) {
        audio.push({ language: 'English', system: rng.pick(AUDIO_SYSTEMS[format]) });
        if (
          local &&
          local !== 'Finnish' &&
          local !== 'Swedish' &&
          local !== 'Norwegian' &&
          local !== 'Danish' &&
          rng.chance(0.7)
        )
          audio.push({ language: local, system: rng.pick(AUDIO_SYSTEMS[format]) });
        if (FINNISH_MARKET.has(country) || EUROPE_IDS.has(country)) {
          if (local) subtitles.push(local);
          if (FINNISH_MARKET.has(country) || NORDIC_CODES.has(countryCode))
            for (const s of ['Finnish', 'Swedish', 'Norwegian', 'Danish'])
              if (!subtitles.includes(s)) subtitles.push(s);
        }
        if (format !== FORMATS.vhs && rng.chance(0.6)) subtitles.push('English');
      }
      const isUhd = format === FORMATS.uhd || format === FORMATS.uhd_bluray_combo;
      const hdrRoll = rng.next();
      const hdr = isUhd
        ? hdrRoll < 0.4
          ? ['Dolby Vision']
          : hdrRoll < 0.55
            ? ['HDR10+']
            : hdrRoll < 0.65
              ? ['Dolby Vision', 'HDR10+']
              : []
        : [];
      const immRoll = rng.next();
      const immersive =
        isUhd || format === FORMATS.bluray
          ? immRoll < (isUhd ? 0.45 : 0.12)
            ? ['Dolby Atmos']
            : immRoll < (isUhd ? 0.55 : 0.15)
              ? ['DTS:X']
              : []
          : [];
      const techFlags = isUhd
        ? {
            fps60: rng.chance(0.02),
            native_4k: rng.chance(0.45),
            imax_enhanced: rng.chance(0.04),
            standout_disc: rng.chance(0.1),
            reference_disc: rng.chance(0.05),
          }
        : {};
      const outOfPrint = rng.chance(year < 2015 ? 0.4 : 0.05);
      // Barcode.
      let ean: string | null = null;
      if (!rng.chance(format === FORMATS.vhs ? 0.5 : 0.12)) {
        const prefixes = GS1_PREFIXES[country] ?? ['50'];
        let company: number;
        let item: number;
        if (synLabel) {
          const c = synLabel.eanCounter++;
          company = (synLabel.company + Math.floor(c / 100000)) % 100000;
          // Distinct item numbers per company code (7,919 is coprime to 100,000).
          item = (synLabel.company * 31 + (c % 100000) * 7919) % 100000;
        } else {
          company = rng.int(100000);
          item = rng.int(100000);
        }
        const body =
          prefixes[company % prefixes.length] + String(company).padStart(5, '0') + String(item).padStart(5, '0');
        ean = body + gtinCheckDigit(body);
      }
      const noEan = ean === null && rng.chance(0.5);
      const ratings = AGE_RATINGS[country];
      const ageRating = ratings && rng.chance(0.6) ? rng.pick(ratings) : null;
      // Cuts: a few percent, many more on Finnish and British videotapes.
      const finnish = FINNISH_MARKET.has(country);
      const cutRate =
        format === FORMATS.vhs
          ? finnish
            ? 0.25
            : country === COUNTRIES.GB
              ? 0.12
              : 0.03
          : finnish
            ? 0.06
            : country === COUNTRIES.DE
              ? 0.05
              : 0.015;
      const isCut = rng.chance(cutRate);
      const cutSeconds = isCut
        ? Math.max(1, Math.min(3600, Math.round(Math.exp(Math.log(60) + 1.3 * rng.normal()))))
        : null;
      const cutApprox = isCut && rng.chance(0.25);
      let cutDetails: string | null = null;
      if (isCut) {
        const subjects = `${rng.pick(CUT_SUBJECTS)}${rng.chance(0.4) ? ` and ${rng.pick(CUT_SUBJECTS)}` : ''}`;
        cutDetails = `Cuts to ${subjects} (${Math.floor(cutSeconds! / 60)}:${String(cutSeconds! % 60).padStart(2, '0')})`;
      }
      const censorship =
        isCut && finnish
          ? `VET ${rng.pick(['K16', 'K18'])}, ${Math.floor(cutSeconds! / 60)} min ${cutSeconds! % 60} s cut`
          : null;
      // Price.
      let rrp: string | null = null;
      let currency: string | null = null;
      if (rng.chance(0.4)) {
        currency = CURRENCY_OF[country] ?? 'EUR';
        const baseEur =
          format === FORMATS.vhs
            ? rng.range(10, 25)
            : format === FORMATS.dvd || format === FORMATS.dvd_r
              ? rng.range(8, 25)
              : isUhd
                ? rng.range(22, 45)
                : rng.range(12, 30);
        let price = baseEur * (1 + 0.5 * (movies.length - 1)) * (limited ? 3 : 1) * (slipcover === 2 ? 1.3 : 1);
        if (currency === 'SEK') price *= 10;
        rrp = (Math.floor(price) + 0.99).toFixed(2);
      }
      // Created: a few months before the street date, inside the catalogue's lifetime.
      let created = dated ? day - rng.int(150) : SITE_START_DAY + rng.int(CREATED_MAX_DAY - SITE_START_DAY);
      if (created < SITE_START_DAY) created = SITE_START_DAY + rng.int(CREATED_MAX_DAY - SITE_START_DAY);
      if (created > CREATED_MAX_DAY) created = CREATED_MAX_DAY - rng.int(60);
      const ts = isoTimestamp(created, rng.int(86400));
      const sourceId = this.sourceId('release', n);
      // The label and film names are passed folded already: folding is idempotent, so the document
      // is the one lib/derived-columns.ts makes of the names as written, at less cost per row.
      const derived = deriveRelease({
        name,
        edition,
        labelName,
        spineNumber: spine,
        ean,
        films: movies.map((m) => ({
          name: m.folded,
          localizedNames: m.fiFolded ? { fi: m.fiFolded } : null,
          year: m.year,
        })),
      });
      this.written.releases++;
      yield (
        [
          this.base.releases + n,
          publicIdFor('release', sourceId),
          sourceId,
          text(name),
          format,
          country,
          num(labelId),
          num(groupId),
          text(catalogId),
          num(spine),
          dated ? NULL : year,
          dated ? isoDate(day) : NULL,
          textArray(edition),
          text(rng.pick(PACKAGES[format])),
          discs,
          slipcover,
          slipcover === 2 ? rng.pick([500, 1000, 2000, 3000]) : NULL,
          num(limited),
          text(region),
          text(aspect),
          anamorphic === null ? NULL : bool(anamorphic),
          json(audio),
          textArray(subtitles),
          textArray(hdr),
          textArray(immersive),
          format === FORMATS.bluray_3d ? 2 : 0,
          bool(outOfPrint),
          text(ean),
          bool(noEan),
          text(ageRating),
          bool(isCut),
          num(cutSeconds),
          bool(cutApprox),
          text(cutDetails),
          text(censorship),
          rrp ?? NULL,
          text(currency),
          json(techFlags),
          bool(this.rApproved[r] === 1),
          text(derived.nameKey),
          text(derived.searchText),
          num(derived.movieYear),
          ts,
          ts,
        ].join('\t') + '\n'
      );
    }
  }

  /** COPY columns of release_movies. */
  static readonly RELEASE_MOVIE_COLUMNS = ['release_id', 'movie_id', 'position'];

  /** The movies of every release, in disc order (position 0 = first movie). */
  *releaseMovieLines(): Generator<string> {
    for (let r = 0; r < this.scale.releases; r++) {
      const releaseId = this.base.releases + r + 1;
      for (let x = this.rMovieStart[r], pos = 0; x < this.rMovieStart[r + 1]; x++, pos++) {
        const ref = this.rMovies[x];
        const movieId = ref >= 0 ? this.base.movies + ref + 1 : this.realMovies[-ref - 1].id;
        this.written.release_movies++;
        yield `${releaseId}\t${movieId}\t${pos}\n`;
      }
    }
  }
}
