/**
 * Zod schemas shared by the route declarations (lib/api/route.ts): path parameters, paging and
 * simple-list queries, loose body fields, and the shapes of the documented responses. No I/O.
 * A schema issue whose message is an AppError code (`bad_limit`, `bad_body`) makes the wrapper
 * answer that error; other query issues answer `bad_param`, other body issues field errors.
 */
import { z } from 'zod';
import { FORMAT_IDS, COUNTRY_IDS } from '@/lib/validation/enums';
import { EMAIL_MAX, USER_NAME_MAX } from '@/lib/validation/limits';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password';
import {
  CUT_DURATIONS,
  DATE_DIRECTIONS,
  DATE_WINDOWS,
  isPublicId,
  LIST_FILTERS,
  LIST_SORTS,
  MAX_QUERY_LENGTH,
  PRICE_BANDS,
} from '@/lib/validation/listing';

/** A public id (1-64 of A-Z a-z 0-9 _ -; lib/validation/listing.ts isPublicId). */
export const publicIdSchema = z
  .string()
  .refine(isPublicId)
  .meta({ description: 'Public id: 1-64 of A-Z a-z 0-9 _ -', override: { pattern: '^[A-Za-z0-9_-]{1,64}$' } });

/** Path `{publicId}`. */
export const publicIdParams = z.object({ publicId: publicIdSchema });

/** A collection entry id in a path: 1-9 digits. */
export const entryIdSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .meta({ description: 'Entry id (whole number)' });

/**
 * Path parameters of an entry's routes (`/api/collections/{publicId}/entries/{entryId}…`): the
 * entry is found by its id and owner, so the collection segment is not read.
 */
export const entryParams = z.object({
  publicId: z.string().meta({ description: 'The collection (not checked: the entry id decides)' }),
  entryId: entryIdSchema,
});

/** Largest value of a PostgreSQL `integer` column (ids, counts): larger input is refused before SQL sees it. */
export const INT4_MAX = 2_147_483_647;

/**
 * A session or token id in a path: a whole number 1-2147483647 (an `integer` id column); anything
 * else (text, 0, past the column's range) does not match, so the route answers 404.
 */
export const rowIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= INT4_MAX)
  .meta({ description: 'Whole number id, 1-2147483647', override: { type: 'string', pattern: '^\\d+$' } });

/**
 * Paging of the JSON API, as lib/validation/listing.ts parsePaging: `cursor` (opaque, trimmed, ""
 * is none) and `limit` (whole number 1-100, default `defaultLimit`; else 400 bad_limit).
 */
export function pagingQuery(defaultLimit: number) {
  return {
    cursor: z
      .string()
      .optional()
      .transform((v) => v?.trim() || null)
      .meta({ description: 'next_cursor of the previous page (opaque)' }),
    limit: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const s = v?.trim() ?? '';
        if (!s) return defaultLimit;
        if (!/^\d{1,3}$/.test(s) || Number(s) < 1 || Number(s) > 100) {
          ctx.addIssue({ code: 'custom', message: 'bad_limit' });
          return z.NEVER;
        }
        return Number(s);
      })
      .meta({ description: `Page size 1-100 (default ${defaultLimit})`, override: { pattern: '^\\d{1,3}$' } }),
  };
}

/** `q` of a simple list: trimmed, null when empty, at most MAX_QUERY_LENGTH characters (else bad_param q). */
export const listQueryText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || v.length <= MAX_QUERY_LENGTH)
  .meta({
    description: `Text to find (case-, accent- and punctuation-insensitive), at most ${MAX_QUERY_LENGTH} characters`,
  });

/** A simple list's query: `q`, `cursor`, `limit`. */
export function simpleListQuery(defaultLimit: number) {
  return z.object({ q: listQueryText, ...pagingQuery(defaultLimit) });
}

const listed = (values: readonly (string | number)[]) => values.join(', ');

/**
 * The listing parameters (README "Listings"), for the document: the handler parses them with
 * lib/validation/listing.ts, which gives each bad value its own 400 message.
 */
export const listingQueryDoc = {
  fo: z
    .string()
    .optional()
    .meta({ description: `Format ids, comma-separated: ${listed(FORMAT_IDS)}` }),
  co: z
    .string()
    .optional()
    .meta({ description: `Country ids, comma-separated: ${listed(COUNTRY_IDS)}` }),
  fi: z
    .string()
    .optional()
    .meta({ description: `Filters, comma-separated: ${listed(LIST_FILTERS)}` }),
  so: z
    .string()
    .optional()
    .meta({ description: `Sort: ${listed(LIST_SORTS)}` }),
  pc: z.string().optional().meta({ description: 'Production company public ids, comma-separated, or `any`' }),
  la: z.string().optional().meta({ description: 'Language (titles: spoken; releases: audio or subtitle)' }),
  q: z
    .string()
    .optional()
    .meta({
      description:
        `Text; titles accept \`Title (year)\` and \`(year)\`, releases a format in brackets (\`Alien [4k]\`); at most ${MAX_QUERY_LENGTH} ` +
        `characters`,
    }),
  cd: z
    .string()
    .optional()
    .meta({ description: `Cut length: ${listed(CUT_DURATIONS)}` }),
  dr: z
    .string()
    .optional()
    .meta({ description: `Street date: ${listed(DATE_DIRECTIONS)}` }),
  dn: z
    .string()
    .optional()
    .meta({ description: `Window in days for dr: ${listed(DATE_WINDOWS)}` }),
  pr: z
    .string()
    .optional()
    .meta({ description: `RRP band in euros: ${listed(PRICE_BANDS)}` }),
  cursor: z.string().optional().meta({ description: 'next_cursor of the previous page (opaque)' }),
  limit: z.string().optional().meta({ description: 'Page size 1-100 (default 24)' }),
};

