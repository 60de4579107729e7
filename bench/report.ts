/**
 * Results of the benchmark: the case rows and target checks written to bench/results.json, and
 * their rendering as a terminal table. Pure functions.
 */
import type { Summary } from './stats';

/** One result row: latency percentiles (milliseconds) and the ratio to its baseline in the same run. */
export type CaseRow = {
  /** e.g. `search/searchAll/fixed`, `api/search`, `listing/releases/4k`, `pages/release`, `import/postgres`. */
  id: string;
  group: 'search' | 'api' | 'listing' | 'pages' | 'import' | 'realtime' | 'stream' | 'collections' | 'contributions';
  description: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  baseline: { description: string; n: number; p50: number; p95: number; p99: number } | null;
  /** See `ratio_of`. */
  ratio: number | null;
  ratio_of: string;
  /** Case-specific values (req/s, seconds, rows/s, page reached …). */
  extra?: Record<string, unknown>;
};

/**
 * How a target fared in a run: `met`; `missed` (over its limit, or its measurement does not count:
 * failed requests, lost pushes); `not measured` (its case ran without producing the data: counts
 * as missed); `not run` (its case was not selected: neither met nor missed).
 */
export type TargetStatus = 'met' | 'missed' | 'not measured' | 'not run';

/** A performance target checked against this run. */
export type TargetCheck = {
  /** Stable id of the check, e.g. `api/search`, `listing/releases/4k` (bench/verdicts.ts). */
  id?: string;
  /** The key of the target in bench/verdicts.ts TARGETS, e.g. `apiOverRaw`. */
  target?: string;
  name: string;
  /** The measured value in `unit`; null when not measured (or not a number, e.g. every push lost). */
  value: number | null;
  limit: number;
  unit: string;
  op: '<=' | '>=';
  /** True only for status `met`. */
  met: boolean;
  status: TargetStatus;
  /** "target met", "MISSED by …", "MISSED: <why>", "MISSED: not measured (<why>)" or "NOT RUN: <why>". */
  verdict: string;
  /**
   * The value over the first and over the second half of the samples (bench/stats.ts
   * splitHalves; the pages: the first and second half of the load): two runs of half the size.
   */
  halves?: [number | null, number | null];
  /** |first half − second half|, in `unit`: the noise of this value in this run. */
  spread?: number | null;
  /** Both halves give the verdict of the whole run (false: the verdict is within the noise). */
  stable?: boolean;
  /** Context printed with the verdict (e.g. the ratio over the measured HTTP floor); not checked. */
  note?: string;
};

/** Percentiles of a summary, for a row or a baseline. */
export function pct(s: Summary): { n: number; p50: number; p95: number; p99: number } {
  return { n: s.n, p50: s.p50, p95: s.p95, p99: s.p99 };
}

/** The limit a measured value is checked against: `value op limit`, in `unit` ('x' for a ratio). */
export type TargetLimit = { op: '<=' | '>='; limit: number; unit: string };

/**
 * What a check may carry besides its value: the value of each half of the samples, a note, and
 * why the value does not count (`failure`: the check misses whatever the value) or is missing
 * (`missing`: said in "MISSED: not measured (…)").
 */
export type CheckExtra = {
  halves?: [number | null, number | null];
  note?: string;
  failure?: string;
  missing?: string;
};

function halvesOf(
  met: boolean,
  halves: [number | null, number | null] | undefined,
  { op, limit }: TargetLimit,
): Pick<TargetCheck, 'halves' | 'spread' | 'stable'> {
  if (!halves) return {};
  const ok = (v: number | null) => v != null && Number.isFinite(v) && (op === '<=' ? v <= limit : v >= limit);
  const [a, b] = halves;
  const both = a != null && b != null && Number.isFinite(a) && Number.isFinite(b);
  return {
    halves,
    spread: both ? Math.round(Math.abs(a - b) * 100) / 100 : null,
    stable: both && ok(a) === met && ok(b) === met,
  };
}

/**
 * Checks `value op limit`; the verdict is "target met" or "MISSED by <difference> (<factor>x)".
 * A value that is null, NaN or infinite is "MISSED: not measured" (with `extra.missing` in
 * brackets); `extra.failure` misses the check whatever its value ("MISSED: <failure>").
 * With `extra.halves` (the same value over each half of the samples) the check also says the
 * spread between the halves and whether both halves agree with the verdict.
 */
