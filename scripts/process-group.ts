/**
 * Stopping a child started with `detached: true` (its own process group) together with everything
 * it started: the benchmarks' and the operations tests' app servers (start.ts → the server,
 * `next build`).
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Sends SIGTERM to the child's process group, then SIGKILL when it has not exited after
 * `graceMs` milliseconds; resolves once the child has exited. A child that already exited, or was
 * never started, returns at once.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]))) {
    kill('SIGKILL');
    await exited;
  }
}