/**
 * A text field of a partial update (PATCH): a string, a number as its decimal text, anything
 * else ""; a field left out stays undefined, so the data layer keeps the stored value.
 */
export const patchText = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch('');

/**
 * A text field of a JSON form body as the forms send it: {@link patchText}, with nothing given
 * read as "". The data layer validates the text itself.
 */
export const formText = patchText.transform((v) => v ?? '');

/** A flag of a JSON form body: true for `true` or "true", else false. */
export const formFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(false)
  .transform((v) => v === true || v === 'true');

/** A flag of a partial update (PATCH): as {@link formFlag}, but a flag left out stays undefined. */
export const patchFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .catch(false)
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

/** A described text field of a JSON form body ({@link formText} with its OpenAPI description). */
export const describedText = (description: string) => formText.meta({ description });

/**
 * The account fields of the JSON bodies (registration, e-mail and password changes, password
 * reset), described for the API document; the data layer checks their values.
 */
export const accountFields = {
  name: describedText(`Name shown to others: 1-${USER_NAME_MAX} characters with a letter or digit`),
  email: describedText(`E-mail address, at most ${EMAIL_MAX} characters`),
  password: describedText(
    `New password: ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters, not a common or easily guessed one`,
  ),
  password2: describedText('The new password again'),
  current: describedText('The current password ("" for an account without one: a login within the last 10 minutes)'),
};

/**
 * `{ "error": message, "code": code }`: a 4xx/5xx answer; `code` (lib/errors.ts APP_ERRORS:
 * `not_found`, `action_limited`, `friend_request_wait`, …) tells programs which error it is.
 */
export const errorSchema = z
  .object({
    error: z.string(),
    code: z.string().optional().meta({ description: 'The error code, e.g. not_found, forbidden, action_limited' }),
  })
  .meta({ id: 'Error' });

/** The 500 answer: the spec's text and the id of the request the error was logged under (X-Request-Id). */
export const serverErrorSchema = z.object({ error: z.string(), request_id: z.string() }).meta({ id: 'ServerError' });

/** `{ "error": "invalid", "fields": { field: message key } }`: field problems (message keys of `forms`). */
export const invalidSchema = z
  .object({
    error: z.literal('invalid'),
    fields: z.record(z.string(), z.string()),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({
    id: 'Invalid',
    description: 'Field problems: field name (or `_form`) to a message key of the `forms` namespace',
  });

/** `{ ok: true }`. */
export const okSchema = z.object({ ok: z.literal(true) });

/** A DTO of lib/data/types.ts (or the named module), described by name. */
export function dto(name: string) {
  return z.looseObject({}).meta({ description: `${name} (see lib/data)` });
}

/** A keyset page: `{ items, next_cursor }`. */
export function pageOf(itemName: string) {
  return z.object({ items: z.array(dto(itemName)), next_cursor: z.string().nullable() });
}

/**
 * Close spelling matches of a search (lib/data/types.ts CloseMatch): present when the words as
 * typed found few results and close spellings were searched too (lib/data/search-words.ts).
 */
export const closeMatchSchema = z
  .object({
    q: z.string().meta({ description: 'The query with each word replaced by its closest spelling ("Did you mean")' }),
    words: z.array(
      z.object({
        word: z.string().meta({ description: 'A query word (folded) that found little' }),
        close: z.array(z.string()).meta({ description: 'Catalogue words searched as well, closest first' }),
      }),
    ),
  })
  .meta({ id: 'CloseMatch' });

/**
 * Titles of a search found through cast and crew (lib/data/types.ts CreditsMatch): present when
 * the words found no title and no person (lib/data/search-credits.ts).
 */
export const creditsMatchSchema = z
  .object({
    persons: z
      .array(z.object({ public_id: z.string(), name: z.string() }))
      .meta({ description: 'The persons whose credits found the titles shown, most credited first' }),
    title_words: z.string().meta({ description: 'The query words (folded) that every title shown holds' }),
  })
  .meta({ id: 'CreditsMatch' });

/**
 * A keyset page of a list searched with `q`: `{ items, next_cursor, close?, credited? }` (close
 * only with close matches; credited only on a label's listing whose words name persons with films there).
 */
export function searchPageOf(itemName: string) {
  return pageOf(itemName).extend({
    close: closeMatchSchema.optional(),
    credited: z
      .array(z.object({ public_id: z.string(), name: z.string() }))
      .optional()
      .meta({
        description:
          "With `label`: q's words name these persons (most credited first), and the items also hold the label's releases of films credited to them",
      }),
  });
}

/** A documented JSON response. */
export function jsonResponse(description: string, schema: z.ZodType = dto(description)) {
  return { description, content: { 'application/json': { schema } } };
}

/** The documented 400 `{ error: 'invalid', fields }` answer. */
export const invalidResponseDoc = jsonResponse('Field problems (message keys)', invalidSchema);

/**
 * `{ movie: public_id }` or `{ release: public_id }` of a body that names one catalogue item
 * (exactly one, a public id; else 400 bad_body), parsed into the data layer's item reference.
 */
export const itemRefSchema = z
  .object({
    movie: formText.meta({ description: 'Movie public id (or give release)' }),
    release: formText.meta({ description: 'Release public id (or give movie)' }),
  })
  .transform((v, ctx) => {
    const publicId = v.movie || v.release;
    if (!!v.movie === !!v.release || !isPublicId(publicId)) {
      ctx.addIssue({ code: 'custom', message: 'bad_body' });
      return z.NEVER;
    }
    return { item: { type: v.movie ? ('movie' as const) : ('release' as const), publicId } };
  });
