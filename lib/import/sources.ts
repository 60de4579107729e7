/**
 * Record schemas of the seed data sets (../shared/data/README.md) and their mapping into the
 * importer's neutral shapes (FilmIn, ReleaseIn, LabelIn, EventIn). A record that does not fit its
 * schema is rejected with a reason; nothing is guessed silently.
 */
import { z } from 'zod';
import {
  CENSORSHIP_EVENTS,
  countryIdFromCode,
  FORMATS,
  MOVIE_TYPES,
  type CreditRole,
  type FormatId,
  type MovieType,
} from '@/lib/validation/enums';
import type { AudioTrack, ReleaseIdentifier } from '@/db/schema';
import type { SourceKind } from './files';
import { parseListing, type KnownTitle } from './titles';

/** A person's credit on a film, as the sources give it. */
export type CreditIn = { role: CreditRole; name: string; tmdbPersonId: number | null; character: string; ord: number };

/** A film as one source describes it; the catalogue decides whether it is an existing movie. */
export type FilmIn = {
  /** Provenance key of this film in its source (`wp:…`, `tmdb:…`, `criterion:…#n`, `tdb4k:…`, `fi-cens-film:…`). */
  sourceId: string;
  /** Which data set: films of the same data set never merge with each other. */
  kind: SourceKind;
  type: MovieType;
  name: string;
  year: number | null;
  originalName: string | null;
  localizedFi: string | null;
  akas: string[];
  runtimeMin: number | null;
  plot: string | null;
  plotSource: string | null;
  genres: string[];
  countries: string[];
  spokenLanguages: string[];
  imdbId: string | null;
  tmdbId: number | null;
  wikipediaHref: string | null;
  posterUrl: string | null;
  credits: CreditIn[];
  /** Year of the release that names the film without a year (4K street date): picks among same-title films. */
  releaseYearHint: number | null;
  /**
   * Set for a film read from a release listing (4K list, disc records) rather than a film list:
   * it is matched by title (lib/import/catalog.ts, "Films of release listings"), and a
   * `linkOnly` film (read from a box set's own name or a numbered range) is never created.
   */
  listing: { linkOnly: boolean; group: number | null } | null;
};

/** A release (edition) as one source describes it, with the films it contains. */
export type ReleaseIn = {
  sourceId: string;
  name: string;
  format: FormatId;
  country: number | null;
  labelName: string | null;
  labelCatalogId: string | null;
  spineNumber: number | null;
  streetDate: string | null;
  releaseYear: number | null;
  edition: string[];
  packageType: string | null;
  packagingNotes: string | null;
  regionCode: string | null;
  aspectRatio: string | null;
  audioTracks: AudioTrack[];
  subtitles: string[];
  hdr: string[];
  immersiveAudio: string[];
  ean: string | null;
  identifiers: ReleaseIdentifier[];
  ageRating: string | null;
  isCut: boolean;
  cutSeconds: number | null;
  cutSecondsApprox: boolean;
  cutDetails: string | null;
  censorshipInfo: string | null;
  cutSource: string | null;
  storyDescription: string | null;
  techFlags: Record<string, boolean>;
  notes: string | null;
  reviewUrl: string | null;
  films: FilmIn[];
  /**
   * Set for a release listing (4K list, disc records): the street year, the N of an "Nth
   * Anniversary" edition, whether it is a box set, and the name as the source wrote it when it
   * put the article last ("Godfather, The: …"; kept as a search and sort form).
   */
  listing: {
    streetYear: number | null;
    anniversary: number | null;
    boxSet: boolean;
    sortName: string | null;
    /** A box set's own title, held as the release's film when the set lists none (titles.ts setTitle). */
    setTitle: string | null;
  } | null;
};

export type LabelIn = { name: string; country: string | null };

/** A censorship event of a film (finland_censorship_events.json), optionally producing a release. */
export type EventIn = {
  sourceId: string;
  film: FilmIn;
  event: string;
  date: string | null;
  datePrecision: string | null;
  medium: string;
  authority: string | null;
  rating: string | null;
  cutSeconds: number | null;
  cutSecondsApprox: boolean;
  details: string | null;
  localTitles: string[];
  sourceUrl: string | null;
  sourceLang: string | null;
  sourceExcerpt: string | null;
  confidence: string | null;
  notes: string | null;
  release: ReleaseIn | null;
};

/** What one record maps to. */
export type Mapped = { films?: FilmIn[]; releases?: ReleaseIn[]; labels?: LabelIn[]; events?: EventIn[] };

