/**
 * Discussion (post) and comment input rules (comments of reviews and
 * posts), shared by the forms and the server. Messages are message keys of the `forms` namespace;
 * lengths in characters. A post links to at most one movie, release or review (by public id).
 */
import { z } from 'zod';
import { isPublicId } from './listing';
import { MESSAGE_BODY_MAX, POST_HEADLINE_MAX } from './limits';
import { FORM_ERRORS } from './users';

export { MESSAGE_BODY_MAX, POST_HEADLINE_MAX } from './limits';
/** Languages of posts (and reviews): English, Finnish, other. */
export const POST_LANGUAGES = ['en', 'fi', 'other'] as const;
export type PostLanguage = (typeof POST_LANGUAGES)[number];

const required = (max: number) =>
  z
    .string({ error: FORM_ERRORS.required })
    .trim()
    .min(1, { error: FORM_ERRORS.required })
    .max(max, { error: FORM_ERRORS.maxLength });

/** An optional public id field: '' and null are none; anything else must be a public id. */
const optionalRef = z
  .string({ error: FORM_ERRORS.invalid })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isPublicId(v), { error: FORM_ERRORS.invalid });

/**
 * A new post: `headline`, `body` (the first message, plain text), `language` (en, fi, other) and at
 * most one of `movie`, `release`, `review` (public ids; two or more: `_form: postOneLink`).
 */
export const postSchema = z
  .object({
    headline: required(POST_HEADLINE_MAX),
    body: required(MESSAGE_BODY_MAX),
    language: z.enum(POST_LANGUAGES, { error: FORM_ERRORS.invalid }),
    movie: optionalRef.meta({
      description: 'Public id of the movie discussed (at most one of movie, release, review)',
    }),
    release: optionalRef.meta({ description: 'Public id of the release discussed' }),
    review: optionalRef.meta({ description: 'Public id of the review discussed' }),
  })
  .refine((v) => [v.movie, v.release, v.review].filter((x) => x !== null).length <= 1, {
    error: 'postOneLink',
    path: ['_form'],
  });
export type PostInput = z.input<typeof postSchema>;
export type PostData = z.output<typeof postSchema>;

/** Changes of a post by its author: headline, body and language (the link stays). */
export const postUpdateSchema = z.object({
  headline: required(POST_HEADLINE_MAX).optional(),
  body: required(MESSAGE_BODY_MAX).optional(),
  language: z.enum(POST_LANGUAGES, { error: FORM_ERRORS.invalid }).optional(),
});
export type PostUpdateInput = z.input<typeof postUpdateSchema>;

/** A new comment: `body` (plain text) and an optional `reply_to` (public id of a comment of the same thread). */
export const commentSchema = z.object({
  body: required(MESSAGE_BODY_MAX),
  reply_to: optionalRef.meta({ description: 'Public id of the comment of the same thread answered' }),
});
export type CommentInput = z.input<typeof commentSchema>;

/** A comment's new body. */
export const commentUpdateSchema = z.object({ body: required(MESSAGE_BODY_MAX) });
export type CommentUpdateInput = z.input<typeof commentUpdateSchema>;
