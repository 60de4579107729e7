import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * A deletion request in both locales (texts from messages/en.json and messages/fi.json): a
 * visitor's "Suggest deletion" on a release page opens the login prompt; a member sends the
 * request from the page's dialog (a note; no merge target) and is told it awaits approval; an
 * admin approves it through the API; the release page then answers 410 to a visitor with the
 * "removed" page in the locale, the API 410 JSON, and the history still opens.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';

  test(`${locale}: a member suggests deleting a release, an admin approves, the page answers 410`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? 'http://localhost:3100';
    const tag = uniqueTag();

    // A release of its own, which no list holds: the admin adds it (applied at once).
    const admin = await newPage(browser, base);
    // An address of its own: the admin's logins of other specs from the default address count
    // against the login limit.
    await admin.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(`${tag}-admin`) });
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    const found = await admin.request.get('/api/titles?q=alien&limit=1');
    const [movie] = ((await found.json()) as { items: { public_id: string }[] }).items;
    const made = await admin.request.post('/api/changes', {
      headers: { origin: base },
      data: {
        entity: 'release',
        kind: 'new',
        values: { name: `Doomed Disc ${tag}`, format: 2, movies: [movie.public_id] },
      },
    });
    expect(made.status()).toBe(200);
    const release = ((await made.json()) as { entity_public_id: string }).entity_public_id;
    const path = `${prefix}/release/${release}`;

    // A visitor is asked to log in first.
    const visitor = await newPage(browser, base);
    await gotoApp(visitor, path);
    await visitor.getByTestId('delete-request').click();
    await expect(visitor.getByRole('dialog')).toContainText(m.account.loginRequired);

    // A member sends the request from the page.
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, { baseURL: base, ip, name: `Tidier ${tag}`, email: `delete-${tag}@example.fi` });
    await gotoApp(page, path);
    await page.getByTestId('delete-request').click();
    const dialog = page.getByRole('dialog', { name: m.deleteRequest.title });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(m.deleteRequest.note).fill('Never released: a test pressing');
    await dialog.getByRole('button', { name: m.deleteRequest.submit }).click();
    await expect(page.getByTestId('snackbar')).toContainText(m.deleteRequest.awaiting);
    await expect(dialog).toBeHidden();
    // Pending: the page still shows the release.
    expect((await visitor.request.get(path)).status()).toBe(200);

    // The admin finds the request in the queue and approves it.
    const queue = await admin.request.get('/api/changes?kind=delete&entity=release&limit=100');
    const items = ((await queue.json()) as { items: { public_id: string; entity_public_id: string }[] }).items;
    const request = items.find((i) => i.entity_public_id === release)!;
    expect(request).toBeTruthy();
    const approved = await admin.request.post(`/api/changes/${request.public_id}/approve`, {
      headers: { origin: base },
      data: {},
    });
    expect(approved.status()).toBe(200);

    // The visitor now gets 410 with the removed page in the locale, not indexed.
    const gone = await visitor.request.get(path);
    expect(gone.status()).toBe(410);
    expect(gone.headers()['x-robots-tag']).toBe('noindex');
    const response = await visitor.goto(path);
    expect(response?.status()).toBe(410);
    await expect(visitor.getByRole('heading', { level: 1, name: m.errors.gone.title })).toBeVisible();
    const api = await visitor.request.get(`/api/releases/${release}`);
    expect(api.status()).toBe(410);
    expect(await api.json()).toEqual({ error: en.api.gone, code: 'gone' });
    // Its history still opens and says it was removed.
    await visitor.getByRole('link', { name: m.errors.gone.history }).click();
    await expect(visitor.getByTestId('history-deleted')).toHaveText(m.errors.gone.title);
    await expect(visitor.locator('[data-testid="history-page"] ol > li').first()).toHaveAttribute(
      'data-kind',
      'delete',
    );
  });
}
