import type { Messages, NestedValueOf } from 'next-intl';

/**
 * Message key types for dynamic keys. next-intl checks every `t('…')` against the English
 * catalogue (global.d.ts); a key built at run time needs one of these types instead of `string`.
 */

/**
 * Keys of the leaf messages directly under namespace `N`, a top-level or dotted namespace as
 * `useTranslations` / `getTranslations` take it: `MessageKey<'nav'>`, `MessageKey<'movies.meta'>`.
 */
export type MessageKey<N extends string> = LeafKeys<NestedValueOf<Messages, N>>;

type LeafKeys<T> = Extract<{ [K in keyof T]: T[K] extends string ? K : never }[keyof T], string>;

/** A message key of `forms`: field and form errors, as the API's validation answers them. */
export type FormsKey = MessageKey<'forms'>;

/**
 * A message key built at run time from data (a code, a flag name), typed as `K`, one of the keys
 * that exist. Use it behind `t.has(key)`, or where a missing message may show next-intl's
 * fallback ("namespace.key") and report the missing message, as any missing key does. Pure.
 */
export function keyFromData<K extends string>(key: string): K {
  return key as K;
}

type Enums = Messages['enums'];

/** `{group}.{code}` keys of the coded values in `enums` (formats, movie types, picture types, …). */
export type EnumKey<G extends keyof Enums> = `${G & string}.${Extract<keyof Enums[G], string>}`;

/**
 * The `enums` message key of a coded value from the data: `enumKey('movieTypes', 2)` →
 * "movieTypes.2" (see {@link keyFromData} for a code without a message). Pure.
 */
export function enumKey<G extends keyof Enums>(group: G, code: string | number): EnumKey<G> {
  return keyFromData<EnumKey<G>>(`${String(group)}.${code}`);
}
