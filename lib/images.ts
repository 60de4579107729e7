import 'server-only';
/**
 * The shared picture helper (jpg, gif, png or webp; at most 20 MB): every uploaded
 * picture goes through here. The type is read from the file's content (sharp), never from its
 * name; decoding stops above PICTURE_MAX_PIXELS (a "decompression bomb" guard); EXIF orientation
 * is applied and every metadata block (EXIF, GPS, ICC comments) is dropped; each size variant is
 * written once as WebP to `${UPLOAD_DIR}/{size}-{file}` and served as an immutable static file
 * (`/uploads/{size}-{file}`). Sizes are widths in pixels (never enlarged).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { dataDir } from '@/lib/config/data-dir';
import { toMegabytes } from '@/lib/format';
import { PICTURE_VARIANT } from '@/lib/picture-urls';
import { PICTURE_MAX_BYTES } from '@/lib/validation/limits';

export { PICTURE_MAX_BYTES };
/** Largest accepted picture, in pixels (width × height). */
export const PICTURE_MAX_PIXELS = 40_000_000;
/** Size variants of a profile picture: widths in pixels (`lg` for the profile, `sm` for lists). */
export const AVATAR_SIZES = { lg: 400, sm: 96 } as const;

/** Accepted formats as sharp names them (jpg, gif, png, webp). */
export const PICTURE_FORMATS = ['jpeg', 'gif', 'png', 'webp'] as const;

/** Why a picture was refused: a message key of the `forms` namespace and its parameters. */
export class PictureError extends Error {
  constructor(
    readonly key: 'pictureTooLarge' | 'pictureType' | 'pictureTooManyPixels' | 'pictureUnreadable',
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'PictureError';
  }
}

/** Folder of the written variants (`UPLOAD_DIR`, default `${DATA_DIR}/uploads`). */
export function uploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR || path.join(dataDir(), 'uploads'));
}

/**
 * Checks and stores a picture in the given sizes.
 * @param input the uploaded bytes
 * @param sizes variant name → width in pixels, e.g. `{ lg: 400, sm: 96 }`
 * @param variant a full cover's variant (lib/picture-urls.ts PICTURE_VARIANT): the files are named
 *   `{size}-{variant}-{file}`; null for `{size}-{file}`
 * @returns the stored file name (`{random}.webp`) and the original's width and height
 * @throws PictureError pictureTooLarge ({0} = size in MB rounded up to one decimal, {1} = max MB; numbers), pictureType,
 *   pictureTooManyPixels, pictureUnreadable
 */
export async function storePicture(
  input: Buffer,
  sizes: Record<string, number>,
  variant: string | null = null,
): Promise<{ file: string; width: number; height: number }> {
  if (variant !== null && !PICTURE_VARIANT.test(variant)) throw new Error('bad picture variant');
  if (input.length > PICTURE_MAX_BYTES) {
    throw new PictureError('pictureTooLarge', {
      0: toMegabytes(input.length),
      1: toMegabytes(PICTURE_MAX_BYTES),
    });
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError('pictureUnreadable');
  }
  if (!meta.format || !(PICTURE_FORMATS as readonly string[]).includes(meta.format))
    throw new PictureError('pictureType');
  if ((meta.width ?? 0) * (meta.height ?? 0) > PICTURE_MAX_PIXELS) throw new PictureError('pictureTooManyPixels');
  const file = `${crypto.randomBytes(12).toString('base64url')}.webp`;
  const dir = uploadDir();
  fs.mkdirSync(dir, { recursive: true });
  try {
    for (const [size, width] of Object.entries(sizes)) {
      await sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(path.join(dir, variantName(size, file, variant)));
    }
  } catch {
    removePicture(file, Object.keys(sizes), variant);
    throw new PictureError('pictureUnreadable');
  }
  return { file, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** The file name of one size of a stored picture. */
function variantName(size: string, file: string, variant: string | null): string {
  return variant ? `${size}-${variant}-${file}` : `${size}-${file}`;
}

/** Deletes the sizes of a stored picture (missing files are ignored); `variant` as it was stored. */
export function removePicture(file: string, sizes: string[], variant: string | null = null): void {
  if (!/^[A-Za-z0-9_-]+\.webp$/.test(file) || (variant !== null && !PICTURE_VARIANT.test(variant))) return;
  for (const size of sizes) fs.rmSync(path.join(uploadDir(), variantName(size, file, variant)), { force: true });
}
