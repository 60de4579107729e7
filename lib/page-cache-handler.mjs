/**
 * Next's ISR cache handler (next.config.ts `cacheHandler`): Next's own cache (pages in each
 * server's memory, lib/page-cache.ts) plus revalidations shared by every app server on one
 * PostgreSQL database.
 *
 * A revalidation (`revalidatePath` / `revalidateTag` after a write) marks the tags stale in this
 * process, as Next does, and sends them with PostgreSQL `NOTIFY discshelf_page_cache`; every app
 * process LISTENs on that channel and marks the same tags stale in its own cache, so the page a
 * write changed is rendered again on every server, not only on the one that took the write. A
 * notification reaches the other servers within milliseconds of the write's response. While the
 * listening connection is down (a database restart) notifications can be lost, so when it
 * listens again every page cached before is treated as stale once.
 *
 * Without DATABASE_URL (PGlite, one process) and during `next build` this is Next's own handler
 * unchanged. Plain JavaScript: Next loads it at run time, outside the app's bundle. It builds on
 * Next's FileSystemCache and the shared tag table of next/dist (the same module instance Next's
 * server uses): a Next upgrade must keep tests/ops/servers.test.ts passing.
 */
import { createRequire } from 'node:module';
import postgres from 'postgres';

const require = createRequire(import.meta.url);
/** @type {{ default: new (ctx: unknown) => { get: Function; set: Function; revalidateTag: Function } }} */
const fileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache');
const FileSystemCache = fileSystemCache.default;

/** The PostgreSQL channel of the revalidation notifications. */
export const PAGE_CACHE_CHANNEL = 'discshelf_page_cache';
/** NOTIFY payloads must stay under 8000 bytes: tags are sent in chunks of at most this many characters. */
const MAX_PAYLOAD = 6000;
/** Tells this process's own notifications apart from the other servers'. */
const PROCESS_ID = `${process.pid}-${Math.random().toString(36).slice(2)}`;

/**
 * @typedef {{ expire?: number }} Durations
 * @typedef {{ from: string; tags: string[]; durations?: Durations }} Message
 */

/** Shared state of the process (Next may construct the handler more than once). */
const shared = {
  /** @type {import('postgres').Sql | null} */
  sql: null,
  /** @type {Promise<void> | null} */
  listening: null,
  /** Entries cached before this time (ms since the epoch) are stale: set on a re-listen. */
  flushedAt: 0,
  /** Whether the listening connection has been established once. */
  listenedOnce: false,
  /** @type {InstanceType<typeof FileSystemCache> | null} */
  local: null,
};

function sharingEnabled() {
  return Boolean(process.env.DATABASE_URL) && process.env.NEXT_PHASE !== 'phase-production-build';
}

/** Opens the notification connection on first use; a failure is logged and retried on the next call. */
function ensureListening() {
  if (!sharingEnabled() || shared.listening) return;
  shared.sql ??= postgres(process.env.DATABASE_URL ?? '', { max: 1, onnotice: () => {} });
  shared.listening = shared.sql
    .listen(PAGE_CACHE_CHANNEL, onMessage, () => {
      // Called on every (re)connection: after the first, notifications may have been missed.
      if (shared.listenedOnce) shared.flushedAt = Date.now();
      shared.listenedOnce = true;
    })
    .then(
      () => undefined,
      (error) => {
        console.error('page cache: listening for revalidations failed', error);
        shared.listening = null;
      },
    );
}

/** @param {string} payload */
function onMessage(payload) {
  /** @type {Message} */
  let message;
  try {
    message = JSON.parse(payload);
  } catch {
    return;
  }
  if (message.from === PROCESS_ID || !Array.isArray(message.tags) || !shared.local) return;
  void FileSystemCache.prototype.revalidateTag.call(shared.local, message.tags, message.durations);
}

/**
 * Sends the tags to the other servers, in payloads under PostgreSQL's limit.
 * @param {string[]} tags
 * @param {Durations | undefined} durations
 */
async function broadcast(tags, durations) {
  if (!sharingEnabled() || !tags.length) return;
  ensureListening();
  const sql = shared.sql;
  if (!sql) return;
  /** @type {string[][]} */
  const chunks = [[]];
  let size = 0;
  for (const tag of tags) {
    if (size + tag.length > MAX_PAYLOAD && chunks[chunks.length - 1].length) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1].push(tag);
    size += tag.length + 3;
  }
  try {
    for (const chunk of chunks)
      await sql.notify(PAGE_CACHE_CHANNEL, JSON.stringify({ from: PROCESS_ID, tags: chunk, durations }));
  } catch (error) {
    // The write has succeeded; the other servers' copies stay stale for at most the page's lifetime.
    console.error('page cache: sharing a revalidation failed', error);
  }
}

/** Next's ISR cache handler with revalidations shared over PostgreSQL (see the module comment). */
export default class SharedRevalidationCache extends FileSystemCache {
  /** @param {unknown} ctx Next's handler context (file system, build dir, memory cache size) */
  constructor(ctx) {
    super(ctx);
    shared.local = this;
  }

  /**
   * A cached entry, or null (a miss) when there is none or it was cached before a lost stretch of
   * notifications.
   * @param {string} key
   * @param {unknown} ctx
   */
  async get(key, ctx) {
    ensureListening();
    const data = await super.get(key, ctx);
    if (data && typeof data.lastModified === 'number' && data.lastModified >= 0 && data.lastModified < shared.flushedAt)
      return null;
    return data;
  }

  /**
   * Marks the tags stale here (as Next does) and on every other server.
   * @param {string | string[]} tags
   * @param {Durations} [durations]
   */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    await super.revalidateTag(list, durations);
    await broadcast(list, durations);
  }
}
