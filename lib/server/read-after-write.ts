/**
 * Read-your-writes with read replicas (DATABASE_READ_URL, db/read-routing.ts): the per-request
 * state the app's HTTP server (scripts/serve.ts) keeps for the database router, and the
 * "read the primary until" cookie that carries a member's recent write to their next requests,
 * whichever app server answers them. Functions of their arguments (the HMAC through node:crypto).
 *
 * A request reads the primary when it carries an unexpired cookie or has itself written; its
 * first write sets the cookie on the response (when the headers have not gone out yet), so for
 * READ_AFTER_WRITE_SECONDS afterwards (default 5) the member's pages and API reads see their own
 * change even where a replica has not replayed it yet. The cookie's value is the end of the
 * window and an HMAC of it (key: AUTH_SECRET, which several app servers share), so a client
 * cannot pin its reads to the primary by making cookies up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Name of the cookie: HttpOnly, SameSite=Lax, Path=/, Secure as the session cookie. */
export const READ_PRIMARY_COOKIE = 'discshelf_read_primary';

/** Default of READ_AFTER_WRITE_SECONDS: how long after a write a member's reads go to the primary. */
export const DEFAULT_READ_AFTER_WRITE_SECONDS = 5;

/** Longest window accepted from the environment (seconds): a larger value is capped here. */
export const MAX_READ_AFTER_WRITE_SECONDS = 300;

/**
 * What the HTTP server keeps per request for the database router: whether this request's reads
 * go to the primary (true from the start for an unexpired cookie; set by the router at the
 * request's first write), and `wrote`, which the router calls after every write statement or
 * transaction of the request (the server then sends the cookie).
 */
export type RequestReads = { primary: boolean; wrote: () => void };

/**
 * The window in whole seconds: env READ_AFTER_WRITE_SECONDS (0 turns the cookie off: only the
 * writing request itself then reads the primary), default {@link DEFAULT_READ_AFTER_WRITE_SECONDS},
 * at most {@link MAX_READ_AFTER_WRITE_SECONDS}; an unreadable value gives the default.
 */
export function readAfterWriteSeconds(env: Record<string, string | undefined> = process.env): number {
  const raw = (env.READ_AFTER_WRITE_SECONDS ?? '').trim();
  if (raw === '') return DEFAULT_READ_AFTER_WRITE_SECONDS;
  const s = Number(raw);
  if (!Number.isInteger(s) || s < 0) return DEFAULT_READ_AFTER_WRITE_SECONDS;
  return Math.min(s, MAX_READ_AFTER_WRITE_SECONDS);
}

/** The HMAC of a window's end (ms) under `key`: 22 base64url characters (128 bits). */
function windowMac(until: number, key: string): string {
  return createHmac('sha256', key).update(`discshelf read-primary ${until}`).digest('base64url').slice(0, 22);
}

/**
 * Whether a request's `Cookie` header holds a valid, unexpired read-primary cookie: its value is
 * `{end of the window in ms since the epoch}.{HMAC of it under key}`, the end after `nowMs` (the
 * browser drops the cookie at Max-Age too; the value keeps a replayed or late cookie from counting
 * longer) and not further ahead than {@link MAX_READ_AFTER_WRITE_SECONDS}. A value with a wrong or
 * missing HMAC does not count.
 */
export function readsPrimaryByCookie(cookieHeader: string | undefined, nowMs: number, key: string): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== READ_PRIMARY_COOKIE) continue;
    const m = /^(\d{1,16})\.([A-Za-z0-9_-]{22})$/.exec(part.slice(eq + 1).trim());
    if (!m) continue;
    const until = Number(m[1]);
    if (until <= nowMs || until > nowMs + MAX_READ_AFTER_WRITE_SECONDS * 1000) continue;
    if (timingSafeEqual(Buffer.from(m[2]), Buffer.from(windowMac(until, key)))) return true;
  }
  return false;
}

/**
 * The `Set-Cookie` value after a write at `nowMs`: the window's end (ms) and its HMAC under `key`
 * as the value, Max-Age `seconds`, HttpOnly, SameSite=Lax, Path=/, and Secure when `secure`
 * (production without INSECURE_COOKIES, as the session cookie).
 */
export function readPrimaryCookie(nowMs: number, seconds: number, secure: boolean, key: string): string {
  const until = nowMs + seconds * 1000;
  const value = `${until}.${windowMac(until, key)}`;
  return `${READ_PRIMARY_COOKIE}=${value}; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
