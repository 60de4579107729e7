/**
 * Read replicas (DATABASE_READ_URL): a client with the parts of the postgres.js client interface
 * that Drizzle's postgres-js driver uses (`unsafe(text, params, options)` with `.values()`,
 * `begin`, `options.parsers` / `options.serializers`, `end`), which sends each statement to the
 * primary or to one of the streaming replicas. Routing below Drizzle keeps every query of
 * lib/data as it is.
 *
 * A statement goes to a replica only when all of these hold:
 *  - it is read-only by its text ({@link isReadOnlySql}); anything else, and every statement of a
 *    transaction (`begin`: Drizzle's `db.transaction`), runs on the primary;
 *  - it runs inside an HTTP request (scripts/serve.ts keeps the request's state,
 *    lib/server/read-after-write.ts) whose reads are not pinned to the primary: a request that
 *    carried the read-primary cookie (its member wrote a few seconds ago) or has written itself
 *    reads the primary to its end. Reads outside a request (timers, background work of the
 *    server) read the primary;
 *  - the replica is not paused after a failure, and it has replayed the primary's WAL up to the
 *    fence: the primary's `pg_current_wal_lsn()` read after the last write this process made or
 *    heard of (another app server's page-cache revalidation, {@link PRIMARY_WROTE}). So a page
 *    rendered after a write, whoever asks for it, never reads a replica that has not replayed the
 *    write: the page cache (lib/page-cache-handler.mjs) never keeps a page older than the write
 *    that revalidated it. The fence costs one query on the primary after a burst of writes and a
 *    `pg_last_wal_replay_lsn()` check per replica when it has moved; a replica behind it is left
 *    alone (reads go to the primary) until a later check finds it caught up.
 *
 * A replica read that fails because the replica is unreachable or shutting down pauses that
 * replica for {@link REPLICA_PAUSE_MS} and runs the statement on the primary; a read cancelled
 * by a recovery conflict or refused as a write in a read-only transaction is retried on the
 * primary without a pause. Any other error (a statement timeout, bad SQL) is the caller's, as on
 * the primary.
 *
 * {@link readingPrimary} pins the reads of a piece of work to the primary where a replica's lag
 * must never show: the session and API-token checks (a revoked session ends at once on every
 * server).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** How long a replica that failed is left out before the next read tries it again (ms). */
export const REPLICA_PAUSE_MS = 5_000;

/** How long a replica's replayed position found behind the fence is trusted before asking it again (ms). */
export const REPLAY_CHECK_REUSE_MS = 10;

/**
 * Global slot of a function that raises the process's fence (the primary has been written
 * through another connection or app server): lib/page-cache-handler.mjs calls it when another
 * server's revalidation arrives, before the pages are rendered again.
 */
export const PRIMARY_WROTE = Symbol.for('discshelf.db.primary-wrote');

/** Global slot of the storage of {@link readingPrimary} (one per process, whichever bundle loaded this module). */
const PRIMARY_READS = Symbol.for('discshelf.db.primary-reads');

function primaryReads(): AsyncLocalStorage<true> {
  const g = globalThis as { [PRIMARY_READS]?: AsyncLocalStorage<true> };
  g[PRIMARY_READS] ??= new AsyncLocalStorage<true>();
  return g[PRIMARY_READS];
}

/**
 * Runs `fn` with every read it makes on the primary (without replicas: just runs it).
 * @returns what `fn` returns
 */
export function readingPrimary<T>(fn: () => Promise<T>): Promise<T> {
  return primaryReads().run(true, fn);
}

/** Words that make a statement a write, whatever their place (INTO: `SELECT … INTO table`). */
const WRITE_WORDS = new Set(['insert', 'update', 'delete', 'merge', 'into', 'truncate', 'copy', 'call', 'do']);

/** Functions with effects beyond returning rows, or that need the primary's session state. */
const SIDE_EFFECT_FUNCTIONS = new Set([
  'nextval',
  'setval',
  'currval',
  'lastval',
  'set_config',
  'txid_current',
  'txid_current_if_assigned',
  'dblink',
  'dblink_exec',
]);

/** Function name prefixes with effects: PostgreSQL's system functions (advisory locks, pg_notify, …) and large objects. */
const SIDE_EFFECT_PREFIXES = ['pg_', 'lo_'];

/**
 * `text` with its comments, string literals, quoted identifiers and dollar-quoted bodies each
 * replaced by a placeholder (a space; `''` for a string; `"q"` for a quoted identifier), so that
 * only SQL words remain; null when one of them is not closed (the text is not understood).
 */
