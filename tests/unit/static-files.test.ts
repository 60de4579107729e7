/**
 * lib/server/static-files.ts: Next's build output compressed once beside each file and served in
 * the encoding a request accepts, everything else handed on (to Next, in the app's server).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressStatic, staticFiles } from '@/lib/server/static-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-static-'));
const chunk = `globalThis.x = ${JSON.stringify('release '.repeat(400))};\n`;
let server: http.Server;
let base = '';

/** GET (or another method) over plain http, no automatic decompression: status, headers, raw body. */
function get(p: string, encoding: string | null, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      `${base}${p}`,
      { method, headers: encoding ? { 'accept-encoding': encoding } : {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'chunks', 'app-1a2b.js'), chunk);
  fs.writeFileSync(path.join(dir, 'chunks', 'tiny.js'), 'x=1');
  fs.writeFileSync(path.join(dir, 'chunks', 'font.woff2'), Buffer.alloc(4096, 7));
  expect(precompressStatic(dir)).toEqual({ files: 1, written: 2 });
  // The same build again: nothing to write.
  expect(precompressStatic(dir)).toEqual({ files: 1, written: 0 });
  const serve = staticFiles(dir);
  server = http.createServer((req, res) =>
    serve(req, res, () => {
      res.writeHead(299, { 'content-type': 'text/plain' });
      res.end(`next ${req.url}`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves brotli, gzip or the file itself as the request accepts, cacheable for a year', async () => {
    const url = '/_next/static/chunks/app-1a2b.js';
    const br = await get(url, 'gzip, deflate, br');
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    expect(br.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(chunk);
    expect(br.body.length).toBeLessThan(chunk.length / 4);

    const gz = await get(url, 'gzip');
    expect([gz.status, gz.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(chunk);

    const plain = await get(url, null);
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.body.toString()).toBe(chunk);

    const head = await get(url, 'br', 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it('serves small and already-compressed files as they are', async () => {
    const tiny = await get('/_next/static/chunks/tiny.js', 'br');
    expect([tiny.status, tiny.headers['content-encoding'], tiny.body.toString()]).toEqual([200, undefined, 'x=1']);
    const font = await get('/_next/static/chunks/font.woff2', 'br');
    expect([font.status, font.headers['content-encoding'], font.body.length]).toEqual([200, undefined, 4096]);
  });

  it('hands anything else on with its URL unchanged: other paths, unknown files, other methods', async () => {
    for (const [p, method] of [
      ['/release/abc', 'GET'],
      ['/_next/static/chunks/missing.js', 'GET'],
      ['/_next/static/chunks/app-1a2b.js', 'POST'],
      ['/_next/image?url=x', 'GET'],
    ] as const) {
      const res = await get(p, 'br', method);
      expect([p, method, res.status, res.body.toString()]).toEqual([p, method, 299, `next ${p}`]);
    }
  });
});
