import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webAppManifest } from '@/lib/web-app-manifest';

describe('the web app manifest', () => {
  it('is installable: a name, standalone display, a start URL in the scope, 192 and 512 px icons that exist', () => {
    for (const locale of ['en', 'fi'] as const) {
      const m = webAppManifest(locale);
      expect(m.name).toBe('DiscShelf');
      expect(m.display).toBe('standalone');
      expect(m.start_url.startsWith(m.scope)).toBe(true);
      expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of m.icons) {
        const file = fs.readFileSync(path.join('public', icon.src));
        // A PNG whose IHDR gives the declared size.
        expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
        const size = `${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`;
        expect(size, icon.src).toBe(icon.sizes);
      }
    }
  });

  it('speaks the locale: Finnish texts and start pages under /fi', () => {
    const fi = webAppManifest('fi');
    expect([fi.lang, fi.start_url, fi.shortcuts[0]!.url]).toEqual(['fi', '/fi', '/fi/scan']);
    expect(fi.shortcuts[0]!.name).toBe('Skannaa viivakoodi');
    expect(webAppManifest('en').shortcuts[0]!.url).toBe('/scan');
  });
});