export function sqlWithoutLiterals(text: string): string | null {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      out += ' ';
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        const pair = text.slice(i, i + 2);
        if (pair === '/*' || pair === '*/') {
          depth += pair === '/*' ? 1 : -1;
          i += 2;
        } else i++;
      }
      if (depth > 0) return null;
      out += ' ';
    } else if (c === "'") {
      // E'…' strings take backslash escapes; every string takes '' for a quote.
      const escapes = /[eE]/.test(text[i - 1] ?? '') && !/[A-Za-z0-9_$]/.test(text[i - 2] ?? '');
      i++;
      for (;;) {
        if (i >= n) return null;
        if (escapes && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
      out += " '' ";
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= n) return null;
        if (text[i] === '"' && text[i + 1] === '"') i += 2;
        else if (text[i] === '"') break;
        else i++;
      }
      i++;
      out += ' "q"';
    } else if (c === '$' && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 66));
      if (!tag) {
        out += c; // a parameter ($1)
        i++;
        continue;
      }
      const end = text.indexOf(tag[0], i + tag[0].length);
      if (end < 0) return null;
      i = end + tag[0].length;
      out += " '' ";
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Whether one SQL statement only reads, judged from its text, so a streaming replica may run it:
 * it starts with SELECT or WITH (after comments and opening parentheses), is a single statement,
 * and holds no data-modifying word (INSERT, UPDATE, DELETE, MERGE, INTO, …: also inside a CTE),
 * no row lock (FOR UPDATE / SHARE / NO KEY UPDATE / KEY SHARE) and no call of a function with
 * effects or session state (nextval, setval, currval, lastval, set_config, txid_current, dblink,
 * any `pg_…` function such as pg_advisory_lock or pg_notify, any `lo_…` large-object function, or
 * a function named by a quoted identifier). Words inside comments, string literals and quoted
 * identifiers do not count. Conservative: when in doubt (unclosed literal, other statement kinds:
 * EXPLAIN, SHOW, VALUES, SET …) the answer is false and the statement runs on the primary. Pure.
 */
export function isReadOnlySql(text: string): boolean {
  const code = sqlWithoutLiterals(text);
  if (code === null) return false;
  const lower = code.toLowerCase();
  const first = /^[\s(]*([a-z_]+)/.exec(lower)?.[1];
  if (first !== 'select' && first !== 'with') return false;
  // One statement: nothing but space after a semicolon.
  const semicolon = lower.indexOf(';');
  if (semicolon >= 0 && lower.slice(semicolon + 1).trim() !== '') return false;
  if (/\bfor\s+(?:no\s+key\s+update|key\s+share|update|share)\b/.test(lower)) return false;
  if (/"q"\s*\(/.test(lower)) return false;
  for (const m of lower.matchAll(/[a-z_][a-z0-9_$]*/g)) {
    const word = m[0];
    if (WRITE_WORDS.has(word)) return false;
  }
  for (const m of lower.matchAll(/([a-z_][a-z0-9_$]*)\s*\(/g)) {
    const name = m[1];
    if (SIDE_EFFECT_FUNCTIONS.has(name) || SIDE_EFFECT_PREFIXES.some((p) => name.startsWith(p))) return false;
  }
  return true;
}

/** What to do after a replica read failed: pause the replica and retry on the primary, only retry, or give up. */
export type ReplicaFailure = 'pause' | 'retry' | null;

/** Error codes of postgres.js and Node for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * How a replica read's error is handled ({@link ReplicaFailure}): 'pause' for an unreachable or
 * departing server (a connection error code of postgres.js or Node; SQLSTATE class 08, 57P01-03
 * shutdown and starting up, 53300 too many connections); 'retry' for what only this statement
 * meets on a standby (40001 cancelled by a recovery conflict, 25006 a write in a read-only
 * transaction, 0A000 an unlogged table during recovery); null for anything else. Pure.
 */
export function replicaFailure(error: unknown): ReplicaFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))
    return 'pause';
  if (['40001', '25006', '0A000'].includes(code)) return 'retry';
  return null;
}

/** A PostgreSQL LSN (`16/B374D848`) as a number of bytes; null for null or an unreadable text. Pure. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

/** The part of a pending postgres.js query the router uses: awaitable, with `.values()`. */
type PendingQuery = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/** The part of a postgres.js client the router uses and offers. */
export type SqlClient = {
  unsafe(query: string, params?: unknown[], options?: unknown): PendingQuery;
  begin(...args: unknown[]): Promise<unknown>;
  end(options?: { timeout?: number }): Promise<void>;
  options: { parsers: Record<string, unknown>; serializers: Record<string, unknown> };
};

