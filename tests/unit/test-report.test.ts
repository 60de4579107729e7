/**
 * The totals of `npm test` (scripts/test-report.ts) from hand-written vitest and Playwright JSON
 * reports: passed, failed and skipped tests (skipped ones named), file durations, and the slowest
 * files first.
 */
import { describe, expect, it } from 'vitest';
import { playwrightTotals, slowestFiles, vitestTotals } from '@/scripts/test-report';

const ROOT = '/repo';

describe('test report totals', () => {
  it('vitest: counts, skipped, pending and todo tests by name, and each file’s time', () => {
    const totals = vitestTotals(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          {
            name: '/repo/tests/unit/a.test.ts',
            startTime: 1000,
            endTime: 3500,
            assertionResults: [
              { fullName: 'a works', title: 'works', status: 'passed' },
              { fullName: 'a waits', title: 'waits', status: 'skipped' },
              { fullName: 'a later', title: 'later', status: 'todo' },
            ],
          },
          {
            name: '/repo/tests/integration/b.test.ts',
            startTime: 2000,
            endTime: 2250,
            assertionResults: [
              { fullName: 'b on pglite', title: 'on pglite', status: 'passed' },
              { fullName: 'b on postgres', title: 'on postgres', status: 'pending' },
              { fullName: 'b fails', title: 'fails', status: 'failed' },
              { title: 'b again', status: 'passed' },
            ],
          },
        ],
      },
      ROOT,
    );
    expect(totals).toEqual({
      passed: 3,
      failed: 1,
      skipped: [
        'tests/unit/a.test.ts › a waits',
        'tests/unit/a.test.ts › a later',
        'tests/integration/b.test.ts › b on postgres',
      ],
      files: [
        { file: 'tests/unit/a.test.ts', ms: 2500 },
        { file: 'tests/integration/b.test.ts', ms: 250 },
      ],
    });
  });

  it('vitest: skipped tests of a file that did not run still count', () => {
    expect(vitestTotals({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 2 }, ROOT).skipped).toEqual([
      '(a skipped test the report does not name)',
      '(a skipped test the report does not name)',
    ]);
  });

  it('Playwright: expected and flaky pass, unexpected fail, skipped named; a file’s time is its runs’ sum', () => {
    const totals = playwrightTotals(
      {
        stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
        suites: [
          {
            title: 'community.spec.ts',
            file: 'community.spec.ts',
            specs: [
              {
                title: 'en: likes',
                file: 'community.spec.ts',
                tests: [{ status: 'expected', results: [{ duration: 4000 }] }],
              },
              {
                title: 'fi: likes',
                file: 'community.spec.ts',
                tests: [{ status: 'flaky', results: [{ duration: 3000 }, { duration: 2500 }] }],
              },
            ],
          },
          {
            title: 'http-fuzz.spec.ts',
            file: 'http-fuzz.spec.ts',
            suites: [
              {
                title: 'HTTP fuzz',
                file: 'http-fuzz.spec.ts',
                specs: [
                  {
                    title: 'API',
                    file: 'http-fuzz.spec.ts',
                    tests: [{ status: 'unexpected', results: [{ duration: 60000 }] }],
                  },
                  { title: 'pages', file: 'http-fuzz.spec.ts', tests: [{ status: 'skipped', results: [] }] },
                  {
                    title: 'more',
                    file: 'http-fuzz.spec.ts',
                    tests: [{ status: 'expected', results: [{ duration: 500 }] }],
                  },
                ],
              },
            ],
          },
        ],
      },
      ROOT,
      '/repo/tests/e2e',
    );
    expect(totals).toEqual({
      passed: 3,
      failed: 1,
      skipped: ['tests/e2e/http-fuzz.spec.ts › HTTP fuzz › pages'],
      files: [
        { file: 'tests/e2e/community.spec.ts', ms: 9500 },
        { file: 'tests/e2e/http-fuzz.spec.ts', ms: 60500 },
      ],
    });
  });

  it('lists the slowest files first, at most ten', () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.test.ts`, ms: i * 1000, phase: 'vitest' }));
    files.push({ file: 'tests/e2e/x.spec.ts', ms: 61_250, phase: 'e2e' });
    const lines = slowestFiles(files);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('   61.3 s  e2e          tests/e2e/x.spec.ts');
    expect(lines[1]).toBe('   11.0 s  vitest       f11.test.ts');
    expect(lines[9]).toBe('    3.0 s  vitest       f3.test.ts');
  });
});
