/**
 * The page cache handler (lib/page-cache-handler.mjs) on Next's own FileSystemCache, in one
 * process (no DATABASE_URL): what a revalidation does to a cached page, with the two faults of
 * Next's clock-based tag expiry it replaces — a wall clock ahead of the performance clock, and a
 * render that started before the write but stores its page after the revalidation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type Entry = { value: { html: string } } | null;
type Handler = {
  get(key: string, ctx: object): Promise<Entry>;
  set(key: string, data: object | null, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
type HandlerModule = {
  default: new (ctx: object) => Handler;
  invalidatePaths(paths: readonly string[]): Promise<void>;
  invalidateTags(tags: readonly string[]): Promise<void>;
};

const GET_CTX = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
const SET_CTX = { ...GET_CTX, cacheControl: { revalidate: 3600, expire: 86400 } };

/** Next's storage key of an app page at `pagePath` (route-cache/{kind}/{hash}/$ + path). */
const keyOf = (pagePath: string) => `/route-cache/APP_PAGE/0123abcd/$${pagePath}`;

/**
 * A cached app page as Next stores it: its tags header lists the implicit tags of its path and
 * the `extraTags` its render recorded (unstable_cache's tags, e.g. the collections it names).
 */
function page(pagePath: string, html: string, extraTags: string[] = []) {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(html),
    status: 200,
    postponed: undefined,
    segmentData: undefined,
    headers: { 'x-next-cache-tags': [`_N_T_/layout,_N_T_/en/layout,_N_T_${pagePath}`, ...extraTags].join(',') },
  };
}

/** Next looking the page up, rendering it (`render` gives the HTML) and storing it, as on a miss. */
async function lookUpAndRender(handler: Handler, pagePath: string, render: () => Promise<string> | string) {
  const found = await handler.get(keyOf(pagePath), GET_CTX);
  if (found) return found.value.html;
  const html = await render();
  await handler.set(keyOf(pagePath), page(pagePath, html), SET_CTX);
  return html;
}

let mod: HandlerModule;
let handler: Handler;

