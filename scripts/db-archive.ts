/**
 * What `npm run db:backup` and `npm run db:restore` share: the refusal error and the exit codes,
 * file-name stamps and sizes, the PostgreSQL client connection (password through PGPASSWORD) and
 * running the client binaries.
 */
import { spawn } from 'node:child_process';

/** A refusal: printed without a stack, exit code 2. */
export class Refused extends Error {}

/** `2026-11-27T01:02:03Z` → `20261127-010203`, for file names. */
export function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** A size in bytes as megabytes with one decimal: `12.3 MB`. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * The URL without its password, and the environment carrying it as PGPASSWORD: a password on a
 * command line is visible to every user of the machine.
 */
export function clientConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a command with inherited stdout and stderr; resolves on exit 0, rejects with its code otherwise. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with code ${code}`))));
  });
}

/**
 * Runs a script's main and sets the exit code: 0 done, 2 refused ({@link Refused}, its message
 * printed), 1 failed (`<action> failed: <reason>`).
 */
export async function runMain(action: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (e) {
    if (e instanceof Refused) {
      console.error(e.message);
      process.exitCode = 2;
    } else {
      // Drizzle wraps a driver error in "Failed query: <SQL>"; the driver's own message says what went wrong.
      const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      console.error(`${action} failed: ${reason}`);
      process.exitCode = 1;
    }
  }
}
