/** Types of lib/page-cache-handler.mjs (Next's ISR cache handler of the app; see the module comment there). */
export declare const PAGE_CACHE_CHANNEL: string;
export declare const LISTENER_NAME_PREFIX: string;
export declare const PATH_TAG_PREFIX: string;
export declare const RENDER_WAIT_MS: number;
export declare const ACK_TIMEOUT_MS: number;
/** Next's implicit cache tag of a page path (`/en/movie/x` → `_N_T_/en/movie/x`). */
export declare function pathTag(path: string): string;
/** Revalidates the pages at these internal paths here and on every other app server; resolves once none would serve the old page. */
export declare function invalidatePaths(paths: readonly string[]): Promise<void>;
/** Revalidates pages by cache tag (e.g. `collection:{id}`) here and on every other app server; resolves once none would serve an old page. */
export declare function invalidateTags(tags: readonly string[]): Promise<void>;
/** Next's FileSystemCache with revalidations by generation, shared over PostgreSQL. */
export default class SharedRevalidationCache {
  constructor(ctx: object);
  get(key: string, ctx: object): Promise<unknown>;
  set(key: string, data: unknown, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
