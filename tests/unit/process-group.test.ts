/**
 * scripts/process-group.ts on this machine's /proc: the process tree under a pid and its CPU time,
 * which the benchmark's page views and the soak run read.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processCpuMs, processTree } from '../../scripts/process-group';

describe('process tree and CPU time from /proc', () => {
  it('finds a child under this process, and counts CPU time that a busy loop spends', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const tree = processTree(process.pid);
      expect(tree[0]).toBe(process.pid);
      expect(tree).toContain(child.pid);

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
    }
  });
});
