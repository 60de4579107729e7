/**
 * Review input, shared by the review form and the server: headline, ingress,
 * plain-text body, language, watch source, YouTube address (its video id is kept), optional
 * linked release and ratings in buckets. Messages are message keys of the `forms` namespace.
 * Lengths in characters (lib/validation/limits.ts).
 */
import { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_HEADLINE_MAX, REVIEW_INGRESS_MAX, YOUTUBE_URL_MAX } from './limits';
import { isPublicId } from './listing';
import { youtubeVideoId } from './youtube';
import { FORM_ERRORS } from './users';

import {
  RATING_ASPECTS,
  RATING_BUCKETS,
  RELEASE_ASPECTS,
  REVIEW_LANGUAGES,
  WATCH_SOURCES,
  type RatingAspect,
  type RatingBucket,
  type WatchSourceName,
} from './review-options';

export * from './review-options';

/** The bucket name of a stored rating (5 → excellent). */
export function ratingBucket(value: number): RatingBucket | null {
  return (Object.keys(RATING_BUCKETS) as RatingBucket[]).find((k) => RATING_BUCKETS[k] === value) ?? null;
}

/** The source name of a stored watch source (1 → cinema). */
export function watchSourceName(value: number): WatchSourceName | null {
  return (Object.keys(WATCH_SOURCES) as WatchSourceName[]).find((k) => WATCH_SOURCES[k] === value) ?? null;
}

const optionalText = (max: number) =>
  z
    .string({ error: FORM_ERRORS.invalid })
    .trim()
    .max(max, { error: FORM_ERRORS.maxLength })
    .nullish()
    .transform((v) => v || null);

const requiredText = (max: number) =>
  z
    .string({ error: FORM_ERRORS.required })
    .trim()
    .min(1, { error: FORM_ERRORS.required })
    .max(max, { error: FORM_ERRORS.maxLength });

/** A rating: a bucket name or its number 1-5; "" or nothing is none. Output: 5..1 or null. */
const ratingSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    const n = typeof v === 'number' ? v : (RATING_BUCKETS[v as RatingBucket] ?? (/^[1-5]$/.test(v) ? Number(v) : NaN));
    if (!Number.isInteger(n) || n < 1 || n > 5) {
      ctx.addIssue({ code: 'custom', message: FORM_ERRORS.invalid });
      return z.NEVER;
    }
    return n;
  });

/** A watch source: a name (cinema … amazon) or its number 1-6; "" or nothing is none. Output: 1..6 or null. */
const watchSourceSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    const n =
      typeof v === 'number' ? v : (WATCH_SOURCES[v as WatchSourceName] ?? (/^[1-6]$/.test(v) ? Number(v) : NaN));
    if (!Number.isInteger(n) || n < 1 || n > 6) {
      ctx.addIssue({ code: 'custom', message: FORM_ERRORS.invalid });
      return z.NEVER;
    }
    return n;
  });

/** An optional public id (of the linked release); "" or nothing is none. */
const optionalPublicId = z
  .string({ error: FORM_ERRORS.invalid })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isPublicId(v), { error: FORM_ERRORS.invalid });

/** What a rating field takes, in words (the API document's description). */
function ratingDoc(aspect: RatingAspect): string {
  const buckets = `${Object.keys(RATING_BUCKETS).join(', ')}, or 5-1`;
  if (aspect === 'movie') return `Rating of the movie: ${buckets}`;
  const what = aspect === 'release' ? 'the release as a whole' : `the release's ${aspect}`;
  return `Rating of ${what} (needs release): ${buckets}`;
}

const reviewFields = {
  headline: requiredText(REVIEW_HEADLINE_MAX),
  ingress: optionalText(REVIEW_INGRESS_MAX),
  /** Plain text; line ends normalised to \n. */
  body: requiredText(REVIEW_BODY_MAX).transform((v) => v.replace(/\r\n?/g, '\n')),
  language: z.enum(REVIEW_LANGUAGES, { error: FORM_ERRORS.required }),
  watch_source: watchSourceSchema.meta({
    description: `Where the movie was watched: ${Object.keys(WATCH_SOURCES).join(', ')}, or its number 1-6`,
  }),
  youtube_url: optionalText(YOUTUBE_URL_MAX).meta({
    description: 'Address of a YouTube video (watch, youtu.be, embed, shorts or live link)',
  }),
  release: optionalPublicId.meta({
    description:
      'Public id of the reviewed release of the movie; the release, picture, sound, extras and package ratings need one',
  }),
  ...(Object.fromEntries(
    RATING_ASPECTS.map((a) => [`rating_${a}`, ratingSchema.meta({ description: ratingDoc(a) })]),
  ) as Record<`rating_${RatingAspect}`, typeof ratingSchema>),
};

type Fields = {
  youtube_url: string | null;
  release: string | null;
} & Record<`rating_${RatingAspect}`, number | null>;

/** The cross-field rules: a YouTube address must name a video; release ratings need a release. */
function reviewRules<T extends Fields>(v: T, ctx: z.RefinementCtx): T & { youtube_id: string | null } {
  let youtube_id: string | null = null;
  if (v.youtube_url) {
    youtube_id = youtubeVideoId(v.youtube_url);
    if (!youtube_id) ctx.addIssue({ code: 'custom', path: ['youtube_url'], message: 'youtubeInvalid' });
  }
  if (!v.release)
    for (const a of RELEASE_ASPECTS)
      if (v[`rating_${a}`] !== null)
        ctx.addIssue({ code: 'custom', path: [`rating_${a}`], message: 'ratingNeedsRelease' });
  return { ...v, youtube_id };
}

/** A new review: the movie's public id and the review's fields. */
export const reviewSchema = z
  .object({
    movie: z
      .string({ error: FORM_ERRORS.required })
      .trim()
      .refine(isPublicId, { error: FORM_ERRORS.required })
      .meta({ description: 'Public id of the reviewed movie' }),
    ...reviewFields,
  })
  .transform(reviewRules);

/** A changed review: every field of the form again (the movie stays). */
export const reviewUpdateSchema = z.object(reviewFields).transform(reviewRules);

/**
 * The body of a review change (PATCH): any of the review's fields, each checked as in
 * {@link reviewUpdateSchema}; a field left out stays undefined, and the data layer keeps its
 * stored value (the cross-field rules run on the merged review).
 */
export const reviewPatchSchema = z.object(reviewFields).partial();

export type ReviewInput = z.input<typeof reviewSchema>;
export type ReviewData = z.output<typeof reviewSchema>;
export type ReviewUpdateData = z.output<typeof reviewUpdateSchema>;
