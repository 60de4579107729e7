import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * The history of a release in both locales (texts from messages/en.json and messages/fi.json): a
 * member suggests a new name through the API and an admin approves it; the history page (rendered
 * per request: a visitor who opened it before sees the edit on reload) shows the edit with the
 * name before → after, the author and the admin, and the imported origin last, and no revert
 * control to the visitor. The admin previews the revert (the name will be restored), confirms it,
 * the revert tops the history and the release page shows the old name again. On the member's
 * contributions page only the admin has the button reverting all of the member's edits.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** The document's width past the viewport's (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const ch = m.changes;
  const h = ch.history;
  const fill = (text: string, values: Record<string, string>) =>
    Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text);

  test(`${locale}: a release's history shows an approved edit, and an admin reverts it from there`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? 'http://localhost:3100';
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const author = `Historian ${tag}`;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, { baseURL: base, ip, name: author, email: `history-${tag}@example.fi` });
    const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
    const found = await page.request.get(
      `/api/releases?q=${encodeURIComponent(locale === 'fi' ? 'grand illusion' : 'dead and buried')}&limit=1`,
    );
    const [release] = ((await found.json()) as { items: { public_id: string; name: string; source_id: string }[] })
      .items;
    expect(release.source_id).toBeTruthy();
    const oldName = release.name;
    const newName = `${oldName} ${tag}`;
    const history = `${prefix}/release/${release.public_id}/history`;

    // A visitor opens the history first: the page must not come from a cache afterwards.
    const visitor = await newPage(browser, base);
    await gotoApp(visitor, history);
    await expect(visitor.getByRole('heading', { level: 1, name: fill(h.title, { name: oldName }) })).toBeVisible();

    const sent = await page.request.post('/api/changes', {
      headers: { origin: base },
      data: { entity: 'release', kind: 'edit', target: release.public_id, values: { name: newName } },
    });
    expect(sent.status()).toBe(200);
    const request = (await sent.json()) as { public_id: string };
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    const approved = await admin.request.post(`/api/changes/${request.public_id}/approve`, {
      headers: { origin: base },
      data: {},
    });
    expect(approved.status()).toBe(200);

    // The visitor reaches the history from the release page's link, and sees the edit at once.
    await gotoApp(visitor, `${prefix}/release/${release.public_id}`);
    // An approved change shows on the very next request of a cached page.
    await expect(visitor.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await visitor.getByTestId('history-link').click();
    await expect(visitor).toHaveURL(new RegExp(`/release/${release.public_id}/history$`));
    const entries = visitor.locator('[data-testid="history-page"] ol > li');
    const edit = entries.first();
    await expect(edit).toHaveAttribute('data-kind', 'edit');
    await expect(edit.getByRole('heading', { name: new RegExp(h.kinds.edit) })).toBeVisible();
    const row = edit.getByRole('row', { name: new RegExp(`^${ch.fields.name}`) });
    await expect(row.getByRole('cell').nth(0)).toHaveText(oldName);
    await expect(row.getByRole('cell').nth(1)).toHaveText(newName);
    await expect(edit.getByRole('link', { name: author })).toHaveAttribute('href', `${prefix}/user/${me.public_id}`);
    await expect(edit.getByRole('link', { name: E2E_ADMIN.name })).toBeVisible();
    await expect(edit.getByText(fill(h.changeRequest, { id: request.public_id }))).toBeVisible();
    // The imported origin ends the history.
    await expect(entries.last()).toHaveAttribute('data-testid', 'history-import');
    await expect(entries.last()).toContainText(fill(h.imported, { source: release.source_id }));
    // Visitors see no revert control.
    await expect(visitor.locator('[data-action="preview-revert"]')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: h.revert })).toHaveCount(0);

    // The admin previews the revert: the name will be restored.
    await admin.setViewportSize(DESKTOP);
    await gotoApp(admin, history);
    const adminEdit = admin.locator('[data-testid="history-page"] ol > li').first();
    const revisionId = (await adminEdit.getAttribute('data-revision'))!;
    await adminEdit.getByRole('link', { name: h.revert }).click();
    await expect(admin).toHaveURL(new RegExp(`preview=${revisionId}`));
    const preview = admin.getByTestId('revert-preview');
    await expect(preview.getByRole('heading', { name: fill(h.previewTitle, { id: revisionId }) })).toBeVisible();
    const previewRow = preview.getByRole('row', { name: new RegExp(`^${ch.fields.name}`) });
    await expect(previewRow).toHaveAttribute('data-revertible', 'true');
    await expect(previewRow).toContainText(h.restored);
    await expect(previewRow.getByRole('cell').nth(0)).toHaveText(newName);
    await expect(previewRow.getByRole('cell').nth(1)).toHaveText(oldName);
    expect(await overflow(admin)).toBe(0);
    await admin.setViewportSize(PHONE);
    expect(await overflow(admin)).toBe(0);
    await admin.setViewportSize(DESKTOP);
    await preview.getByRole('button', { name: h.confirm }).click();

    // The revert tops the history; the edit says it was reverted.
    await expect(admin).toHaveURL(new RegExp(`/release/${release.public_id}/history$`));
    const top = admin.locator('[data-testid="history-page"] ol > li').first();
    await expect(top).toHaveAttribute('data-kind', 'revert');
    await expect(top.getByText(fill(h.reverts, { id: revisionId }))).toBeVisible();
    const revertRow = top.getByRole('row', { name: new RegExp(`^${ch.fields.name}`) });
    await expect(revertRow.getByRole('cell').nth(1)).toHaveText(oldName);
    const reverted = admin.locator(`[data-revision="${revisionId}"]`);
    await expect(reverted.getByTestId('reverted-by')).toBeVisible();
    expect(await overflow(admin)).toBe(0);
    await admin.setViewportSize(PHONE);
    expect(await overflow(admin)).toBe(0);

    // The release page shows the old name again.
    await gotoApp(visitor, `${prefix}/release/${release.public_id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: oldName, exact: true })).toBeVisible();

    // Only admins get the button reverting all of a member's edits.
    const contributions = `${prefix}/user/${me.public_id}/contributions`;
    await gotoApp(visitor, contributions);
    await expect(visitor.getByRole('button', { name: h.memberRevert })).toHaveCount(0);
    await gotoApp(admin, contributions);
    await admin.getByRole('button', { name: h.memberRevert }).click();
    await admin.getByRole('button', { name: h.memberRevertYes }).click();
    await expect(admin.getByTestId('member-revert').getByRole('status')).toHaveText(h.memberReverted);
  });

  test(`${locale}: an unknown id's history is the 404 page`, async ({ page }) => {
    const res = await page.goto(`${prefix}/release/noSuchRelease0/history`);
    expect(res?.status()).toBe(404);
  });
}
