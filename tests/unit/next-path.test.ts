import { describe, expect, it } from 'vitest';
import { safeNextPath, splitLocalePath } from '@/lib/next-path';

describe('return paths after login', () => {
  it('accept same-site paths only', () => {
    expect(safeNextPath('/release/abc?tab=1')).toBe('/release/abc?tab=1');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });

  it('split a full path into its locale login page and the path inside the locale', () => {
    expect(splitLocalePath('/fi/movie/x')).toEqual({ login: '/fi/login', inner: '/movie/x' });
    expect(splitLocalePath('/fi')).toEqual({ login: '/fi/login', inner: '/' });
    expect(splitLocalePath('/fi?q=1')).toEqual({ login: '/fi/login', inner: '/?q=1' });
    expect(splitLocalePath('/film/x')).toEqual({ login: '/login', inner: '/film/x' });
    expect(splitLocalePath('/finland')).toEqual({ login: '/login', inner: '/finland' });
  });
});
