import 'server-only';
/**
 * Query helpers of lib/data (not for pages): the database to use, raw row queries, and SQL
 * fragments for lists of values and text-search conditions on stored search documents.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '@/db';
import { MIN_TRIGRAM_WORD, type SearchQuery } from '@/lib/search-query';
import { SPECIAL_LETTERS } from '@/lib/text';
import { rateTable, type RateTable } from '@/lib/collections/rates';
import { CURRENCIES } from '@/lib/validation/collection-limits';

/** The given database (tests) or the process-wide one. */
export async function resolveDb(db?: Db): Promise<Db> {
  return db ?? (await getDb());
}

export { queryRows };

/** `expr IN (v1, v2, …)` with parameters; FALSE for an empty list. */
export function inList(expr: SQL, values: readonly (string | number)[]): SQL {
  if (!values.length) return sql`FALSE`;
  return sql`${expr} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** AND of conditions (TRUE when none). */
export function and(conds: SQL[]): SQL {
  return conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
}

/**
 * Text conditions of a parsed query on a stored search document (folded, GIN trigram index):
 * every word must occur. Words of 3+ characters use `search_text LIKE '%word%'` (trigram
 * index); when every word is shorter, a prefix match on the btree-indexed folded key
 * (`keyCol LIKE 'ab%'`) replaces it; short words next to long ones are checked on the rows the
 * long words found. A word with close spellings (`close`, lib/data/search-words.ts) matches the
 * word or any of them: `(search_text LIKE '%runer%' OR search_text LIKE '%runner%')`, one
 * bitmap OR of the same index; a spelling that holds another one is left out (it adds no rows). Folded words contain only [a-z0-9], so nothing needs escaping.
 */
export function textConditions(
  q: SearchQuery,
  searchCol: SQL,
  keyCol: SQL,
  close?: ReadonlyMap<string, readonly string[]> | null,
): SQL[] {
  if (!q.words.length) return [];
  const long = q.words.filter((w) => w.length >= MIN_TRIGRAM_WORD);
  if (!long.length) return [sql`${keyCol} LIKE ${`${q.text}%`}`];
  return q.words.map((w) => {
    const alternatives = close?.get(w);
    if (!alternatives?.length) return sql`${searchCol} LIKE ${`%${w}%`}`;
    // A spelling holding another adds no rows ("terminator" covers "exterminator").
    const spellings = [w, ...alternatives];
    const needed = spellings.filter((a) => !spellings.some((o) => o !== a && a.includes(o)));
    return sql`(${sql.join(
      needed.map((a) => sql`${searchCol} LIKE ${`%${a}%`}`),
      sql` OR `,
    )})`;
  });
}

/**
 * SQL that folds a text expression as lib/text.ts `foldText` does (special letters spelled out,
 * accents taken off, lower case, "&" read as "and", apostrophes dropped, every other mark a space),
 * for matching folded query words against text that has no stored folded copy (collection names).
 * A scan per row: for small tables or few rows only.
 */
export function foldedSql(expr: SQL): SQL {
  let s = expr;
  for (const [letter, spelled] of Object.entries(SPECIAL_LETTERS)) s = sql`replace(${s}, ${letter}, ${spelled})`;
  const unaccented = sql`lower(regexp_replace(normalize(${s}, NFKD), ${'[\u0300-\u036f]'}, '', 'g'))`;
  const words = sql`regexp_replace(replace(${unaccented}, '&', ' and '), ${"['’`´]"}, '', 'g')`;
  return sql`trim(regexp_replace(${words}, '[^a-z0-9]+', ' ', 'g'))`;
}

/**
 * An amount in one of the site's currencies (EUR, GBP, USD, SEK; null read as EUR) converted to
 * euros at the rates of `table` (lib/collections/rates.ts: the ECB reference rates unless
 * CURRENCY_RATES is set), not rounded; null for a null amount or another currency. One rate table
 * for collection values, the entries' price order and the RRP bands of the listings.
 */
export function eurosSql(amount: SQL, currency: SQL, table: RateTable = rateTable()): SQL {
  const cases = CURRENCIES.map((c) => sql`WHEN ${c} THEN ${String(1 / table.perEuro[c])}::numeric`);
  return sql`(${amount} * CASE COALESCE(${currency}, 'EUR') ${sql.join(cases, sql` `)} END)`;
}
