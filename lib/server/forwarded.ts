/**
 * What the app's HTTP server (scripts/serve.ts) does to each request's headers before Next sees
 * them, so that `X-Forwarded-For` holds only addresses the app can vouch for and every request
 * carries an `X-Request-Id`:
 *
 * - TRUSTED_PROXIES = 0 (no reverse proxy in front): `X-Forwarded-For` becomes the socket's
 *   address alone, and the other forwarding headers a client may have made up
 *   (`X-Forwarded-Host`, `-Proto`, `-Port`, `Forwarded`, `X-Real-IP`) are dropped; Next fills
 *   `X-Forwarded-Host/Proto/Port` from the connection itself. A new request id.
 * - TRUSTED_PROXIES = N > 0: each trusted proxy appended the address it got the request from, so
 *   the last N entries are theirs; anything before them is the client's own claim and is dropped.
 *   The socket's address (the innermost proxy) is appended. The result is
 *   `client, proxy1, …, proxyN-1, proxyN`: the client address is the entry N places before the
 *   last one, which is what `clientIp()` (lib/auth/request.ts) reads. A request id the proxy sent
 *   (`X-Request-Id`, 1–64 of `A-Z a-z 0-9 . _ -`) is kept, else a new one.
 */

/** Node's request headers (`IncomingMessage.headers`). */
export type HeaderRecord = Record<string, string | string[] | undefined>;

/** Forwarding headers dropped when no proxy is trusted (a client could have set them). */
const UNTRUSTED_FORWARDING = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The number of trusted proxies from TRUSTED_PROXIES: a whole number ≥ 0; anything else is 0. */
export function trustedProxyCount(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A socket address as the app logs and limits it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4; missing as "unknown". */
export function socketAddress(remoteAddress: string | undefined): string {
  if (!remoteAddress) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress);
  return mapped ? mapped[1] : remoteAddress;
}

/** The entries of an `X-Forwarded-For` value (several header lines count as one list), trimmed, empty ones left out. */
export function forwardedEntries(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Rewrites `headers` in place as described above and returns the request id it set.
 * @param headers the request's headers (lower-case names, as Node gives them)
 * @param remoteAddress the socket's remote address (`req.socket.remoteAddress`)
 * @param trustedProxies the number of trusted reverse proxies (see {@link trustedProxyCount})
 * @param newId source of fresh request ids
 */
export function rewriteForwardedHeaders(
  headers: HeaderRecord,
  remoteAddress: string | undefined,
  trustedProxies: number,
  newId: () => string,
): string {
  const socket = socketAddress(remoteAddress);
  const incomingId = headers['x-request-id'];
  let requestId: string;
  if (trustedProxies > 0) {
    const appended = forwardedEntries(headers['x-forwarded-for']).slice(-trustedProxies);
    headers['x-forwarded-for'] = [...appended, socket].join(', ');
    requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : newId();
  } else {
    headers['x-forwarded-for'] = socket;
    for (const name of UNTRUSTED_FORWARDING) delete headers[name];
    requestId = newId();
  }
  headers['x-request-id'] = requestId;
  return requestId;
}
