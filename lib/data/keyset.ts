import 'server-only';
/**
 * Keyset pagination of lib/data lists: opaque cursors (base64url of the last row's sort key and
 * id), the page query over an indexed `(sort key, id)`, and the split into a page and the next
 * cursor. Never OFFSET.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { isCleanText } from '@/lib/api/body';
import { AppError } from '@/lib/errors';
import { and, queryRows } from './sql';

/** SQL type a sort key is compared as (the cursor carries it as text). */
export type KeyCast = 'int' | 'numeric' | 'date' | 'text' | 'timestamptz';

/**
 * One keyset sort: a key expression plus the row id as tie-breaker, both in `dir`. A `nullable`
 * key puts rows without a key last (NULLS LAST), ordered by id.
 */
export type KeysetSort = { name: string; expr: SQL; cast: KeyCast; dir: 'asc' | 'desc'; nullable?: boolean };

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::(\d{2}))?|Z)?$/;

/** True for a calendar date `YYYY-MM-DD` of years 1-9999 that exists (no month 13, no 30 February). */
function isRealDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as they are.
  const last = new Date(0);
  last.setUTCFullYear(y, mo, 0);
  return d <= last.getUTCDate();
}

/**
 * What a cursor's sort key must look like for the SQL cast of its sort to succeed: a real date,
 * an `integer` in range, a plain decimal number (`numeric`: digits, at most one point), a
 * timestamp with a real date, a time of day and an offset within ±15:59,
 * text without NUL or broken UTF-16. Anything else is a forged cursor (400), never a failing cast.
 */
const CAST_CHECK: Record<KeyCast, (key: string) => boolean> = {
  int: (k) => /^-?\d{1,10}$/.test(k) && Number(k) >= INT4_MIN && Number(k) <= INT4_MAX,
  numeric: (k) => /^-?\d{1,20}(\.\d{1,40})?$/.test(k),
  date: isRealDate,
  timestamptz: (k) => {
    const m = TIMESTAMP_RE.exec(k);
    if (!m || !isRealDate(m[1])) return false;
    const [h, mi, sec] = [Number(m[2]), Number(m[3]), Number(m[4])];
    const [oh, om] = [Number(m[7] ?? 0), Number(m[8] ?? 0)];
    return h <= 23 && mi <= 59 && sec <= 59 && oh <= 15 && om <= 59;
  },
  text: (k) => k.length <= 1000 && isCleanText(k),
};

/** True when `key` can be cast to `cast` in SQL (see CAST_CHECK): what a cursor's key must pass. */
export function isCastable(key: string, cast: KeyCast): boolean {
  return CAST_CHECK[cast](key);
}

type CursorValue = { key: string | null; id: number };