const str = z.string();
const optStr = z.string().nullish();
const year = z.number().int().min(1870).max(2100);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');

/** A film known only by its name (no year, credits or external ids), as a release row names it. */
export function emptyFilm(kind: SourceKind, sourceId: string, name: string): FilmIn {
  return {
    sourceId,
    kind,
    type: MOVIE_TYPES.movie,
    name,
    year: null,
    originalName: null,
    localizedFi: null,
    akas: [],
    runtimeMin: null,
    plot: null,
    plotSource: null,
    genres: [],
    countries: [],
    spokenLanguages: [],
    imdbId: null,
    tmdbId: null,
    wikipediaHref: null,
    posterUrl: null,
    credits: [],
    releaseYearHint: null,
    listing: null,
  };
}

function emptyRelease(sourceId: string, name: string, format: FormatId): ReleaseIn {
  return {
    sourceId,
    name,
    format,
    country: null,
    labelName: null,
    labelCatalogId: null,
    spineNumber: null,
    streetDate: null,
    releaseYear: null,
    edition: [],
    packageType: null,
    packagingNotes: null,
    regionCode: null,
    aspectRatio: null,
    audioTracks: [],
    subtitles: [],
    hdr: [],
    immersiveAudio: [],
    ean: null,
    identifiers: [],
    ageRating: null,
    isCut: false,
    cutSeconds: null,
    cutSecondsApprox: false,
    cutDetails: null,
    censorshipInfo: null,
    cutSource: null,
    storyDescription: null,
    techFlags: {},
    notes: null,
    reviewUrl: null,
    films: [],
    listing: null,
  };
}

function zodReason(err: z.ZodError): string {
  const issue = err.issues[0];
  const where = issue?.path?.length ? issue.path.join('.') : 'record';
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

/** Thrown by a mapper for a record it must reject; the message is the report's reason. */
export class RejectedRecord extends Error {}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new RejectedRecord(zodReason(r.error));
  return r.data;
}

// ---------------------------------------------------------------- Wikipedia movies

const wikipediaSchema = z.object({
  id: str.regex(/^wp:.+/, 'id must start with "wp:"'),
  title: str.min(1, 'title is empty'),
  year,
  type_hint: z.enum(['movie', 'short', 'documentary']).nullish(),
  genres: z.array(str).nullish(),
  cast: z.array(str).nullish(),
  extract: optStr,
  wikipedia_href: optStr,
  thumbnail: optStr,
});

function mapWikipedia(value: unknown): Mapped {
  const r = parseWith(wikipediaSchema, value);
  const film = emptyFilm('wikipedia', r.id, r.title.trim());
  film.type =
    r.type_hint === 'short'
      ? MOVIE_TYPES.short
      : r.type_hint === 'documentary'
        ? MOVIE_TYPES.documentary
        : MOVIE_TYPES.movie;
  film.year = r.year;
  film.genres = (r.genres ?? []).filter((g) => g !== 'Short' && g !== 'Documentary');
  film.plot = r.extract?.trim() || null;
  film.plotSource = film.plot ? 'wikipedia' : null;
  film.wikipediaHref = r.wikipedia_href ?? null;
  film.posterUrl = r.thumbnail ?? null;
  film.countries = ['United States of America'];
  film.credits = [...new Set((r.cast ?? []).map((c) => c.trim()).filter(Boolean))].map((name, i) => ({
    role: 'actor' as const,
    name,
    tmdbPersonId: null,
    character: '',
    ord: i,
  }));
  return { films: [film] };
}

// ---------------------------------------------------------------- Criterion

const criterionCreditSchema = z.object({
  role: z.enum(['director', 'writer', 'cinematography', 'editor', 'actor', 'producer', 'composer']),
  name: str.min(1),
  tmdb_person_id: z.number().int().nullish(),
  character: optStr,
  order: z.number().int().nullish(),
});
const criterionFilmSchema = z.object({
  title: str.min(1, 'film title is empty'),
  year: year.nullish(),
  directors: z.array(str).nullish(),
  runtime_min: z.number().int().min(0).max(2000).nullish(),
  genres: z.array(str).nullish(),
  countries: z.array(str).nullish(),
  original_language: optStr,
  tmdb_id: z.number().int().positive().nullish(),
  imdb_id: str.regex(/^tt\d{7,9}$/, 'imdb_id must look like tt0001112').nullish(),
  credits: z.array(criterionCreditSchema).nullish(),
});
const criterionSchema = z.object({
  id: str.regex(/^criterion:.+/, 'id must start with "criterion:"'),
  label: str.min(1),
  label_series: optStr,
  spine_number: z.number().int().positive().nullish(),
  name: str.min(1, 'name is empty'),
  part_of_boxset: optStr,
  is_boxset_umbrella: z.boolean().nullish(),
  country: optStr,
  description: optStr,
  note: optStr,
  films: z.array(criterionFilmSchema).min(1, 'a release needs at least one film'),
});

