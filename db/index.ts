/**
 * The database client: PostgreSQL through postgres.js when DATABASE_URL is set, otherwise the
 * embedded PGlite, file-backed under `${DATA_DIR:-.data}/pglite`. Same schema, migrations and
 * queries on both. Only lib/data, lib/import, scripts/, bench/ and the tests import this module
 * (the `layers/db-client-importers` lint rule); the data folder (DATA_DIR) is
 * lib/config/data-dir.ts, for modules that need the folder but not the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { dataDir } from '@/lib/config/data-dir';
import { logError, REQUEST_CONTEXT, type RequestContext } from '@/lib/log';
import * as schema from './schema';
import { PRIMARY_WROTE, ReadRouter, type ReplicaStatus, type SqlClient } from './read-routing';

export { schema };
export { readingPrimary } from './read-routing';

/** Drizzle database over either driver (the query builder API is the same). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle, which driver backs it, and how to close it. */
export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives: the PGlite directory, "memory", or the URL without password. */
  location: string;
  /**
   * Statement timeout of the connections in milliseconds; 0 when there is none (always 0 on
   * PGlite, which ignores `statement_timeout`: its single-threaded engine has no timer to cancel a
   * running statement).
   */
  statementTimeoutMs: number;
  /** The PostgreSQL URL (with password) for a second connection, e.g. the migrations'; null on PGlite. */
  url: string | null;
  /**
   * The read replicas' state (db/read-routing.ts), in the order of the read URLs; empty without
   * replicas.
   */
  replicas: () => ReplicaStatus[];
  /**
   * Records a write to the primary made outside this handle (another app server's, heard of
   * through the page cache's notifications): replica reads wait until the replicas have replayed
   * it. Does nothing without replicas.
   */
  primaryWrote: () => void;
  close: () => Promise<void>;
};

/**
 * Options for {@link openDatabase}: a PostgreSQL URL, or a PGlite directory ("memory" for
 * in-memory); `statementTimeoutMs` (PostgreSQL only; default 0, none) ends any statement running
 * longer with error 57014 (query_canceled); `readUrls` (PostgreSQL only; default none) are
 * streaming replicas of `url`'s server that take the read-only statements of HTTP requests.
 */
export type OpenOptions = { url?: string; dataDir?: string; statementTimeoutMs?: number; readUrls?: string[] };

/**
 * The read replicas' URLs: env DATABASE_READ_URL, comma-separated PostgreSQL URLs of streaming
 * replicas of DATABASE_URL's server; empty when unset (every statement then goes to the primary).
 */
export function readUrlsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.DATABASE_READ_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/** How long a connection attempt to a read replica may take before it counts as failed (seconds). */
export const REPLICA_CONNECT_TIMEOUT_S = 3;

/** The per-request read state the app's HTTP server keeps (scripts/serve.ts); undefined outside a request. */
function currentReads() {
  const storage = (globalThis as { [REQUEST_CONTEXT]?: { getStore(): RequestContext | undefined } })[REQUEST_CONTEXT];
  return storage?.getStore()?.reads;
}

/** Default statement timeout of the app server's connections (milliseconds). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * The app server's statement timeout: env DB_STATEMENT_TIMEOUT_MS in milliseconds (0 turns it
 * off), default {@link DEFAULT_STATEMENT_TIMEOUT_MS}; an unreadable value gives the default.
 * Command-line scripts (imports, db:synthetic, migrations, backup) open their database without one.
 */
export function statementTimeoutFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = (env.DB_STATEMENT_TIMEOUT_MS ?? '').trim();
  if (raw === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const ms = Number(raw);
  return Number.isInteger(ms) && ms >= 0 ? ms : DEFAULT_STATEMENT_TIMEOUT_MS;
}

/**
 * Folder of the generated SQL migrations: env MIGRATIONS_DIR, default `db/migrations` under the
 * working directory (not relative to this module: inside a Next server bundle it lives in .next/).
 */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR || path.join(process.cwd(), 'db', 'migrations'));

/** Longest wait between a pooled connection's attempts to reach PostgreSQL (seconds). */
export const MAX_RECONNECT_DELAY_S = 0.5;

/**
 * How long postgres.js waits before a connection's next attempt to connect after `retries` failed
 * ones (seconds; the count is shared by the pool and starts again at 0 on a success): 0.05 s
 * doubling, at most {@link MAX_RECONNECT_DELAY_S}. The driver's own default grows to 20 s within
 * a few failures, and the queries queued for a connection wait that long: after a database outage
 * under load the app answered nothing for up to 20 s after PostgreSQL was back, and requests made
 * during the outage hung instead of failing. Pure.
 */
