/**
 * SQL capture for the benchmark and the query-plan test: a Drizzle database over its own
 * postgres.js pool that records the text, parameters and order of every statement the data
 * layer (lib/data) sends, and helpers to replay those statements on a plain postgres.js
 * client and to EXPLAIN them.
 *
 * The capturing client mirrors db/index.ts `openDatabase` (same driver options, same Drizzle
 * setup), so lib/data builds exactly the SQL it builds in the app. It is used to learn the SQL;
 * timings of the app path are taken on a database opened by `openDatabase` itself (recording
 * costs a little per statement, which would bias the timing).
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { schema, type Db } from '@/db';

/**
 * One statement as sent by postgres.js: SQL text with $n placeholders and its parameter values;
 * `after`: indexes (in the same capture) of the statements whose results had arrived before this
 * one was sent — what it may have waited for (e.g. the second part of a two-part keyset page).
 */
export type CapturedStatement = { text: string; params: unknown[]; after?: number[] };

/** A database whose statements can be recorded around a call (see {@link openCapturingDb}). */
export type CapturingDb = {
  db: Db;
  /**
   * Runs `fn` with the capturing database and returns its result plus every statement it sent,
   * in send order. Calls must not overlap (one recording at a time).
   * @throws whatever `fn` throws; also when another capture is still running
   */
  capture<T>(fn: (db: Db) => Promise<T>): Promise<{ result: T; statements: CapturedStatement[] }>;
  close(): Promise<void>;
};

/**
 * Opens a capturing Drizzle database on PostgreSQL.
 * @param url PostgreSQL URL
 * @param max pool size (default DB_POOL_MAX or 10, as the app)
 */
export function openCapturingDb(url: string, max = Number(process.env.DB_POOL_MAX || 10)): CapturingDb {
  let recording: CapturedStatement[] | null = null;
  let finished: number[] = [];
  const client = postgres(url, { max, onnotice: () => {}, prepare: true });
  // Drizzle sends every statement through `client.unsafe(text, params, options)` and awaits the
  // query it returns: record the statement there, and when its result arrives (through the
  // query's own `then`, so its execution is unchanged).
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const query = unsafe(...args);
    const rec = recording;
    if (!rec) return query;
    const index = rec.length;
    rec.push({ text: args[0], params: [...((args[1] ?? []) as unknown[])], after: [...finished] });
    const then = query.then.bind(query);
    const settle = () => {
      if (recording === rec) finished.push(index);
    };
    query.then = ((onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) =>
      then(
        (value) => {
          settle();
          return onFulfilled ? onFulfilled(value) : value;
        },
        (error: unknown) => {
          settle();
          if (onRejected) return onRejected(error);
          throw error;
        },
      )) as typeof query.then;
    return query;
  }) as typeof client.unsafe;
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    async capture(fn) {
      if (recording) throw new Error('openCapturingDb: captures must not overlap');
      const statements: CapturedStatement[] = [];
      recording = statements;
      finished = [];
      try {
        const result = await fn(db);
        return { result, statements };
      } finally {
        recording = null;
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** A plain postgres.js client for replaying captured SQL (pool of `max`, default as the app). */
export function openRawClient(url: string, max = Number(process.env.DB_POOL_MAX || 10)): postgres.Sql {
  return postgres(url, { max, onnotice: () => {}, prepare: true });
}

type Params = postgres.ParameterOrJSON<never>[];

/**
 * Runs one captured statement on a plain client, as Drizzle runs `db.execute` (an unnamed,
 * unprepared statement: `prepare: false`), and returns its rows.
 */
export function runStatement(raw: postgres.Sql, s: CapturedStatement): Promise<postgres.RowList<postgres.Row[]>> {
  return raw.unsafe(s.text, s.params as Params, { prepare: false });
}

/**
 * Replays the statements of one data-layer call on a plain client as the call ran them: each one
 * as soon as the statements it was sent after (`after`) have returned, so independent statements
 * run concurrently (e.g. searchAll's 8 group queries) and dependent ones in sequence.
 * @returns the number of rows returned in total
 */
export async function replay(raw: postgres.Sql, statements: readonly CapturedStatement[]): Promise<number> {
  const runs: Promise<number>[] = [];
  for (const s of statements) {
    const before = (s.after ?? []).filter((i) => i < runs.length).map((i) => runs[i]);
    runs.push(Promise.all(before).then(() => runStatement(raw, s).then((r) => r.length)));
  }
  const counts = await Promise.all(runs);
  return counts.reduce((n, c) => n + c, 0);
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of a captured statement with its parameters bound (the plan the
 * statement got when it ran), as text lines.
 */
export async function explainAnalyze(raw: postgres.Sql, s: CapturedStatement): Promise<string> {
  const rows = await raw.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params as Params, { prepare: false });
  return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
}

/**
 * `EXPLAIN (FORMAT JSON)` of a captured statement with its parameters bound: the top plan node.
 * With `analyze` the statement runs and the nodes carry actual rows (`EXPLAIN (ANALYZE, FORMAT JSON)`).
 */
export async function explainJson(raw: postgres.Sql, s: CapturedStatement, analyze = false): Promise<PlanNode> {
  const rows = await raw.unsafe(`EXPLAIN (${analyze ? 'ANALYZE, ' : ''}FORMAT JSON) ${s.text}`, s.params as Params, {
    prepare: false,
  });
  const value = rows[0]?.['QUERY PLAN'] as unknown;
  const doc = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return doc[0].Plan;
}

/** A node of PostgreSQL's JSON plan (only the fields the checks read). */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  'Total Cost'?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
};

/**
 * A sequential scan found in a plan: the table, its alias, the estimated matching rows, the
 * `Limit` that stops it early (only pass-through nodes in between), if any, and, for an
 * `EXPLAIN ANALYZE` plan, the rows it actually read (returned + removed by its filter, all loops).
 */
export type SeqScan = {
  relation: string;
  alias: string | null;
  planRows: number | null;
  limitRows: number | null;
  rowsRead: number | null;
};

/** Nodes that hand rows up one at a time, so a `Limit` above them stops the scan below early. */
const PASS_THROUGH = new Set(['Subquery Scan', 'Result', 'Append', 'Gather', 'Materialize']);

/** Rows a node read: (actual rows + rows removed by its filter) × loops; null without ANALYZE. */
function rowsRead(n: PlanNode): number | null {
  const actual = n['Actual Rows'];
  if (typeof actual !== 'number') return null;
  const removed = typeof n['Rows Removed by Filter'] === 'number' ? (n['Rows Removed by Filter'] as number) : 0;
  const loops = typeof n['Actual Loops'] === 'number' ? (n['Actual Loops'] as number) : 1;
  return (actual + removed) * loops;
}

/**
 * Every `Seq Scan` node (parallel ones too: same node type) over one of `tables` in the plan
 * tree, sub-plans and init-plans included, with the `Limit` that bounds it, if any.
 */
export function findSeqScans(plan: PlanNode, tables: readonly string[]): SeqScan[] {
  const found: SeqScan[] = [];
  const walk = (n: PlanNode, limitRows: number | null) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && tables.includes(n['Relation Name'])) {
      found.push({
        relation: n['Relation Name'],
        alias: n.Alias ?? null,
        planRows: n['Plan Rows'] ?? null,
        limitRows,
        rowsRead: rowsRead(n),
      });
    }
    const bound =
      n['Node Type'] === 'Limit' ? (n['Plan Rows'] ?? null) : PASS_THROUGH.has(n['Node Type']) ? limitRows : null;
    for (const child of n.Plans ?? []) walk(child, bound);
  };
  walk(plan, null);
  return found;
}