export function checkTarget(
  name: string,
  value: number | null,
  { op, limit, unit }: TargetLimit,
  extra: CheckExtra = {},
): TargetCheck {
  const note = extra.note ? { note: extra.note } : {};
  const measured = value != null && Number.isFinite(value) ? value : null;
  // A check that failed or has no value misses, whatever the value says.
  const missed = (status: 'missed' | 'not measured', verdict: string): TargetCheck => ({
    name,
    value: measured,
    limit,
    unit,
    op,
    met: false,
    status,
    verdict,
    ...halvesOf(false, extra.halves, { op, limit, unit }),
    ...note,
  });
  if (extra.failure) return missed('missed', `MISSED: ${extra.failure}`);
  if (measured == null)
    return missed('not measured', `MISSED: not measured${extra.missing ? ` (${extra.missing})` : ''}`);
  const met = op === '<=' ? measured <= limit : measured >= limit;
  const diff = Math.abs(measured - limit);
  const factor = op === '<=' ? measured / limit : limit / Math.max(measured, Number.EPSILON);
  const show = (x: number) => (Math.round(x * 100) / 100).toString();
  return {
    name,
    value: measured,
    limit,
    unit,
    op,
    met,
    status: met ? 'met' : 'missed',
    verdict: met
      ? 'target met'
      : `MISSED by ${show(diff)}${unit === 'x' ? '' : ` ${unit}`} (${show(factor)}x the limit)`,
    ...halvesOf(met, extra.halves, { op, limit, unit }),
    ...note,
  };
}

/**
 * A check whose case was not run (not selected): neither met nor missed, verdict "NOT RUN: <reason>".
 */
export function notRun(name: string, { op, limit, unit }: TargetLimit, reason: string): TargetCheck {
  return { name, value: null, limit, unit, op, met: false, status: 'not run', verdict: `NOT RUN: ${reason}` };
}

function cell(v: unknown, width: number, right = true): string {
  const s = v == null || (typeof v === 'number' && !Number.isFinite(v)) ? '-' : String(v);
  return right ? s.padStart(width) : s.padEnd(width);
}

/** The case rows as a fixed-width table (milliseconds; ratio as described per row group). */
export function formatTable(rows: readonly CaseRow[]): string {
  const idWidth = Math.max(34, ...rows.map((r) => r.id.length + 1));
  const head = [
    cell('case', idWidth, false),
    cell('n', 7),
    cell('p50 ms', 10),
    cell('p95 ms', 10),
    cell('p99 ms', 10),
    cell('base p95', 10),
    cell('ratio', 8),
    '  note',
  ].join('');
  const lines = [head, '-'.repeat(head.length + 10)];
  let group = '';
  for (const r of rows) {
    if (r.group !== group) {
      group = r.group;
      lines.push(`[${group}] ratio = ${r.ratio_of}`);
    }
    const note = r.extra?.note ?? '';
    lines.push(
      [
        cell(r.id, idWidth, false),
        cell(r.n, 7),
        cell(r.p50, 10),
        cell(r.p95, 10),
        cell(r.p99, 10),
        cell(r.baseline?.p95, 10),
        cell(r.ratio, 8),
        `  ${note}`,
      ].join(''),
    );
  }
  return lines.join('\n');
}

/**
 * The target checks as lines "name: value unit (op limit) → verdict", marked `ok`, `MISS` or
 * `SKIP` (not run), with the halves ("halves a / b", and "within the noise" when a half gives the
 * other verdict) and the note.
 */
export function formatTargets(targets: readonly TargetCheck[]): string {
  return targets
    .map((t) => {
      const halves = t.halves
        ? ` [halves ${t.halves.map((h) => h ?? '-').join(' / ')}${t.stable ? '' : ', within the noise'}]`
        : '';
      const mark = t.met ? '  ok  ' : t.status === 'not run' ? ' SKIP ' : ' MISS ';
      return (
        `${mark} ${t.name}: ${t.value ?? '-'} ${t.unit} (target ${t.op} ${t.limit}) → ${t.verdict}${halves}` +
        (t.note ? `\n        ${t.note}` : '')
      );
    })
    .join('\n');
}
