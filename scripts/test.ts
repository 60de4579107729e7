/**
 * `npm test`: the whole suite — vitest (unit, integration on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, components), then Playwright e2e in the system Chromium against `next build && next
 * start` (started by playwright.config.ts; a stale build is remade while vitest runs), the
 * operations tests (vitest project `ops`: production servers on a PostgreSQL server of their own —
 * database restart, two servers behind a proxy; they run beside the vitest phase as soon as the
 * build is there, their output kept in a file and shown when the vitest phase ends; with --no-e2e
 * after vitest, the build made first when missing or stale), then the first-load JavaScript
 * budget of every route (scripts/check-bundle-size.ts on the build in .next/, rebuilt first if it
 * is missing or older than the sources; counted as one test).
 * Ends with the skipped tests by name (vitest's skipped, pending and todo ones; Playwright's
 * skipped), the ten slowest test files of all phases (durations from the JSON reports), and one
 * closing line "tests: N passed, N failed, N skipped" (scripts/test-report.ts reads the reports).
 * Flags: --no-e2e (vitest, ops and the bundle check), --e2e-only (e2e and the bundle check),
 * --no-ops (leaves the ops phase out). Exit code 1 when any part fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, isBuildCurrent, startBuildIfNeeded } from './next-build';
import {
  playwrightTotals,
  slowestFiles,
  vitestTotals,
  type PlaywrightJson,
  type ReportTotals,
  type VitestJson,
} from './test-report';

const args = new Set(process.argv.slice(2));
const out = path.resolve('.data', 'test-results');
fs.mkdirSync(out, { recursive: true });
const bin = (name: string) => path.resolve('node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let exitCode = 0;
/** Skipped tests of every phase, by name. */
const skipped: string[] = [];
/** Test files of every phase with their durations (ms). */
const fileTimes: { file: string; ms: number; phase: string }[] = [];

/** Adds a phase's report to the totals. */
function count(totals: ReportTotals, phase: string): void {
  passed += totals.passed;
  failed += totals.failed;
  skipped.push(...totals.skipped);
  fileTimes.push(...totals.files.map((f) => ({ ...f, phase })));
}

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
async function runVitest(extra: string[], file: string, phase: string, logFile?: string): Promise<void> {
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
  if (j) count(vitestTotals(j, process.cwd()), phase);
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

// The operations tests beside the vitest phase, once the build is there: their servers mostly wait
// on each other, on PostgreSQL and on the clock, so they cost the vitest phase little and the
// suite their whole duration less.
const runOps = !args.has('--e2e-only') && !args.has('--no-ops');
const opsJson = path.join(out, 'ops.json');
const opsLog = path.join(out, 'ops.log');
let opsStarted = false;
const opsBeside =
  runOps && !args.has('--no-e2e')
    ? (async () => {
        const built = building ? (await building).ok : isBuildCurrent(process.cwd());
        if (!built) return; // run after the phase, which builds first (and shows why it fails)
        opsStarted = true;
        await runVitest(['--project', 'ops'], opsJson, 'ops', opsLog);
      })()
    : null;

if (!args.has('--e2e-only')) {
  const projects = ['unit', 'integration', 'components'].flatMap((p) => ['--project', p]);
  await runVitest(projects, path.join(out, 'vitest.json'), 'vitest');
}

if (building) {
  const { ok, seconds } = await building;
  if (ok) console.log(`\nnext build (beside vitest) took ${seconds} s.`);
  else {
    // The e2e server's start script builds again and shows the errors in the terminal.
    console.error(`\nnext build (beside vitest) failed after ${seconds} s; its output:`);
    console.error(fs.readFileSync(buildLog, 'utf8').slice(-8000));
  }
}

if (opsBeside) {
  // Waited for before the e2e phase, whose timings it would disturb.
  await opsBeside;
  if (opsStarted) {
    console.log('\nOperations tests (vitest project ops, run beside the vitest phase):');
    console.log(fs.readFileSync(opsLog, 'utf8'));
  }
}

if (!args.has('--no-e2e')) {
  const file = path.join(out, 'e2e.json');
  fs.rmSync(file, { force: true });
  const r = spawnSync(bin('playwright'), ['test'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
  });
  const j = readJson<PlaywrightJson>(file);
  if (j) count(playwrightTotals(j, process.cwd(), path.resolve('tests', 'e2e')), 'e2e');
  if (r.status !== 0) {
    exitCode = 1;
    if (!j?.stats?.unexpected) failed += 1;
  }
}

// Operations tests not run beside vitest: they serve the production build, so it is made first
// when missing or stale.
if (runOps && !opsStarted) {
  console.log('\nOperations tests (vitest project ops):');
  if (buildIfNeeded(process.cwd())) await runVitest(['--project', 'ops'], opsJson, 'ops');
  else {
    console.error('ops: next build failed, so there is no build to serve.');
    failed += 1;
    exitCode = 1;
  }
}

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

if (skipped.length) {
  console.log(`\nSkipped tests (${skipped.length}):`);
  for (const name of skipped) console.log(`  ${name}`);
}
if (fileTimes.length) {
  console.log('\nSlowest test files:');
  for (const line of slowestFiles(fileTimes)) console.log(line);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
process.exit(exitCode);
