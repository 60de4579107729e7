import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, E2E_ADMIN, loginByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * The contact form and the admins' inbox in both locales (texts from messages/en.json and
 * messages/fi.json): a visitor follows the footer's contact link, fills in name, e-mail, subject
 * and message (the ALTCHA proof of work runs in the browser, as in the registration journey) and
 * sees the confirmation; the admin finds the message in /admin/messages, opens it, answers it by
 * mail (the answer lands in the visitor's mailbox: the file transport under .data/e2e/mail) and
 * closes it. A member writes about a release from the release page's foot link: the form has no
 * name, e-mail or bot check, and the inbox names the release and the member. Each test claims its
 * own client address, so the per-IP limits of a reused data dir are not hit.
 */

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** The newest mail file for `email` under the e2e server's data dir (lib/mail.ts file transport), decoded. */
function latestMailTo(email: string): string {
  const dir = path.resolve('.data/e2e/mail');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(`-${email}.eml`))
        .sort()
    : [];
  if (!files.length) return '';
  const raw = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const c = m.contact;

  test(`${locale}: a visitor sends a message from /contact; an admin answers and closes it in /admin/messages`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? 'http://localhost:3100';
    const tag = uniqueTag();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(`contact-${tag}`) });
    const email = `contact-${tag}@example.fi`;
    const subject = `${locale === 'fi' ? 'Kysymys' : 'Question'} ${tag}`;

    // The footer's link leads to the form.
    await gotoApp(page, prefix || '/');
    await page.getByTestId('footer-contact').click();
    await expect(page).toHaveURL((url) => url.pathname === `${prefix}/contact`);
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();

    const submit = page.getByTestId('contact-submit');
    await expect(submit).toBeDisabled();
    await expect(page.getByTestId('bot-check')).toBeVisible();
    await page.locator('#field-name').fill(`Vieras ${tag}`);
    await page.locator('#field-email').fill(email);
    await page.locator('#field-subject').fill(subject);
    await page.locator('#field-message').fill('Is the VHS of Sisu cut?\nThank you.');
    await expect(submit).toBeEnabled();
    await submit.click();
    const sent = page.getByTestId('contact-sent');
    await expect(sent).toBeVisible({ timeout: 30_000 });
    await expect(sent.getByRole('heading', { name: c.form.sentTitle })).toBeVisible();

    // The admin's inbox: open messages, the new one among them.
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    await gotoApp(admin, `${prefix}/admin/messages`);
    await expect(admin.getByRole('heading', { level: 1, name: c.admin.title })).toBeVisible();
    const item = admin.locator('article[data-contact-message]', { hasText: subject });
    await expect(item).toBeVisible();
    await expect(item).toContainText(c.admin.visitor.replace('{name}', `Vieras ${tag}`));
    // No address on the page.
    await expect(admin.getByText(email)).toHaveCount(0);
    await item.getByRole('link', { name: subject }).click();
    await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(admin.getByTestId('contact-status')).toHaveText(c.admin.state.open);
    await expect(admin.getByTestId('contact-text')).toContainText('Is the VHS of Sisu cut?');

    // The answer goes to the visitor's mailbox.
    const answer = `Not cut ${tag}.`;
    await admin.locator('#field-answer').fill(answer);
    await admin.getByTestId('contact-answer-submit').click();
    await expect(admin.getByTestId('contact-outcome')).toHaveText(c.admin.answerSent);
    await expect(admin.getByTestId('contact-status')).toHaveText(c.admin.state.answered);
    await expect(admin.getByTestId('contact-answer')).toContainText(answer);
    await expect.poll(() => latestMailTo(email)).toContain(answer);

    // Closing it.
    await admin.getByTestId('contact-close').click();
    await expect(admin.getByTestId('contact-outcome')).toHaveText(c.admin.closedNow);
    await expect(admin.getByTestId('contact-status')).toHaveText(c.admin.state.closed);
    await gotoApp(admin, `${prefix}/admin/messages`);
    await expect(admin.locator('article[data-contact-message]', { hasText: subject })).toHaveCount(0);
    await gotoApp(admin, `${prefix}/admin/messages?status=closed`);
    await expect(admin.locator('article[data-contact-message]', { hasText: subject })).toBeVisible();

    // Not for the visitor: the inbox is the 404 page.
    await gotoApp(page, `${prefix}/admin/messages`);
    await expect(page.getByRole('heading', { name: c.admin.title })).toHaveCount(0);
    await expect(page.locator('article[data-contact-message]')).toHaveCount(0);
    await admin.context().close();
  });
}

test('en: a member writes about a release from its page; the inbox names the release and the member', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? 'http://localhost:3100';
  const c = en.contact;
  const tag = uniqueTag();
  const ip = claimAddress(`contact-member-${tag}`);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  const name = `Writer ${tag}`;
  await registerByApi(page.request, { baseURL: base, ip, name, email: `writer-${tag}@example.fi` });
  const res = await page.request.get('/api/releases?q=seven%20samurai&limit=1');
  const [release] = ((await res.json()) as { items: { public_id: string; name: string }[] }).items;

  await gotoApp(page, `/release/${release.public_id}`);
  await page.getByTestId('item-foot-links').getByTestId('contact-link').click();
  await expect(page).toHaveURL((url) => url.pathname === `/release/${release.public_id}/contact`);
  await expect(
    page.getByRole('heading', { level: 1, name: c.aboutTitle.replace('{name}', release.name) }),
  ).toBeVisible();
  await expect(page.getByTestId('contact-member')).toContainText(name);
  await expect(page.locator('#field-name')).toHaveCount(0);
  await expect(page.locator('#field-email')).toHaveCount(0);
  await expect(page.getByTestId('bot-check')).toHaveCount(0);
  const subject = `Spine number ${tag}`;
  await page.locator('#field-subject').fill(subject);
  await page.locator('#field-message').fill('The spine number on the disc is different.');
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-sent')).toBeVisible();

  const admin = await newPage(browser, base);
  await loginByApi(admin.request, base, E2E_ADMIN.email);
  await gotoApp(admin, '/admin/messages');
  const item = admin.locator('article[data-contact-message]', { hasText: subject });
  await expect(item).toContainText(c.admin.about.replace('{name}', release.name));
  await expect(item.getByRole('link', { name })).toHaveAttribute('href', /\/user\//);
  await admin.context().close();
});
