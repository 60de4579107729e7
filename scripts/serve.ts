/**
 * The app's HTTP server: Next's request handler (its documented custom-server API) behind a plain
 * Node `http` server that, for every request, before Next sees it:
 *  - rewrites `X-Forwarded-For` to the addresses it can vouch for and sets `X-Request-Id`
 *    (lib/server/forwarded.ts; TRUSTED_PROXIES), so a client cannot pick its own rate-limit
 *    address by sending the header itself;
 *  - sets the security headers (lib/server/security-headers.ts) on the response, which Next then
 *    completes: cached pages, API answers and static files all carry them; and `X-Request-Id`;
 *  - answers an address Next would mishandle (lib/server/bad-address.ts): 400 for a NUL or
 *    invalid UTF-8 in its path or query (Next would decode `%FF` to U+FFFD before any check of
 *    the app sees it, and fail with a 500 on one in an API path parameter), and as an unknown
 *    path (404 JSON, or the redirect to /404) for a literal percent sign in its path, which Next
 *    answers 500;
 *  - completes Next's 405 on an API path (a method the endpoint does not serve), which has no
 *    body and no `Allow` header, with the API's JSON error and the methods the path serves
 *    (lib/server/method-not-allowed.ts), read from Next's own OPTIONS answer for the path;
 *  - runs Next's handling inside an AsyncLocalStorage context holding the request id, published
 *    for lib/log.ts, and makes console.error / console.warn redact and prefix with that id;
 *  - with read replicas (DATABASE_READ_URL), keeps in that context whether the request's reads go
 *    to the primary (it carries the read-primary cookie, or has written) and sends the cookie on
 *    the response of a request that wrote (lib/server/read-after-write.ts, db/read-routing.ts);
 *  - in production, answers `/_next/static/…` itself from copies compressed once at start
 *    (lib/server/static-files.ts) instead of having Next compress each response again.
 *
 * Usage: `node .next/discshelf-serve.mjs [--port N] [--hostname ADDRESS]` in production (the
 * bundle of this script that scripts/serve-entry.ts makes, run by plain `node` because tsx's
 * module hooks would cost every request), `node --import tsx scripts/serve.ts --dev [--port N]`
 * in development; `--hostname` is the address to listen on (all interfaces by default).
 * scripts/start.ts runs it after preparing the database. Production mode needs a build (`next build`).
 * Exit code: 1 when the server cannot start.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { installConsoleRedaction, logError, newRequestId, REQUEST_CONTEXT, type RequestContext } from '@/lib/log';
import { rewriteForwardedHeaders, trustedProxyCount } from '@/lib/server/forwarded';
import { isApiTarget } from '@/lib/api/url-text';
import { badAddressAnswer } from '@/lib/server/bad-address';
import { methodNotAllowedAnswer } from '@/lib/server/method-not-allowed';
import { lastResortText } from '@/lib/server/last-resort';
import { precompressStatic, staticFiles } from '@/lib/server/static-files';
import { securityHeaders } from '@/lib/server/security-headers';
import {
  readAfterWriteSeconds,
  readPrimaryCookie,
  readsPrimaryByCookie,
  type RequestReads,
} from '@/lib/server/read-after-write';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(argValue('--port') ?? process.env.PORT ?? 3000);
// The address to listen on (all interfaces when not given, as `next start`). Next itself is always
// told `localhost`: it builds the URL a proxy (middleware) sees from that name, and with another
// name (`127.0.0.1`) the locale rewrite's absolute URL no longer matches and every page answers a
// redirect to itself.
const listenHost = argValue('--hostname');

// React and Next pick their production or development builds from NODE_ENV when first loaded.
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';

const storage = new AsyncLocalStorage<RequestContext>();
(globalThis as { [REQUEST_CONTEXT]?: AsyncLocalStorage<RequestContext> })[REQUEST_CONTEXT] = storage;
installConsoleRedaction();

const trustedProxies = trustedProxyCount(process.env.TRUSTED_PROXIES);
// Read-your-writes state only when there are replicas to read (db/index.ts readUrlsFromEnv).
const replicated = (process.env.DATABASE_READ_URL ?? '').trim() !== '';
const readWindowSeconds = readAfterWriteSeconds(process.env);
// Secure as the session cookie (lib/auth/request.ts).
const secureCookies = !dev && !process.env.INSECURE_COOKIES;
// The cookie's HMAC key: AUTH_SECRET, which app servers share; without it (one server, nothing
// configured) a key of this process, so its cookies count on this server only.
const readCookieKey = process.env.AUTH_SECRET || crypto.randomBytes(32).toString('base64url');
const headers = Object.entries(securityHeaders(process.env, dev));

// Production: Next's build output, compressed once here and served without Next (a file the
// handler does not have, or any other URL, goes on to Next). Where the copies cannot be written
// (a read-only build folder), Next serves the files as before.
let serveStatic: ReturnType<typeof staticFiles> | null = null;
if (!dev) {
  const dir = path.resolve('.next', 'static');
  const started = Date.now();
  try {
    const { files, written } = precompressStatic(dir);
    if (written) console.log(`Compressed ${written} copies of ${files} static files in ${Date.now() - started} ms`);
    serveStatic = staticFiles(dir);
  } catch (error) {
    logError('static files: cannot write compressed copies; Next serves them', error);
  }
}

const server = http.createServer((req, res) => {
  const requestId = rewriteForwardedHeaders(req.headers, req.socket.remoteAddress, trustedProxies, newRequestId);
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('x-request-id', requestId);
  const bad = badAddressAnswer(req.url);
  if (bad) {
    res.writeHead(bad.status, bad.headers);
    res.end(bad.body);
    return;
  }
  if (req.url && req.method !== 'OPTIONS' && isApiTarget(req.url)) completeMethodNotAllowed(req, res);
  const reads = replicated ? requestReads(req, res) : undefined;
  storage.run({ requestId, reads }, () => {
    const toNext = () =>
      void handle(req, res).catch((error: unknown) => {
        logError(`${req.method} ${req.url} failed`, error, requestId);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
        }
        res.end(res.headersSent ? undefined : lastResortText(req.url, requestId));
      });
    if (serveStatic) serveStatic(req, res, toNext);
    else toNext();
  });
});

/**
 * The read state of one request (lib/server/read-after-write.ts): reads go to the primary when
 * the request carries an unexpired read-primary cookie; the database router calls `wrote` at the
 * request's writes, and the cookie then goes out with the response's headers (added when they are
 * written, so no later `setHeader('set-cookie')` of Next's replaces it; a write after the headers
 * have gone out, in a streamed page, sets none).
 */
