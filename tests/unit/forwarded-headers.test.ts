/**
 * The app server's rewrite of each request's forwarding headers (lib/server/forwarded.ts) and
 * what clientIp() reads from the result: a client's own X-Forwarded-For never picks its address.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forwardedEntries,
  rewriteForwardedHeaders,
  socketAddress,
  trustedProxyCount,
  type HeaderRecord,
} from '@/lib/server/forwarded';
import { clientIp } from '@/lib/auth/request';

let ids = 0;
const nextId = () => `id${++ids}`;

/** Rewrites `headers` as the server would and returns them with the address clientIp() reads. */
function serve(headers: HeaderRecord, socket: string | undefined, proxies: number) {
  const requestId = rewriteForwardedHeaders(headers, socket, proxies, nextId);
  vi.stubEnv('TRUSTED_PROXIES', String(proxies));
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') h.set(k, v);
  return { requestId, headers, ip: clientIp(new Request('http://localhost/api/login', { headers: h })) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  ids = 0;
});

describe('no trusted proxy (TRUSTED_PROXIES=0)', () => {
  it("the client's X-Forwarded-For and other forwarding headers are replaced by the socket address", () => {
    const r = serve(
      {
        host: 'localhost:3000',
        'x-forwarded-for': '1.2.3.4, 5.6.7.8',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
        forwarded: 'for=1.2.3.4',
        'x-real-ip': '1.2.3.4',
        'x-request-id': 'client-chosen',
      },
      '::ffff:203.0.113.7',
      0,
    );
    expect(r.headers).toEqual({ host: 'localhost:3000', 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'id1' });
    expect(r.requestId).toBe('id1');
    expect(r.ip).toBe('203.0.113.7');
  });

  it('each request a new id; no header at all still gets the socket', () => {
    expect(serve({}, '127.0.0.1', 0)).toMatchObject({ requestId: 'id1', ip: '127.0.0.1' });
    expect(serve({}, '::1', 0)).toMatchObject({ requestId: 'id2', ip: '::1' });
    expect(serve({}, undefined, 0).ip).toBe('unknown');
  });
});

describe('trusted proxies', () => {
  it('one proxy: keeps the entry it appended, drops what the client wrote, appends the socket', () => {
    const r = serve(
      { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-host': 'shop.example', 'x-request-id': 'lb-42' },
      '10.0.0.1',
      1,
    );
    expect(r.headers).toEqual({
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
      'x-forwarded-host': 'shop.example',
      'x-request-id': 'lb-42',
    });
    expect(r.requestId).toBe('lb-42');
    expect(r.ip).toBe('203.0.113.7');
  });

  it('two proxies: client, outer proxy, inner proxy (the socket)', () => {
    const r = serve({ 'x-forwarded-for': ['1.1.1.1, 203.0.113.7', '10.0.0.2'] }, '10.0.0.1', 2);
    expect(r.headers['x-forwarded-for']).toBe('203.0.113.7, 10.0.0.2, 10.0.0.1');
    expect(r.ip).toBe('203.0.113.7');
    expect(r.requestId).toBe('id1');
  });

  it('a request that reached the app around the proxies: the socket address', () => {
    expect(serve({}, '198.51.100.9', 1).ip).toBe('198.51.100.9');
  });

  it('a proxy request id with other characters or over 64 characters is replaced', () => {
    expect(serve({ 'x-request-id': 'bad id\n' }, '10.0.0.1', 1).requestId).toBe('id1');
    expect(serve({ 'x-request-id': 'a'.repeat(65) }, '10.0.0.1', 1).requestId).toBe('id2');
    expect(serve({ 'x-request-id': 'a'.repeat(64) }, '10.0.0.1', 1).requestId).toBe('a'.repeat(64));
  });
});

describe('helpers', () => {
  it('trustedProxyCount: whole numbers ≥ 0, anything else 0', () => {
    expect([undefined, '', '0', '2', '-1', '1.5', 'many'].map(trustedProxyCount)).toEqual([0, 0, 0, 2, 0, 0, 0]);
  });

  it('socketAddress and forwardedEntries', () => {
    expect(socketAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(socketAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(forwardedEntries([' a ,, b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(forwardedEntries(undefined)).toEqual([]);
  });
});
