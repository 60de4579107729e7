/**
 * Starts and stops the app for the benchmark: `node --import tsx scripts/start.ts --port <port>`
 * with DATABASE_URL set (start.ts builds when the build is missing or stale, applies migrations,
 * imports the seed only when it is not imported yet, then runs `next start`). The server runs in
 * its own process group so that stopping it also stops `next start`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopProcessGroup } from '../scripts/process-group';

/** A running server: its base URL (loopback), the log file, the pid of its top process, and how to stop it. */
export type RunningServer = { baseUrl: string; logFile: string; pid: number; stop: () => Promise<void> };

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the server and waits until `/version.json` answers 200.
 * @param databaseUrl PostgreSQL URL the server uses
 * @param logFile where the server's output goes
 * @param timeoutMs how long to wait (a build on 2 cores takes minutes)
 * @throws when the server exits or does not answer in time (the log's tail is in the message)
 */
export async function startServer(
  databaseUrl: string,
  logFile: string,
  timeoutMs = 20 * 60_000,
): Promise<RunningServer> {
  const port = await freePort();
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcessGroup(child, 15_000);
  const onExit = () => stopProcessGroup(child, 15_000);
  process.once('exit', () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  });
  process.once('SIGINT', () => void onExit().then(() => process.exit(130)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}; ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${baseUrl}/version.json?ts=${Date.now()}`);
      await res.text();
      if (res.ok) return { baseUrl, logFile, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  await stop();
  throw new Error(
    `the server did not answer /version.json within ${Math.round(timeoutMs / 1000)} s; ${logFile}:\n${tail(logFile)}`,
  );
}
