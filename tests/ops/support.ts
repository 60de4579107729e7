/**
 * Support of the operations tests (tests/ops): a PostgreSQL server of the test's own (initdb in a
 * temporary directory, on a free loopback port), seeded databases on it, production app servers
 * (`scripts/serve.ts` of the existing build, bundled as `npm start` runs it, with a given
 * environment), HTTP calls with a cookie and a
 * deadline, and members with sessions made through the data layer.
 *
 * These tests need the production build in .next (scripts/test.ts builds it before the ops phase;
 * `npx next build` otherwise) and the PostgreSQL server binaries (initdb, pg_ctl) on PATH.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, type DbHandle } from '@/db';
import { importFiles } from '@/lib/import';
import { freePort } from '@/lib/realtime/soketi';
import { registerMember, type Member } from '../support/members';
import { stopProcessGroup } from '../../scripts/process-group';
import { serverArgs } from '../../scripts/serve-entry';

export { freePort };

/** Seed files the ops tests import: the Criterion releases (movies, releases, labels), a few seconds. */
export const OPS_SEED_FILES = ['seed/criterion_releases.jsonl.gz', 'seed/labels_derived.json.gz'];

/** Fails with a clear message when there is no production build to serve. */
export function assertBuilt(): void {
  if (!fs.existsSync(path.resolve('.next', 'BUILD_ID')))
    throw new Error('tests/ops need a production build: run `npx next build` first (npm test builds it).');
}

/**
 * A PostgreSQL server of the test's own. Its stop, start and restart run `pg_ctl` as a child
 * process without blocking this process, so HTTP load the test keeps up goes on meanwhile.
 */
export type OwnPostgres = {
  port: number;
  /** The server's log file (pg_ctl -l). */
  logFile: string;
  /** URL of database `name` (default postgres) over TCP on 127.0.0.1. */
  url: (name?: string) => string;
  /** `pg_ctl stop -m fast`: ends the sessions and resolves once the server is down. */
  shutDown: () => Promise<void>;
  /** `pg_ctl start`: resolves once the server accepts connections again (pg_ctl polls every 0.1 s). */
  startUp: () => Promise<void>;
  /** {@link shutDown} then {@link startUp}. @returns how long the server was away, in ms */
  restart: () => Promise<number>;
  /** Stops the server at once (`-m immediate`) and removes its directory; for the end of a test. */
  stop: () => void;
};

function asPostgresUser(): string[] {
  // initdb and postgres refuse to run as root: run them as the postgres system user then.
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
}