beforeAll(async () => {
  delete process.env.DATABASE_URL;
  mod = (await import('@/lib/page-cache-handler.mjs')) as unknown as HandlerModule;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-'));
  handler = new mod.default({
    fs: {
      existsSync: fs.existsSync,
      readFile: fs.promises.readFile,
      stat: fs.promises.stat,
      mkdir: fs.promises.mkdir,
      writeFile: fs.promises.writeFile,
    },
    flushToDisk: false,
    serverDistDir: dir,
    maxMemoryCacheSize: 16 * 1024 * 1024,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the page cache handler', () => {
  it('keeps an unchanged page cached: the same entry until its own path is revalidated', async () => {
    const p = '/en/movie/keep1/reviews';
    expect(await lookUpAndRender(handler, p, () => '<p>v1</p>')).toBe('<p>v1</p>');
    expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toBe('<p>v1</p>');
    await mod.invalidatePaths(['/en/movie/other1/reviews', '/fi/movie/keep1/reviews']);
    expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toBe('<p>v1</p>');
    await mod.invalidatePaths([p]);
    expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
    expect(await lookUpAndRender(handler, p, () => '<p>v2</p>')).toBe('<p>v2</p>');
    expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toBe('<p>v2</p>');
  });

  it('expires a revalidated page on the next lookup although the wall clock runs 16.4 s ahead of the performance clock', async () => {
    // What a server up for some minutes can have: Date.now() ahead of
    // performance.timeOrigin + performance.now(), the clock Next's tag expiry compares with.
    const wall = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => wall() + 16_400);
    const p = '/en/movie/clock1/reviews';
    await lookUpAndRender(handler, p, () => '<p>before the review</p>');
    expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toBe('<p>before the review</p>');
    // What revalidatePath(p) in a route handler ends in.
    await handler.revalidateTag([`_N_T_${p}`]);
    expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
  });

  it('does not keep a page rendered from before a write that stored it after the revalidation', async () => {
    const p = '/en/release/race1/user_collections';
    // The render starts (its lookup misses) and reads the database; then the write commits and
    // revalidates the page before the render stores it.
    let revalidated: Promise<void> | undefined;
    await lookUpAndRender(handler, p, () => {
      revalidated = handler.revalidateTag([`_N_T_${p}`]);
      return '<p>no collections</p>';
    });
    await revalidated;
    expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
    expect(await lookUpAndRender(handler, p, () => '<p>Member’s HAVE list</p>')).toBe('<p>Member’s HAVE list</p>');
    expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toBe('<p>Member’s HAVE list</p>');
  });

  it('resolves a revalidation only once a render of the page that was under way has stored its page', async () => {
    const p = '/en/movie/wait1/posts';
    const other = '/en/movie/wait2/posts';
    expect(await handler.get(keyOf(p), GET_CTX)).toBeNull(); // a render of p starts
    expect(await handler.get(keyOf(other), GET_CTX)).toBeNull(); // and one of another page
    let settled = false;
    const done = mod.invalidatePaths([p]).then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    await handler.set(keyOf(p), page(p, '<p>old</p>'), SET_CTX);
    await done;
    expect(settled).toBe(true);
    // That render read the database before the write: its page is not served.
    expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
  });

  it('remembers at most 200,000 revalidated tags: the older half is forgotten, pages rendered before them expire', async () => {
    const before = '/en/person/cap1';
    const after = '/en/person/cap2';
    await lookUpAndRender(handler, before, () => '<p>before</p>');
    await mod.invalidatePaths(Array.from({ length: 150_000 }, (_, i) => `/en/label/a${i}`));
    await lookUpAndRender(handler, after, () => '<p>after</p>');
    expect((await handler.get(keyOf(before), GET_CTX))?.value.html).toBe('<p>before</p>');
    await mod.invalidatePaths(Array.from({ length: 100_000 }, (_, i) => `/en/label/b${i}`));
    // The first 150,000 are forgotten: the page rendered before them is expired, the one after stays.
    expect(await handler.get(keyOf(before), GET_CTX)).toBeNull();
    expect((await handler.get(keyOf(after), GET_CTX))?.value.html).toBe('<p>after</p>');
    // The tags still remembered still expire their pages.
    const late = '/en/label/b99999';
    await lookUpAndRender(handler, late, () => '<p>label</p>');
    await mod.invalidatePaths([late]);
    expect(await handler.get(keyOf(late), GET_CTX)).toBeNull();
  });

  it('expires every page carrying a tag of its own (a collection it names), and no other', async () => {
    /** Next's miss, render and store of a page whose render recorded `tags`. */
    const render = async (p: string, html: string, tags: string[]) => {
      expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
      await handler.set(keyOf(p), page(p, html, tags), SET_CTX);
    };
    const named = ['/en/release/tag1', '/fi/release/tag1/user_collections', '/en/movie/tag2/user_collections'];
    for (const p of named) await render(p, '<p>offer</p>', ['collection:c1', 'collection:c2']);
    const other = '/en/release/tag3';
    await render(other, '<p>other offer</p>', ['collection:c3']);
    for (const p of [...named, other]) expect((await handler.get(keyOf(p), GET_CTX))?.value.html).toMatch(/offer/);
    await mod.invalidateTags(['collection:c2']);
    for (const p of named) expect(await handler.get(keyOf(p), GET_CTX)).toBeNull();
    expect((await handler.get(keyOf(other), GET_CTX))?.value.html).toBe('<p>other offer</p>');
  });

  it('is what lib/page-cache.ts finds on globalThis', () => {
    const control = (globalThis as Record<symbol, unknown>)[Symbol.for('discshelf.page-cache')] as {
      invalidatePaths: unknown;
      invalidateTags: unknown;
    };
    expect(control.invalidatePaths).toBe(mod.invalidatePaths);
    expect(control.invalidateTags).toBe(mod.invalidateTags);
  });
});
