/**
 * Read-your-writes with read replicas (DATABASE_READ_URL, db/read-routing.ts): the per-request
 * state the app's HTTP server (scripts/serve.ts) keeps for the database router, and the
 * "read the primary until" cookie that carries a member's recent write to their next requests,
 * whichever app server answers them. Pure functions of their arguments; no Node imports.
 *
 * A request reads the primary when it carries an unexpired cookie or has itself written; its
 * first write sets the cookie on the response (when the headers have not gone out yet), so for
 * READ_AFTER_WRITE_SECONDS afterwards (default 5) the member's pages and API reads see their own
 * change even where a replica has not replayed it yet.
 */

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

/**
 * Whether a request's `Cookie` header holds an unexpired read-primary cookie: its value is the
 * end of the window in milliseconds since the epoch, compared with `nowMs` (the browser drops the
 * cookie at Max-Age too; the value keeps a replayed or late cookie from counting longer). A value
 * further ahead than {@link MAX_READ_AFTER_WRITE_SECONDS} (a forged cookie) does not count.
 */
export function readsPrimaryByCookie(cookieHeader: string | undefined, nowMs: number): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== READ_PRIMARY_COOKIE) continue;
    const until = Number(part.slice(eq + 1).trim());
    if (Number.isFinite(until) && until > nowMs && until <= nowMs + MAX_READ_AFTER_WRITE_SECONDS * 1000) return true;
  }
  return false;
}

/**
 * The `Set-Cookie` value after a write at `nowMs`: the window's end (ms) as the value, Max-Age
 * `seconds`, HttpOnly, SameSite=Lax, Path=/, and Secure when `secure` (production without
 * INSECURE_COOKIES, as the session cookie).
 */
export function readPrimaryCookie(nowMs: number, seconds: number, secure: boolean): string {
  const until = nowMs + seconds * 1000;
  return `${READ_PRIMARY_COOKIE}=${until}; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
