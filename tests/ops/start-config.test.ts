/**
 * `npm start` refuses a configuration it cannot serve before it builds, starts Soketi or opens the
 * database: a mistyped SITE_TIME_ZONE stops it with the setting named and exit code 1.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start configuration', () => {
  it('a SITE_TIME_ZONE that is not a time zone stops the start, named', () => {
    const root = process.cwd();
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: root,
      env: { ...process.env, SITE_TIME_ZONE: 'Europe/Helsinky', PORT: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('SITE_TIME_ZONE "Europe/Helsinky" is not a time zone name');
    expect(r.stdout).not.toContain('Building');
    expect(r.stdout).not.toContain('Database:');
  });
});
