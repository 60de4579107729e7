/**
 * A local Soketi (`@soketi/soketi`, a Pusher-protocol server) as a child process: started by
 * `npm start` / `npm run dev` (scripts/start.ts), by the realtime tests and by the bench, with the
 * app credentials of lib/realtime/config.ts. Soketi's usage endpoint gets a free port of its own,
 * so several instances (a test beside a running app) never collide.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';

/** A running Soketi: where it listens and how to stop it. */
export type SoketiHandle = { host: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/** What to start: address and the one app's credentials. */
export type SoketiOptions = { host: string; port: number; appId: string; key: string; secret: string };

/** How long Soketi may take to answer on its port (milliseconds). */
const START_TIMEOUT_MS = 20_000;

/** A TCP port that was free a moment ago on `host` (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether something accepts TCP connections on host:port. */
export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Path of Soketi's command-line entry point, or null when the package is not installed. */
export function soketiBin(): string | null {
  try {
    return createRequire(import.meta.url).resolve('@soketi/soketi/bin/server.js');
  } catch {
    return null;
  }
}

async function answers(host: string, port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts Soketi and waits until it answers HTTP on its port.
 * @throws Error when the package is missing, the port is taken, or Soketi exits or does not answer
 *   within 20 seconds (the process is stopped then)
 */
export async function startSoketi(opts: SoketiOptions): Promise<SoketiHandle> {
  const bin = soketiBin();
  if (!bin) throw new Error('@soketi/soketi is not installed');
  if (await portInUse(opts.host, opts.port)) throw new Error(`port ${opts.host}:${opts.port} is in use`);
  const metricsPort = await freePort(opts.host);
  const child = spawn(process.execPath, [bin, 'start'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      SOKETI_HOST: opts.host,
      SOKETI_PORT: String(opts.port),
      SOKETI_METRICS_SERVER_PORT: String(metricsPort),
      SOKETI_DEFAULT_APP_ID: opts.appId,
      SOKETI_DEFAULT_APP_KEY: opts.key,
      SOKETI_DEFAULT_APP_SECRET: opts.secret,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Soketi exited with code ${child.exitCode}: ${stderr.trim()}`);
    if (await answers(opts.host, opts.port)) return { host: opts.host, port: opts.port, process: child, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`Soketi did not answer on ${opts.host}:${opts.port} within ${START_TIMEOUT_MS / 1000} s`);
}
