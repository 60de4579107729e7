/**
 * Images of the external film database (TMDb): posters, backdrops and profile photos, stored as
 * the database's file path (`/kqjL17yufvn9OVLyXYpvtyrFfak.jpg`, the media record's
 * `external_filename`) and shown from its image host in one of four widths. This is the one
 * builder of their addresses.
 *
 * Configuration: `TMDB_IMAGE_BASE_URL` (default `https://image.tmdb.org/t/p`), the host and path
 * before the width segment (`w500`); the listings' SQL reads it once, when the server starts.
 */

/** The widths images are shown in, in pixels, by size name. */
export const EXTERNAL_IMAGE_WIDTHS = { lg: 500, md: 342, sm: 154, xs: 92 } as const;

export type ExternalImageSize = keyof typeof EXTERNAL_IMAGE_WIDTHS;

const DEFAULT_BASE_URL = 'https://image.tmdb.org/t/p';
/** A file path as the film database gives it: one segment, a name and an image extension. */
const FILE_PATH = /^\/?[A-Za-z0-9_-]+\.(?:jpg|jpeg|png|webp|svg)$/;

/** The image host's base address (no trailing slash), before the width segment. */
export function externalImageBaseUrl(): string {
  return (process.env.TMDB_IMAGE_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** Whether `path` is a file path of the film database (`/name.jpg`), the only form stored. */
export function isExternalImagePath(path: string): boolean {
  return FILE_PATH.test(path);
}

/**
 * The address of an image of the film database in one width.
 * @param path its file path (`/abc.jpg`; the leading slash optional)
 * @param size lg (500 px), md (342), sm (154) or xs (92)
 * @throws Error when `path` is not such a file path (a stored value is checked when written)
 */
export function externalImageUrl(path: string, size: ExternalImageSize): string {
  if (!isExternalImagePath(path)) throw new Error(`not an external image path: ${path}`);
  const file = path.startsWith('/') ? path : `/${path}`;
  return `${externalImageBaseUrl()}/w${EXTERNAL_IMAGE_WIDTHS[size]}${file}`;
}

/** `srcset` of an image of the film database: every width, smallest first (`… 92w, … 154w, …`). */
export function externalImageSrcSet(path: string): string {
  return (Object.keys(EXTERNAL_IMAGE_WIDTHS) as ExternalImageSize[])
    .sort((a, b) => EXTERNAL_IMAGE_WIDTHS[a] - EXTERNAL_IMAGE_WIDTHS[b])
    .map((size) => `${externalImageUrl(path, size)} ${EXTERNAL_IMAGE_WIDTHS[size]}w`)
    .join(', ');
}