/** The per-request state the router reads and marks (lib/server/read-after-write.ts). */
export type ReadState = { primary: boolean; wrote: () => void };

/** A replica's state as {@link ReadRouter.status} reports it. */
export type ReplicaStatus = {
  /** The replica's URL without password. */
  location: string;
  /** False while paused after a failure. */
  available: boolean;
  /** Reads it has answered since the process started. */
  reads: number;
  /** Reads that failed on it and ran on the primary instead. */
  failures: number;
};

type Replica = {
  location: string;
  sql: SqlClient;
  pausedUntil: number;
  /** Its last known `pg_last_wal_replay_lsn()`; null when it is not in recovery (always current). */
  replayed: bigint | null;
  checkedAt: number;
  check: Promise<void> | null;
  reads: number;
  failures: number;
};

/** Options of {@link ReadRouter}. */
export type RouterOptions = {
  primary: SqlClient;
  replicas: { location: string; sql: SqlClient }[];
  /** The current request's state; undefined outside a request (then reads go to the primary). */
  readState: () => ReadState | undefined;
  /** Reports a replica's failure (message, error). */
  onReplicaError?: (message: string, error: unknown) => void;
  /** Clock in ms (tests). */
  now?: () => number;
};

/**
 * The router behind {@link ReadRouter.client}: picks the server of each statement as the module
 * comment says, keeps the fence and each replica's pause and replayed position.
 */
export class ReadRouter {
  private readonly primary: SqlClient;
  private readonly replicas: Replica[];
  private readonly readState: () => ReadState | undefined;
  private readonly onReplicaError: (message: string, error: unknown) => void;
  private readonly now: () => number;
  private readonly classified = new Map<string, boolean>();
  private next = 0;
  /** Writes this process made or heard of, counted; the fence covers those up to `fenceGen`. */
  private writeGen = 0;
  private fenceGen = 0;
  private fenceLsn = 0n;
  private fenceFetch: { gen: number; promise: Promise<bigint> } | null = null;

  constructor(opts: RouterOptions) {
    this.primary = opts.primary;
    this.replicas = opts.replicas.map((r) => ({
      ...r,
      pausedUntil: 0,
      replayed: 0n,
      checkedAt: -Infinity,
      check: null,
      reads: 0,
      failures: 0,
    }));
    this.readState = opts.readState;
    this.onReplicaError = opts.onReplicaError ?? (() => {});
    this.now = opts.now ?? Date.now;
    this.client = {
      unsafe: (query, params, options) => new RoutedQuery(this, query, params, options),
      begin: (...args) => this.transaction(args),
      end: async (options) => {
        await Promise.all([this.primary.end(options), ...this.replicas.map((r) => r.sql.end(options))]);
      },
      options: this.primary.options,
    };
  }

  /**
   * The client to give Drizzle. Its `options` object is the primary's own (Drizzle sets its type
   * parsers there); {@link shareParsers} copies them to the replicas once Drizzle has.
   */
  readonly client: SqlClient;

  /** Copies the primary's type parsers and serializers (Drizzle's among them) to every replica client. */
  shareParsers(): void {
    for (const r of this.replicas) {
      Object.assign(r.sql.options.parsers, this.primary.options.parsers);
      Object.assign(r.sql.options.serializers, this.primary.options.serializers);
    }
  }

  /** Raises the fence: the primary has been written (by this process or another); later replica reads wait for it. */
  primaryWrote(): void {
    this.writeGen++;
  }

  /** Each replica's state. */
  status(): ReplicaStatus[] {
    const now = this.now();
    return this.replicas.map((r) => ({
      location: r.location,
      available: r.pausedUntil <= now,
      reads: r.reads,
      failures: r.failures,
    }));
  }

  /** Whether a statement only reads ({@link isReadOnlySql}), remembered per text (Drizzle repeats its texts). */
  private readOnly(query: string): boolean {
    let ro = this.classified.get(query);
    if (ro === undefined) {
      ro = isReadOnlySql(query);
      if (this.classified.size >= 5000) this.classified.clear();
      this.classified.set(query, ro);
    }
    return ro;
  }

  /** Runs one statement where it belongs; `values`: rows as arrays (postgres.js `.values()`). */
  async run(query: string, params: unknown[] | undefined, options: unknown, values: boolean): Promise<unknown> {
    const exec = (sql: SqlClient) => {
      const q = sql.unsafe(query, params, options);
      return values ? q.values() : q;
    };
    if (!this.readOnly(query)) {
      this.markRequestWrote();
      try {
        return await exec(this.primary);
      } finally {
        this.primaryWrote();
      }
    }
    const replica = await this.pickReplica();
    if (!replica) return exec(this.primary);
    try {
      const result = await exec(replica.sql);
      replica.reads++;
      return result;
    } catch (error) {
      const failure = replicaFailure(error);
      if (!failure) throw error;
      replica.failures++;
      if (failure === 'pause') this.pause(replica, error);
      return exec(this.primary);
    }
  }

