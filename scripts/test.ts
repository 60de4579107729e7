/**
 * `npm test`: the whole suite — vitest (unit, integration on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, components) and, beside it, Playwright e2e in the system Chromium against `next
 * build && next start` (started by playwright.config.ts once the build, made beside vitest when
 * stale, is there; its output kept in a file and shown after the vitest phase), then the
 * operations tests (vitest project `ops`: production servers on a PostgreSQL server of their own
 * — database restart, two servers behind a proxy; the build is made first when missing or stale),
 * then the first-load JavaScript budget of every route (scripts/check-bundle-size.ts on the build
 * in .next/, rebuilt first if it is missing or older than the sources; counted as one test).
 * Prints one closing line "tests: N passed, N failed".
 * Flags: --no-e2e (vitest, ops and the bundle check), --e2e-only (e2e and the bundle check),
 * --no-ops (leaves the ops phase out). Exit code 1 when any part fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, startBuildIfNeeded } from './next-build';

const args = new Set(process.argv.slice(2));
const out = path.resolve('.data', 'test-results');
fs.mkdirSync(out, { recursive: true });
const bin = (name: string) => path.resolve('node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let exitCode = 0;

type VitestJson = { numPassedTests: number; numFailedTests: number };
type PlaywrightJson = { stats?: { expected: number; unexpected: number; flaky: number } };

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Runs vitest with `extra` arguments and adds its counts (a runner failure counts as one failed
 * test). Asynchronous, so a build running beside it is seen ending when it ends. Its output goes
 * to the terminal, or to `logFile` when given.
 */
async function runVitest(extra: string[], file: string, logFile?: string): Promise<void> {
  fs.rmSync(file, { force: true });
  const log = logFile ? fs.openSync(logFile, 'w') : null;
  const child = spawn(
    bin('vitest'),
    ['run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      stdio: log === null ? 'inherit' : ['ignore', log, log],
      env: process.env,
    },
  );
  if (log !== null) fs.closeSync(log);
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  const j = readJson<VitestJson>(file);
  passed += j?.numPassedTests ?? 0;
  failed += j?.numFailedTests ?? 0;
  if (status !== 0) {
    exitCode = 1;
    if (!j?.numFailedTests) failed += 1; // the runner itself failed (e.g. a suite did not load)
  }
}

// The e2e phase serves a production build. When it is stale, it is made beside the vitest phase
// instead of after it (the vitest files often wait on databases, child processes and Soketi, so
// the cores have room); its output goes to a file and is shown only when it fails.
const buildLog = path.join(out, 'next-build.log');
const building = !args.has('--no-e2e') && !args.has('--e2e-only') ? startBuildIfNeeded(process.cwd(), buildLog) : null;
if (building) console.log(`Building the app (next build) beside the vitest phase; output in ${buildLog}`);

/**
 * Runs Playwright (the e2e specs) and adds its counts (a runner failure counts as one failed
 * test). Its output goes to the terminal, or to `logFile` when given.
 */
async function runPlaywright(logFile?: string): Promise<void> {
  const file = path.join(out, 'e2e.json');
  fs.rmSync(file, { force: true });
  const log = logFile ? fs.openSync(logFile, 'w') : null;
  const child = spawn(bin('playwright'), ['test'], {
    stdio: log === null ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
  });
  if (log !== null) fs.closeSync(log);
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  const j = readJson<PlaywrightJson>(file);
  passed += (j?.stats?.expected ?? 0) + (j?.stats?.flaky ?? 0);
  failed += j?.stats?.unexpected ?? 0;
  if (status !== 0) {
    exitCode = 1;
    if (!j?.stats?.unexpected) failed += 1;
  }
}

// The e2e phase beside the vitest phase, as soon as the build is there: on two cores both leave
// room (vitest files wait on databases, child processes and Soketi; the browser on the server and
// on its own timers), so the suite takes about the longer of the two instead of their sum. Its
// output goes to a file, shown when the vitest phase has ended.
const e2eLog = path.join(out, 'e2e.log');
const e2eBeside =
  !args.has('--no-e2e') && !args.has('--e2e-only')
    ? (async () => {
        if (building) await building; // when it failed, the e2e server's start script builds again and shows why
        await runPlaywright(e2eLog);
      })()
    : null;
if (e2eBeside)
  console.log(`End-to-end tests (Playwright) start beside the vitest phase once built; output in ${e2eLog}`);

if (!args.has('--e2e-only')) {
  const projects = ['unit', 'integration', 'components'].flatMap((p) => ['--project', p]);
  await runVitest(projects, path.join(out, 'vitest.json'));
}

if (building) {
  const { ok, seconds } = await building;
  if (ok) console.log(`\nnext build (beside vitest) took ${seconds} s.`);
  else {
    console.error(`\nnext build (beside vitest) failed after ${seconds} s; its output:`);
    console.error(fs.readFileSync(buildLog, 'utf8').slice(-8000));
  }
}

// Operations tests: they serve the production build, so it is made first when missing or stale.
if (!args.has('--e2e-only') && !args.has('--no-ops')) {
  console.log('\nOperations tests (vitest project ops):');
  if (buildIfNeeded(process.cwd())) await runVitest(['--project', 'ops'], path.join(out, 'ops.json'));
  else {
    console.error('ops: next build failed, so there is no build to serve.');
    failed += 1;
    exitCode = 1;
  }
}

if (e2eBeside) {
  console.log('\nEnd-to-end tests (Playwright, run beside the vitest phase):');
  await e2eBeside;
  console.log(fs.readFileSync(e2eLog, 'utf8'));
} else if (args.has('--e2e-only')) await runPlaywright();

// First-load JS budget (150 KB per route). Never skipped: without a usable build it fails.
{
  console.log('\nFirst-load JavaScript budget (scripts/check-bundle-size.ts):');
  const built = buildIfNeeded(process.cwd());
  const r = built
    ? spawnSync(bin('tsx'), ['scripts/check-bundle-size.ts'], { stdio: 'inherit', env: process.env })
    : null;
  if (r?.status === 0) passed += 1;
  else {
    if (!built) console.error('check-bundle-size: next build failed, so there is no build to measure.');
    failed += 1;
    exitCode = 1;
  }
}

console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