function mapCriterion(value: unknown): Mapped {
  const r = parseWith(criterionSchema, value);
  const release = emptyRelease(r.id, r.name.trim(), FORMATS.bluray);
  release.labelName = r.label;
  release.spineNumber = r.spine_number ?? null;
  release.country = countryIdFromCode(r.country ?? 'US');
  release.regionCode = 'A';
  release.storyDescription = r.description ?? null;
  const notes = [r.note, r.part_of_boxset ? `Part of the box set "${r.part_of_boxset}".` : null].filter(Boolean);
  release.notes = notes.length ? notes.join(' ') : null;
  release.films = r.films.map((f, i) => {
    const film = emptyFilm('criterion', f.tmdb_id ? `tmdb:${f.tmdb_id}` : `${r.id}#${i}`, f.title.trim());
    film.year = f.year ?? null;
    film.runtimeMin = f.runtime_min || null;
    film.genres = f.genres ?? [];
    film.countries = f.countries ?? [];
    film.spokenLanguages =
      f.original_language && f.original_language !== 'None Spoken' ? [f.original_language.split(';')[0].trim()] : [];
    film.tmdbId = f.tmdb_id ?? null;
    film.imdbId = f.imdb_id ?? null;
    const credits: CreditIn[] = (f.credits ?? []).map((c, j) => ({
      role: c.role,
      name: c.name.trim(),
      tmdbPersonId: c.tmdb_person_id ?? null,
      character: c.character?.trim() ?? '',
      ord: c.order ?? j,
    }));
    // Directors named only in the spine list (no TMDb credits merged) still become credits.
    if (!credits.some((c) => c.role === 'director')) {
      (f.directors ?? []).forEach((d, j) =>
        credits.push({ role: 'director', name: d.trim(), tmdbPersonId: null, character: '', ord: j }),
      );
    }
    film.credits = credits;
    return film;
  });
  return { releases: [release] };
}

// ---------------------------------------------------------------- 4K UHD list (The Digital Bits)

const uhdSchema = z.object({
  id: str.regex(/^tdb4k:.+/, 'id must start with "tdb4k:"'),
  name: str.min(1, 'name is empty'),
  title_base: str.min(1, 'title_base is empty'),
  film_year_hint: year.nullish(),
  edition: z.array(str).nullish(),
  title_notes: z.array(str).nullish(),
  format: z.literal('4K UHD'),
  label: optStr,
  country_hint: str.length(2).nullish(),
  street_date: isoDate.nullish(),
  hdr_extra: z.array(str).nullish(),
  audio_immersive: z.array(str).nullish(),
  flags: z.record(str, z.boolean()).nullish(),
  review_url: optStr,
});

function mapUhd(value: unknown, known: KnownTitle): Mapped {
  const r = parseWith(uhdSchema, value);
  const parsed = parseListing({ name: r.name, yearHint: r.film_year_hint ?? null, edition: r.edition }, known);
  const release = emptyRelease(r.id, parsed.name, FORMATS.uhd);
  release.labelName = r.label ?? null;
  release.country = countryIdFromCode(r.country_hint);
  release.streetDate = r.street_date ?? null;
  release.edition = parsed.edition;
  release.notes = parsed.notes.length ? parsed.notes.join('; ') : null;
  release.hdr = r.hdr_extra ?? [];
  release.immersiveAudio = r.audio_immersive ?? [];
  release.techFlags = r.flags ?? {};
  release.reviewUrl = r.review_url ?? null;
  const streetYear = r.street_date ? Number(r.street_date.slice(0, 4)) : null;
  release.listing = {
    streetYear,
    anniversary: parsed.anniversary,
    boxSet: parsed.boxSet,
    sortName: parsed.sortName,
    setTitle: parsed.setTitle,
  };
  // One film keeps the row's id as its source id; the films of a set are numbered.
  const single = parsed.films.length === 1 && !parsed.boxSet;
  release.films = parsed.films.map((pf, i) => {
    const f = emptyFilm('uhd4k', single ? r.id : `${r.id}#${i}`, pf.title);
    f.year = pf.year;
    f.akas = pf.akas;
    f.releaseYearHint = streetYear;
    f.listing = { linkOnly: pf.linkOnly, group: pf.group };
    return f;
  });
  return { releases: [release] };
}

