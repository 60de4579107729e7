/**
 * Is the production build in `.next/` current? Used by `npm test` before the bundle-size check
 * (and by `npm run lighthouse` when it starts its own server): the build counts as stale when
 * `.next/BUILD_ID` is missing or older than any file a build depends on — the same rule as
 * scripts/start.ts (which rebuilds on `npm start`).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Files and folders whose content goes into `next build`. */
const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'db/schema',
  'proxy.ts',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
];

/** Newest modification time (ms since epoch) of the build inputs under `root`; 0 when none exist. */
export function newestSourceMtime(root: string): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of BUILD_INPUTS) walk(path.join(root, p));
  return newest;
}

/** True when `root/.next` holds a build at least as new as every build input. */
export function isBuildCurrent(root: string): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  return fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs >= newestSourceMtime(root);
}

/**
 * Runs `next build` in `root` unless the build is current. Output goes to the terminal.
 * @returns true when a current build exists afterwards, false when the build failed.
 */
export function buildIfNeeded(root: string): boolean {
  if (isBuildCurrent(root)) return true;
  console.log('Building the app (next build) …');
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  return r.status === 0;
}

/**
 * Starts `next build` in `root` as a child process unless the build is current, with its output
 * written to `logFile` instead of the terminal (it runs beside other output).
 * @returns null when the build is current (nothing started), else a promise of the build's
 *   duration in seconds and whether it succeeded (a build that cannot be started counts as failed)
 */
export function startBuildIfNeeded(root: string, logFile: string): Promise<{ ok: boolean; seconds: number }> | null {
  if (isBuildCurrent(root)) return null;
  const started = Date.now();
  const log = fs.openSync(logFile, 'w');
  const child = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  fs.closeSync(log);
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ok, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
}
