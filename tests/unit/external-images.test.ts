/** Images of the external film database (lib/external-images.ts): one address per width, the srcset, the base from the environment. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalImageSrcSet, externalImageUrl, isExternalImagePath } from '@/lib/external-images';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('externalImageUrl', () => {
  it.each([
    ['lg', 'https://image.tmdb.org/t/p/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg'],
    ['md', 'https://image.tmdb.org/t/p/w342/kqjL17yufvn9OVLyXYpvtyrFfak.jpg'],
    ['sm', 'https://image.tmdb.org/t/p/w154/kqjL17yufvn9OVLyXYpvtyrFfak.jpg'],
    ['xs', 'https://image.tmdb.org/t/p/w92/kqjL17yufvn9OVLyXYpvtyrFfak.jpg'],
  ] as const)('%s → %s', (size, url) => {
    expect(externalImageUrl('/kqjL17yufvn9OVLyXYpvtyrFfak.jpg', size)).toBe(url);
  });

  it('adds the leading slash and takes the host from TMDB_IMAGE_BASE_URL', () => {
    vi.stubEnv('TMDB_IMAGE_BASE_URL', 'http://127.0.0.1:4010/img/');
    expect(externalImageUrl('abc.png', 'sm')).toBe('http://127.0.0.1:4010/img/w154/abc.png');
  });

  it('refuses anything but a file path of one segment', () => {
    for (const bad of ['/../etc/passwd.jpg', 'https://evil.example/x.jpg', '/a/b.jpg', '/x.exe', ''])
      expect(isExternalImagePath(bad)).toBe(false);
    expect(() => externalImageUrl('/a/b.jpg', 'lg')).toThrow('not an external image path');
  });
});

describe('externalImageSrcSet', () => {
  it('lists every width, smallest first', () => {
    expect(externalImageSrcSet('/p.jpg')).toBe(
      'https://image.tmdb.org/t/p/w92/p.jpg 92w, https://image.tmdb.org/t/p/w154/p.jpg 154w, ' +
        'https://image.tmdb.org/t/p/w342/p.jpg 342w, https://image.tmdb.org/t/p/w500/p.jpg 500w',
    );
  });
});
