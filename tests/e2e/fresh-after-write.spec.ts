import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { claimAddress, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * What a write changes shows on the very next request for the cached item page it changes
 * (lib/page-cache-handler.mjs): a review on the movie's Reviews tab, a discussion on the
 * Discussions tab, a HAVE on the release's In collections tab, read at once after the write's
 * response (no wait, no reload) by the author and by a visitor (a browser context without
 * cookies), in both locales; on a quiet server, and while a bounded mixed load (loopback only:
 * visitors reading item pages, mostly the tabs the writes change, and a member turning HAVE and
 * "seen" on and off for the same items, so renders of those very pages are under way most of the
 * time) has run for about a minute and a half. A page rendered anew is cached again (HIT).
 */

type Item = { release: string; movie: string };
type Member = { name: string; page: Page };

/** `n` different releases of the seed catalogue with a movie, drawn at random from the listing. */
async function pickItems(request: APIRequestContext, n: number): Promise<Item[]> {
  const res = await request.get('/api/releases?limit=48');
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: { public_id: string; movies: { public_id: string }[] }[] }).items
    .filter((r) => r.movies.length > 0)
    .map((r) => ({ release: r.public_id, movie: r.movies[0].public_id, order: Math.random() }))
    .sort((a, b) => a.order - b.order);
  const picked: Item[] = [];
  for (const r of items) {
    if (picked.length < n && !picked.some((p) => p.movie === r.movie))
      picked.push({ release: r.release, movie: r.movie });
  }
  expect(picked).toHaveLength(n);
  return picked;
}

