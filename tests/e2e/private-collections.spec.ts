import type { APIRequestContext, APIResponse } from '@playwright/test';
import { claimAddress, createCollectionByApi, registerByApi, uniqueTag } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * A collection made private leaves every cached page at once: a release whose entry is older than
 * the newest entries whose pages a collection change revalidates by path (500) still stops naming
 * the collection, its owner and its offer on the very next request, because its cached pages carry
 * the collection's cache tag (lib/page-cache.ts tagPageWithCollections). 501 releases go into a
 * public for-sale collection in one file import, by their ids, the first
 * row being the release looked at.
 */

/** `n` release ids of the seed catalogue, from the listing's pages. */
async function releaseIds(request: APIRequestContext, n: number): Promise<string[]> {
  const found = new Set<string>();
  let cursor: string | null = null;
  while (found.size < n) {
    const res = await request.get(`/api/releases?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { items: { public_id: string }[]; next_cursor: string | null };
    for (const r of page.items) found.add(r.public_id);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  expect(found.size).toBeGreaterThanOrEqual(n);
  return [...found].slice(0, n);
}

test('a collection made private disappears from the cached pages of its oldest entries too', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL: origin, ip, name: `Seller ${tag}`, email: `seller-${tag}@example.fi` });
  const name = `Sale shelf ${tag}`;
  const collection = await createCollectionByApi(page.request, origin, { name, style: 5 });

  const releases = await releaseIds(page.request, 501);
  const target = releases[0]!;
  const comment = `Sealed copy ${tag}`;
  const csv = [
    'public id,price,currency,comment',
    `${target},12.50,EUR,${comment}`,
    ...releases.slice(1).map((id) => `${id},,,`),
  ].join('\n');
  const started = await page.request.post(`/api/collections/${collection}/imports`, {
    headers: { origin },
    multipart: { file: { name: 'sale.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/collections/${collection}/imports`);
        const jobs = (await res.json()) as { items: { status: string; counts?: { added: number } | null }[] };
        return jobs.items[0]?.status;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('done');

  // The release looked at is not among the newest 500 entries (whose pages a change revalidates by path).
  let cursor: string | null = null;
  for (let i = 0; i < 5; i++) {
    const res: APIResponse = await page.request.get(
      `/api/collections/${collection}/entries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const text: string = await res.text();
    expect(text).not.toContain(target);
    cursor = (JSON.parse(text) as { next_cursor: string | null }).next_cursor;
    expect(cursor).not.toBeNull();
  }

  // A visitor reads the release's cached pages: the offer's price, the seller and the collection are named.
  const visitor = await browser.newContext({ baseURL: origin });
  const pages: [string, string][] = [
    [`/release/${target}`, '€12.50'],
    [`/release/${target}/user_collections`, `Seller ${tag}`],
    [`/fi/release/${target}/user_collections`, `Seller ${tag}`],
  ];
  for (const [path, marker] of pages) {
    await visitor.request.get(path);
    const res = await visitor.request.get(path);
    expect(res.headers()['x-nextjs-cache'], path).toBe('HIT');
    expect(await res.text(), path).toContain(marker);
  }
  expect(await (await visitor.request.get(pages[1]![0])).text()).toContain(comment);

  const made = await page.request.patch(`/api/collections/${collection}`, {
    headers: { origin },
    data: { visibility: 'private' },
  });
  expect(made.status(), await made.text()).toBe(200);
  for (const [path, marker] of pages) {
    const html = await (await visitor.request.get(path)).text();
    expect(html, path).not.toContain(marker);
    expect(html, path).not.toContain(comment);
    expect(html, path).not.toContain(name);
  }
  await visitor.close();
});
