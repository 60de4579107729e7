/**
 * Account input rules, shared by the forms and the server: zod schemas whose messages
 * are message keys of the `forms` namespace (messages/en.json, fi.json), as the form mechanism
 * shows them. Lengths in characters.
 */
import { z } from 'zod';
import { COUNTRY_IDS } from '@/lib/validation/enums';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password';

import { EMAIL_MAX, MUNICIPALITY_MAX, SOCIAL_URL_MAX, USER_NAME_MAX } from '@/lib/validation/limits';

export { EMAIL_MAX, MUNICIPALITY_MAX, SOCIAL_URL_MAX, USER_NAME_MAX };

/** Message keys (namespace `forms`) the account schemas produce. */
export const FORM_ERRORS = {
  required: 'required',
  maxLength: 'maxLength',
  invalid: 'invalid',
  email: 'emailInvalid',
  passwordShort: 'passwordTooShort',
  passwordMismatch: 'passwordsDoNotMatch',
} as const;

const required = (max: number) =>
  z
    .string({ error: FORM_ERRORS.required })
    .trim()
    .min(1, { error: FORM_ERRORS.required })
    .max(max, { error: FORM_ERRORS.maxLength });

/** An e-mail address as stored: trimmed and lower-cased. */
export const emailSchema = required(EMAIL_MAX)
  .pipe(z.email({ error: FORM_ERRORS.email }))
  .transform((e) => e.toLowerCase());

/** Registration (`/register`): user name, e-mail, password twice, optional country id. */
export const registerSchema = z
  .object({
    name: required(USER_NAME_MAX).refine((n) => /[\p{L}\p{N}]/u.test(n), { error: FORM_ERRORS.invalid }),
    email: emailSchema,
    password: z
      .string({ error: FORM_ERRORS.required })
      .min(1, { error: FORM_ERRORS.required })
      .min(PASSWORD_MIN_LENGTH, { error: FORM_ERRORS.passwordShort })
      .max(PASSWORD_MAX_LENGTH, { error: FORM_ERRORS.maxLength }),
    password2: z.string({ error: FORM_ERRORS.required }).min(1, { error: FORM_ERRORS.required }),
    country: z
      .union([
        z.literal('').transform(() => null),
        z.coerce
          .number()
          .int()
          .refine((c) => (COUNTRY_IDS as readonly number[]).includes(c), { error: FORM_ERRORS.invalid }),
      ])
      .nullish()
      .transform((c) => c ?? null),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], error: FORM_ERRORS.passwordMismatch });

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** Login: e-mail (required, 'the email field is required') and password. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: FORM_ERRORS.required })
    .min(1, { error: FORM_ERRORS.required })
    .max(PASSWORD_MAX_LENGTH, { error: FORM_ERRORS.maxLength }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Field → message key of the first problem of each field (form-level problems under `_form`). */
export type FieldErrors = Record<string, string>;

/** Social link fields of the profile form: Facebook, Instagram, YouTube, TikTok, X. */
export const SOCIAL_FIELDS = ['facebookUrl', 'instagramUrl', 'youtubeUrl', 'tiktokUrl', 'xUrl'] as const;
/** Flag fields of the profile form. */
export const FLAG_FIELDS = [
  'newsletter',
  'emailNotifications',
  'userEmail',
  'reviewNotifications',
  'releaseNotifications',
] as const;

const optionalUrl = z
  .string()
  .trim()
  .max(SOCIAL_URL_MAX, { error: FORM_ERRORS.maxLength })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), { error: FORM_ERRORS.invalid })
  .transform((v) => v || null);

const flag = z.union([
  z.boolean(),
  z.literal('true').transform(() => true),
  z.literal('false').transform(() => false),
  z.literal('').transform(() => false),
]);

/** "Edit my data": country, municipality, social links (url-shaped: http(s)://host.tld/…), flags. */
export const profileSchema = z.object({
  country: z
    .union([
      z.literal('').transform(() => null),
      z.null(),
      z.coerce
        .number()
        .int()
        .refine((c) => (COUNTRY_IDS as readonly number[]).includes(c), { error: FORM_ERRORS.invalid }),
    ])
    .transform((c) => c ?? null),
  municipality: z
    .string()
    .trim()
    .max(MUNICIPALITY_MAX, { error: FORM_ERRORS.maxLength })
    .transform((v) => v || null),
  facebookUrl: optionalUrl,
  instagramUrl: optionalUrl,
  youtubeUrl: optionalUrl,
  tiktokUrl: optionalUrl,
  xUrl: optionalUrl,
  newsletter: flag,
  emailNotifications: flag,
  userEmail: flag,
  reviewNotifications: flag,
  releaseNotifications: flag,
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;