/** Opaque cursor: base64url of JSON [sort name, last sort key as text (or null), last id]. */
export function encodeCursor(sort: KeysetSort, key: string | null, id: number): string {
  return Buffer.from(JSON.stringify([sort.name, key, id]), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor made by {@link encodeCursor} for the same sort.
 * @throws AppError bad_cursor (HTTP 400) when malformed, for another sort, or of the wrong type
 */
export function decodeCursor(cursor: string, sort: KeysetSort): CursorValue {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('bad_cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new AppError('bad_cursor');
  const [name, key, id] = parsed as unknown[];
  if (name !== sort.name || !Number.isSafeInteger(id) || (id as number) < 0 || (id as number) > 2 ** 31 - 1)
    throw new AppError('bad_cursor');
  if (key === null ? !sort.nullable : typeof key !== 'string' || !isCastable(key, sort.cast))
    throw new AppError('bad_cursor');
  return { key: key as string | null, id: id as number };
}

function typed(value: string, cast: KeyCast): SQL {
  return sql`CAST(${value} AS ${sql.raw(cast === 'int' ? 'integer' : cast)})`;
}

/** Rows fetched for a page carry `id` and `sk` (the sort key as text). */
export type KeyedRow = { id: number; sk: string | null };

/**
 * What {@link keysetRows} selects: columns (must include the id as `id`), FROM clause, conditions.
 * `idsFirst`: find the page's ids first, then read those rows — for a sort index that also
 * carries the filtered columns (an index-only scan skips non-matching rows without reading them),
 * or, with `idsFrom`, to find them in the sorted table alone: `idsFrom` is the FROM clause of the
 * ids step (default `from`), for lists whose joins only add columns (inner joins on required
 * foreign keys, left joins) and whose conditions read that table only; then a filter the planner
 * misjudges (a text match of thousands of rows estimated at a few) sorts the matching ids instead
 * of joining every match before the sort.
 */
export type KeysetQuery = {
  columns: SQL;
  from: SQL;
  conds: SQL[];
  sort: KeysetSort;
  idCol: SQL;
  cursor?: string | null;
  limit: number;
  idsFirst?: boolean;
  idsFrom?: SQL;
};

/**
 * Fetches `limit + 1` rows after the cursor in keyset order. The position is a row comparison
 * `(key, id) > (last key, last id)`, so a btree index on (key, id) serves it. A nullable key is
 * read in two index-friendly parts: rows with a key (in key order), then rows without one (by id).
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function keysetRows<R extends KeyedRow>(db: Db, k: KeysetQuery): Promise<R[]> {
  const { sort, idCol } = k;
  const dir = sql.raw(sort.dir === 'desc' ? 'DESC' : 'ASC');
  const op = sql.raw(sort.dir === 'desc' ? '<' : '>');
  const n = k.limit + 1;
  const c = k.cursor ? decodeCursor(k.cursor, sort) : null;
  const selectSql = (where: SQL[], order: SQL) =>
    k.idsFirst
      ? sql`SELECT ${k.columns}, (${sort.expr})::text AS sk FROM ${k.from}
            WHERE ${idCol} IN (SELECT ${idCol} FROM ${k.idsFrom ?? k.from} WHERE ${and(where)} ORDER BY ${order} LIMIT ${n}) ORDER BY ${order}`
      : sql`SELECT ${k.columns}, (${sort.expr})::text AS sk FROM ${k.from} WHERE ${and(where)} ORDER BY ${order} LIMIT ${n}`;
  const after = (key: string, id: number) =>
    sql`(${sort.expr}, ${idCol}) ${op} (${typed(key, sort.cast)}, CAST(${id} AS integer))`;
  const keyOrder = sql`${sort.expr} ${dir}, ${idCol} ${dir}`;
  if (!sort.nullable) {
    return queryRows<R>(db, selectSql(c?.key != null ? [...k.conds, after(c.key, c.id)] : k.conds, keyOrder));
  }
  const nullPart = (extra: SQL[]) => selectSql([...k.conds, sql`${sort.expr} IS NULL`, ...extra], sql`${idCol} ${dir}`);
  if (c && c.key === null) return queryRows<R>(db, nullPart([sql`${idCol} ${op} CAST(${c.id} AS integer)`]));
  const withKey = await queryRows<R>(
    db,
    selectSql([...k.conds, sql`${sort.expr} IS NOT NULL`, ...(c?.key != null ? [after(c.key, c.id)] : [])], keyOrder),
  );
  if (withKey.length >= n) return withKey;
  return [...withKey, ...(await queryRows<R>(db, nullPart([])))].slice(0, n);
}

/** Which page of a list: the opaque cursor of the previous page's last row (none: the first page) and the page size. */
export type Paging = { cursor?: string | null; limit?: number };

/** Splits `limit + 1` fetched rows into a page and the next cursor. */
export function pageOf<R extends KeyedRow, T>(
  rows: R[],
  page: { limit: number; sort: KeysetSort },
  map: (r: R) => T,
): { items: T[]; next_cursor: string | null } {
  const { limit, sort } = page;
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), next_cursor: more && last ? encodeCursor(sort, last.sk, last.id) : null };
}
