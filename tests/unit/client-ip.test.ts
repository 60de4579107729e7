/**
 * The client address behind TRUSTED_PROXIES (lib/auth/request.ts clientIp), reading
 * X-Forwarded-For as the app's HTTP server leaves it (lib/server/forwarded.ts): with N trusted
 * proxies the header ends in the N entries they appended plus the socket address, so the client is
 * the entry N places before the last; with none it is the socket address alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientIp } from '@/lib/auth/request';

function request(forwardedFor?: string): Request {
  return new Request('http://localhost/api/login', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('clientIp', () => {
  it('without the header: "unknown", whatever TRUSTED_PROXIES says', () => {
    for (const proxies of [undefined, '0', '1', '2']) {
      vi.stubEnv('TRUSTED_PROXIES', proxies);
      expect(clientIp(request()), proxies).toBe('unknown');
      expect(clientIp(request(' , ')), proxies).toBe('unknown');
    }
  });

  it('no proxy (unset or 0): the last entry, the socket address the server wrote', () => {
    vi.stubEnv('TRUSTED_PROXIES', undefined);
    expect(clientIp(request('203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIp(request('10.0.0.1, 203.0.113.5'))).toBe('203.0.113.5');
    vi.stubEnv('TRUSTED_PROXIES', '0');
    expect(clientIp(request('10.0.0.1, 203.0.113.5'))).toBe('203.0.113.5');
  });

  it('one proxy: the entry before the socket (the address the proxy appended)', () => {
    vi.stubEnv('TRUSTED_PROXIES', '1');
    expect(clientIp(request('203.0.113.5, 10.0.0.1'))).toBe('203.0.113.5');
    expect(clientIp(request('1.2.3.4, 5.6.7.8, 203.0.113.5, 10.0.0.1'))).toBe('203.0.113.5');
  });

  it('two proxies: the third entry from the end (client, outer proxy, inner proxy)', () => {
    vi.stubEnv('TRUSTED_PROXIES', '2');
    expect(clientIp(request('203.0.113.5, 10.0.0.2, 10.0.0.1'))).toBe('203.0.113.5');
    expect(clientIp(request(' 1.2.3.4 ,203.0.113.5 , 10.0.0.2, 10.0.0.1 '))).toBe('203.0.113.5');
  });

  it('fewer entries than proxies (a request that skipped the outer proxy): the first entry', () => {
    vi.stubEnv('TRUSTED_PROXIES', '2');
    expect(clientIp(request('10.0.0.2, 10.0.0.1'))).toBe('10.0.0.2');
  });

  it('a TRUSTED_PROXIES that is not a number of proxies counts as 0', () => {
    for (const bad of ['many', '-3', '', '1.5']) {
      vi.stubEnv('TRUSTED_PROXIES', bad);
      expect(clientIp(request('1.2.3.4, 203.0.113.5')), bad).toBe('203.0.113.5');
    }
  });
});