// ---------------------------------------------------------------- filmbrainz disc records

const fbTitleSchema = z.object({
  description: optStr,
  duration: optStr,
  'aspect-ratio': optStr,
  audio: z
    .array(z.object({ language: optStr, format: optStr, channels: z.union([str, z.number()]).nullish() }).passthrough())
    .nullish(),
  subtitle: z.array(z.object({ language: optStr }).passthrough()).nullish(),
});
const filmbrainzSchema = z.object({
  'packaging-attributes': z.object({
    title: str.min(1, 'title is empty'),
    format: z.object({ type: str, detail: optStr }),
    packaging: z.object({ format: optStr, notes: optStr }).nullish(),
    label: optStr,
    gtin: z
      .string()
      .regex(/^(\d{8}|\d{12,14})?$/, 'gtin must be 8, 12, 13 or 14 digits')
      .nullish(),
    identifiers: z.array(z.object({ property: str, value: str, comment: optStr })).nullish(),
    release: z.object({ territory: optStr, region: optStr }).nullish(),
    classification: z.array(z.object({ board: str, value: str })).nullish(),
    annotation: optStr,
  }),
  'title-detail': z
    .object({ titles: z.array(fbTitleSchema).nullish() })
    .passthrough()
    .nullish(),
  _source_file: str.min(1),
});

const TERRITORIES: Record<string, string> = {
  'united kingdom': 'GB',
  'united states': 'US',
  finland: 'FI',
  germany: 'DE',
  sweden: 'SE',
};

function durationSeconds(d: string | null | undefined): number {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(d ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0;
}

function mapFilmbrainz(value: unknown): Mapped {
  const r = parseWith(filmbrainzSchema, value);
  const p = r['packaging-attributes'];
  const type = p.format.type.toLowerCase();
  const format: FormatId | null = type.includes('vhs')
    ? FORMATS.vhs
    : type.includes('blu')
      ? FORMATS.bluray
      : type.includes('dvd')
        ? FORMATS.dvd
        : null;
  if (format == null) throw new RejectedRecord(`format.type: unknown format "${p.format.type}"`);
  const sourceId = `filmbrainz:${r._source_file.replace(/^releases\//, '').replace(/\.json$/, '')}`;
  const release = emptyRelease(sourceId, p.title.trim(), format);
  release.labelName = p.label || null;
  release.packageType = p.packaging?.format || null;
  release.packagingNotes = [p.packaging?.notes, p.annotation].filter(Boolean).join(' ') || null;
  const gtin = p.gtin || null;
  release.ean = gtin ? (gtin.length === 12 ? `0${gtin}` : gtin.length === 14 ? gtin.slice(1) : gtin) : null;
  release.identifiers = (p.identifiers ?? []).map((i) => ({
    property: i.property,
    value: i.value,
    ...(i.comment ? { comment: i.comment } : {}),
  }));
  const territory = p.release?.territory?.toLowerCase() ?? '';
  release.country = countryIdFromCode(TERRITORIES[territory] ?? null);
  const region = p.release?.region;
  release.regionCode = region && region !== 'NA' ? region : null;
  release.ageRating = (p.classification ?? []).map((c) => `${c.board} ${c.value}`).join(', ') || null;
  const catalog = (p.identifiers ?? []).find((i) => i.property === 'Part Number');
  release.labelCatalogId = catalog?.value ?? null;
  // The main feature is the longest title on the disc.
  const titles = r['title-detail']?.titles ?? [];
  const main = [...titles].sort((a, b) => durationSeconds(b.duration) - durationSeconds(a.duration))[0];
  if (main) {
    release.aspectRatio = main['aspect-ratio'] || null;
    release.audioTracks = (main.audio ?? [])
      .filter((a) => a.language)
      .map((a) => ({ language: a.language as string, system: [a.format, a.channels].filter(Boolean).join(' ') }));
    release.subtitles = [...new Set((main.subtitle ?? []).map((s) => s.language).filter((s): s is string => !!s))];
  }
  const film = emptyFilm('filmbrainz', sourceId, p.title.trim());
  film.listing = { linkOnly: false, group: null };
  release.listing = { streetYear: null, anniversary: null, boxSet: false, sortName: null, setTitle: null };
  release.films = [film];
  return { releases: [release] };
}

// ---------------------------------------------------------------- derived labels

const labelSchema = z.object({
  name: str.min(1, 'name is empty'),
  release_count_in_seed: z.number().int().nullish(),
  country_hints: z.array(str).nullish(),
});

function mapLabel(value: unknown): Mapped {
  const r = parseWith(labelSchema, value);
  return { labels: [{ name: r.name.trim(), country: r.country_hints?.[0] ?? null }] };
}

// ---------------------------------------------------------------- Finnish censorship events

const censorshipSchema = z.object({
  id: str.min(1, 'id is empty'),
  film_title: str.min(1, 'film_title is empty'),
  film_year: year.nullish(),
  finnish_titles: z.array(str).nullish(),
  event: z.enum(CENSORSHIP_EVENTS),
  date: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'date must be YYYY, YYYY-MM or YYYY-MM-DD')
    .nullish(),
  date_precision: optStr,
  medium: z.enum(['cinema', 'video', 'all']),
  authority: optStr,
  rating: optStr,
  cut_seconds: z.number().int().min(0).nullish(),
  cut_seconds_approx: z.boolean().nullish(),
  details: optStr,
  source_url: optStr,
  source_lang: optStr,
  source_excerpt: optStr,
  confidence: optStr,
  notes: optStr,
});

