/**
 * Next's ISR cache handler (next.config.ts `cacheHandler`): Next's own cache (pages in each
 * server's memory, lib/page-cache.ts) with invalidation that holds on the very next request, on
 * every app server sharing one PostgreSQL database.
 *
 * Why not Next's own tag expiry. Next 16 (FileSystemCache + tags-manifest.external) records a
 * revalidated tag as `expired: Date.now()` and treats a cached page as expired when
 * `expired <= performance.timeOrigin + performance.now() && expired > entry.lastModified`, where
 * `lastModified` is `Date.now()` when the entry was stored. Two faults follow:
 *
 * 1. Two clocks. `performance.timeOrigin + performance.now()` is the wall clock at process start
 *    plus the monotonic clock since; `Date.now()` is the wall clock now. Once they drift apart (a
 *    stepped or slewed wall clock, a virtual machine paused and resumed: it grows with the
 *    process's age and is back to zero after a restart), a revalidation whose `Date.now()` is
 *    ahead of the performance clock by D is ignored for D: every request in between is a stale
 *    `x-nextjs-cache: HIT`. This is how a review showed on its movie's cached reviews tab only
 *    16.4 s after it was published on a server that had been up for some minutes, and never
 *    right after a restart.
 * 2. Renders under way. A render that read the database before the write committed but stores its
 *    entry after the revalidation gets a `lastModified` after it and counts as fresh (until the next
 *    write, up to an hour); and every request that arrives while that render runs joins it (Next's
 *    response cache batches the requests of one key) and gets its old page.
 *
 * So this handler keeps its own record, counted in generations instead of clock time: a
 * revalidation raises the process's generation and records it for each tag; each stored page is
 * stamped with the generation at which the lookup that started its render was made; a page whose
 * stamp is older than the generation of any of its tags (the `_N_T_{path}` tag of its own path
 * among them) is a miss, so the next request renders it again (blocking, never
 * stale-while-revalidate). `invalidatePaths` (what lib/page-cache.ts calls after a write commits)
 * returns once this process has recorded the revalidation and the renders of those pages started
 * before it have finished, and once every other app server has done the same and answered: the
 * write's response leaves only after every server will render the page anew on its next request.
 *
 * Between servers: the tags go out with PostgreSQL `NOTIFY discshelf_page_cache`; every app
 * process LISTENs on that channel (on a connection named `discshelf-page-cache {process id}`, which
 * is how a server finds the others in `pg_stat_activity`), applies the revalidation, waits for its
 * renders of those pages that were already under way, and answers with a NOTIFY of its own. A
 * server that does not answer within ACK_TIMEOUT_MS is logged and not waited for longer. While a
 * listening connection is down (a database restart) notifications can be lost, so when it listens
 * again every page it cached before counts as expired once. Either way it tells the database
 * router (db/read-routing.ts) that the primary has been written, so that with read replicas the
 * pages rendered again here read no replica that has not replayed the write.
 *
 * Without DATABASE_URL (PGlite, one process) only the local part runs; during `next build` this is
 * Next's own handler unchanged. Plain JavaScript: Next loads it at run time, outside the app's
 * bundle, so the app reaches it through `globalThis[Symbol.for('discshelf.page-cache')]` (see
 * lib/page-cache.ts). It builds on Next's FileSystemCache of next/dist (the same module instance
 * Next's server uses): a Next upgrade must keep tests/unit/page-cache-handler.test.ts and
 * tests/ops/servers.test.ts passing.
 */
import { createRequire } from 'node:module';
import postgres from 'postgres';

const require = createRequire(import.meta.url);
/** @type {{ default: new (ctx: unknown) => { get: Function; set: Function; revalidateTag: Function } }} */
const fileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache');
const FileSystemCache = fileSystemCache.default;

