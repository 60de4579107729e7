import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * The admin queue in both locales (texts from messages/en.json and messages/fi.json): a member
 * suggests an edit of a release through the API; the queue (admins only: 404 to the member) shows
 * it with the field's value as suggested against, now and proposed; the admin approves it from the
 * keyboard (j, a) and the release page shows the new value at once. A second suggestion whose field
 * changed since is marked, approve waits for the admin's choice, and a discard needs a reason.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** Registers a member (`label` and a tag of this run as the name) whose session `page` carries; @returns the tag. */
async function registerContributor(page: Page, baseURL: string, label: string): Promise<string> {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, {
    baseURL,
    ip,
    name: `${label} ${tag}`,
    email: `${label.toLowerCase()}-${tag}@example.fi`,
  });
  return tag;
}

/** A release of the seed catalogue with a spine number (Criterion). */
async function someRelease(page: Page, q: string): Promise<{ public_id: string; name: string }> {
  const res = await page.request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  const [release] = ((await res.json()) as { items: { public_id: string; name: string }[] }).items;
  return release;
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const ch = m.changes;

  test(`${locale}: an admin approves a member's release edit in the queue from the keyboard`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const tag = await registerContributor(page, base, 'Contributor');
    const release = await someRelease(page, locale === 'fi' ? 'seventh seal' : 'seven samurai');
    const extras = `Commentary track ${tag}`;
    const sent = await page.request.post('/api/changes', {
      headers: { origin: base },
      data: { entity: 'release', kind: 'edit', target: release.public_id, values: { extras }, source: 'disc in hand' },
    });
    expect(sent.status()).toBe(200);
    const request = (await sent.json()) as { public_id: string; status: string };
    expect(request.status).toBe('pending');

    // Members get the 404 page.
    await gotoApp(page, `${prefix}/admin/changes`);
    await expect(page.getByRole('heading', { name: ch.queue.title })).toHaveCount(0);

    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoApp(admin, `${prefix}/admin/changes?entity=release`);
    await expect(admin.getByRole('heading', { level: 1, name: ch.queue.title })).toBeVisible();
    const item = admin.locator(`[data-change-request="${request.public_id}"]`);
    await expect(item).toBeVisible();
    const row = item.getByRole('row', { name: new RegExp(ch.fields.extras) });
    await expect(row.getByRole('cell').nth(2)).toHaveText(extras);
    await expect(item.getByText(ch.flags.noSource)).toHaveCount(0);

    // j focuses a suggestion (the oldest first); then this one is focused and a approves it.
    await admin.keyboard.press('j');
    await expect(admin.locator('[data-change-request]:focus')).toHaveCount(1);
    await item.focus();
    await admin.keyboard.press('a');
    await expect(item.getByRole('status')).toHaveText(ch.actions.approved);

    // The release page shows the approved value on the very next request.
    const visitor = await newPage(browser, base);
    await gotoApp(visitor, `${prefix}/release/${release.public_id}`);
    await expect(visitor.getByText(extras)).toBeVisible();

    // The member hears of it, and the profile lists the contribution with its point.
    await gotoApp(page, `${prefix}/notifications`);
    await expect(
      page.getByText(m.notifications.types.contributionApproved.replace('{subject}', release.name)),
    ).toBeVisible();
    const me = ((await (await page.request.get('/api/me')).json()) as { public_id: string }).public_id;
    await gotoApp(page, `${prefix}/user/${me}/contributions`);
    await expect(page.getByTestId('contribution').first()).toContainText(release.name);
    await gotoApp(page, `${prefix}/user/${me}/score`);
    await expect(page.getByTestId('score-text')).toContainText(locale === 'fi' ? '1 piste' : '1 point');
  });

  test(`${locale}: a field changed since needs the admin's choice; a discard needs a reason`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const tag = await registerContributor(page, base, 'Suggester');
    const release = await someRelease(page, locale === 'fi' ? 'rashomon' : 'ikiru');
    const post = (values: Record<string, unknown>) =>
      page.request.post('/api/changes', {
        headers: { origin: base },
        data: { entity: 'release', kind: 'edit', target: release.public_id, values },
      });
    const first = (await (await post({ packaging_notes: `Booklet ${tag}` })).json()) as { public_id: string };
    const second = (await (await post({ sleeve_description: `Sleeve ${tag}` })).json()) as { public_id: string };

    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    // Another admin edit changes the packaging notes meanwhile.
    const meanwhile = await admin.request.post('/api/changes', {
      headers: { origin: base },
      data: {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { packaging_notes: `Digipak ${tag}` },
      },
    });
    expect(meanwhile.status()).toBe(200);

    await gotoApp(admin, `${prefix}/admin/changes?entity=release&kind=edit`);
    const stale = admin.locator(`[data-change-request="${first.public_id}"]`);
    await expect(stale.getByText(ch.flags.stale).first()).toBeVisible();
    const approve = stale.getByRole('button', { name: ch.actions.approve, exact: true });
    await expect(approve).toBeDisabled();
    await stale.getByRole('radio', { name: ch.request.keepCurrent }).check();
    await approve.click();
    await expect(stale.getByRole('status')).toHaveText(ch.actions.approved);

    const other = admin.locator(`[data-change-request="${second.public_id}"]`);
    await other.getByRole('button', { name: ch.actions.discard, exact: true }).click();
    const confirm = other.getByRole('button', { name: ch.actions.confirmDiscard });
    await expect(confirm).toBeDisabled();
    await other.getByLabel(ch.actions.reason).fill('The sleeve says otherwise');
    await confirm.click();
    await expect(other.getByRole('status')).toHaveText(ch.actions.discarded);

    const check = await admin.request.get(`/api/changes/${second.public_id}`);
    expect(((await check.json()) as { discard_reason: string }).discard_reason).toBe('The sleeve says otherwise');
  });
}
