/**
 * Schema operations around a bulk load, all inside the caller's transaction (so a failure or an
 * interrupted run rolls everything back, indexes included):
 * - drop the secondary indexes of the loaded tables (non-unique, not backing a constraint; their
 *   exact `indexdef` is read from pg_indexes first) and the foreign keys that point from or to
 *   them (exact definition from pg_get_constraintdef), then recreate both after the load;
 * - delete earlier synthetic rows (`--replace`), applying each dropped foreign key's ON DELETE
 *   rule (cascade / set null) by hand, set-wise.
 * Primary keys and unique indexes stay in place during the load: a duplicate public id or
 * source id fails at once.
 */
import type postgres from 'postgres';
import { syntheticUserCondition } from './accounts';

type Tx = postgres.TransactionSql;

/** The tables the synthetic generator writes. */
export const LOADED_TABLES = [
  'movies',
  'movie_sources',
  'persons',
  'credits',
  'labels',
  'label_groups',
  'releases',
  'release_movies',
  'reviews',
  'posts',
  'comments',
  'likes',
] as const;

/** A dropped index or foreign key with the statement that recreates it. */
export type DroppedObject = { kind: 'index' | 'foreign key'; name: string; table: string; create: string };

/** A foreign key as read from pg_constraint (single-column keys only). */
type ForeignKey = {
  name: string;
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
  columns: number;
  action: string;
  def: string;
};

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function foreignKeys(tx: Tx, tables: readonly string[]): Promise<ForeignKey[]> {
  return tx<ForeignKey[]>`
    SELECT k.conname AS name, k.conrelid::regclass::text AS child, k.confrelid::regclass::text AS parent,
           (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = k.conrelid AND a.attnum = k.conkey[1]) AS column,
           (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = k.confrelid AND a.attnum = k.confkey[1]) AS "parentColumn",
           cardinality(k.conkey) AS columns, k.confdeltype AS action, pg_get_constraintdef(k.oid) AS def
    FROM pg_constraint k
    WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace
      AND (k.conrelid::regclass::text = ANY(${tables as string[]}) OR k.confrelid::regclass::text = ANY(${tables as string[]}))
    ORDER BY k.conname`;
}

/**
 * Drops the secondary indexes of `tables` and every foreign key from or to them.
 * @returns what was dropped, in drop order, with the statements that recreate it, and the
 *   dropped foreign keys as read (for {@link deleteWithKeys})
 */
