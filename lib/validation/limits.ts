/**
 * Declared maxima of account text fields, in characters, with no other imports: forms import
 * these without pulling the schemas (and zod) into the browser bundle.
 */

/** User name: at most this many characters. */
export const USER_NAME_MAX = 40;
/** E-mail address: at most this many characters (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
