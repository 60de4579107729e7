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

/**
 * The lock that keeps two catalogue imports apart (lib/import/lock.ts): one row while an import
 * runs, naming its process; a crashed holder is recognised by its process id on the same host or
 * by a heartbeat older than the lock's lifetime.
 */
export const importLocks = pgTable('import_locks', {
  name: text().primaryKey(),
  /** Unique id of the holding import (host, process id and a random part). */
  holder: text().notNull(),
  host: text().notNull(),
  pid: integer().notNull(),
  acquiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