  private markRequestWrote(): void {
    const state = this.readState();
    if (!state) return;
    state.primary = true;
    state.wrote();
  }

  private async transaction(args: unknown[]): Promise<unknown> {
    this.markRequestWrote();
    try {
      return await this.primary.begin(...args);
    } finally {
      this.primaryWrote();
    }
  }

  private pause(replica: Replica, error: unknown): void {
    const wasAvailable = replica.pausedUntil <= this.now();
    replica.pausedUntil = this.now() + REPLICA_PAUSE_MS;
    if (wasAvailable)
      this.onReplicaError(
        `read replica ${replica.location} failed; its reads go to the primary for ${REPLICA_PAUSE_MS / 1000} s`,
        error,
      );
  }

  /** A replica for a read, or null for the primary. */
  private async pickReplica(): Promise<Replica | null> {
    if (!this.replicas.length) return null;
    const state = this.readState();
    if (!state || state.primary || primaryReads().getStore()) return null;
    const now = this.now();
    const order = this.replicas.length;
    const start = this.next++ % order;
    let fence: bigint | null = null;
    for (let k = 0; k < order; k++) {
      const r = this.replicas[(start + k) % order];
      if (r.pausedUntil > now) continue;
      fence ??= await this.fence();
      if (fence === null) return null;
      if (await this.caughtUp(r, fence)) return r;
    }
    return null;
  }

  /** The primary's WAL position the replicas must have replayed; null when the primary cannot tell. */
  private async fence(): Promise<bigint | null> {
    const need = this.writeGen;
    if (this.fenceGen >= need) return this.fenceLsn;
    if (!this.fenceFetch || this.fenceFetch.gen < need) {
      const promise = (async () => {
        const rows = (await this.primary.unsafe('SELECT pg_current_wal_lsn()::text AS lsn')) as { lsn: string }[];
        const lsn = parseLsn(rows[0]?.lsn) ?? 0n;
        if (lsn > this.fenceLsn) this.fenceLsn = lsn;
        if (need > this.fenceGen) this.fenceGen = need;
        return this.fenceLsn;
      })();
      const fetch = { gen: need, promise };
      this.fenceFetch = fetch;
      void promise.then(
        () => (this.fenceFetch === fetch ? (this.fenceFetch = null) : undefined),
        () => (this.fenceFetch === fetch ? (this.fenceFetch = null) : undefined),
      );
    }
    try {
      return await this.fenceFetch.promise;
    } catch {
      return null;
    }
  }

  /** Whether the replica has replayed up to `fence`, asking it when its last known position is behind. */
  private async caughtUp(r: Replica, fence: bigint): Promise<boolean> {
    if (r.replayed === null || r.replayed >= fence) return true;
    if (!r.check && this.now() - r.checkedAt < REPLAY_CHECK_REUSE_MS) return false;
    r.check ??= (async () => {
      try {
        const rows = (await r.sql.unsafe('SELECT pg_last_wal_replay_lsn()::text AS lsn')) as { lsn: string | null }[];
        r.replayed = parseLsn(rows[0]?.lsn);
      } catch (error) {
        if (replicaFailure(error) === 'pause') this.pause(r, error);
        else this.onReplicaError(`read replica ${r.location}: reading its replayed position failed`, error);
      } finally {
        r.checkedAt = this.now();
        r.check = null;
      }
    })();
    await r.check;
    return r.pausedUntil <= this.now() && (r.replayed === null || r.replayed >= fence);
  }
}

/**
 * A statement as `client.unsafe(…)` returns it: runs once, when first awaited; `.values()` asks
 * for rows as arrays first (what Drizzle's select does).
 */
class RoutedQuery implements PromiseLike<unknown> {
  private asValues = false;
  private promise: Promise<unknown> | null = null;

  constructor(
    private readonly router: ReadRouter,
    private readonly query: string,
    private readonly params: unknown[] | undefined,
    private readonly options: unknown,
  ) {}

  values(): this {
    this.asValues = true;
    return this;
  }

  private start(): Promise<unknown> {
    this.promise ??= this.router.run(this.query, this.params, this.options, this.asValues);
    return this.promise;
  }

  then<A = unknown, B = never>(
    onfulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.start().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<unknown> {
    return this.start().catch(onrejected);
  }
}