/** The PostgreSQL channel of the revalidation notifications. */
export const PAGE_CACHE_CHANNEL = 'discshelf_page_cache';
/** Prefix of the `application_name` of each server's listening connection. */
export const LISTENER_NAME_PREFIX = 'discshelf-page-cache ';
/** Next's prefix of a page path's implicit cache tag (NEXT_CACHE_IMPLICIT_TAG_ID). */
export const PATH_TAG_PREFIX = '_N_T_';
/** The header of a cached page entry that lists its tags (NEXT_CACHE_TAGS_HEADER). */
const TAGS_HEADER = 'x-next-cache-tags';
/** NOTIFY payloads must stay under 8000 bytes: tags are sent in chunks of at most this many characters. */
const MAX_PAYLOAD = 6000;
/** How long a revalidation waits for a render under way, and for the other servers' answers (ms). */
export const RENDER_WAIT_MS = 5000;
export const ACK_TIMEOUT_MS = 8000;
/** How long the first page lookups of a process wait for it to listen (ms). */
const FIRST_LISTEN_WAIT_MS = 2000;
/** Tags remembered; past it the older half is folded into `floor` (pages rendered before them expire). */
const MAX_TAGS = 200_000;

/**
 * @typedef {{ expire?: number }} Durations
 * @typedef {{ from: string; id?: string; tags: string[]; durations?: Durations }} Revalidation
 * @typedef {{ from: string; ack: string; to: string }} Ack
 * @typedef {{ generation: number; done: Promise<void>; finish: () => void; since: number }} Render
 */

/**
 * State of the process, on globalThis: Next may construct the handler more than once, and may load
 * this module more than once (its server and a route's bundle), but a process has one page cache.
 */
const STATE = Symbol.for('discshelf.page-cache.state');
const shared = (globalThis[STATE] ??= {
  /** Tells this process's own notifications apart from the other servers'. */
  id: `${process.pid}-${Math.random().toString(36).slice(2)}`,
  /** Raised by every revalidation; a page stamped below a tag's generation is expired. */
  generation: 0,
  /** Pages stamped below this generation are expired (set when notifications may have been lost). */
  floor: 0,
  /** @type {Map<string, number>} tag → generation of its last revalidation */
  tags: new Map(),
  /** @type {WeakMap<object, number>} cached value → generation its render started at */
  stamps: new WeakMap(),
  /** @type {Map<string, Render>} cache key → the render of it under way */
  renders: new Map(),
  /** @type {Map<string, { waiting: Set<string>; resolve: () => void }>} revalidation id → servers yet to answer */
  acks: new Map(),
  /** @type {import('postgres').Sql | null} the listening connection (named, see LISTENER_NAME_PREFIX) */
  listener: null,
  /** @type {import('postgres').Sql | null} notifications out and the look-up of the other servers */
  sender: null,
  /** @type {Promise<void> | null} */
  listening: null,
  /** Whether the listening connection has been established once. */
  listenedOnce: false,
  /** Whether a page was stored before it was: then the first LISTEN flushes like a re-LISTEN. */
  storedBeforeListen: false,
  /** @type {InstanceType<typeof FileSystemCache> | null} */
  local: null,
});

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function sharingEnabled() {
  return Boolean(process.env.DATABASE_URL) && process.env.NEXT_PHASE !== 'phase-production-build';
}

/** The page path of a response cache key (`/route-cache/APP_PAGE/{hash}/$/en/movie/x` → `/en/movie/x`). */
function pathOfKey(key) {
  const at = key.indexOf('/$/');
  return at === -1 ? key : key.slice(at + 2);
}

/** The implicit tag Next gives a page path (revalidatePath's tag). */
export function pathTag(path) {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return `${PATH_TAG_PREFIX}${trimmed}`;
}

/** Whether a cached entry holds a response (a page or a route), not fetch data. */
function isResponse(data) {
  const kind = data?.value?.kind;
  return kind === 'APP_PAGE' || kind === 'APP_ROUTE' || kind === 'PAGES';
}

/** The tags of a cached response: those Next stored with it and its own path's. */
function tagsOf(key, data) {
  const header = data.value.headers?.[TAGS_HEADER];
  const tags = typeof header === 'string' && header ? header.split(',') : [];
  tags.push(pathTag(pathOfKey(key)));
  return tags;
}

