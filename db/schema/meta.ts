import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Files imported into this database: content hash and summary, so a second start does not re-import.
 */
export const importRuns = pgTable('import_runs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** File name as given (basename). */
  file: text().notNull(),
  /** SHA-256 of the file's (uncompressed) content, hex. */
  contentHash: text().notNull(),
  summary: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** Import duration in milliseconds. */
  durationMs: integer().notNull().default(0),
  finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
