import type { Page } from '@playwright/test';
import { claimAddress, createCollectionByApi, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Phone layout (390 px): no page scrolls sideways, even when members write words longer than a
 * line (a pasted URL, a name without spaces) and a catalogue record holds long codes (a disc
 * record's source id). Each page's document must be no wider than the viewport; a failure names
 * the page and the elements that stick out.
 */

const PHONE = { width: 390, height: 844 };
const LONG_URL =
  'https://www.example.com/restoration/notes/that/go/on/without/a/single/space/anywhere/index.html?edition=criterion_4k_ultra_hd';
const LONG_WORD = 'Supercalifragilisticexpialidociousmasterpieceofcinema';

/** Where the page is wider than the viewport: `path: width` and up to 3 elements past the right edge. */
async function sideways(page: Page, path: string): Promise<string[]> {
  const { width, sticking } = await page.evaluate((viewport) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      const parentOut = (el.parentElement?.getBoundingClientRect().right ?? 0) > viewport + 1;
      if (box.width > 0 && box.right > viewport + 1 && !parentOut)
        out.push(`<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { width: document.documentElement.scrollWidth, sticking: out.slice(0, 3) };
  }, PHONE.width);
  return width > PHONE.width ? [`${path}: ${width} px wide; ${sticking.join(', ')}`] : [];
}

test('no page scrolls sideways on a phone, whatever the members wrote', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL: baseURL!, ip, name: `Wide${tag}`, email: `wide-${tag}@example.fi` });
  const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
  const found = await (await page.request.get('/api/search?q=seven%20samurai')).json();
  const movie = found.movies[0].public_id as string;
  const release = found.releases[0].public_id as string;
  // A disc record from the detailed source: its source id is one long word.
  const discs = await (await page.request.get('/api/releases?q=rescuers&fo=3')).json();
  const disc = (discs.items as { public_id: string; source_id: string }[]).find((r) =>
    r.source_id.startsWith('filmbrainz:'),
  );
  expect(disc, 'a DVD of The Rescuers from the detailed disc records').toBeTruthy();

  const headers = { origin: baseURL! };
  const text = `${LONG_WORD}\n\nThe notes: ${LONG_URL}`;
  const review = await page.request.post('/api/reviews', {
    headers,
    data: {
      movie,
      release,
      headline: `${LONG_WORD}${tag}`,
      ingress: `In short: ${LONG_URL}`,
      body: text,
      language: 'en',
      rating_movie: 'excellent',
      rating_picture: 'good',
    },
  });
  expect(review.status()).toBe(200);
  const reviewId = ((await review.json()) as { public_id: string }).public_id;
  // A second member comments (one account may write one post or comment every 15 seconds).
  const tag2 = uniqueTag();
  const ip2 = claimAddress(tag2);
  await registerByApi(request, { baseURL: baseURL!, ip: ip2, name: `Reply${tag2}`, email: `reply-${tag2}@example.fi` });
  const comment = await request.post(`/api/reviews/${reviewId}/comments`, {
    headers: { ...headers, 'x-forwarded-for': ip2 },
    data: { body: `See also ${LONG_URL}` },
  });
  expect(comment.status()).toBe(200);
  const post = await page.request.post('/api/posts', {
    headers,
    data: { headline: `Pneumonoultramicroscopicsilicovolcanoconiosis${tag}`, body: text, language: 'en', movie },
  });
  expect(post.status()).toBe(200);
  const postId = ((await post.json()) as { public_id: string }).public_id;
  const collection = await createCollectionByApi(page.request, baseURL!, {
    name: `Kokoelmanimiilmanvälilyöntejäjokaeikatkeamistään${tag}`,
    description: `Kuvaus ${LONG_URL}`,
  });
  const entry = await page.request.post(`/api/collections/${collection}/entries`, {
    headers,
    data: { release: disc!.public_id, comment: `Bought from ${LONG_URL}` },
  });
  expect(entry.status()).toBe(200);

  const paths = [
    `/release/${disc!.public_id}`,
    `/review/${reviewId}`,
    `/movie/${movie}/reviews`,
    `/movie/${movie}/posts`,
    `/release/${release}/reviews`,
    `/post/${postId}`,
    '/reviews',
    '/posts',
    `/collection/${collection}`,
    `/collection/${collection}/statistics`,
    '/collections',
    `/user/${me.public_id}/collections`,
    `/user/${me.public_id}/reviews`,
    `/user/${me.public_id}/posts`,
  ];
  await page.setViewportSize(PHONE);
  const wide: string[] = [];
  for (const path of paths) {
    for (const prefix of ['/fi', '']) {
      await gotoApp(page, `${prefix}${path}`);
      await page.waitForLoadState('networkidle');
      wide.push(...(await sideways(page, `${prefix}${path}`)));
    }
  }
  expect(wide).toEqual([]);
});