/** Most of a table a `Limit`-bounded sequential scan may actually read and still count as stopping early. */
export const EARLY_STOP_MAX_SHARE = 0.05;

/**
 * True for a sequential scan that is not a scan over the table: a `Limit` stops it after its first
 * rows, and (measured with EXPLAIN ANALYZE) it read at most EARLY_STOP_MAX_SHARE of the table's
 * `tableRows` rows. Example: the first 1,001 titles holding a word found in a third of all titles,
 * read in about 3,000 rows — faster than building a bitmap of every match from the trigram index.
 * A scan without measured rows (plain EXPLAIN) never counts as stopping early.
 */
export function stopsEarly(s: SeqScan, tableRows: number): boolean {
  return s.limitRows !== null && s.rowsRead !== null && s.rowsRead <= EARLY_STOP_MAX_SHARE * tableRows;
}

/** One-line shape of a plan for reports: node types with their relation / index, depth-first. */
export function planOutline(plan: PlanNode): string {
  const parts: string[] = [];
  const walk = (n: PlanNode) => {
    const on = n['Index Name'] ?? n['Relation Name'];
    parts.push(on ? `${n['Node Type']}(${on})` : n['Node Type']);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan);
  return parts.join(' > ');
}

/**
 * Indexes of `tables` the planner may not use yet: built with `indcheckxmin` (CREATE
 * INDEX over rows updated in the same transaction, as a bulk load that recreates its indexes
 * does) and newer than the oldest snapshot still open on the server. Until that transaction
 * ends, plans fall back to sequential scans for reasons outside the query shapes.
 * @returns a description per index and the sessions holding the old snapshot ([] when usable)
 */
export async function indexesNotYetUsable(raw: postgres.Sql, tables: readonly string[]): Promise<string[]> {
  const rows = await raw<{ index: string; table: string }[]>`
    SELECT c.relname AS index, t.relname AS table
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relname IN ${raw(tables)} AND i.indcheckxmin
      AND age(i.xmin) <= age(((pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text)::xid)`;
  if (!rows.length) return [];
  const holders = await raw<{ pid: number; datname: string | null; xact_start: Date | null }[]>`
    SELECT pid, datname, xact_start FROM pg_stat_activity WHERE backend_xmin IS NOT NULL AND pid <> pg_backend_pid() ORDER BY xact_start`;
  return [
    ...rows.map((r) => `${r.table}.${r.index}`),
    ...holders.map(
      (h) =>
        `older snapshot held by pid ${h.pid} (${h.datname ?? '?'}, transaction since ${h.xact_start?.toISOString() ?? '?'})`,
    ),
  ];
}
