import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * Pictures, videos and shopping links in both locales (texts from messages/en.json and
 * messages/fi.json): a member uploads a cover to a release through its photos/new form, an admin
 * approves it in the queue (which shows the picture), and the release page and its card in the
 * listing show it; a member adds a trailer through videos/new, and once approved the movie's
 * videos tab plays it in place in the privacy-enhanced player; a member adds a shopping link
 * through buying_options/new, and once approved the tab lists it as a sponsored link.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** Registers a member whose session `page` carries. */
async function registerMember(page: Page, baseURL: string, label: string): Promise<void> {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, {
    baseURL,
    ip,
    name: `${label} ${tag}`,
    email: `${label.toLowerCase()}-${tag}@example.fi`,
  });
}

/** The first release or title the API finds for `q`. */
async function first(page: Page, kind: 'releases' | 'titles', q: string): Promise<{ public_id: string; name: string }> {
  const res = await page.request.get(`/api/${kind}?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { public_id: string; name: string }[] }).items[0];
}

/** Approves a pending request as the admin, through the API. */
async function approveByApi(admin: Page, base: string, publicId: string): Promise<void> {
  const res = await admin.request.post(`/api/changes/${publicId}/approve`, { headers: { origin: base }, data: {} });
  expect(res.status()).toBe(200);
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const md = m.media;

  test(`${locale}: an uploaded cover, once an admin approves it, is the release's picture on its page and card`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    await registerMember(page, base, 'Scanner');
    const release = await first(page, 'releases', locale === 'fi' ? 'late spring' : 'tokyo story');
    await gotoApp(page, `${prefix}/release/${release.public_id}/photos`);
    await page.getByTestId('media-add').click();
    await expect(page.getByRole('heading', { level: 1, name: md.newPicture })).toBeVisible();
    const cover = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    await page.locator('#field-picture').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await page.getByLabel(md.type).selectOption('4');
    await page.getByLabel(md.source).fill('Own scan');
    await page.getByLabel(md.isDefault).check();
    await page.getByRole('button', { name: md.submitPicture }).click();
    await expect(page.getByTestId('media-sent')).toContainText(md.sent);

    // The admin's queue shows the picture with its release; approving it makes it public.
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoApp(admin, `${prefix}/admin/changes?entity=picture`);
    const item = admin.locator('[data-change-request]', { hasText: release.name }).first();
    const preview = item.getByTestId('media-preview');
    await expect(preview.getByRole('link', { name: release.name })).toBeVisible();
    const src = await preview.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/lg-[A-Za-z0-9_-]{16}\.webp$/);
    await item.getByRole('button', { name: m.changes.actions.approve, exact: true }).click();
    await expect(item.getByRole('status')).toHaveText(m.changes.actions.approved);

    // The release page (cached, revalidated by the approval) and its listing card show it.
    const visitor = await newPage(browser, base);
    await gotoApp(visitor, `${prefix}/release/${release.public_id}/photos`);
    await expect(visitor.getByTestId('pictures').locator(`img[src="${src}"]`)).toBeVisible();
    await gotoApp(visitor, `${prefix}/releases?q=${encodeURIComponent(release.name)}`);
    await expect(visitor.locator(`img[src="${src}"]`).first()).toBeVisible();
  });

  test(`${locale}: a trailer added by a member plays in place once approved`, async ({ page, browser, baseURL }) => {
    const base = baseURL ?? 'http://localhost:3100';
    await registerMember(page, base, 'Trailer');
    const movie = await first(page, 'titles', locale === 'fi' ? 'ikiru' : 'rashomon');
    await gotoApp(page, `${prefix}/movie/${movie.public_id}/videos/new`);
    await page.getByLabel(md.youtube).fill('https://youtu.be/dQw4w9WgXcQ?t=42');
    await page.getByLabel(md.chapter).fill('Trailer');
    await page.getByRole('button', { name: md.submitVideo }).click();
    await expect(page.getByTestId('media-sent')).toContainText(md.sent);
    const mine = (await (await page.request.get('/api/changes?entity=video')).json()) as {
      items: { public_id: string }[];
    };
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await approveByApi(admin, base, mine.items[0].public_id);

    await gotoApp(page, `${prefix}/movie/${movie.public_id}/videos`);
    // No player and nothing from YouTube but the thumbnail until play is pressed.
    await expect(page.getByTestId('video-frame')).toHaveCount(0);
    const play = page.getByRole('link', { name: md.play.replace('{title}', `${m.enums.videoTypes['1']}: Trailer`) });
    await expect(play).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    await play.click();
    await expect(page.getByTestId('video-frame')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=42',
    );
  });

  test(`${locale}: a shopping link is refused for another shop, and listed as sponsored once approved`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    await registerMember(page, base, 'Shopper');
    const release = await first(page, 'releases', locale === 'fi' ? 'ran' : 'yojimbo');
    await gotoApp(page, `${prefix}/release/${release.public_id}/buying_options/new`);
    const url = page.getByLabel(md.url);
    await url.fill('https://www.ebay.com/itm/1234');
    await page.getByRole('button', { name: md.submitLink }).click();
    await expect(page.getByText(m.forms.shoppingLinkHost)).toBeVisible();
    // What was typed stays; the corrected address is kept in the shop's canonical form.
    await expect(url).toHaveValue('https://www.ebay.com/itm/1234');
    const asin = `B0${String(Date.now()).slice(-8)}`;
    await url.fill(`https://www.amazon.de/Some-Title/dp/${asin}/ref=sr_1_1?tag=someone-21`);
    await page.getByRole('button', { name: md.submitLink }).click();
    await expect(page.getByTestId('media-sent')).toContainText(md.sent);
    const mine = (await (await page.request.get('/api/changes?entity=shopping_link')).json()) as {
      items: { public_id: string }[];
    };
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await approveByApi(admin, base, mine.items[0].public_id);
    await gotoApp(page, `${prefix}/release/${release.public_id}/buying_options`);
    const link = page.getByTestId('buying-links').getByRole('link');
    await expect(link).toHaveAttribute('href', `https://www.amazon.de/dp/${asin}`);
    await expect(link).toHaveAttribute('rel', 'sponsored noopener');
  });
}