export function reconnectDelay(retries: number): number {
  return Math.min(0.05 * 2 ** retries, MAX_RECONNECT_DELAY_S);
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/**
 * Opens a database. With `url` (or env DATABASE_URL when no option is given): PostgreSQL via
 * postgres.js, pool of `DB_POOL_MAX` (default 10) connections that retry connecting after
 * {@link reconnectDelay}, each with `statement_timeout` set
 * to `statementTimeoutMs` when it is above 0 (a startup parameter of the connection, so every
 * pooled connection has it). With `readUrls` (streaming replicas of that server; the app server
 * passes {@link readUrlsFromEnv}), one more pool per replica (`DB_READ_POOL_MAX`, default
 * `DB_POOL_MAX`; connection attempts time out after {@link REPLICA_CONNECT_TIMEOUT_S}) and Drizzle
 * runs over the router of db/read-routing.ts, which sends the read-only statements of HTTP
 * requests to the replicas. Otherwise PGlite with pg_trgm, in `dataDir` (default
 * `${DATA_DIR}/pglite`; "memory" for a throwaway in-memory database), without a timeout.
 * @throws when the server is unreachable or the PGlite directory cannot be created
 */
export async function openDatabase(opts: OpenOptions = {}): Promise<DbHandle> {
  const url = opts.url ?? (opts.dataDir ? undefined : process.env.DATABASE_URL || undefined);
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const statementTimeoutMs = Math.max(0, Math.floor(opts.statementTimeoutMs ?? 0));
    const poolMax = Number(process.env.DB_POOL_MAX || 10);
    const connect = (target: string, max: number, extra: Record<string, unknown> = {}) =>
      postgres(target, {
        max,
        onnotice: () => {},
        prepare: true,
        backoff: reconnectDelay,
        ...extra,
        ...(statementTimeoutMs > 0 ? { connection: { statement_timeout: statementTimeoutMs } } : {}),
      });
    const client = connect(url, poolMax);
    const readUrls = opts.readUrls ?? [];
    // Without replicas Drizzle gets the postgres.js client itself, as always.
    const router = readUrls.length
      ? new ReadRouter({
          primary: client as unknown as SqlClient,
          replicas: readUrls.map((u) => ({
            location: redactUrl(u),
            sql: connect(u, Number(process.env.DB_READ_POOL_MAX || poolMax), {
              connect_timeout: REPLICA_CONNECT_TIMEOUT_S,
            }) as unknown as SqlClient,
          })),
          readState: currentReads,
          onReplicaError: (message, error) => logError(message, error),
        })
      : null;
    // The router offers the parts of the postgres.js client that Drizzle's driver calls.
    const driverClient = (router ? router.client : client) as unknown as typeof client;
    const db = drizzle({ client: driverClient, schema, casing: 'snake_case' }) as unknown as Db;
    router?.shareParsers();
    return {
      db,
      kind: 'postgres',
      location: redactUrl(url),
      statementTimeoutMs,
      url,
      replicas: () => router?.status() ?? [],
      primaryWrote: () => router?.primaryWrote(),
      close: () => (router ? router.client.end({ timeout: 5 }) : client.end({ timeout: 5 })),
    };
  }
  const dir = opts.dataDir ?? path.join(dataDir(), 'pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let client;
  if (dir === 'memory') {
    client = new PGlite({ extensions: { pg_trgm } });
  } else {
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: { pg_trgm } });
  }
  await client.waitReady;
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dir,
    statementTimeoutMs: 0,
    url: null,
    replicas: () => [],
    primaryWrote: () => {},
    close: () => client.close(),
  };
}

/**
 * Creates the extensions the schema needs and applies every pending migration of db/migrations.
 * On a PostgreSQL handle with a statement timeout the migrations run over a second connection
 * without one (an index build on a large table may take minutes). Idempotent.
 * @throws on a failing migration (nothing of it is applied)
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres' && handle.statementTimeoutMs > 0 && handle.url) {
    const untimed = await openDatabase({ url: handle.url });
    try {
      return await migrateDatabase(untimed);
    } finally {
      await untimed.close();
    }
  }
  await handle.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // The PGlite migrator needs the PGlite-typed database; the handle holds exactly that.
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}

/**
 * Runs raw SQL and returns its rows on either driver (PGlite answers `{ rows }`,
 * postgres.js an array). Use only with parameterized `sql` templates.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

type GlobalWithDb = typeof globalThis & { __discshelfDb?: Promise<DbHandle> };

/**
 * The process-wide database (PGlite is a single connection: opened once, cached on globalThis),
 * migrated on first use. On PostgreSQL its connections have the statement timeout of
 * {@link statementTimeoutFromEnv}.
 */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g.__discshelfDb) {
    g.__discshelfDb = (async () => {
      const handle = await openDatabase({ statementTimeoutMs: statementTimeoutFromEnv(), readUrls: readUrlsFromEnv() });
      await migrateDatabase(handle);
      // lib/page-cache-handler.mjs (loaded outside the app's bundle) reports other servers' writes here.
      (globalThis as { [PRIMARY_WROTE]?: () => void })[PRIMARY_WROTE] = handle.primaryWrote;
      return handle;
    })();
    g.__discshelfDb.catch(() => {
      g.__discshelfDb = undefined;
    });
  }
  return g.__discshelfDb;
}

/** The process-wide Drizzle database (see {@link getDbHandle}). */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
