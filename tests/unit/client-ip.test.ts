/**
 * The client address behind TRUSTED_PROXIES (lib/auth/request.ts clientIp): each trusted proxy
 * appends the address it received the request from to X-Forwarded-For, so with N proxies the
 * client is the entry N places from the end, and whatever the client wrote itself comes before
 * it and is ignored.
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

  it('no proxy (unset or 0): the last entry, the one `next start` fills from the socket', () => {
    vi.stubEnv('TRUSTED_PROXIES', undefined);
    expect(clientIp(request('203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIp(request('10.0.0.1, 203.0.113.5'))).toBe('203.0.113.5');
    vi.stubEnv('TRUSTED_PROXIES', '0');
    expect(clientIp(request('10.0.0.1, 203.0.113.5'))).toBe('203.0.113.5');
  });

  it('one proxy: the entry it appended (the last); entries the client sent are ignored', () => {
    vi.stubEnv('TRUSTED_PROXIES', '1');
    expect(clientIp(request('203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIp(request('1.2.3.4, 5.6.7.8, 203.0.113.5'))).toBe('203.0.113.5');
  });

  it('two proxies: the second entry from the end (the outer proxy appended the client, the inner one the outer proxy)', () => {
    vi.stubEnv('TRUSTED_PROXIES', '2');
    expect(clientIp(request('203.0.113.5, 10.0.0.2'))).toBe('203.0.113.5');
    // A client that claims other addresses: its own entries come first and do not count.
    expect(clientIp(request('1.2.3.4, 5.6.7.8, 203.0.113.5, 10.0.0.2'))).toBe('203.0.113.5');
    expect(clientIp(request(' 1.2.3.4 ,203.0.113.5 , 10.0.0.2 '))).toBe('203.0.113.5');
  });

  it('fewer entries than proxies (a request that skipped the outer proxy): the first entry', () => {
    vi.stubEnv('TRUSTED_PROXIES', '2');
    expect(clientIp(request('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('a TRUSTED_PROXIES that is not a number of proxies counts as 0', () => {
    for (const bad of ['many', '-3', '']) {
      vi.stubEnv('TRUSTED_PROXIES', bad);
      expect(clientIp(request('1.2.3.4, 203.0.113.5')), bad).toBe('203.0.113.5');
    }
  });
});
