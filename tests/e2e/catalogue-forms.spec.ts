import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, PASSWORD, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * The catalogue suggestion forms in both locales (texts from messages/en.json and fi.json):
 *  1. a member suggests a release edit through `/release/{id}/edit`: submit is disabled until
 *     something changes, a broken catalogue rule shows its message under the field and the form's
 *     message beside the submit with everything typed kept; fixed, the suggestion is sent and
 *     awaits approval; an admin approves it in the queue, the release's history shows the diff and
 *     the member's bell rings;
 *  2. a visitor opening `/releases/new` is asked to log in and gets the form after logging in in
 *     the dialog; the member picks a movie by searching, suggests the release, and the release is
 *     404 to a visitor until an admin approves it.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** Registers a member whose session `page` carries; @returns the member's name, e-mail and public id. */
async function registerMember(page: Page, baseURL: string, label: string) {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  const email = `${label.toLowerCase()}-${tag}@example.fi`;
  await registerByApi(page.request, { baseURL, ip, name: `${label} ${tag}`, email });
  const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
  return { tag, email, publicId: me.public_id };
}

/** The first release the search `q` finds. */
async function someRelease(page: Page, q: string): Promise<{ public_id: string; name: string }> {
  const res = await page.request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { public_id: string; name: string }[] }).items[0];
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const cf = m.catalogueForm;
  const fields = m.changes.fields;

  test(`${locale}: a member suggests a release edit through the form; the admin approves it and the history shows it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? 'http://localhost:3100';
    const member = await registerMember(page, base, 'Editor');
    const release = await someRelease(page, locale === 'fi' ? 'wild strawberries' : 'the third man');
    // A count the release does not have yet (a reused data dir keeps earlier runs' approvals).
    const detail = (await (await page.request.get(`/api/releases/${release.public_id}`)).json()) as {
      discs_count: number | null;
    };
    const discs = String((detail.discs_count ?? 1) + 1);

    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await page.getByTestId('item-foot-links').getByRole('link', { name: cf.links.edit }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/release/${release.public_id}/edit$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      cf.titles.releaseEdit.replace('{name}', release.name),
    );
    const form = page.getByTestId('catalogue-form');
    const submit = form.getByTestId('catalogue-form-submit');
    // Nothing changed yet.
    await expect(submit).toBeDisabled();
    await expect(form.getByTestId('catalogue-form-why')).toHaveText(cf.words.unchangedHint);

    const extras = `Interview with the restorer ${member.tag}`;
    await form.getByLabel(fields.extras, { exact: true }).fill(extras);
    await form.getByLabel(fields.discs_count, { exact: true }).fill('0');
    await expect(submit).toBeEnabled();
    await submit.click();
    // The rule's message under its field, the form's beside the submit; nothing typed is lost.
    await expect(form.locator('#field-discs_count-error')).toHaveText(m.forms.lessThanOne);
    await expect(form.getByTestId('form-error')).toHaveText(m.forms.formErrors);
    await expect(form.getByLabel(fields.discs_count, { exact: true })).toBeFocused();
    await expect(form.getByLabel(fields.extras, { exact: true })).toHaveValue(extras);

    await form.getByLabel(fields.discs_count, { exact: true }).fill(discs);
    await form.getByLabel(cf.words.source, { exact: true }).fill('The disc in hand');
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/release/${release.public_id}$`));
    await expect(page.getByTestId('snackbar')).toContainText(cf.words.done);

    const mine = (await (await page.request.get('/api/changes?entity=release&kind=edit')).json()) as {
      items: { public_id: string; entity_public_id: string; status: string; changes: Record<string, unknown> }[];
    };
    const request = mine.items.find((r) => r.entity_public_id === release.public_id)!;
    expect(request.status).toBe('pending');
    expect(Object.keys(request.changes).sort()).toEqual(['discs_count', 'extras']);

    // The admin approves it in the queue.
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoApp(admin, `${prefix}/admin/changes?entity=release&kind=edit`);
    const item = admin.locator(`[data-change-request="${request.public_id}"]`);
    await item.getByRole('button', { name: m.changes.actions.approve, exact: true }).click();
    await expect(item.getByRole('status')).toHaveText(m.changes.actions.approved);

    // The history shows the change, and the member's bell counts the notice.
    await gotoApp(page, `${prefix}/release/${release.public_id}/history`);
    await expect(page.getByText(extras)).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await expect(page.getByText(extras)).toBeVisible();
  });

  test(`${locale}: a visitor logs in on /releases/new and suggests a release that stays 404 to visitors until approved`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? 'http://localhost:3100';
    // An account made in another context; this page is a visitor's.
    const other = await newPage(browser, base);
    const member = await registerMember(other, base, 'Newcomer');
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(member.tag) });

    await gotoApp(page, `${prefix}/releases/new`);
    // The login dialog is open (the page behind it is inert to the accessibility tree).
    await expect(page.locator('h1')).toHaveText(cf.titles.releaseNew);
    await expect(page.getByTestId('login-gate')).toContainText(cf.loginIntro);
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    await dialog.locator('#field-email').fill(member.email);
    await dialog.locator('#field-password').fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();

    // Logged in, the same address shows the form.
    const form = page.getByTestId('catalogue-form');
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${prefix}/releases/new$`));
    const submit = form.getByTestId('catalogue-form-submit');
    await expect(submit).toBeDisabled();
    await expect(form.getByTestId('catalogue-form-why')).toHaveText(cf.words.incompleteHint);

    const name = `Ikiru Collector's Edition ${member.tag}`;
    await form.locator('#field-movies').fill('ikiru');
    await form.getByTestId('field-movies-hits').getByRole('button').first().click();
    await expect(form.getByTestId('field-movies-chosen')).toContainText('Ikiru');
    // Required fields are marked with an asterisk in their labels.
    await expect(form.locator('label[for="field-name"]')).toHaveText(`${fields.name} *`);
    await form.locator('#field-name').fill(name);
    await expect(form.locator('label[for="field-format"]')).toHaveText(`${fields.format} *`);
    await form.locator('#field-format').selectOption({ label: 'Blu-ray' });
    await form.getByLabel(fields.street_date, { exact: true }).fill('2024-05-01');
    await expect(submit).toBeEnabled();
    await submit.click();
    // The suggested release's own page, for its author until approved.
    await expect(page).toHaveURL(new RegExp(`${prefix}/release/[^/]+/suggestion$`));
    await expect(page.getByTestId('snackbar')).toContainText(cf.words.done);
    await expect(page.locator('h1')).toContainText(name);

    const mine = (await (await page.request.get('/api/changes?entity=release&kind=new')).json()) as {
      items: { public_id: string; entity_public_id: string }[];
    };
    const suggested = mine.items[0];
    expect(page.url()).toContain(`/release/${suggested.entity_public_id}/suggestion`);
    const visitor = await newPage(browser, base);
    expect((await visitor.request.get(`${prefix}/release/${suggested.entity_public_id}`)).status()).toBe(404);
    expect((await visitor.request.get(`/api/releases/${suggested.entity_public_id}`)).status()).toBe(404);

    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    const approved = await admin.request.post(`/api/changes/${suggested.public_id}/approve`, {
      headers: { origin: base },
      data: {},
    });
    expect(approved.status()).toBe(200);
    const res = await visitor.request.get(`${prefix}/release/${suggested.entity_public_id}`);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain(name);
  });
}
