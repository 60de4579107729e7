/**
 * A small round-robin reverse proxy for the several-servers test (node:http): each request goes
 * to the next upstream in turn, with the client's socket address appended to `X-Forwarded-For`
 * (as a load balancer does; the app servers run with TRUSTED_PROXIES=1), the `Host` header kept,
 * and the answering upstream's name in the response header `x-served-by`. A test may pin one
 * request to an upstream with the request header `x-ops-upstream: <name>` (removed before
 * forwarding). Also a client that sends from a chosen loopback address (127.0.0.x), so that the
 * proxy sees different client addresses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy: its base URL, how many requests each upstream got, and how to stop it. */
export type RoundRobinProxy = { baseUrl: string; served: Record<string, number>; close: () => Promise<void> };

/** Starts the proxy on a free port of 127.0.0.1 in front of `upstreams` (name → base URL). */
export async function startProxy(upstreams: Record<string, string>): Promise<RoundRobinProxy> {
  const names = Object.keys(upstreams);
  const served: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  let turn = 0;
  const server = http.createServer((req, res) => {
    const pinned = req.headers['x-ops-upstream'];
    const name = typeof pinned === 'string' && names.includes(pinned) ? pinned : names[turn++ % names.length];
    served[name]++;
    const target = new URL(upstreams[name]);
    const headers = { ...req.headers };
    delete headers['x-ops-upstream'];
    const prior = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', 'x-served-by': name });
      res.end(JSON.stringify({ error: 'upstream failed' }));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer through the proxy: status, headers, body text, and which upstream answered. */
export type ProxyAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  servedBy: string;
  /** `name=value` of the Set-Cookie headers (attributes dropped). */
  cookies: string[];
};

/**
 * One request to the proxy from loopback address `from` (default 127.0.0.1), optionally pinned
 * to an upstream, with a session cookie, a JSON body (sent with `Origin` = the proxy's origin,
 * as a browser on the site would) and extra headers.
 */
export function viaProxy(
  proxy: RoundRobinProxy,
  path: string,
  opts: {
    method?: string;
    from?: string;
    pin?: string;
    cookie?: string;
    json?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<ProxyAnswer> {
  const url = new URL(path, proxy.baseUrl);
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.pin) headers['x-ops-upstream'] = opts.pin;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
    headers.origin = proxy.baseUrl;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: opts.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            servedBy: String(res.headers['x-served-by'] ?? ''),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