/** Whether a revalidation since its render started has expired the entry. */
function isExpired(key, data, stamp) {
  if (stamp < shared.floor) return true;
  for (const tag of tagsOf(key, data)) if ((shared.tags.get(tag) ?? -1) > stamp) return true;
  return false;
}

/** Whether Next will render the entry again in the background (its lifetime has passed). */
function isPastLifetime(data) {
  const revalidate = data.cacheControl?.revalidate;
  return typeof revalidate === 'number' && typeof data.lastModified === 'number'
    ? data.lastModified + revalidate * 1000 < Date.now()
    : false;
}

/** Records that a render of `key` starts, from a lookup made at `generation`. */
function trackRender(key, generation) {
  /** @type {() => void} */
  let finish = () => {};
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  shared.renders.set(key, { generation, done, finish, since: Date.now() });
  if (shared.renders.size > 1000) {
    // Renders that never stored anything (a failed render of a page never cached) end here.
    const old = Date.now() - 60_000;
    for (const [k, r] of shared.renders) if (r.since < old) finishRender(k, r);
  }
}

function finishRender(key, render) {
  if (shared.renders.get(key) === render) shared.renders.delete(key);
  render.finish();
}

/**
 * Marks the tags revalidated in this process: every page cached with one of them from a render
 * started before now is expired. Synchronous, so it is in force before the caller's next step.
 * @param {string[]} tags
 * @returns {number} the generation of this revalidation
 */
function invalidateHere(tags) {
  shared.generation += 1;
  for (const tag of tags) {
    // Kept in the order of their last revalidation, so the oldest go first when there are too many.
    shared.tags.delete(tag);
    shared.tags.set(tag, shared.generation);
  }
  if (shared.tags.size > MAX_TAGS) {
    // Forget the older half; pages rendered before the newest of them count as expired instead.
    let drop = shared.tags.size - MAX_TAGS / 2;
    for (const [tag, generation] of shared.tags) {
      if (drop-- <= 0) break;
      shared.tags.delete(tag);
      shared.floor = Math.max(shared.floor, generation);
    }
  }
  return shared.generation;
}

/**
 * Waits (at most RENDER_WAIT_MS) for the renders of the tags' pages that started before
 * `generation`: requests arriving while one runs would get its old page.
 * @param {string[]} tags
 * @param {number} generation
 */
async function settleRenders(tags, generation) {
  const wanted = new Set(tags);
  const pending = [];
  for (const [key, render] of shared.renders) {
    if (render.generation < generation && wanted.has(pathTag(pathOfKey(key)))) pending.push(render.done);
  }
  if (!pending.length) return;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, RENDER_WAIT_MS);
  });
  await Promise.race([Promise.all(pending), timeout]);
  clearTimeout(timer);
}

