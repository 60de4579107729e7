#!/usr/bin/env node
/**
 * Keeps package-lock.json installable with `npm ci` when the npm registry
 * these machines reach does not serve every platform build of a package.
 *
 * Packages such as `next`, `@tailwindcss/oxide`, `@swc/core` and
 * `msgpackr-extract` list one optional dependency per operating system and
 * CPU (`@next/swc-darwin-arm64`, `@next/swc-win32-x64-msvc`, …). When the
 * registry answers 404 for some of them, `npm install` leaves them out of the
 * lock file and `npm ci` then refuses the lock file as "out of sync"
 * ("Missing: @next/swc-darwin-arm64@ from lock file").
 *
 * This script adds, for every such missing platform build, a lock entry with
 * its version and its `os` / `cpu` / `libc` constraints (inferred from the
 * package name). `npm ci` on Linux x64 then skips those entries as
 * unsupported optional dependencies instead of trying to fetch them; on a
 * machine of that platform npm resolves them from the registry as usual.
 *
 * Usage: `node scripts/lockfile-platforms.mjs [path/to/package-lock.json]`
 * (run after `npm install` changes the lock file; `npm run lock:platforms`).
 * Prints the entries it added; exits 0 also when there was nothing to add.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS_NAMES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU_NAMES = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];
const PLATFORM_RE = new RegExp(`(^|[-/])(${[...OS_NAMES, 'wasm32'].join('|')})(-|$)`);

/**
 * Infers npm's `os`, `cpu` and `libc` fields from a platform package name such
 * as `@swc/core-linux-arm-gnueabihf` or `@tailwindcss/oxide-wasm32-wasi`.
 * @param {string} name package name
 * @returns {{os?: string[], cpu?: string[], libc?: string[]}}
 */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const fields = {};
  const os = parts.find((p) => OS_NAMES.includes(p));
  const cpu = parts.find((p) => CPU_NAMES.includes(p)) ?? (parts.includes('arm') ? 'arm' : undefined);
  if (cpu) fields.cpu = [cpu];
  if (os) fields.os = [os];
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) fields.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) fields.libc = ['glibc'];
  }
  return fields;
}

/** Resolves `name` from the package at `parentPath` the way Node does. */
function resolves(parentPath, name) {
  let base = parentPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!PLATFORM_RE.test(name.split('/').pop()) || resolves(path, name)) continue;
    const version = String(spec).replace(/^[~^=v]+/, '');
    // Not resolvable from the parent means the top-level slot is free too.
    const target = `node_modules/${name}`;
    const placeholder = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
    packages[target] = placeholder;
    added.push(`${target}@${version}`);
  }
}

if (added.length) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
  added.length
    ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}`
    : 'lock file complete: nothing to add',
);