function run(cmd: string[], opts: { quiet?: boolean } = {}): void {
  const [bin, ...rest] = [...asPostgresUser(), ...cmd];
  execFileSync(bin, rest, { stdio: opts.quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
}

/**
 * {@link run} as a child process that leaves the event loop free.
 * @throws when the command exits with a status other than 0 (its standard error in the message)
 */
function runAsync(cmd: string[]): Promise<void> {
  const [bin, ...rest] = [...asPostgresUser(), ...cmd];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // 'exit', not 'close': the server pg_ctl starts must not keep this waiting on an inherited pipe.
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd.join(' ')} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * initdb into a temporary directory and starts the server on a free port of 127.0.0.1 (its
 * socket in the same directory, never the machine's shared server). `settings` are more
 * `name=value` server settings (`-c`; pg_ctl passes them through a shell, so no spaces or shell
 * characters), e.g. `log_line_prefix=%a@`.
 */
export async function startOwnPostgres(settings: string[] = []): Promise<OwnPostgres> {
  return startCluster(settings, (data) =>
    run(['initdb', '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { quiet: true }),
  );
}

/**
 * A streaming replica of `primary` (a server of {@link startOwnPostgres}, whose default
 * wal_level and pg_hba.conf allow replication from 127.0.0.1): `pg_basebackup -R -X stream`
 * (fast checkpoint) into a temporary directory, started on a free port with `settings` as
 * {@link startOwnPostgres}; a hot standby, read-only, replaying the primary's WAL as it streams.
 */
export async function startOwnReplica(primary: OwnPostgres, settings: string[] = []): Promise<OwnPostgres> {
  return startCluster(settings, (data) =>
    run(
      ['pg_basebackup', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data].concat([
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ]),
      { quiet: true },
    ),
  );
}

/** Makes a data directory with `create` in a new temporary directory and starts a server on it. */
async function startCluster(settings: string[], create: (data: string) => void): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-ops-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  create(data);
  const port = await freePort();
  const extra = settings.map((s) => ` -c ${s}`).join('');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${extra}`;
  const pgCtl = (...args: string[]) => ['pg_ctl', '-D', data, '-l', log, '-o', options, '-w', ...args];
  run(pgCtl('start'));
  const shutDown = () => runAsync(pgCtl('-m', 'fast', 'stop'));
  const startUp = () => runAsync(pgCtl('start'));
  let stopped = false;
  return {
    port,
    logFile: log,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    shutDown,
    startUp,
    restart: async () => {
      await shutDown();
      const down = performance.now();
      await startUp();
      return performance.now() - down;
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run(['pg_ctl', '-D', data, '-m', 'immediate', 'stop'], { quiet: true });
      } catch {
        // already stopped (a test's shutDown)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates database `name` on the server, applies the migrations and imports {@link OPS_SEED_FILES}. */
export async function createSeededDatabase(server: OwnPostgres, name: string): Promise<string> {
  const admin = postgres(server.url(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = server.url(name);
  const h = await openDatabase({ url });
  try {
    await migrateDatabase(h);
    await importFiles(
      h.db,
      OPS_SEED_FILES.map((f) => path.resolve(f)),
    );
  } finally {
    await h.close();
  }
  return url;
}

/** The secrets every app server of a test shares (several servers must agree on them). */
export function sharedSecrets(): Record<string, string> {
  return {
    AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
    ALTCHA_HMAC_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
}

/** A running production app server. */
export type AppServer = { baseUrl: string; port: number; pid: number; logFile: string; stop: () => Promise<void> };

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the production app server of the existing build as `npm start` runs it after preparing
 * the database (`scripts/serve.ts`, bundled: scripts/serve-entry.ts; Next behind the app's own HTTP server, which rewrites
 * X-Forwarded-For by TRUSTED_PROXIES) on a free loopback port, with `env` added to this process's
 * environment (DATABASE_URL, secrets, PUSHER_*, …), in its own process group, and waits until
 * `GET /api/health` answers 200. Output goes to a log file whose tail is in any error.
 * @throws when the server exits or does not answer within `timeoutMs`
 */
export async function startAppServer(env: Record<string, string>, timeoutMs = 90_000): Promise<AppServer> {
  assertBuilt();
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `discshelf-ops-app-${port}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, serverArgs(process.cwd(), { extra: ['--port', String(port)] }), {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcessGroup(child, 10_000);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the app server exited (${child.exitCode}); ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await res.text();
      if (res.ok) return { baseUrl, port, pid: child.pid!, logFile, stop };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  await stop();
  throw new Error(`the app server did not answer within ${timeoutMs} ms; ${logFile}:\n${tail(logFile)}`);
}

/** One HTTP exchange: status (0: no answer in time or a network error), content type, body text, duration. */
export type Exchange = { status: number; type: string; text: string; ms: number; error?: string };

/**
 * `fetch` with a deadline that never throws: a timeout or a refused connection comes back as
 * status 0 with the error's name. Cookie-authenticated writes need `origin` (the same-site check).
 */
export async function call(
  url: string,
  init: { method?: string; cookie?: string; origin?: string; json?: unknown; headers?: Record<string, string> } = {},
  timeoutMs = 15_000,
): Promise<Exchange> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin) headers.origin = init.origin;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const t = performance.now();
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, ms: performance.now() - t };
  } catch (error) {
    return {
      status: 0,
      type: '',
      text: '',
      ms: performance.now() - t,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/**
 * Polls `probe` every `everyMs` until it returns a value other than null.
 * @returns that value and how long it took (ms)
 * @throws when `boundMs` passes first, naming `what`
 */
export async function until<T>(
  what: string,
  boundMs: number,
  probe: () => Promise<T | null> | T | null,
  everyMs = 100,
): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: performance.now() - t };
    if (performance.now() - t > boundMs) throw new Error(`${what}: not within ${boundMs} ms`);
    await sleep(everyMs);
  }
}

/** Registers `count` members (`{label} 1…`) with sessions through the data layer on `url`. */
export async function membersOn(url: string, label: string, count: number): Promise<Member[]> {
  const h: DbHandle = await openDatabase({ url });
  try {
    const out: Member[] = [];
    for (let n = 1; n <= count; n++) out.push(await registerMember(h.db, { label, n }));
    return out;
  } finally {
    await h.close();
  }
}