/** Opens the notification connections on first use; a failure is logged and retried on the next call. */
function ensureListening() {
  if (!sharingEnabled() || shared.listening) return;
  const url = process.env.DATABASE_URL ?? '';
  shared.sender ??= postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'discshelf-page-cache-sender' },
  });
  shared.listener ??= postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: `${LISTENER_NAME_PREFIX}${shared.id}` },
  });
  shared.listening = shared.listener
    .listen(PAGE_CACHE_CHANNEL, onMessage, () => {
      // Called on every (re)connection: notifications sent before it may have been missed, so
      // every page cached until now counts as expired (on the first one, only if there are any).
      if (shared.listenedOnce || shared.storedBeforeListen) {
        shared.generation += 1;
        shared.floor = shared.generation;
        primaryWrote();
      }
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

/**
 * Tells the database router (db/read-routing.ts, through its global slot) that the primary has
 * been written elsewhere: another server's revalidation follows its write's commit, so the pages
 * rendered again here must not read a read replica that has not replayed that write yet.
 */
function primaryWrote() {
  const hook = /** @type {Record<symbol, (() => void) | undefined>} */ (globalThis)[
    Symbol.for('discshelf.db.primary-wrote')
  ];
  hook?.();
}

/** @param {string} payload */
function onMessage(payload) {
  /** @type {Revalidation & Partial<Ack>} */
  let message;
  try {
    message = JSON.parse(payload);
  } catch {
    return;
  }
  if (!message || message.from === shared.id) return;
  if (typeof message.ack === 'string') {
    if (message.to !== shared.id) return;
    const pending = shared.acks.get(message.ack);
    if (!pending) return;
    pending.waiting.delete(message.from);
    if (!pending.waiting.size) pending.resolve();
    return;
  }
  if (!Array.isArray(message.tags)) return;
  primaryWrote();
  if (message.durations && message.durations.expire !== 0) {
    if (shared.local) void FileSystemCache.prototype.revalidateTag.call(shared.local, message.tags, message.durations);
    return;
  }
  const generation = invalidateHere(message.tags);
  const { id, from } = message;
  if (typeof id !== 'string') return;
  void settleRenders(message.tags, generation)
    .then(() => shared.sender?.notify(PAGE_CACHE_CHANNEL, JSON.stringify({ from: shared.id, ack: id, to: from })))
    .catch((error) => console.error('page cache: answering a revalidation failed', error));
}

/** The process ids of the other servers listening now. */
async function otherServers() {
  const sql = shared.sender;
  if (!sql) return [];
  const rows = await sql`
    SELECT DISTINCT application_name AS name FROM pg_stat_activity
    WHERE starts_with(application_name, ${LISTENER_NAME_PREFIX})`;
  return rows.map((r) => String(r.name).slice(LISTENER_NAME_PREFIX.length)).filter((id) => id !== shared.id);
}

/** Splits tags into NOTIFY payloads under PostgreSQL's limit. */
function chunked(tags) {
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
  return chunks;
}

/**
 * Sends a revalidation to the other servers and, for an immediate one, waits until each server
 * listening now has applied it (at most ACK_TIMEOUT_MS). A failure is logged: the write has
 * succeeded.
 * @param {string[]} tags
 * @param {Durations | undefined} durations
 */
async function broadcast(tags, durations) {
  if (!sharingEnabled() || !tags.length) return;
  ensureListening();
  const sql = shared.sender;
  if (!sql) return;
  try {
    await shared.listening;
    const answered = [];
    const servers = durations ? [] : await otherServers();
    for (const chunk of chunked(tags)) {
      const id = `${shared.id}:${Math.random().toString(36).slice(2)}`;
      if (servers.length) {
        const waiting = new Set(servers);
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        answered.push(
          new Promise((resolve) => {
            shared.acks.set(id, { waiting, resolve });
            timer = setTimeout(() => {
              console.error(`page cache: no answer to a revalidation from ${[...waiting].join(', ')}`);
              resolve(undefined);
            }, ACK_TIMEOUT_MS);
          }).finally(() => {
            clearTimeout(timer);
            shared.acks.delete(id);
          }),
        );
      }
      await sql.notify(PAGE_CACHE_CHANNEL, JSON.stringify({ from: shared.id, id, tags: chunk, durations }));
    }
    await Promise.all(answered);
  } catch (error) {
    // The write has succeeded; the other servers' copies stay stale for at most the page's lifetime.
    console.error('page cache: sharing a revalidation failed', error);
  }
}

/**
 * Revalidates the tags here and on every other server; resolves once each of them renders those
 * pages anew on its next request (see the module comment). The app calls it for tags it gave
 * pages itself (lib/page-cache.ts: the collections a page shows).
 * @param {readonly string[]} tags
 * @returns {Promise<void>}
 */
export async function invalidateTags(tags) {
  if (!tags.length) return;
  const generation = invalidateHere(tags);
  // Sharing is bounded as a whole too: with the database unreachable (a restart) a query would
  // wait for its connection, and the write has committed already.
  let timer;
  const bound = new Promise((resolve) => {
    timer = setTimeout(() => {
      console.error('page cache: sharing a revalidation took too long; the response goes out');
      resolve(undefined);
    }, ACK_TIMEOUT_MS + 1000);
  });
  await Promise.all([settleRenders(tags, generation), Promise.race([broadcast(tags, undefined), bound])]);
  clearTimeout(timer);
}

/**
 * What the app calls after a write (lib/page-cache.ts): revalidates the pages at these internal
 * paths (`/en/movie/abc/reviews`) on every server and resolves once none of them would serve the
 * old page any more.
 * @param {readonly string[]} paths
 * @returns {Promise<void>}
 */
export function invalidatePaths(paths) {
  return invalidateTags([...new Set(paths.map(pathTag))]);
}

/**
 * A stamp for an answer derived from the database that must expire with the pages at a path (the
 * page proxy's tombstone answers, lib/server/tombstone-cache.ts): the current generation, taken
 * before the database is read. Null while this process cannot yet hear the other servers'
 * revalidations (sharing on, listening not established), when nothing may be kept.
 * @returns {number | null}
 */
export function stamp() {
  ensureListening();
  if (sharingEnabled() && !shared.listenedOnce) return null;
  return shared.generation;
}

/**
 * Whether the page at `path` (internal, `/en/release/abc`) was revalidated, here or on another
 * server, after `stamp` was taken (or every page since counts as expired).
 * @param {string} path
 * @param {number} at a value of stamp()
 * @returns {boolean}
 */
export function changedSince(path, at) {
  return at < shared.floor || (shared.tags.get(pathTag(path)) ?? -1) > at;
}

globalThis[Symbol.for('discshelf.page-cache')] = { invalidatePaths, invalidateTags, stamp, changedSince };

/** Next's ISR cache handler with revalidations by generation, shared over PostgreSQL (see the module comment). */
export default class SharedRevalidationCache extends FileSystemCache {
  /** @param {unknown} ctx Next's handler context (file system, build dir, memory cache size) */
  constructor(ctx) {
    super(ctx);
    shared.local = this;
  }

  /**
   * A cached entry, or null (a miss: Next renders the page before answering) when there is none
   * or a revalidation since its render started has expired it. Next looks a key up once per
   * render, one lookup of a key at a time, so the generation now is the one the render that may
   * follow starts at.
   * @param {string} key
   * @param {{ kind?: string }} ctx
   */
  async get(key, ctx) {
    ensureListening();
    // The first lookups of a new process wait (briefly) until it listens, so the pages it stores
    // miss no revalidation of another server.
    if (!shared.listenedOnce && shared.listening) await Promise.race([shared.listening, delay(FIRST_LISTEN_WAIT_MS)]);
    const previous = shared.renders.get(key);
    // A new lookup of the key means Next's previous one, and its render, are over.
    if (previous) finishRender(key, previous);
    const generation = shared.generation;
    let data = await super.get(key, ctx);
    if (data && isResponse(data)) {
      let stamp = shared.stamps.get(data.value);
      if (stamp === undefined) {
        // Not stored through set() here (a page prerendered at build time, read from disk).
        stamp = generation;
        shared.stamps.set(data.value, stamp);
      }
      if (isExpired(key, data, stamp)) data = null;
    }
    const isPage = ctx?.kind === 'APP_PAGE' || ctx?.kind === 'PAGES';
    if (isPage && (!data || isPastLifetime(data))) trackRender(key, generation);
    return data;
  }

  /**
   * Stores an entry, stamped with the generation its render started at (the previous entry kept
   * after a failed render keeps its own stamp).
   * @param {string} key
   * @param {unknown} data
   * @param {unknown} ctx
   */
  async set(key, data, ctx) {
    if (sharingEnabled() && !shared.listenedOnce) shared.storedBeforeListen = true;
    const render = shared.renders.get(key);
    if (data && typeof data === 'object' && !shared.stamps.has(data)) {
      shared.stamps.set(data, render ? render.generation : -1);
    }
    try {
      await super.set(key, data, ctx);
    } finally {
      if (render) finishRender(key, render);
    }
  }

  /**
   * Next's revalidateTag / revalidatePath. An immediate revalidation (no durations, or expire 0)
   * goes through the generations here and on every server; one with a stale-while-revalidate
   * profile keeps Next's own meaning (pages served stale while rendered again) and is shared as is.
   * @param {string | string[]} tags
   * @param {Durations} [durations]
   */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (durations && durations.expire !== 0) {
      await super.revalidateTag(list, durations);
      await broadcast(list, durations);
      return;
    }
    await invalidateTags(list);
  }
}
