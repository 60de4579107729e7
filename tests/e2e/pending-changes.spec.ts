import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * Suggestions waiting for approval, in both locales (texts from messages/en.json and fi.json):
 * - a member suggests an edit of a release through the API and sees "Your suggestion awaits
 *   approval" on the release page (a visitor's copy of the cached page shows nothing), then
 *   withdraws it there;
 * - an admin's top bar counts the waiting requests and the count rises live when a member
 *   suggests an edit and falls when it is withdrawn; the admin's notice of pending suggestions
 *   names the member and leads to the queue;
 * - a suggested new release is the 404 page on its public address, shown to its author (with the
 *   notice) and the admin on /release/{id}/suggestion, and 404 there for anyone else.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** Registers a member whose session `page` carries; @returns their name and public id. */
async function registerMember(page: Page, baseURL: string, label: string): Promise<{ name: string; id: string }> {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  const name = `${label} ${tag}`;
  await registerByApi(page.request, { baseURL, ip, name, email: `${label.toLowerCase()}-${tag}@example.fi` });
  const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
  return { name, id: me.public_id };
}

/** A release of the seed catalogue found by `q`, with its first movie. */
async function someRelease(page: Page, q: string): Promise<{ public_id: string; name: string; movie: string }> {
  const res = await page.request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  const [release] = (
    (await res.json()) as { items: { public_id: string; name: string; movies: { public_id: string }[] }[] }
  ).items;
  expect(release).toBeTruthy();
  return { public_id: release.public_id, name: release.name, movie: release.movies[0].public_id };
}

/** Goes to `path` and waits until the top bar's realtime channel is authorized (the live counts listen then). */
async function gotoListening(page: Page, path: string): Promise<void> {
  const authorized = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/pusher/auth' && res.status() === 200,
  );
  await gotoApp(page, path);
  await authorized;
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const own = m.account.ownChanges;

  test(`${locale}: a member sees their edit awaiting approval on the release page and withdraws it there`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const member = await registerMember(page, base, 'Awaiter');
    const release = await someRelease(page, locale === 'fi' ? 'stray dog' : 'sanjuro');
    const sent = await page.request.post('/api/changes', {
      headers: { origin: base },
      data: {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { extras: `Booklet ${member.name}` },
      },
    });
    expect(sent.status()).toBe(200);
    const request = (await sent.json()) as { public_id: string };

    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    const notice = page.getByTestId('awaiting-approval');
    await expect(notice.getByRole('heading', { name: own.title })).toBeVisible();
    await expect(notice).toContainText(own.kinds.edit);
    await expect(notice.getByRole('link', { name: own.amend })).toHaveAttribute(
      'href',
      `${prefix}/user/${member.id}/contributions#change-${request.public_id}`,
    );

    // The same cached page for a visitor: no notice.
    const visitor = await newPage(browser, base);
    await gotoApp(visitor, `${prefix}/release/${release.public_id}`);
    await expect(visitor.getByTestId('release-page')).toBeVisible();
    await expect(visitor.getByTestId('awaiting-approval')).toHaveCount(0);

    await notice.getByRole('button', { name: own.withdraw }).click();
    await expect(notice).toContainText(own.confirm);
    await notice.getByRole('button', { name: own.confirmYes }).click();
    await expect(page.getByTestId('snackbar')).toContainText(own.withdrawn);
    await expect(page.getByTestId('awaiting-approval')).toHaveCount(0);
    const after = await page.request.get(`/api/changes/${request.public_id}`);
    expect(((await after.json()) as { status: string }).status).toBe('withdrawn');
    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await expect(page.getByTestId('release-page')).toBeVisible();
    await expect(page.getByTestId('awaiting-approval')).toHaveCount(0);
  });

  test(`${locale}: the admin's top bar count rises live when a member suggests an edit`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoListening(admin, `${prefix}/`);
    const queue = admin.getByTestId('pending-changes');
    await expect(queue).toBeVisible();
    await expect(queue).toHaveAttribute('href', `${prefix}/admin/changes`);
    const before = Number(await queue.getAttribute('data-count'));
    expect(Number.isInteger(before)).toBe(true);

    const member = await registerMember(page, base, 'Counter');
    // Members have no queue count.
    await gotoApp(page, `${prefix}/`);
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('pending-changes')).toHaveCount(0);
    const release = await someRelease(page, locale === 'fi' ? 'high and low' : 'yojimbo');
    const sent = await page.request.post('/api/changes', {
      headers: { origin: base },
      data: {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { packaging_notes: `Slipcase ${member.name}` },
      },
    });
    expect(sent.status()).toBe(200);
    const request = (await sent.json()) as { public_id: string };

    // Without a reload.
    await expect(queue).toHaveAttribute('data-count', String(before + 1));
    await expect(queue).toHaveAccessibleName(
      `${locale === 'fi' ? 'Hyväksyntää odottavia ehdotuksia' : 'Suggestions waiting for approval'}: ${before + 1}`,
    );
    const withdrawn = await page.request.post(`/api/changes/${request.public_id}/withdraw`, {
      headers: { origin: base },
    });
    expect(withdrawn.status()).toBe(200);
    await expect(queue).toHaveAttribute('data-count', String(before));

    // The admin's notice of pending suggestions names the latest sender and leads to the queue.
    await gotoApp(admin, `${prefix}/notifications`);
    const pending = admin.getByTestId('notification').filter({ hasText: member.name });
    await expect(pending).toHaveAttribute('data-type', 'changesPending');
    await expect(pending.getByRole('link')).toHaveAttribute('href', `${prefix}/admin/changes`);
  });

  test(`${locale}: a suggested release is shown to its author and admins only, with the notice`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const member = await registerMember(page, base, 'Proposer');
    const release = await someRelease(page, locale === 'fi' ? 'sanjuro' : 'stray dog');
    const name = `Suggested edition ${member.name}`;
    const sent = await page.request.post('/api/changes', {
      headers: { origin: base },
      data: { entity: 'release', kind: 'new', values: { name, format: 1, movies: [release.movie] } },
    });
    expect(sent.status()).toBe(200);
    const request = (await sent.json()) as { public_id: string; entity_public_id: string };
    const id = request.entity_public_id;

    // The public address is the 404 page, for the author too (cached pages read no session).
    expect((await gotoApp(page, `${prefix}/release/${id}`))?.status()).toBe(404);
    expect((await gotoApp(page, `${prefix}/release/${id}/suggestion`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const notice = page.getByTestId('awaiting-approval');
    await expect(notice).toContainText(own.kinds.new);

    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    expect((await gotoApp(admin, `${prefix}/release/${id}/suggestion`))?.status()).toBe(200);
    await expect(admin.getByTestId('suggestion-admin')).toContainText(member.name);
    const other = await newPage(browser, base);
    await registerMember(other, base, 'Bystander');
    expect((await gotoApp(other, `${prefix}/release/${id}/suggestion`))?.status()).toBe(404);
    const visitor = await newPage(browser, base);
    expect((await gotoApp(visitor, `${prefix}/release/${id}/suggestion`))?.status()).toBe(404);

    // The author withdraws it: the release goes with it, and the contributions page follows.
    await notice.getByRole('button', { name: own.withdraw }).click();
    await notice.getByRole('button', { name: own.confirmYes }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/user/${member.id}/contributions$`));
    await expect(page.getByTestId('snackbar')).toContainText(own.withdrawn);
    expect((await gotoApp(admin, `${prefix}/release/${id}/suggestion`))?.status()).toBe(404);
  });
}
