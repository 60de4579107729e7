/**
 * The app server's processes as the benchmarks, the soak run and the operations tests see them:
 * stopping a child started with `detached: true` (its own process group) together with everything
 * it started (start.ts → the server, `next build`), and the tree of processes under a pid with
 * their CPU time, from Linux's /proc.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

/** Processes of the tree under `root` (itself included) from /proc; empty where there is no /proc. */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(rest[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, ppid] of parent) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

let ticksPerSecond: number | null = null;

/**
 * CPU time (user + system, milliseconds) the given processes have used so far, from fields 14 and
 * 15 of /proc/<pid>/stat (clock ticks, `getconf CLK_TCK` per second). A process that has ended
 * counts 0.
 */
export function processCpuMs(pids: number[]): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // rest[0] is field 3 (state): utime and stime (fields 14, 15) are rest[11] and rest[12].
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}
