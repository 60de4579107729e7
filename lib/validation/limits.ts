/**
 * Account limits shared by the forms (browser) and the server, with no imports: forms import these
 * without pulling the schemas (zod), sharp or the database into the browser bundle. Lengths in
 * characters.
 */

/** User name: at most this many characters. */
export const USER_NAME_MAX = 40;
/** E-mail address: at most this many characters (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Municipality of a profile. */
export const MUNICIPALITY_MAX = 100;
/** A social link of a profile. */
export const SOCIAL_URL_MAX = 300;
/** Name of a personal API token. */
export const API_TOKEN_NAME_MAX = 60;
/** Minutes a password reset link stays valid. */
export const RESET_TOKEN_MINUTES = 60;
/** Largest accepted picture upload, in bytes: 20 MB. */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** Review headline: at most this many characters. */
export const REVIEW_HEADLINE_MAX = 200;
/** Review ingress (the lead paragraph): at most this many characters. */
export const REVIEW_INGRESS_MAX = 1000;
/** Review body (plain text): at most this many characters. */
export const REVIEW_BODY_MAX = 50_000;
/** A YouTube address of a review. */
export const YOUTUBE_URL_MAX = 300;
/** Headline of a discussion (post): at most this many characters. */
export const POST_HEADLINE_MAX = 200;
/** Body of a discussion's first message or of a comment: at most this many characters. */
export const MESSAGE_BODY_MAX = 20_000;
/** The reason an admin gives for deleting someone's review. */
export const MODERATION_REASON_MAX = 500;

/** A change request's note (why, what the source says), in characters. */
export const CHANGE_NOTE_MAX = 2000;
/** A change request's source (the disc in hand, a photo, a URL), in characters. */
export const CHANGE_SOURCE_MAX = 500;
