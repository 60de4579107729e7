import { describe, expect, it } from 'vitest';
import { safeNextPath, splitLocalePath } from '@/lib/next-path';
import { localeOfPath } from '@/lib/i18n/routing';

describe('return paths after login', () => {
  it('keep same-origin paths with their query and fragment', () => {
    expect(safeNextPath('/release/abc?tab=1')).toBe('/release/abc?tab=1');
    expect(safeNextPath('/fi/movie/x?a=1#reviews')).toBe('/fi/movie/x?a=1#reviews');
    expect(safeNextPath('/')).toBe('/');
    // Encoded slashes stay encoded: one path segment, not a host.
    expect(safeNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    // A query or fragment may hold slashes; only the path decides where the browser goes.
    expect(safeNextPath('/x?to=//evil.example#//evil')).toBe('/x?to=//evil.example#//evil');
    expect(safeNextPath('/a/b/../c')).toBe('/a/c');
  });

  it('refuse control characters anywhere (browsers strip tab and newline: /\\t/evil becomes //evil)', () => {
    // What /login?next=/%09/evil.example/x gives after URLSearchParams decodes it.
    expect(safeNextPath(new URLSearchParams('next=/%09/evil.example/x').get('next'))).toBe('/');
    expect(safeNextPath(new URLSearchParams('next=/%0A/evil.example/x').get('next'))).toBe('/');
    expect(safeNextPath(new URLSearchParams('next=/%0D/evil.example/x').get('next'))).toBe('/');
    expect(safeNextPath('/\t/evil.example/x')).toBe('/');
    expect(safeNextPath('/\n/evil.example')).toBe('/');
    expect(safeNextPath('/\r\n/evil.example')).toBe('/');
    expect(safeNextPath('/\u0000/evil.example')).toBe('/');
    expect(safeNextPath('/\u001f/evil.example')).toBe('/');
    expect(safeNextPath('/\u007f/evil.example')).toBe('/');
    expect(safeNextPath('/movie/x\t')).toBe('/');
    expect(safeNextPath('/movie?q=\n')).toBe('/');
  });

  it('refuse backslashes anywhere and protocol-relative or absolute URLs', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/\\/evil.example')).toBe('/');
    expect(safeNextPath('/x\\y')).toBe('/');
    expect(safeNextPath(new URLSearchParams('next=/%5C/evil.example').get('next'))).toBe('/');
    expect(safeNextPath(new URLSearchParams('next=%2F%2Fevil.example').get('next'))).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('http://evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
    expect(safeNextPath('data:text/html,x')).toBe('/');
    expect(safeNextPath('evil.example')).toBe('/');
    expect(safeNextPath('///evil.example')).toBe('/');
    expect(safeNextPath(' /x')).toBe('/');
    expect(safeNextPath('')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });

  it('refuse paths whose dot segments resolve to a protocol-relative URL', () => {
    expect(safeNextPath('/a/..//evil.example')).toBe('/');
    expect(safeNextPath('/.//evil.example')).toBe('/');
    expect(safeNextPath('/%2e//evil.example')).toBe('/');
  });

  it('resolve against a given origin: same origin kept, others refused', () => {
    expect(safeNextPath('/movie/x', 'https://discshelf.example')).toBe('/movie/x');
    // A protocol-relative URL of the site itself resolves to the site: its path is kept.
    expect(safeNextPath('//discshelf.example/movie/x', 'https://discshelf.example')).toBe('/movie/x');
    expect(safeNextPath('//evil.example/movie/x', 'https://discshelf.example')).toBe('/');
    expect(safeNextPath('/movie/x', 'not an origin')).toBe('/');
  });

  it('split a full path into its locale login page and the path inside the locale', () => {
    expect(splitLocalePath('/fi/movie/x')).toEqual({ login: '/fi/login', inner: '/movie/x' });
    expect(splitLocalePath('/fi')).toEqual({ login: '/fi/login', inner: '/' });
    expect(splitLocalePath('/fi?q=1')).toEqual({ login: '/fi/login', inner: '/?q=1' });
    expect(splitLocalePath('/film/x')).toEqual({ login: '/login', inner: '/film/x' });
    expect(splitLocalePath('/finland')).toEqual({ login: '/login', inner: '/finland' });
  });
});

describe('localeOfPath (lib/i18n/routing.ts)', () => {
  it('is the locale the first segment names, else English', () => {
    for (const [path, locale] of [
      ['/fi', 'fi'],
      ['/fi/movie/x', 'fi'],
      ['/fi?q=1', 'fi'],
      ['/fi#top', 'fi'],
      ['/', 'en'],
      ['/movie/x', 'en'],
      ['/finland', 'en'],
      ['/film/fi', 'en'],
      ['/en/movie/x', 'en'],
      ['', 'en'],
    ])
      expect([path, localeOfPath(path)]).toEqual([path, locale]);
  });
});
