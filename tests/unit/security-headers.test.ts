/**
 * The security headers the app server sets on every response (lib/server/security-headers.ts):
 * a fixed policy per environment (no nonce, so cached pages stay cacheable) whose realtime and
 * OAuth origins follow the PUSHER_* and AUTH_* settings read at run time.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '@/lib/server/security-headers';
import { THEME_SCRIPT } from '@/lib/theme/theme-script';

/** The directives of a policy as name → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('securityHeaders', () => {
  it('defaults (no PUSHER_*, no OAuth, not production): the fixed headers and the local Soketi in connect-src', () => {
    const h = securityHeaders({});
    expect(Object.keys(h).sort()).toEqual([
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The camera for the barcode scanner on this site only.
    expect(h['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()');
    expect(directives(h['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"],
      'worker-src': ["'self'", 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws://127.0.0.1:6001'],
      'form-action': ["'self'"],
      // The videos' privacy-enhanced player only, framed when a visitor presses play.
      'frame-src': ['https://www.youtube-nocookie.com'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    });
  });

  it('realtime: the client host and port, wss with TLS, the hosted cluster', () => {
    const connect = (env: Record<string, string>) => directives(contentSecurityPolicy(env))['connect-src'];
    expect(
      connect({
        PUSHER_HOST: 'soketi.internal',
        PUSHER_CLIENT_HOST: 'push.example.fi',
        PUSHER_CLIENT_PORT: '443',
        PUSHER_USE_TLS: 'true',
      }),
    ).toEqual(["'self'", 'wss://push.example.fi:443']);
    expect(connect({ PUSHER_CLUSTER: 'eu' })).toEqual(["'self'", 'wss://ws-eu.pusher.com']);
    expect(connect({ PUSHER_HOST: '::1' })).toEqual(["'self'", 'ws://[::1]:6001']);
  });

  it('form-action: the authorization origins of the logins that are on (both keys set)', () => {
    const form = (env: Record<string, string>) => directives(contentSecurityPolicy(env))['form-action'];
    expect(
      form({ AUTH_GOOGLE_ID: 'g', AUTH_GOOGLE_SECRET: 's', AUTH_FACEBOOK_ID: 'f', AUTH_FACEBOOK_SECRET: 's' }),
    ).toEqual(["'self'", 'https://accounts.google.com', 'https://www.facebook.com']);
    expect(form({ AUTH_GOOGLE_ID: 'g' })).toEqual(["'self'"]);
    expect(
      form({
        AUTH_GOOGLE_ID: 'g',
        AUTH_GOOGLE_SECRET: 's',
        AUTH_GOOGLE_ISSUER: 'http://127.0.0.1:3199',
        AUTH_FACEBOOK_ID: 'f',
        AUTH_FACEBOOK_SECRET: 's',
        AUTH_FACEBOOK_AUTHORIZATION_URL: 'http://127.0.0.1:3199/authorize',
      }),
    ).toEqual(["'self'", 'http://127.0.0.1:3199']);
  });

  it("development adds 'unsafe-eval' to script-src only", () => {
    expect(directives(contentSecurityPolicy({}, true))['script-src']).toEqual([
      "'self'",
      "'unsafe-inline'",
      "'wasm-unsafe-eval'",
      "'unsafe-eval'",
    ]);
  });

  it('script-src runs the inline theme script of every page', () => {
    // With a hash or nonce among the sources browsers ignore 'unsafe-inline': the theme script's
    // own hash must then be listed; without one, 'unsafe-inline' must be.
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    for (const dev of [false, true]) {
      const sources = directives(contentSecurityPolicy({ NODE_ENV: 'production' }, dev))['script-src'];
      const strict = sources.some((s) => /^'(sha256|sha384|sha512|nonce)-/.test(s));
      expect(strict ? sources.includes(hash) : sources.includes("'unsafe-inline'")).toBe(true);
    }
  });

  it('Strict-Transport-Security only in production with an https SITE_URL', () => {
    const hsts = (env: Record<string, string>, dev = false) => securityHeaders(env, dev)['strict-transport-security'];
    expect(hsts({ NODE_ENV: 'production', SITE_URL: 'https://discshelf.example' })).toBe('max-age=31536000');
    expect(hsts({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })).toBeUndefined();
    expect(hsts({ NODE_ENV: 'production' })).toBeUndefined();
    expect(hsts({ NODE_ENV: 'development', SITE_URL: 'https://discshelf.example' })).toBeUndefined();
    expect(hsts({ NODE_ENV: 'production', SITE_URL: 'https://discshelf.example' }, true)).toBeUndefined();
  });
});
