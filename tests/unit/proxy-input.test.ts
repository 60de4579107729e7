/**
 * The page proxy (proxy.ts) answers a page URL with NUL or invalid UTF-8 in its path or query 400
 * before any page reads it (the database refuses NUL with an error, which would be a 500), and
 * hands every clean URL to next-intl's locale routing (stubbed here). isCleanUrlPart (lib/api/url-text.ts)
 * decides. The app server gives the same answers before Next parses an address
 * (lib/server/bad-address.ts), since Next turns `%FF` into U+FFFD on the way.
 */
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import proxy from '@/proxy';

// next-intl's middleware imports 'next/server' in a way Node's ESM resolver refuses outside Next;
// here it stands in as a router that lets every request through (status 200), so a 400 can only
// come from the proxy's own check.
vi.mock('next-intl/middleware', () => ({ default: () => () => new Response(null, { status: 200 }) }));
// No item here is deleted: the proxy's tombstone lookup (tests/integration/catalogue-deletes.test.ts
// covers it on a real database) finds none, without opening one.
vi.mock('@/lib/data/tombstones', () => ({ getTombstone: async () => null }));
import { isCleanUrlPart } from '@/lib/api/url-text';
import { badAddressAnswer } from '@/lib/server/bad-address';

describe('isCleanUrlPart', () => {
  it('refuses NUL, invalid UTF-8 and broken sequences', () => {
    for (const raw of ['/release/%00', '/release/a%FFb', '?q=%C3%28', '?q=%ED%A0%80', '?cursor=%E2%82'])
      expect([raw, isCleanUrlPart(raw)]).toEqual([raw, false]);
  });
  it('accepts clean text, encoded or not', () => {
    for (const raw of ['/release/abc', '/fi/elokuva', '?q=Am%C3%A9lie', '?q=%F0%9D%84%9E', '?q=100%', ''])
      expect([raw, isCleanUrlPart(raw)]).toEqual([raw, true]);
  });
});

describe('page proxy', () => {
  it('answers 400 for NUL or invalid UTF-8 in a page path or query, in the locale of the path', async () => {
    for (const url of ['/release/%00', '/fi/user/a%FF', '/releases?q=a%00', '/users?cursor=%C3%28', '/fi?q=%00']) {
      const res = await proxy(new NextRequest(`http://localhost${url}`));
      const text = url.startsWith('/fi') ? fi.errors.badAddress : en.errors.badAddress;
      expect([url, res.status, await res.text()]).toEqual([url, 400, text]);
    }
    expect(fi.errors.badAddress).not.toBe(en.errors.badAddress);
  });
  it('hands clean page URLs to the locale routing', async () => {
    for (const url of ['/releases?q=Am%C3%A9lie', '/fi/releases', '/release/abc', '/users?q=100%']) {
      const res = await proxy(new NextRequest(`http://localhost${url}`));
      expect([url, res.status]).toEqual([url, 200]);
    }
  });
  it('redirects a page path with a literal percent sign to /404 in its locale', async () => {
    for (const [url, location] of [
      ['/person/%25', 'http://localhost/404'],
      ['/fi/release/a%zz', 'http://localhost/fi/404'],
      ['/releases/%', 'http://localhost/404'],
    ]) {
      const res = await proxy(new NextRequest(`http://localhost${url}`));
      expect([url, res.status, res.headers.get('location')]).toEqual([url, 307, location]);
    }
  });
});

describe('the app server before Next (lib/server/bad-address.ts)', () => {
  const noStore = { 'cache-control': 'no-store' };
  it('answers an API address with invalid UTF-8 or NUL 400 in JSON, a page address in the locale of its path', () => {
    for (const url of ['/api/releases?q=%FF', '/api/releases/a%FFb', '/api?x=%00', '/api/me?%C3%28=1']) {
      expect([url, badAddressAnswer(url)]).toEqual([
        url,
        {
          status: 400,
          headers: { 'content-type': 'application/json', ...noStore },
          body: JSON.stringify({ error: en.api.badText }),
        },
      ]);
    }
    for (const [url, text] of [
      ['/releases?q=%FF', en.errors.badAddress],
      ['/fi/julkaisu/a%ED%A0%80', fi.errors.badAddress],
      ['/apiary?q=%00', en.errors.badAddress],
    ]) {
      expect([url, badAddressAnswer(url)]).toEqual([
        url,
        { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', ...noStore }, body: text },
      ]);
    }
  });
  it('answers a literal percent sign in a path as an unknown path: 404 JSON on the API, else the redirect to /404', () => {
    for (const url of ['/api/persons/%25', '/api/persons/%zz', '/api/persons/a%2', '/api/persons/%?q=1']) {
      expect([url, badAddressAnswer(url)]).toEqual([
        url,
        {
          status: 404,
          headers: { 'content-type': 'application/json', ...noStore },
          body: JSON.stringify({ error: en.api.notFound }),
        },
      ]);
    }
    for (const [url, location] of [
      ['/person/%25', '/404'],
      ['/person/a%25b?q=1', '/404'],
      ['/releases/%', '/404'],
      ['/fi/person/%zz', '/fi/404'],
      ['/%25', '/404'],
    ]) {
      expect([url, badAddressAnswer(url)]).toEqual([url, { status: 307, headers: { location, ...noStore }, body: '' }]);
    }
  });
  it('lets clean addresses through, a percent sign in the query included', () => {
    for (const url of [
      '/',
      '/api/releases?q=Am%C3%A9lie',
      '/fi/releases?q=100%',
      '/releases?q=%25',
      '/release/abc',
      undefined,
    ])
      expect([url, badAddressAnswer(url)]).toEqual([url, null]);
  });
});