/** A browser context of its own, the cookie notice accepted: a visitor, or a member once registered. */
async function newBrowserPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** A new member logged in in a browser context of their own. */
async function newMember(browser: Browser, baseURL: string, label: string): Promise<Member> {
  const page = await newBrowserPage(browser, baseURL);
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  const name = `${label} ${tag}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL, ip, name, email: `${label.toLowerCase()}-${tag}@example.fi` });
  return { name, page };
}

/** Requests `path` in `page` once and returns the HTML and the page cache's verdict. */
async function load(page: Page, path: string): Promise<{ html: string; cache: string | undefined }> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  return { html: await res!.text(), cache: res!.headers()['x-nextjs-cache'] };
}

/**
 * The very next request for `path` in `page` (one request, no reload) shows `shown`.
 * @returns the page cache's verdict (`x-nextjs-cache`)
 */
async function showsAtOnce(page: Page, who: string, path: string, shown: string): Promise<string | undefined> {
  const { html, cache } = await load(page, path);
  expect(html.includes(shown), `${who}: ${path} right after the write, x-nextjs-cache ${cache}`).toBe(true);
  return cache;
}

/** Posts JSON from the member's browser (their session cookie, their address), as the site's forms do. */
async function post(member: Member, path: string, data: object): Promise<void> {
  const answer = await member.page.evaluate(
    async ([url, body]) => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    [path, data] as const,
  );
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
}

/**
 * Writes a review, a discussion and a HAVE, each read at once by the author and a visitor.
 * `quiet`: nothing else runs, so the pages read again afterwards must be HITs.
 */
async function writeAndReadAtOnce(browser: Browser, baseURL: string, item: Item, quiet: boolean): Promise<void> {
  const author = await newMember(browser, baseURL, 'Fresh');
  const visitor = await newBrowserPage(browser, baseURL);
  const tag = uniqueTag();
  const reviews = `/movie/${item.movie}/reviews`;
  const posts = `/release/${item.release}/posts`;
  const collections = `/release/${item.release}/user_collections`;
  const fiReviews = `/fi${reviews}`;
  await author.page.goto('/api/health'); // the site's origin, for the author's writes
  // Every page is cached before the write (read twice: the second read is a HIT on a quiet server).
  for (const path of [reviews, fiReviews, posts, collections]) {
    await load(visitor, path);
    const again = await load(visitor, path);
    if (quiet) expect(again.cache, path).toBe('HIT');
  }

  // A review: the author reads the tab first, then a visitor, then a visitor in Finnish.
  const headline = `Fresh review ${tag}`;
  await post(author, '/api/reviews', {
    movie: item.movie,
    headline,
    body: 'Read at once after it was published.',
    language: 'en',
  });
  await showsAtOnce(author.page, 'the author', reviews, headline);
  const reviewsAgain = await showsAtOnce(visitor, 'a visitor', reviews, headline);
  await showsAtOnce(visitor, 'a visitor', fiReviews, headline);

  // A discussion linked to the release: a visitor reads first, then the author.
  const topic = `Fresh discussion ${tag}`;
  await post(author, '/api/posts', {
    headline: topic,
    body: 'Listed at once on the release?',
    language: 'en',
    release: item.release,
  });
  await showsAtOnce(visitor, 'a visitor', posts, topic);
  const postsAgain = await showsAtOnce(author.page, 'the author', posts, topic);

  // A HAVE from the release page: the author's HAVE list is on the In collections tab at once,
  // for the author following the tab link and for a visitor.
  await gotoApp(author.page, `/release/${item.release}`);
  const have = author.page.getByTestId('toggle-have');
  await expect(have).toHaveAttribute('aria-pressed', 'false');
  const answered = author.page.waitForResponse(
    (r) => r.url().endsWith(`/api/releases/${item.release}/toggles`) && r.request().method() === 'POST',
  );
  await have.click();
  expect((await answered).status()).toBe(200);
  await expect(have).toHaveAttribute('aria-pressed', 'true');
  await author.page
    .getByRole('navigation', { name: 'Release sections' })
    .getByRole('link', { name: 'In collections' })
    .click();
  await expect(author.page).toHaveURL(new RegExp(`${collections}$`));
  await expect(author.page.getByText(`by ${author.name}`)).toBeVisible({ timeout: 3000 });
  await showsAtOnce(visitor, 'a visitor', collections, author.name);
  const collectionsAgain = await showsAtOnce(author.page, 'the author', collections, author.name);

  // On a quiet server the page rendered anew for the first reader is cached: the second gets a HIT.
  if (quiet) expect([reviewsAgain, postsAgain, collectionsAgain]).toEqual(['HIT', 'HIT', 'HIT']);
  await author.page.context().close();
  await visitor.context().close();
}

/**
 * Mixed load against the server until `stop()`: `visitors` loops reading item pages (the test's
 * item's tabs among others, both locales) and one member turning HAVE on the release and "seen"
 * on the movie on and off. Loopback only, bounded by `maxMs`.
 * @returns stop(): ends the loops and resolves to the requests made and any status ≥ 500
 */
function mixedLoad(
  baseURL: string,
  member: APIRequestContext,
  item: Item,
  others: Item[],
  maxMs: number,
): { stop: () => Promise<{ requests: number; failures: string[] }> } {
  const until = Date.now() + maxMs;
  let running = true;
  let requests = 0;
  const failures: string[] = [];
  // Mostly the very tabs the writes change, which the member's toggles keep expiring: renders of
  // them are under way most of the time, as on a busy server.
  const tabs = (i: Item) =>
    ['', '/fi'].flatMap((l) => [
      `${l}/movie/${i.movie}/reviews`,
      `${l}/release/${i.release}/posts`,
      `${l}/release/${i.release}/user_collections`,
    ]);
  const elsewhere = others.flatMap((i) =>
    ['', '/fi'].flatMap((l) => [...tabs(i), `${l}/movie/${i.movie}`, `${l}/release/${i.release}`]),
  );
  const pick = () =>
    Math.random() < 0.7
      ? tabs(item)[Math.floor(Math.random() * 6)]
      : elsewhere[Math.floor(Math.random() * elsewhere.length)];
  const alive = () => running && Date.now() < until;
  const visitor = async () => {
    while (alive()) {
      const path = pick();
      const res = await fetch(new URL(path, baseURL), { redirect: 'manual' }).catch((e: unknown) => e as Error);
      requests += 1;
      if (res instanceof Error) failures.push(`${path}: ${res.message}`);
      else {
        if (res.status >= 500) failures.push(`${path}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
  };
  const writer = async () => {
    let on = true;
    while (alive()) {
      for (const [url, kind] of [
        [`/api/releases/${item.release}/toggles`, 'have'],
        [`/api/titles/${item.movie}/toggles`, 'seen'],
      ]) {
        const res = await member
          .post(url, { headers: { origin: baseURL }, data: { kind, on } })
          .catch((e: unknown) => e as Error);
        requests += 1;
        if (res instanceof Error) failures.push(`${url}: ${res.message}`);
        else if (res.status() >= 500) failures.push(`${url}: ${res.status()}`);
      }
      on = !on;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const loops = Promise.all([visitor(), visitor(), visitor(), writer()]);
  return {
    stop: async () => {
      running = false;
      await loops;
      return { requests, failures };
    },
  };
}

test.describe('fresh after a write', () => {
  test('a review, a discussion and a HAVE show on the very next request, for the author and a visitor, and the pages stay cached', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const [item] = await pickItems(request, 1);
    await writeAndReadAtOnce(browser, baseURL!, item, true);
  });

  test('the same after a minute and a half of mixed load on the server, with the load still running', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const [item, ...others] = await pickItems(request, 4);
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': ip } });
    await registerByApi(member, { baseURL: baseURL!, ip, name: `Load ${tag}`, email: `load-${tag}@example.fi` });
    const load = mixedLoad(baseURL!, member, item, others, 200_000);
    try {
      await new Promise((r) => setTimeout(r, 90_000));
      await writeAndReadAtOnce(browser, baseURL!, item, false);
    } finally {
      const { requests, failures } = await load.stop();
      await member.dispose();
      console.log(`mixed load: ${requests} requests`);
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(200);
    }
  });
});
