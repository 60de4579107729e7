/**
 * The app's server log: `logError` / `logWarn` write one redacted line pair to the console,
 * prefixed with the id of the request being served (`request_id=…`), and `redact` is the filter
 * that keeps personal data and secrets out of every log line: no e-mail address, password hash,
 * token, cookie, or SQL parameter value reaches the log.
 *
 * The request id comes from the app's HTTP server (scripts/serve.ts), which runs each request
 * inside an AsyncLocalStorage context and publishes that storage on `globalThis` under
 * {@link REQUEST_CONTEXT}; this module only reads it, so it imports nothing from Node and works
 * the same inside Next's server bundles, in scripts and in tests (outside a request: no id).
 */
import type { RequestReads } from '@/lib/server/read-after-write';

/** The global slot where the HTTP server publishes its per-request storage (`getStore()`). */
export const REQUEST_CONTEXT = Symbol.for('discshelf.request-context');

/**
 * What the HTTP server keeps per request: its id, and the state the database router reads and
 * marks for read-your-writes with read replicas (lib/server/read-after-write.ts).
 */
export type RequestContext = { requestId: string; reads?: RequestReads };

type ContextStorage = { getStore(): RequestContext | undefined };

/** The id of the request being served, or null outside a request (scripts, tests, timers). */
export function currentRequestId(): string | null {
  const storage = (globalThis as { [REQUEST_CONTEXT]?: ContextStorage })[REQUEST_CONTEXT];
  return storage?.getStore()?.requestId ?? null;
}

/** A new random request id: 16 hex characters (64 bits), enough to find one request in the logs. */
export function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

/** Replacement patterns, applied in this order to any text bound for the log. */
const REDACTIONS: [RegExp, string][] = [
  // Drizzle's DrizzleQueryError message ends in "params: v1,v2,…" (the SQL parameter values, which
  // may hold e-mail addresses, hashes or any user text): everything after it up to the stack.
  [/\bparams: [\s\S]*?(?=\n\s+at |$)/g, 'params: [redacted]'],
  // PostgreSQL error details quote the values: Key (email)=(someone@example.fi) already exists.
  [/\)=\([^)]*\)/g, ')=([redacted])'],
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=,$]*/g, '[password-hash]'],
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // name=value pairs of secrets (cookies, query strings, JSON-ish text).
  [
    /\b([A-Za-z_]*(?:session|token|secret|password|csrf|api_?key)[A-Za-z_]*)(["']?\s*[:=]\s*["']?)(?!\$\d)[^\s"',;&}]+/gi,
    '$1$2[redacted]',
  ],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // Long hex strings (SHA-256 of a session or token, HMAC keys).
  [/\b[0-9a-fA-F]{32,}\b/g, '[secret]'],
  // Long base64url strings with upper case, lower case and digits (random tokens); module paths
  // and words in stack traces do not mix all three over 32 characters without a separator.
  [
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{32,}/g,
    '[secret]',
  ],
];

/**
 * `text` with personal data and secrets masked: Drizzle's `params: …` list, PostgreSQL's
 * quoted key values, argon2 hashes, bearer tokens, `…session=` / `…token=` / `…secret=` /
 * `…password=` values, e-mail addresses, and long hex or base64url strings.
 */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** Error fields worth logging (PostgreSQL's code, constraint, table, …); never `params`, `parameters` or `detail` values. */
const ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'digest'] as const;

function describeRaw(value: unknown, depth: number): string {
  if (value instanceof Error) {
    const fields = ERROR_FIELDS.flatMap((f) => {
      const v = (value as unknown as Record<string, unknown>)[f];
      return typeof v === 'string' || typeof v === 'number' ? [`${f}=${v}`] : [];
    });
    // Some error classes (DrizzleQueryError) leave `name` at "Error": their class name says more.
    const name = value.name === 'Error' && value.constructor.name ? value.constructor.name : value.name;
    const head = `${name}: ${value.message}${fields.length ? ` (${fields.join(', ')})` : ''}`;
    // The stack's frames only: its first lines repeat the message.
    const frames = (value.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
    const cause = value.cause !== undefined && depth < 3 ? `\n  [cause] ${describeRaw(value.cause, depth + 1)}` : '';
    return `${head}${frames ? `\n${frames}` : ''}${cause}`;
  }
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A loggable text of any thrown value, redacted: for an Error its name, message, selected fields
 * (code, constraint, table, …), stack frames and causes (3 deep); parameter lists and the other
 * properties of database errors are left out. Other values as JSON.
 */
export function describeError(value: unknown): string {
  return redact(describeRaw(value, 0));
}

/** `request_id=<id> ` for the current request, '' outside one. */
function requestPrefix(): string {
  const id = currentRequestId();
  return id ? `request_id=${id} ` : '';
}

/**
 * Logs an error: `console.error("request_id=<id> <message>", <redacted description of error>)`.
 * @param requestId the id to print when the caller already has one (the 500 answer it returned); else the current request's
 */
export function logError(message: string, error?: unknown, requestId?: string): void {
  const prefix = requestId ? `request_id=${requestId} ` : requestPrefix();
  if (error === undefined) console.error(redact(`${prefix}${message}`));
  else console.error(redact(`${prefix}${message}`), describeError(error));
}

/** Logs a warning like {@link logError}, with `console.warn`. */
export function logWarn(message: string, detail?: unknown): void {
  if (detail === undefined) console.warn(redact(`${requestPrefix()}${message}`));
  else console.warn(redact(`${requestPrefix()}${message}`), describeError(detail));
}

type ConsoleMethod = (...args: unknown[]) => void;

/**
 * Makes `target.error` and `target.warn` redact whatever is logged through them (Next's own error
 * output included) and prefix it with the current request id. Strings are redacted as they are,
 * Errors described by {@link describeError}, other values as JSON; the formatted line goes to
 * the original method. Used once by the HTTP server at start.
 */
export function installConsoleRedaction(target: Pick<Console, 'error' | 'warn'> = console): void {
  for (const method of ['error', 'warn'] as const) {
    const original: ConsoleMethod = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      const parts = args.map((a) => (typeof a === 'string' ? redact(a) : describeError(a)));
      const prefix = typeof parts[0] === 'string' && parts[0].startsWith('request_id=') ? '' : requestPrefix();
      if (prefix && parts.length) parts[0] = `${prefix}${parts[0]}`;
      original(...parts);
    };
  }
}
