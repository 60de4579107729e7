/**
 * scripts/process-group.ts on this machine's /proc: the process tree under a pid and its CPU time,
 * which the benchmark's page views and the soak run read.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { appProcesses, processCpuMs, processTree } from '../../scripts/process-group';

describe('process tree and CPU time from /proc', () => {
  it("finds children under this process (Soketi not among the app's), and counts CPU time that a busy loop spends", async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    const soketi = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)', 'soketi-stand-in'], {
      stdio: 'ignore',
    });
    try {
      await Promise.all([child, soketi].map((p) => new Promise((resolve) => p.once('spawn', resolve))));
      const tree = processTree(process.pid);
      expect(tree[0]).toBe(process.pid);
      expect(tree).toContain(child.pid);
      // The app's processes leave out a Soketi (recognised by its command line).
      const app = appProcesses(process.pid);
      expect(app).toContain(process.pid);
      expect(app).toContain(child.pid);
      expect(tree).toContain(soketi.pid);
      expect(app).not.toContain(soketi.pid);

      const before = processCpuMs([process.pid]);
      const until = Date.now() + 300;
      let spins = 0;
      while (Date.now() < until) spins++;
      expect(spins).toBeGreaterThan(0);
      // 300 ms of wall time busy on one core, less when the test workers share the cores (ticks: 10 ms).
      expect(processCpuMs([process.pid]) - before).toBeGreaterThanOrEqual(30);
      // An ended or unknown process counts nothing.
      expect(processCpuMs([2 ** 22 + 12345])).toBe(0);
    } finally {
      child.kill();
      soketi.kill();
    }
  });
});
