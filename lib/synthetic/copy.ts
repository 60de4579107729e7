/**
 * Bulk loading through PostgreSQL `COPY … FROM STDIN` (text format) with postgres.js streams:
 * value encoders (text, arrays, JSON, NULL) and a loader that batches generated lines into
 * chunks of about 256 KB, with backpressure and a progress callback per chunk.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';

/** COPY text-format NULL. */
export const NULL = '\\N';

const SPECIAL = /[\\\t\n\r]/;

/** A text value escaped for COPY text format (backslash, tab, newline, carriage return). */
export function text(v: string | null | undefined): string {
  if (v == null) return NULL;
  if (!SPECIAL.test(v)) return v;
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A number or NULL. */
export function num(v: number | null | undefined): string {
  return v == null ? NULL : String(v);
}

/** A boolean as COPY text ("t" / "f"). */
export function bool(v: boolean): string {
  return v ? 't' : 'f';
}

/** A PostgreSQL text[] literal (every element quoted), escaped for COPY. */
export function textArray(list: readonly string[] | null | undefined): string {
  if (!list || list.length === 0) return '{}';
  return text(`{${list.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

/** A JSON value (json / jsonb column), escaped for COPY. */
export function json(v: unknown): string {
  return text(JSON.stringify(v));
}

/** Progress of one COPY: rows written so far. */
export type CopyProgress = (done: number) => void;

/** What one COPY writes: the table, its columns, the COPY-encoded lines, and a progress callback. */
export type CopyTarget = {
  table: string;
  columns: readonly string[];
  /** One row per line: the columns' COPY-encoded values joined by tabs, ending with "\n". */
  lines: Iterable<string>;
  onRows?: CopyProgress;
};

const CHUNK_CHARS = 1 << 18;

async function* chunked(lines: Iterable<string>, onRows: CopyProgress | undefined): AsyncGenerator<string> {
  let buf: string[] = [];
  let size = 0;
  let done = 0;
  for (const line of lines) {
    buf.push(line);
    size += line.length;
    done++;
    if (size >= CHUNK_CHARS) {
      yield buf.join('');
      onRows?.(done);
      buf = [];
      size = 0;
    }
  }
  if (buf.length) {
    yield buf.join('');
    onRows?.(done);
  }
}

/**
 * Streams lines into `COPY table (columns) FROM STDIN`. Each line is one row: the columns'
 * COPY-encoded values joined by tabs, ending with "\n". Table and column names are trusted
 * constants of this module's callers (never user input).
 * @returns the number of rows written
 * @throws the database error of a bad row (the COPY is aborted)
 */
export async function copyInto(
  sql: postgres.Sql | postgres.TransactionSql,
  { table, columns, lines, onRows }: CopyTarget,
): Promise<number> {
  let rows = 0;
  const writable = await sql.unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`).writable();
  await pipeline(
    Readable.from(
      chunked(lines, (n) => {
        rows = n;
        onRows?.(n);
      }),
    ),
    writable,
  );
  return rows;
}
