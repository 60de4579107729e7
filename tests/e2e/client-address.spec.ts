import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { serverArgs } from '../../scripts/serve-entry';
import { uniqueTag } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * The per-IP login limit (5 a minute) counts the socket's address, not what a client writes in
 * X-Forwarded-For (scripts/serve.ts, lib/server/forwarded.ts):
 *  - with TRUSTED_PROXIES=0 (the default), on a server of this test's own (the built app through
 *    scripts/serve.ts, a fresh PGlite data directory): 6 logins with 6 made-up X-Forwarded-For
 *    values from one socket, the 6th is 429;
 *  - on the suite's server, which runs with TRUSTED_PROXIES=1 (the test runner plays the proxy):
 *    made-up entries in front of the proxy's own entry are dropped the same way.
 */

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Six wrong logins (distinct unknown addresses, so the per-account limit stays out) from `xff(i)`; their statuses. */
async function sixLogins(api: APIRequestContext, origin: string, xff: (i: number) => string): Promise<number[]> {
  const tag = uniqueTag();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await api.post('/api/login', {
      headers: { origin, 'x-forwarded-for': xff(i) },
      data: { email: `nobody-${tag}-${i}@example.fi`, password: 'not-the-password' },
    });
    statuses.push(res.status());
  }
  return statuses;
}

test.describe('client address', () => {
  let dataDir: string;
  let server: ChildProcess | null = null;
  let baseURL: string;
  let output = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-xff-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      TRUSTED_PROXIES: '0',
      DATABASE_URL: '',
      // No realtime server needed: pushes to a closed port are only logged.
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(await freePort()),
    };
    const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env, encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).toBe(0);
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    server = spawn(process.execPath, serverArgs(process.cwd(), { extra: ['--port', String(port)] }), { env });
    server.stdout?.on('data', (d) => (output += String(d)));
    server.stderr?.on('data', (d) => (output += String(d)));
    for (let waited = 0; ; waited += 250) {
      try {
        if ((await fetch(`${baseURL}/version.json`)).ok) break;
      } catch {
        // not listening yet
      }
      if (server.exitCode !== null || waited > 120_000) throw new Error(`scripts/serve.ts did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('TRUSTED_PROXIES=0: made-up X-Forwarded-For values do not escape the per-IP login limit', async () => {
    const api = await playwrightRequest.newContext({ baseURL });
    try {
      const statuses = await sixLogins(api, baseURL, (i) => `198.51.100.${10 + i}, 203.0.113.${i}`);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      // The answer names the request it belongs to.
      const res = await api.get('/api/me');
      expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await api.dispose();
    }
  });

  test("TRUSTED_PROXIES=1 (the suite's server): entries in front of the proxy's own are dropped", async ({
    request,
    baseURL: suiteURL,
  }) => {
    const tag = uniqueTag();
    let h = 0;
    for (const c of tag) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    const proxied = `10.201.${(h >>> 8) & 255}.${h & 255}`;
    const statuses = await sixLogins(request, suiteURL ?? 'http://localhost:3100', (i) => `192.0.2.${i}, ${proxied}`);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
