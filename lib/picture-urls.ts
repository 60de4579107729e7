/**
 * Addresses of uploaded pictures: every upload is stored once per size as WebP (lib/images.ts)
 * and served by the app under `/uploads/` (app/uploads/[file]/route.ts), named `{size}-{filename}`,
 * or `{size}-{variant}-{filename}` for a full cover with a variant. Pure: the data layer
 * builds picture addresses with it, the uploads route checks names against it.
 */

/** Size variants of a catalogue picture (covers, posters, fan art): widths in pixels, never enlarged. */
export const CATALOGUE_PICTURE_SIZES = { xl: 1200, lg: 500, md: 342, sm: 154, xs: 92 } as const;

export type CataloguePictureSize = keyof typeof CATALOGUE_PICTURE_SIZES;

/** A stored file name: 16 random characters and `.webp` (lib/images.ts storePicture). */
const FILENAME = /^[A-Za-z0-9_-]{16}\.webp$/;
/** A full cover's variant: lowercase letters and digits, at most 20. */
export const PICTURE_VARIANT = /^[a-z0-9]{1,20}$/;

/**
 * The name an uploaded variant is served under: `/uploads/` then `{size}-{file}` or
 * `{size}-{variant}-{file}`. Sizes are two letters; a file name is 16 characters that may hold a
 * dash, so the variant is told apart by the fixed length of what follows it.
 */
export const UPLOADED_FILE_NAME = /^[a-z]{2}-(?:[a-z0-9]{1,20}-)?[A-Za-z0-9_-]{16}\.webp$/;

/**
 * The address of one size of an uploaded picture.
 * @param filename the stored file name (`pictures.filename`)
 * @param variant a full cover's variant, or null
 * @throws Error for a malformed file name or variant (stored values are checked when written)
 */
export function uploadedPictureUrl(
  filename: string,
  size: CataloguePictureSize,
  variant: string | null = null,
): string {
  if (!FILENAME.test(filename)) throw new Error(`not a stored picture name: ${filename}`);
  if (variant !== null && !PICTURE_VARIANT.test(variant)) throw new Error(`not a picture variant: ${variant}`);
  return `/uploads/${size}-${variant ? `${variant}-` : ''}${filename}`;
}

/** `srcset` of an uploaded picture: every size, smallest first (`/uploads/xs-… 92w, …`). */
export function uploadedPictureSrcSet(filename: string, variant: string | null = null): string {
  return (Object.keys(CATALOGUE_PICTURE_SIZES) as CataloguePictureSize[])
    .sort((a, b) => CATALOGUE_PICTURE_SIZES[a] - CATALOGUE_PICTURE_SIZES[b])
    .map((size) => `${uploadedPictureUrl(filename, size, variant)} ${CATALOGUE_PICTURE_SIZES[size]}w`)
    .join(', ');
}
