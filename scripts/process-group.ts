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

/**
 * The fields of /proc/<pid>/stat from field 3 (the state) on, or null when the process is gone.
 * Field 2, the command name in parentheses, may hold spaces, so the split starts after its `)`.
 */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
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
    // Field 4 is the parent pid.
    const fields = statFields(entry);
    if (fields) parent.set(Number(entry), Number(fields[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, ppid] of parent) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

/**
 * The app's own processes under the server's top process `root` (start.ts, the server, a build):
 * {@link processTree} without Soketi, the realtime service start.ts also runs, whose memory and
 * CPU are not the app's.
 */
export function appProcesses(root: number): number[] {
  return processTree(root).filter((pid) => {
    try {
      return !/soketi/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false; // the process ended meanwhile
    }
  });
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
    // Fields 14 and 15 (utime, stime) are at 11 and 12 of the fields from field 3 on.
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / ticksPerSecond;
}
