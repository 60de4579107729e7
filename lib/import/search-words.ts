/**
 * The `search_words` table: every distinct folded word (3+ letters, not only digits) of the
 * searchable names, with the number of names containing it. Search compares a query word that
 * finds little with these words by trigram similarity to find close spellings ("runer" → "runner").
 * Data source: the `search_text` columns of movies, releases, labels and persons.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';

/** Shortest word kept (pg_trgm needs 3 characters for an indexed similarity match). */
export const MIN_SEARCH_WORD = 3;

/**
 * Replaces the contents of `search_words` with the words of the current catalogue, in one
 * statement pair (call inside the import's transaction or after it).
 * @throws on a database error
 */
export async function rebuildSearchWords(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM search_words`);
  await db.execute(sql`
    INSERT INTO search_words (word, doc_count)
    SELECT w, count(*)::int FROM (
      SELECT DISTINCT d.id, d.kind, w FROM (
        SELECT id, 1 AS kind, search_text FROM movies
        UNION ALL SELECT id, 2, search_text FROM releases
        UNION ALL SELECT id, 3, search_text FROM labels
        UNION ALL SELECT id, 4, search_text FROM persons
      ) d, regexp_split_to_table(d.search_text, '\\s+') AS w
      WHERE length(w) >= ${MIN_SEARCH_WORD} AND w !~ '^[0-9]+$'
    ) words
    GROUP BY w`);
}