export async function dropForLoad(
  tx: Tx,
  tables: readonly string[] = LOADED_TABLES,
): Promise<{ dropped: DroppedObject[]; foreignKeys: ForeignKey[] }> {
  const indexes = await tx<{ name: string; table: string; def: string }[]>`
    SELECT i.indexname AS name, i.tablename AS table, i.indexdef AS def
    FROM pg_indexes i
    JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = current_schema()::regnamespace
    JOIN pg_index x ON x.indexrelid = c.oid
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${tables as string[]})
      AND NOT x.indisunique AND NOT x.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
    ORDER BY i.tablename, i.indexname`;
  const fks = await foreignKeys(tx, tables);
  const dropped: DroppedObject[] = [];
  for (const fk of fks) {
    await tx.unsafe(`ALTER TABLE ${fk.child} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    dropped.push({
      kind: 'foreign key',
      name: fk.name,
      table: fk.child,
      create: `ALTER TABLE ${fk.child} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`,
    });
  }
  for (const ix of indexes) {
    await tx.unsafe(`DROP INDEX ${quoteIdent(ix.name)}`);
    dropped.push({ kind: 'index', name: ix.name, table: ix.table, create: ix.def });
  }
  return { dropped, foreignKeys: fks };
}

/**
 * Recreates what {@link dropForLoad} dropped: indexes first, then foreign keys (validated
 * against all rows: a dangling reference fails the transaction).
 * @param onStep called after each object with (kind, done, total)
 */
export async function restoreAfterLoad(
  tx: Tx,
  dropped: readonly DroppedObject[],
  onStep?: (kind: DroppedObject['kind'], done: number, total: number) => void,
): Promise<void> {
  for (const kind of ['index', 'foreign key'] as const) {
    const list = dropped.filter((d) => d.kind === kind);
    let done = 0;
    onStep?.(kind, 0, list.length);
    for (const d of list) {
      await tx.unsafe(d.create);
      onStep?.(kind, ++done, list.length);
    }
  }
}

/** Rows deleted by {@link deleteWithKeys}, per table. */
export type DeletedCounts = Record<string, number>;

export type { ForeignKey };

/**
 * Deletes every synthetic row: releases, movies and persons whose source_id starts with
 * "synthetic:", labels and label groups in the id ranges recorded by earlier runs, the synthetic
 * members (e-mail `…@synthetic.invalid`) with their reviews, posts, comments and likes, and the
 * rows depending on them. Runs after {@link dropForLoad} dropped the foreign keys `foreignKeys` (in
 * the same transaction): deletion sets per table in
 * temporary tables, each key's ON DELETE rule applied set-wise (cascade into tables that have a
 * deletion set grows that set), then the rows themselves.
 * @param what.foreignKeys the dropped foreign keys, as {@link dropForLoad} returned them
 * @param what.labelRanges id ranges [first, last] of synthetic labels recorded by earlier runs
 * @param what.groupRanges id ranges of synthetic label groups
 * @returns deleted rows per table
 * @throws when a NO ACTION / RESTRICT foreign key still references a deleted row, or a key
 *   is not a single-column reference to `id`
 */
export async function deleteWithKeys(
  tx: Tx,
  {
    foreignKeys: fks,
    labelRanges,
    groupRanges,
  }: {
    foreignKeys: readonly ForeignKey[];
    labelRanges: ReadonlyArray<readonly [number, number]>;
    groupRanges: ReadonlyArray<readonly [number, number]>;
  },
): Promise<DeletedCounts> {
  const inRanges = (col: string, ranges: ReadonlyArray<readonly [number, number]>) =>
    ranges.length
      ? `(${ranges.map(([a, b]) => `${col} BETWEEN ${Math.trunc(a)} AND ${Math.trunc(b)}`).join(' OR ')})`
      : 'FALSE';
  const syntheticUsers = `SELECT id FROM users WHERE ${syntheticUserCondition()}`;
  const seedSets: Record<string, string> = {
    releases: `SELECT id FROM releases WHERE source_id LIKE 'synthetic:%'`,
    movies: `SELECT id FROM movies WHERE source_id LIKE 'synthetic:%'`,
    persons: `SELECT id FROM persons WHERE source_id LIKE 'synthetic:%'`,
    labels: `SELECT id FROM labels WHERE ${inRanges('id', labelRanges)}`,
    label_groups: `SELECT id FROM label_groups WHERE ${inRanges('id', groupRanges)}`,
    // The community rows of synthetic members; the keys' cascades add the rest (comments and
    // likes of deleted reviews and posts, reviews of deleted movies …).
    reviews: `SELECT id FROM reviews WHERE user_id IN (${syntheticUsers})`,
    posts: `SELECT id FROM posts WHERE user_id IN (${syntheticUsers})`,
    comments: `SELECT id FROM comments WHERE user_id IN (${syntheticUsers})`,
    likes: `SELECT id FROM likes WHERE user_id IN (${syntheticUsers})`,
  };
  const tmp = (table: string) => `synthetic_del_${table.replace(/\W/g, '_')}`;
  for (const [table, query] of Object.entries(seedSets)) {
    await tx.unsafe(`CREATE TEMP TABLE ${tmp(table)} ON COMMIT DROP AS ${query}`);
  }
  const hasSet = new Set(Object.keys(seedSets));
  for (const fk of fks) {
    if (hasSet.has(fk.parent) && (fk.columns !== 1 || fk.parentColumn !== 'id')) {
      throw new Error(
        `db:synthetic --replace: foreign key ${fk.name} is not a single-column reference to ${fk.parent}.id; extend lib/synthetic/schema-ops.ts`,
      );
    }
  }
  // Cascades into tables with a deletion set grow that set (labels → label_groups), to a fixpoint.
  for (let changed = true; changed;) {
    changed = false;
    for (const fk of fks) {
      if (fk.action !== 'c' || !hasSet.has(fk.parent) || !hasSet.has(fk.child)) continue;
      const added = await tx.unsafe(
        `INSERT INTO ${tmp(fk.child)} (id) SELECT c.id FROM ${fk.child} c WHERE c.${quoteIdent(fk.column)} IN (SELECT id FROM ${tmp(fk.parent)})
         AND c.id NOT IN (SELECT id FROM ${tmp(fk.child)})`,
      );
      if (added.count > 0) changed = true;
    }
  }
  for (const table of hasSet) await tx.unsafe(`ANALYZE ${tmp(table)}`);
  const deleted: DeletedCounts = {};
  for (const fk of fks) {
    if (!hasSet.has(fk.parent) || hasSet.has(fk.child)) continue;
    const col = quoteIdent(fk.column);
    const ref = `${col} IN (SELECT id FROM ${tmp(fk.parent)})`;
    if (fk.action === 'c') {
      const r = await tx.unsafe(`DELETE FROM ${fk.child} WHERE ${ref}`);
      deleted[fk.child] = (deleted[fk.child] ?? 0) + r.count;
    } else if (fk.action === 'n' || fk.action === 'd') {
      await tx.unsafe(`UPDATE ${fk.child} SET ${col} = ${fk.action === 'n' ? 'NULL' : 'DEFAULT'} WHERE ${ref}`);
    } else {
      const [row] = await tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${fk.child} WHERE ${ref}`);
      if (row.n > 0)
        throw new Error(
          `db:synthetic --replace: ${fk.child}.${fk.column} still references synthetic ${fk.parent} rows (${fk.name})`,
        );
    }
  }
  // Keys between tables that both lose rows: rows staying behind must not point at deleted ones.
  for (const fk of fks) {
    if (!hasSet.has(fk.parent) || !hasSet.has(fk.child) || fk.action === 'c') continue;
    const col = quoteIdent(fk.column);
    const ref = `${col} IN (SELECT id FROM ${tmp(fk.parent)}) AND id NOT IN (SELECT id FROM ${tmp(fk.child)})`;
    if (fk.action === 'n' || fk.action === 'd')
      await tx.unsafe(`UPDATE ${fk.child} SET ${col} = ${fk.action === 'n' ? 'NULL' : 'DEFAULT'} WHERE ${ref}`);
    else {
      const [row] = await tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${fk.child} WHERE ${ref}`);
      if (row.n > 0)
        throw new Error(
          `db:synthetic --replace: ${fk.child}.${fk.column} still references synthetic ${fk.parent} rows (${fk.name})`,
        );
    }
  }
  for (const table of hasSet) {
    const r = await tx.unsafe(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${tmp(table)})`);
    deleted[table] = (deleted[table] ?? 0) + r.count;
  }
  // The synthetic members last: their community rows are gone, the keys still in place from
  // other tables (sessions, collections …) cascade as usual.
  const users = await tx.unsafe(`DELETE FROM users WHERE ${syntheticUserCondition()}`);
  deleted.users = users.count;
  return deleted;
}
