/**
 * The security headers of every response (pages, cached pages, API answers, static files), set by
 * the app's HTTP server (scripts/serve.ts) before Next writes its answer. They are computed once at
 * start from the environment, so the realtime server's address (PUSHER_*) and the OAuth providers
 * are read at run time, not baked in at build time, and they are the same for every request:
 * the policy carries no per-request nonce, so a cached item page stays one cached document.
 *
 * Content-Security-Policy, directive by directive:
 * - `script-src 'self' 'unsafe-inline'`: Next's App Router streams the React Server Components
 *   payload as inline `<script>` elements; without a per-request nonce (which would make every
 *   page dynamic and uncacheable) they need 'unsafe-inline'. No 'unsafe-eval' in production
 *   (Next's development server needs it for its refresh runtime; `dev` adds it). The colour theme
 *   script in every page's <head> (lib/theme/theme-script.ts) is inline as well and runs under
 *   the same 'unsafe-inline'. Its hash is deliberately not listed: a hash (or nonce) source in
 *   script-src makes browsers ignore 'unsafe-inline', which would block Next's payload scripts
 *   (tests/unit/security-headers.test.ts checks that the policy allows the theme script either way).
 * - `worker-src 'self' blob:`: the ALTCHA widget of the registration form runs its proof of work
 *   in Web Workers created from blob: URLs.
 * - `style-src 'self' 'unsafe-inline'`: style attributes (the charts' SVG, the widget's styles).
 * - `img-src 'self' data: blob: https:`: posters, covers and thumbnails are plain `<img>` elements
 *   with the catalogue sources' URLs (Wikimedia, label and review sites, video hosts: any https
 *   host); data: and blob: for inline icons and picture previews before upload.
 * - `connect-src 'self'` plus the realtime server pusher-js connects to (ws:// or wss:// at
 *   PUSHER_CLIENT_HOST:PUSHER_CLIENT_PORT, or the hosted cluster's `wss://ws-<cluster>.pusher.com`).
 * - `form-action 'self'` plus the Google and Facebook authorization origins when those logins are
 *   on: the provider login posts a form to /api/auth/signin/… which redirects there, and browsers
 *   check form-action on that redirect too.
 * - `frame-src https://www.youtube-nocookie.com`: the videos' privacy-enhanced player, put in a
 *   page only when a visitor presses play (components/media/video-player.tsx); no other frame.
 * - `'wasm-unsafe-eval'` in script-src: the barcode scanner's reader (components/scan/decoder.ts)
 *   compiles ZXing's WebAssembly, a file of the app's own build; it allows compiling WebAssembly,
 *   not JavaScript's eval.
 * - `frame-ancestors 'none'`, `object-src 'none'`, `base-uri 'self'`, `default-src 'self'`.
 *
 * Strict-Transport-Security only in production with an https SITE_URL (one year; subdomains are
 * left to the operator, who may run other services on them).
 */
import { realtimeConfig } from '@/lib/realtime/config';

type Env = Record<string, string | undefined>;

/** The one origin pages may frame: YouTube's privacy-enhanced player (lib/validation/youtube.ts youtubeEmbedUrl). */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/** The origin of `url`, or null when it is not an absolute http(s) URL. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The WebSocket origin(s) pusher-js connects to under `env`'s PUSHER_* settings. */
export function realtimeOrigins(env: Env): string[] {
  const config = realtimeConfig(env);
  if (config.cluster) return [`wss://ws-${config.cluster}.pusher.com`];
  const host =
    config.clientHost.includes(':') && !config.clientHost.startsWith('[')
      ? `[${config.clientHost}]`
      : config.clientHost;
  return [`${config.useTLS ? 'wss' : 'ws'}://${host}:${config.clientPort}`];
}

/** Where the enabled OAuth logins' forms end up (the providers' authorization origins). */
export function oauthFormOrigins(env: Env): string[] {
  const origins: string[] = [];
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET)
    origins.push(originOf(env.AUTH_GOOGLE_ISSUER) ?? 'https://accounts.google.com');
  if (env.AUTH_FACEBOOK_ID && env.AUTH_FACEBOOK_SECRET)
    origins.push(originOf(env.AUTH_FACEBOOK_AUTHORIZATION_URL) ?? 'https://www.facebook.com');
  return [...new Set(origins)];
}

/** The Content-Security-Policy value for `env` (`dev`: Next's development server, which needs eval). */
export function contentSecurityPolicy(env: Env, dev = false): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'", ...(dev ? ["'unsafe-eval'"] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...realtimeOrigins(env)]],
    ['form-action', ["'self'", ...oauthFormOrigins(env)]],
    ['frame-src', [YOUTUBE_PLAYER_ORIGIN]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * All security headers for `env` (lower-case names → values).
 * @param dev whether Next runs its development server
 */
export function securityHeaders(env: Env, dev = false): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(env, dev),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The camera for the barcode scanner (/scan), on this site only; no page needs the others.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (env.NODE_ENV === 'production' && !dev && env.SITE_URL?.startsWith('https://'))
    headers['strict-transport-security'] = 'max-age=31536000';
  return headers;
}
