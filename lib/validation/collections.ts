/**
 * Collection and collection-entry input rules (a collection's category cannot change after it is
 * created), shared by the forms and the server. Messages are
 * message keys of the `forms` namespace. Lengths in characters; prices in the entry's currency
 * with at most 2 decimals.
 */
import { z } from 'zod';
import { FORM_ERRORS } from './users';

import {
  COLLECTION_CATEGORIES,
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  COMMENT_LANGUAGES,
  CONDITIONS,
  CURRENCIES,
  ENTRY_COMMENT_MAX,
  PRICE_MAX,
  SHORTCUT_STYLES,
  VISIBILITIES,
  WATCHED_METHODS,
} from './collection-limits';

export * from './collection-limits';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: FORM_ERRORS.maxLength })
    .nullish()
    .transform((v) => v || null);

const choice = <T extends readonly (string | number)[]>(values: T, description: string) =>
  z
    .union([
      z.literal('').transform(() => null),
      z.coerce.string().refine((v) => (values as readonly (string | number)[]).map(String).includes(v), {
        error: FORM_ERRORS.invalid,
      }),
    ])
    .nullish()
    .transform((v) => (v == null ? null : (values.find((x) => String(x) === v) as T[number])))
    .meta({ description });

/** A new collection: name, description, visibility, category (fixed from now on), style, shortcut flag. */
export const collectionSchema = z
  .object({
    name: z
      .string({ error: FORM_ERRORS.required })
      .trim()
      .min(1, { error: FORM_ERRORS.required })
      .max(COLLECTION_NAME_MAX, { error: FORM_ERRORS.maxLength }),
    description: text(COLLECTION_DESCRIPTION_MAX),
    visibility: z.enum(VISIBILITIES, { error: FORM_ERRORS.invalid }).default('public'),
    category: z.enum(COLLECTION_CATEGORIES, { error: FORM_ERRORS.required }),
    style: z.coerce
      .number({ error: FORM_ERRORS.invalid })
      .int()
      .min(1, { error: FORM_ERRORS.invalid })
      .max(7, { error: FORM_ERRORS.invalid })
      .default(1),
    shortcut_default: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  })
  .refine((v) => !v.shortcut_default || SHORTCUT_STYLES[v.style as keyof typeof SHORTCUT_STYLES] === v.category, {
    path: ['shortcut_default'],
    error: 'shortcutInvalid',
  });

export type CollectionInput = z.input<typeof collectionSchema>;
export type CollectionData = z.output<typeof collectionSchema>;

/** A price as typed: digits with a dot or comma and at most 2 decimals ("19.99", "19,9", "20"). */
const priceSchema = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    const s = typeof v === 'number' ? String(v) : v.replace(',', '.');
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(s) || Number(s) > PRICE_MAX) {
      ctx.addIssue({ code: 'custom', message: 'priceInvalid' });
      return z.NEVER;
    }
    return Number(s).toFixed(2);
  });

/** A calendar date YYYY-MM-DD that exists, not in the future. */
const dateSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const d = new Date(`${v}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(v) ||
      Number.isNaN(d.getTime()) ||
      d.toISOString().slice(0, 10) !== v ||
      d.getTime() > Date.now() + 86_400_000
    ) {
      ctx.addIssue({ code: 'custom', message: FORM_ERRORS.invalid });
      return z.NEVER;
    }
    return v;
  });

/** What each entry field takes, in words: the descriptions of the API document (OpenAPI). */
export const ENTRY_FIELD_DOCS = {
  comment: `Comment, plain text, at most ${ENTRY_COMMENT_MAX} characters`,
  comment_language: `Language of the comment: ${COMMENT_LANGUAGES.join(', ')}`,
  price: `Price paid, in the entry's currency: a number, or text with a dot or comma and at most 2 decimals ("19.99", "19,9"); at most ${PRICE_MAX}`,
  currency: `Currency of the price: ${CURRENCIES.join(', ')} (EUR when a price comes without one)`,
  condition: '1 mint, 2 good, 3 fine/OK, 4 bad, 5 unusable, 6 sealed (a number or its text)',
  acquired_on: 'Date acquired (movies: watched), YYYY-MM-DD, not in the future',
  watched_method: `How the movie was watched: ${WATCHED_METHODS.join(', ')}`,
} as const;

const entryFields = {
  comment: text(ENTRY_COMMENT_MAX).meta({ description: ENTRY_FIELD_DOCS.comment }),
  comment_language: choice(COMMENT_LANGUAGES, ENTRY_FIELD_DOCS.comment_language),
  price: priceSchema.meta({ description: ENTRY_FIELD_DOCS.price }),
  currency: choice(CURRENCIES, ENTRY_FIELD_DOCS.currency),
  condition: choice(CONDITIONS, ENTRY_FIELD_DOCS.condition),
  acquired_on: dateSchema.meta({ description: ENTRY_FIELD_DOCS.acquired_on }),
  watched_method: choice(WATCHED_METHODS, ENTRY_FIELD_DOCS.watched_method),
};

/** The fields of a collection entry (add-to-collection dialog); all optional. */
export const entrySchema = z
  .object(entryFields)
  .transform((v) => ({ ...v, currency: v.price !== null ? (v.currency ?? 'EUR') : null }));

/**
 * The body of an entry change (PATCH): any of the entry's fields, each checked as in
 * {@link entrySchema}; a field left out stays undefined, and the data layer keeps its stored value.
 */
export const entryPatchSchema = z.object(entryFields).partial();

export type EntryInput = z.input<typeof entrySchema>;
export type EntryData = z.output<typeof entrySchema>;
