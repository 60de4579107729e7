import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTarget, notRun } from '@/bench/report';
import {
  renderResultsSection,
  replaceResultsSection,
  RESULTS_END,
  RESULTS_START,
  resultsSectionOf,
  statusOf,
  type RecordedResults,
} from '@/bench/results-doc';
import { TARGETS } from '@/bench/verdicts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'performance.md');
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** GitHub's anchor of a Markdown heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown document's headings (outside fenced code). */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (m) out.add(slug(m[1]));
  }
  return out;
}

const recorded = (targets: RecordedResults['targets']): RecordedResults => ({
  commit: '0123456789abcdef0123456789abcdef01234567',
  dirty: false,
  date: '2026-01-02T03:04:05.000Z',
  mode: 'quick',
  machine: { cores: 2, cpu: 'CPU', ram_gb: 8, os: 'linux', node: 'v20.0.0', postgres: '15.20 (Debian)' },
  scale: { releases: 1000, approved_releases: 990, movies: 500, persons: 800, reviews: 0, posts: 0, comments: 0 },
  noise: { method: '', targets: 1, unstable: [], spread: [] },
  cases: [],
  targets,
});

describe('the results section of docs/performance.md', () => {
  it('is what npm run bench:doc renders from bench/results.json', () => {
    const results = JSON.parse(read(path.join(ROOT, 'bench', 'results.json'))) as RecordedResults;
    expect(resultsSectionOf(read(DOC))).toBe(renderResultsSection(results));
  });

  it('renders every check with its verdict, not-run and not-measured ones included', () => {
    const ms = { op: '<=' as const, limit: 50, unit: 'ms' };
    const section = renderResultsSection(
      recorded([
        { ...checkTarget('search p95', 20, ms), id: 'search', target: 'searchP95' },
        { ...checkTarget('stream page 10', null, ms, { missing: 'page 10 held no items' }), id: 'stream/page10' },
        { ...notRun('seed import on pglite', { op: '<=', limit: 120, unit: 's' }, 'case import not selected') },
      ]),
    );
    expect(section.startsWith(`${RESULTS_START}\n`)).toBe(true);
    expect(section.endsWith(`\n${RESULTS_END}`)).toBe(true);
    expect(section).toContain(
      'commit `0123456`, 2026-01-02 03:04 UTC, quick mode (CI-sized: not the recorded measurement)',
    );
    expect(section).toContain('Verdicts: 1 of 3 targets met; 1 missed (1 of them not measured); 1 not run.');
    expect(section).toContain('| search p95 | 20 ms | ≤ 50 ms | target met | - |');
    expect(section).toContain('| stream page 10 | - | ≤ 50 ms | MISSED: not measured (page 10 held no items) | - |');
    expect(section).toContain('| seed import on pglite | - | ≤ 120 s | NOT RUN: case import not selected | - |');
    expect(section).not.toContain('predates the per-target status');
  });

  it('derives the status of checks recorded before it existed, and says the file is older', () => {
    const old = { name: 'x', value: null, limit: 1, unit: 'x', op: '<=' as const, met: false, verdict: 'MISSED' };
    expect(statusOf(old)).toBe('not measured');
    expect(statusOf({ ...old, value: 2 })).toBe('missed');
    expect(statusOf({ ...old, value: 1, met: true })).toBe('met');
    expect(renderResultsSection(recorded([old]))).toContain('predates the per-target status');
  });

  it('replaces only the section between the markers, and refuses a document without them', () => {
    const doc = `# T\n\n${RESULTS_START}\nold\n${RESULTS_END}\n\nafter\n`;
    expect(replaceResultsSection(doc, `${RESULTS_START}\nnew\n${RESULTS_END}`)).toBe(
      `# T\n\n${RESULTS_START}\nnew\n${RESULTS_END}\n\nafter\n`,
    );
    expect(() => resultsSectionOf('# no markers')).toThrow(/results:start/);
  });
});

describe('docs/performance.md stays in step with the code and its links', () => {
  it('lists every key of TARGETS in its targets table with the limit the bench checks', () => {
    const doc = read(DOC);
    for (const [key, limit] of Object.entries(TARGETS)) {
      const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`| \`${key}\` |`));
      expect(row, key).toBeDefined();
      expect(row, key).toContain(String(limit));
    }
  });

  it('resolves every link to a section of it, from itself and from the other documents', () => {
    const targets = anchors(read(DOC));
    const sources = [
      path.join(ROOT, 'README.md'),
      path.join(ROOT, 'CONTRIBUTING.md'),
      ...fs
        .readdirSync(path.join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.join(ROOT, 'docs', f)),
    ].filter((f) => fs.existsSync(f));
    const missing: string[] = [];
    for (const file of sources) {
      const text = read(file);
      const own = file === DOC;
      const pattern = own ? /\]\(#([^)\s]+)\)/g : /performance\.md#([^)\s]+)\)/g;
      for (const [, anchor] of text.matchAll(pattern))
        if (!targets.has(anchor)) missing.push(`${path.relative(ROOT, file)}: #${anchor}`);
    }
    expect(missing).toEqual([]);
  });
});
