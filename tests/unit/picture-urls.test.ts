/** Uploaded pictures' addresses (lib/picture-urls.ts): size names, a full cover's variant, the srcset, names the uploads route serves. */
import { describe, expect, it } from 'vitest';
import { UPLOADED_FILE_NAME, uploadedPictureSrcSet, uploadedPictureUrl } from '@/lib/picture-urls';

const FILE = 'Ab_c-DeFgHiJkLmN.webp';

describe('uploadedPictureUrl', () => {
  it('names a size {size}-{filename}, and {size}-{variant}-{filename} for a variant', () => {
    expect(uploadedPictureUrl(FILE, 'lg')).toBe(`/uploads/lg-${FILE}`);
    expect(uploadedPictureUrl(FILE, 'xs', 'reverse')).toBe(`/uploads/xs-reverse-${FILE}`);
  });

  it('refuses a malformed file name or variant', () => {
    expect(() => uploadedPictureUrl('../../secrets.json', 'lg')).toThrow('not a stored picture name');
    expect(() => uploadedPictureUrl(FILE, 'lg', 'Not-OK')).toThrow('not a picture variant');
  });

  it('lists every size in the srcset, smallest first', () => {
    expect(uploadedPictureSrcSet(FILE)).toBe(
      `/uploads/xs-${FILE} 92w, /uploads/sm-${FILE} 154w, /uploads/md-${FILE} 342w, /uploads/lg-${FILE} 500w, /uploads/xl-${FILE} 1200w`,
    );
  });
});

describe('UPLOADED_FILE_NAME', () => {
  it('matches the names written (with and without a variant) and nothing else', () => {
    for (const ok of [`lg-${FILE}`, `sm-reverse-${FILE}`, 'lg-AAAAAAAAAAAAAAAA.webp'])
      expect(UPLOADED_FILE_NAME.test(ok)).toBe(true);
    for (const bad of [FILE, `lg-${FILE}.png`, `lg-../${FILE}`, `lg-UPPER-${FILE}`, 'lg-short.webp', `xxl-${FILE}`])
      expect(UPLOADED_FILE_NAME.test(bad)).toBe(false);
  });
});