function requestReads(req: http.IncomingMessage, res: http.ServerResponse): RequestReads {
  let wrote = false;
  const writeHead = res.writeHead;
  res.writeHead = function withReadCookie(this: http.ServerResponse, ...args: unknown[]) {
    if (wrote && readWindowSeconds > 0) {
      const cookie = readPrimaryCookie(Date.now(), readWindowSeconds, secureCookies, readCookieKey);
      const headers = args.find((a, i) => i > 0 && a !== null && typeof a === 'object');
      if (Array.isArray(headers)) headers.push('set-cookie', cookie);
      else if (headers) addCookie(headers as Record<string, unknown>, cookie);
      else this.appendHeader('set-cookie', cookie);
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  return {
    primary: readsPrimaryByCookie(req.headers.cookie, Date.now(), readCookieKey),
    wrote: () => {
      wrote = true;
    },
  };
}

/** Adds a `Set-Cookie` value to a `writeHead` headers object, next to any it holds already. */
function addCookie(headers: Record<string, unknown>, cookie: string): void {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'set-cookie');
  if (!key) headers['set-cookie'] = cookie;
  else headers[key] = [...[headers[key]].flat().map(String), cookie];
}

/**
 * The methods a path serves: the `Allow` header of Next's answer to `OPTIONS path` (Next lists
 * the methods the route exports), asked of this server over loopback; null when it cannot tell
 * within 2 seconds. Only a 405 asks, so a client that sends wrong methods costs one OPTIONS each.
 */
function allowedMethods(target: string): Promise<string | null> {
  const address = server.address();
  if (!address || typeof address === 'string') return Promise.resolve(null);
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  const path = target.replace(/[?#].*$/s, '');
  return new Promise((resolve) => {
    const request = http.request({ host, port: address.port, method: 'OPTIONS', path, timeout: 2000 }, (answer) => {
      answer.resume();
      const allow = answer.headers.allow;
      resolve(answer.statusCode && answer.statusCode < 300 && allow ? allow : null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
    request.end();
  });
}

/**
 * Watches an API response for Next's 405 and answers it instead with the JSON error and `Allow`
 * header of lib/server/method-not-allowed.ts. Next sends that status with no body through
 * `writeHead` (called by the compression layer it wraps the response in, or by Node when the
 * response ends): the status line is held back there, and once Next ends the response the
 * methods are looked up and the whole answer written. Every other response passes untouched.
 */
function completeMethodNotAllowed(req: http.IncomingMessage, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  const end = res.end;
  let held: unknown[] | null = null;
  res.writeHead = function holdOrWrite(this: http.ServerResponse, ...args: unknown[]) {
    if (args[0] === 405 && !held) {
      held = args;
      return this;
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.end = function endOrComplete(this: http.ServerResponse, ...args: unknown[]) {
    // A body, or headers already out, is a handler's own 405 (written after the held call), not Next's.
    const body = args.length > 0 && args[0] != null && typeof args[0] !== 'function';
    const heldArgs = body || res.headersSent ? null : (held ?? (res.statusCode === 405 ? [405] : null));
    if (!heldArgs) return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    res.writeHead = writeHead;
    res.end = end;
    void allowedMethods(req.url ?? '/').then((allow) => {
      const answer = methodNotAllowedAnswer(req.method ?? '', allow);
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.setHeader('content-length', Buffer.byteLength(answer.body));
      (writeHead as (...a: unknown[]) => http.ServerResponse).apply(res, heldArgs);
      end.call(res, answer.body, 'utf8');
    });
    return res;
  } as typeof res.end;
}

const { default: next } = await import('next');
// httpServer: Next attaches its development WebSocket (hot reload) to this server's upgrades.
const app = next({ dev, hostname: 'localhost', port, httpServer: server });
await app.prepare();
const handle = app.getRequestHandler();

server.on('error', (error) => {
  logError('HTTP server error', error);
  process.exit(1);
});
const ready = () => console.log(`Ready on http://${listenHost ?? 'localhost'}:${port}`);
if (listenHost) server.listen(port, listenHost, ready);
else server.listen(port, ready);

for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    server.close(() => process.exit(0));
    // Open keep-alive connections would hold close() up.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
