/**
 * Contact form input rules (`/contact`, `/movie/{id}/contact`, `/release/{id}/contact`),
 * shared by the form and the server: zod schemas whose messages are message keys of the `forms`
 * namespace, and the text clean-up that keeps pasted control characters out of stored messages and
 * mail headers. Lengths in characters (lib/validation/limits.ts). No I/O.
 *
 * - A member writes `subject` and `message` (1-150 and 1-5000 characters); the name and the address
 *   to answer to come from the account and are not copied into the message.
 * - A visitor also gives `name` (1-100 characters) and `email` (a valid address, at most 254
 *   characters, stored lower-cased), and passes the bot check (checked by the data layer).
 * - `movie` or `release`: the public id of the item the message is about (the item's contact
 *   page), at most one; '' or none for the general form.
 */
import { z } from 'zod';
import { singleLine } from '@/lib/one-line';
import { isPublicId } from './listing';
import { CONTACT_ANSWER_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from './contact-limits';
import { emailSchema, FORM_ERRORS } from './users';

export { CONTACT_ANSWER_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX };

/** States of a contact message: waiting for an admin, answered by mail, closed (done). */
export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Languages an answer can be mailed in. */
export const CONTACT_MAIL_LOCALES = ['en', 'fi'] as const;
export type ContactMailLocale = (typeof CONTACT_MAIL_LOCALES)[number];

/**
 * Text of several lines as it is stored and mailed: line breaks written as "\n" (CR LF, CR and the
 * Unicode separators), other control characters and bidi marks taken out (tabs kept), the ends
 * trimmed. Pure.
 */
export function multiLine(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
}

const text = (clean: (s: string) => string, max: number) =>
  z
    .string({ error: FORM_ERRORS.required })
    .transform(clean)
    .pipe(z.string().min(1, { error: FORM_ERRORS.required }).max(max, { error: FORM_ERRORS.maxLength }));

/** An optional public id field: '' and null are none; anything else must be a public id. */
const optionalRef = z
  .string({ error: FORM_ERRORS.invalid })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isPublicId(v), { error: FORM_ERRORS.invalid });

/**
 * A member's message: `subject` (one line, 1-150), `message` (1-5000), and at most one of `movie`
 * and `release` (public ids; both: `_form: invalid`). Other fields (name, email) are dropped.
 */
export const contactMessageSchema = z
  .object({
    subject: text(singleLine, CONTACT_SUBJECT_MAX),
    message: text(multiLine, CONTACT_MESSAGE_MAX),
    movie: optionalRef,
    release: optionalRef,
  })
  .refine((v) => v.movie === null || v.release === null, { error: FORM_ERRORS.invalid, path: ['_form'] });

/** A visitor's message: a member's fields plus `name` (one line, 1-100) and `email` (valid, stored lower-cased). */
export const contactVisitorSchema = z
  .object({
    name: text(singleLine, CONTACT_NAME_MAX),
    email: emailSchema,
    subject: text(singleLine, CONTACT_SUBJECT_MAX),
    message: text(multiLine, CONTACT_MESSAGE_MAX),
    movie: optionalRef,
    release: optionalRef,
  })
  .refine((v) => v.movie === null || v.release === null, { error: FORM_ERRORS.invalid, path: ['_form'] });

/** What the contact form sends (visitors fill `name` and `email`; members leave them out). */
export type ContactInput = {
  name?: string | null;
  email?: string | null;
  subject: string;
  message: string;
  movie?: string | null;
  release?: string | null;
};

/**
 * An admin's answer: `answer` (1-10000 characters, mailed to the sender) and `locale`, the language
 * of the mail's own words (en or fi; anything else reads as en).
 */
export const contactAnswerSchema = z.object({
  answer: text(multiLine, CONTACT_ANSWER_MAX),
  locale: z
    .string()
    .nullish()
    .transform((v): ContactMailLocale => (v === 'fi' ? 'fi' : 'en')),
});
export type ContactAnswerInput = z.input<typeof contactAnswerSchema>;