/** Events that describe a Finnish video release of the film (a cut version on tape). */
const VIDEO_RELEASE_EVENTS = new Set(['cut_version_approved', 'cut_reported']);

function mapCensorship(value: unknown): Mapped {
  const r = parseWith(censorshipSchema, value);
  const film = emptyFilm('censorship', `fi-cens-film:${r.film_title.trim()}|${r.film_year ?? ''}`, r.film_title.trim());
  film.year = r.film_year ?? null;
  const fiTitles = (r.finnish_titles ?? []).map((t) => t.trim()).filter(Boolean);
  film.localizedFi = fiTitles[0] ?? null;
  film.akas = fiTitles;
  const event: EventIn = {
    sourceId: r.id,
    film,
    event: r.event,
    date: r.date ?? null,
    datePrecision: r.date_precision ?? null,
    medium: r.medium,
    authority: r.authority ?? null,
    rating: r.rating ?? null,
    cutSeconds: r.cut_seconds ?? null,
    cutSecondsApprox: r.cut_seconds_approx ?? false,
    details: r.details ?? null,
    localTitles: fiTitles,
    sourceUrl: r.source_url ?? null,
    sourceLang: r.source_lang ?? null,
    sourceExcerpt: r.source_excerpt ?? null,
    confidence: r.confidence ?? null,
    notes: r.notes ?? null,
    release: null,
  };
  if (r.medium === 'video' && VIDEO_RELEASE_EVENTS.has(r.event)) {
    const release = emptyRelease(r.id, fiTitles[0] ?? r.film_title.trim(), FORMATS.vhs);
    release.country = countryIdFromCode('FI');
    release.releaseYear = r.date ? Number(r.date.slice(0, 4)) : null;
    release.isCut = true;
    release.cutSeconds = r.cut_seconds ?? null;
    release.cutSecondsApprox = r.cut_seconds_approx ?? false;
    release.cutDetails = r.details ?? null;
    release.censorshipInfo = [r.authority, r.rating].filter(Boolean).join(' ') || null;
    release.ageRating = r.rating ? `${r.authority ?? 'VET'} ${r.rating}` : null;
    release.cutSource = r.source_url ?? null;
    release.films = [film];
    event.release = release;
  }
  return { events: [event] };
}

/**
 * Maps one raw record of a data set. `known` tells whether a title is a film of the catalogue
 * (used to read release listings: double features, lists split inside a title).
 * @throws RejectedRecord with the reason when it does not fit
 */
export function mapRecord(kind: SourceKind, value: unknown, known: KnownTitle = () => false): Mapped {
  switch (kind) {
    case 'wikipedia':
      return mapWikipedia(value);
    case 'criterion':
      return mapCriterion(value);
    case 'uhd4k':
      return mapUhd(value, known);
    case 'filmbrainz':
      return mapFilmbrainz(value);
    case 'labels':
      return mapLabel(value);
    case 'censorship':
      return mapCensorship(value);
  }
}
