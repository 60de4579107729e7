/**
 * The totals `npm test` prints (scripts/test.ts), read from the JSON reports of vitest (its
 * jest-compatible `--reporter=json`) and Playwright (`PLAYWRIGHT_JSON_OUTPUT_FILE`): passed,
 * failed and skipped tests (vitest's pending, skipped and todo ones; Playwright's skipped), the
 * names of the skipped ones, and how long each test file took. Pure.
 */
import path from 'node:path';

/** What one report adds to the totals. */
export type ReportTotals = {
  passed: number;
  failed: number;
  /** Skipped, pending or todo tests, as `file › title`. */
  skipped: string[];
  /** Each test file and its duration in milliseconds. */
  files: { file: string; ms: number }[];
};

/** The parts of vitest's JSON report read here. */
export type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { fullName?: string; title: string; status: string }[];
  }[];
};

/** The parts of Playwright's JSON report read here. */
export type PlaywrightJson = {
  stats?: { expected: number; unexpected: number; flaky: number; skipped?: number };
  suites?: PlaywrightSuite[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; tests?: { status?: string; results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

const SKIPPED_STATUSES = new Set(['skipped', 'pending', 'todo', 'disabled']);

/** A path relative to `root` (as the reports give absolute ones or ones relative to the test folder). */
function relative(file: string, root: string): string {
  return path.isAbsolute(file) ? path.relative(root, file) : file;
}

/**
 * The totals of a vitest JSON report: its counts, its skipped tests by name and each file's
 * duration (its end time minus its start time).
 */
export function vitestTotals(report: VitestJson, root: string): ReportTotals {
  const skipped: string[] = [];
  const files: ReportTotals['files'] = [];
  for (const file of report.testResults ?? []) {
    const name = relative(file.name, root);
    if (file.startTime !== undefined && file.endTime !== undefined)
      files.push({ file: name, ms: Math.max(0, file.endTime - file.startTime) });
    for (const t of file.assertionResults ?? [])
      if (SKIPPED_STATUSES.has(t.status)) skipped.push(`${name} › ${t.fullName ?? t.title}`);
  }
  const counted = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that did not run lists no tests, but the counts still have them.
  for (let i = skipped.length; i < counted; i++) skipped.push('(a skipped test the report does not name)');
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped, files };
}

/**
 * The totals of a Playwright JSON report: expected and flaky tests pass, unexpected ones fail,
 * skipped ones are named; a file's duration is the sum of its tests' run durations (the runs are
 * one at a time: `workers: 1`).
 */
export function playwrightTotals(report: PlaywrightJson, root: string, testDir: string): ReportTotals {
  const stats = report.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  const skipped: string[] = [];
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(path.join(testDir, spec.file ?? suite.file ?? suite.title), root);
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        byFile.set(file, (byFile.get(file) ?? 0) + ms);
        if (t.status === 'skipped') skipped.push(`${file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (let i = skipped.length; i < (stats.skipped ?? 0); i++) skipped.push('(a skipped test the report does not name)');
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped,
    files: [...byFile].map(([file, ms]) => ({ file, ms })),
  };
}

/** The `n` slowest files, slowest first, each as `  12.3 s  phase  file`. */
export function slowestFiles(files: { file: string; ms: number; phase: string }[], n = 10): string[] {
  return [...files]
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file))
    .slice(0, n)
    .map((f) => `${`${(f.ms / 1000).toFixed(1)} s`.padStart(9)}  ${f.phase.padEnd(11)}  ${f.file}`);
}
