/**
 * Lengths of the media forms (pictures, videos, shopping links), in characters, with no imports: a
 * module of their own, as the bundler keeps a module's every export, so the account forms that
 * import lib/validation/limits.ts do not carry them.
 */

/** A picture's source (credit line), in characters. */
export const PICTURE_SOURCE_MAX = 200;
/** A video's chapter, in characters. */
export const VIDEO_CHAPTER_MAX = 100;
/** A shopping link as pasted, in characters. */
export const SHOPPING_LINK_MAX = 500;
