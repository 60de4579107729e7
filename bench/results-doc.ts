/**
 * The latest results section of docs/performance.md, rendered from bench/results.json: the run's
 * commit, machine and scale, the verdict counts, one table row per target check and one per case
 * row. The section sits between {@link RESULTS_START} and {@link RESULTS_END}; scripts/bench.ts
 * rewrites it after a run and `npm run bench:doc` on demand (tests/unit/bench-results-doc.test.ts
 * keeps the doc and the file in step). Pure.
 */
import type { CaseRow, TargetCheck, TargetStatus } from './report';
import type { BenchResults } from './run';
import { summarizeVerdicts, formatVerdictSummary } from './verdicts';

/** The marker lines around the generated section. */
export const RESULTS_START = '<!-- results:start -->';
export const RESULTS_END = '<!-- results:end -->';

/** A target check as results.json holds it (files written before `status` existed lack it). */
export type RecordedCheck = Omit<TargetCheck, 'status'> & { status?: TargetStatus };

/** What the section reads from results.json (the fields every recorded version has). */
export type RecordedResults = Pick<
  BenchResults,
  'commit' | 'dirty' | 'date' | 'mode' | 'machine' | 'scale' | 'noise'
> & {
  cases: CaseRow[];
  targets: RecordedCheck[];
  warnings?: string[];
};

/** The status of a recorded check; derived from `met` and `value` when the file predates `status`. */
export function statusOf(t: RecordedCheck): TargetStatus {
  if (t.status) return t.status;
  if (t.met) return 'met';
  return t.value == null ? 'not measured' : 'missed';
}

const int = (n: number) => n.toLocaleString('en-US');

/** A Markdown table cell: pipes escaped, line breaks flattened, empty as "-". */
function md(v: unknown): string {
  if (v == null || (typeof v === 'number' && !Number.isFinite(v))) return '-';
  const s = String(v)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
  return s === '' ? '-' : s;
}

function value(t: RecordedCheck): string {
  return t.value == null ? '-' : `${t.value} ${t.unit}`;
}

function limit(t: RecordedCheck): string {
  return `${t.op === '<=' ? '≤' : '≥'} ${t.limit} ${t.unit}`;
}

function halves(t: RecordedCheck): string {
  if (!t.halves) return '-';
  return `${t.halves.map((h) => h ?? '-').join(' / ')}${t.stable === false ? ' (within the noise)' : ''}`;
}

/**
 * The generated section, markers included (Markdown, ends without a newline): a header paragraph
 * (commit, date, mode, machine, scale), the verdict counts and noise, a table of the target checks
 * (target, value, limit, verdict, halves) and a table of the case rows (n, p50 / p95 / p99 ms,
 * baseline p95, ratio, note).
 */
export function renderResultsSection(r: RecordedResults): string {
  const statuses = r.targets.map((t) => ({ status: statusOf(t) }));
  const summary = summarizeVerdicts(statuses);
  const m = r.machine;
  const s = r.scale;
  const lines: string[] = [
    RESULTS_START,
    '<!-- Generated from bench/results.json by `npm run bench:doc` (and after `npm run bench`): do not edit by hand. -->',
    '',
    `Run: commit \`${r.commit.slice(0, 7)}\`${r.dirty ? ' with uncommitted changes' : ''}, ` +
      `${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.mode} mode` +
      `${r.mode === 'quick' ? ' (CI-sized: not the recorded measurement)' : ''}; ` +
      `${m.cores} cores (${m.cpu}), ${m.ram_gb} GB RAM, Node ${m.node}, PostgreSQL ${m.postgres.split(' ')[0]}; ` +
      `${int(s.releases)} releases (${int(s.approved_releases)} approved), ${int(s.movies)} movies, ` +
      `${int(s.persons)} persons, ${int(s.reviews)} reviews, ${int(s.posts)} discussions, ${int(s.comments)} comments.`,
    '',
    `Verdicts: ${formatVerdictSummary(summary)}. Noise: ${r.noise.unstable.length} of ${r.noise.targets} sampled ` +
      `targets within the noise${r.noise.unstable.length ? ` (${r.noise.unstable.join('; ')})` : ''}.`,
  ];
  if (r.targets.some((t) => !t.status))
    lines.push(
      '',
      'This file predates the per-target status: it lists only the targets its run measured, and its ' +
        'listings were judged at the page they reached. Rerun `npm run bench` to regenerate it.',
    );
  for (const w of r.warnings ?? []) lines.push('', `Warning: ${md(w)}`);
  lines.push('', '| target | value | limit | verdict | halves |', '|---|---:|---:|---|---|');
  for (const t of r.targets)
    lines.push(`| ${md(t.name)} | ${md(value(t))} | ${md(limit(t))} | ${md(t.verdict)} | ${md(halves(t))} |`);
  lines.push(
    '',
    '| case | n | p50 ms | p95 ms | p99 ms | baseline p95 ms | ratio | note |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const c of r.cases)
    lines.push(
      `| \`${md(c.id)}\` | ${md(c.n)} | ${md(c.p50)} | ${md(c.p95)} | ${md(c.p99)} | ${md(c.baseline?.p95)} | ` +
        `${md(c.ratio)} | ${md(c.extra?.note)} |`,
    );
  lines.push(RESULTS_END);
  return lines.join('\n');
}

/** Index range of the section in `doc` (start of the start marker, end of the end marker). */
function sectionRange(doc: string): [number, number] {
  const start = doc.indexOf(RESULTS_START);
  const end = doc.indexOf(RESULTS_END);
  if (start < 0 || end < start) throw new Error(`no ${RESULTS_START} … ${RESULTS_END} section in the document`);
  return [start, end + RESULTS_END.length];
}

/**
 * The section of `doc`, markers included.
 * @throws Error when the markers are missing or out of order
 */
export function resultsSectionOf(doc: string): string {
  const [a, b] = sectionRange(doc);
  return doc.slice(a, b);
}

/**
 * `doc` with its section replaced by `section` (as {@link renderResultsSection} renders it).
 * @throws Error when the markers are missing or out of order
 */
export function replaceResultsSection(doc: string, section: string): string {
  const [a, b] = sectionRange(doc);
  return doc.slice(0, a) + section + doc.slice(b);
}
