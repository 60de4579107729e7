import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import { claimAddress, PASSWORD, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Account journeys in both locales: register (the ALTCHA proof of work runs in the browser),
 * land logged in with a welcome snackbar and the user widget, log out, log in again (returning
 * to the page that asked), and a wrong password showing the spec's message with what was typed
 * kept. Each test claims its own client address (X-Forwarded-For, which `next start` passes on
 * when no proxy sits in front) so the per-IP registration limit of a reused data dir is not hit.
 */
for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          userName: 'Käyttäjänimi',
          email: 'Sähköposti',
          password: 'Salasana',
          password2: 'Salasana uudelleen',
          create: 'Luo käyttäjätili',
          welcome: 'Tervetuloa',
          loggedOut: 'Olet kirjautunut ulos.',
          login: 'Kirjaudu',
          wrong: 'Annetut tunnukset ovat virheelliset',
          logout: 'Kirjaudu ulos',
        }
      : {
          userName: 'User name',
          email: 'E-mail',
          password: 'Password',
          password2: 'Password again',
          create: 'Create account',
          welcome: 'Welcome',
          loggedOut: 'You have logged out.',
          login: 'Log in',
          wrong: 'The provided credentials are incorrect',
          logout: 'Log out',
        };

  test(`${locale}: register, log out, fail a login, log in again`, async ({ page }) => {
    const tag = uniqueTag();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(tag) });
    const name = `E2E Keräilijä ${tag}`;
    const email = `e2e-${tag}@example.fi`;

    await gotoApp(page, `${prefix}/register`);
    const submit = page.getByTestId('register-submit');
    await expect(submit).toBeDisabled();
    await page.getByLabel(text.userName).fill(name);
    await page.getByLabel(text.email).fill(email);
    await page.locator('#field-password').fill(PASSWORD);
    await page.getByLabel(text.password2).fill(PASSWORD);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByTestId('snackbar')).toContainText(`${text.welcome}, ${name}`, { timeout: 30_000 });
    await expect(page.getByTestId('user-widget')).toBeVisible();
    // The locale's front page exactly (`/` or `/fi`), not any URL ending in a slash or nothing.
    await expect(page).toHaveURL((url) => url.pathname === (prefix || '/') && url.search === '');

    await page.getByTestId('user-widget').click();
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('snackbar')).toContainText(text.loggedOut);
    await expect(page.getByTestId('login-link')).toBeVisible();

    // From a release listing: the login button opens the login dialog, which keeps the page.
    await gotoApp(page, `${prefix}/releases/4k`);
    await page.getByTestId('login-link').click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByLabel(text.email).fill(email);
    await dialog.locator('#field-password').fill('not-my-password');
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByTestId('form-error')).toHaveText(text.wrong);
    await expect(dialog.getByLabel(text.email)).toHaveValue(email);

    await dialog.locator('#field-password').fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === `${prefix}/releases/4k`);
    await expect(page.getByTestId('user-widget')).toBeVisible();

    // The login page returns to the page named by `next`.
    await page.getByTestId('user-widget').click();
    await page.getByTestId('logout').click();
    await gotoApp(page, `${prefix}/login?next=${encodeURIComponent('/releases/4k')}`);
    await page.getByLabel(text.email).fill(email);
    await page.locator('#field-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL((url) => url.pathname === `${prefix}/releases/4k`);
    await expect(page.getByTestId('user-widget')).toHaveAccessibleName(new RegExp(name));
  });
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
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          email: 'Sähköposti',
          sent: 'Jos osoitteella on käyttäjätili',
          newPassword2: 'Uusi salasana uudelleen',
          done: 'Salasanasi on vaihdettu',
        }
      : {
          email: 'E-mail',
          sent: 'If that address has an account',
          newPassword2: 'New password again',
          done: 'Your password is changed',
        };

  test(`${locale}: forgot password: the mailed link sets a new password that then logs in`, async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    const email = `reset-${tag}@example.fi`;
    await registerByApi(request, { baseURL: baseURL ?? 'http://localhost:3100', ip, name: `Reset ${tag}`, email });

    await gotoApp(page, `${prefix}/reset_password`);
    await page.getByLabel(text.email).fill(email);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-sent')).toContainText(text.sent);

    let mail = '';
    await expect.poll(() => (mail = latestMailTo(email))).toContain('reset_password?token=');
    const link = /https?:\/\/\S+reset_password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? '';
    expect(link).toContain(`${prefix}/reset_password?token=`);
    await gotoApp(page, new URL(link).pathname + new URL(link).search);
    const newPassword = `New-${PASSWORD}`;
    await page.locator('#field-password').fill(newPassword);
    await page.getByLabel(text.newPassword2).fill(newPassword);
    await page.getByTestId('redeem-submit').click();
    await expect(page).toHaveURL((url) => url.pathname === `${prefix}/login`);
    await expect(page.getByTestId('snackbar')).toContainText(text.done);
    await page.getByLabel(text.email).fill(email);
    await page.locator('#field-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-widget')).toBeVisible();
  });
}

for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          municipality: 'Paikkakunta',
          invalid: 'Virheellinen arvo',
          saved: 'Muutokset on tallennettu.',
          nothing: 'Ei päivitettävää',
          deleted: 'Käyttäjätilisi on poistettu.',
          irreversible: 'Poistoa ei voi perua',
          wrong: 'Annetut tunnukset ovat virheelliset',
          email: 'Sähköposti',
          expires: 'Vanhenee',
        }
      : {
          municipality: 'Municipality',
          invalid: 'Invalid value',
          saved: 'Your changes are saved.',
          nothing: 'Nothing to update',
          deleted: 'Your account is deleted.',
          irreversible: 'This cannot be undone',
          wrong: 'The provided credentials are incorrect',
          email: 'E-mail',
          expires: 'Expires',
        };

  test(`${locale}: edit my data, then delete the account`, async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    const email = `edit-${tag}@example.fi`;
    // page.request shares the browser's cookies: the registration logs this page in.
    await registerByApi(page.request, {
      baseURL: baseURL ?? 'http://localhost:3100',
      ip,
      name: `Editor ${tag}`,
      email,
    });

    await gotoApp(page, `${prefix}/users/edit_my_data`);
    await page.getByLabel(text.municipality).fill('Tampere');
    await page.getByRole('textbox', { name: 'Facebook' }).fill('facebook dot com');
    await page.getByTestId('profile-save').click();
    await expect(page.locator('#field-facebookUrl-error')).toHaveText(text.invalid);
    await expect(page.getByLabel(text.municipality)).toHaveValue('Tampere');
    await page.getByRole('textbox', { name: 'Facebook' }).fill('https://www.facebook.com/editor');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar')).toContainText(text.saved);
    await gotoApp(page, `${prefix}/users/edit_my_data`);
    await expect(page.getByLabel(text.municipality)).toHaveValue('Tampere');

    // A profile picture: uploaded, shown; a file that is not a picture gets the spec's kind of message.
    // At phone width the round placeholder and the picture keep their 96 px beside the file field.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await page.getByTestId('picture-placeholder').boundingBox())?.width).toBe(96);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#b4231f' } })
      .png()
      .toBuffer();
    await page.locator('#field-picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('picture-preview')).toBeVisible();
    expect((await page.getByTestId('picture-preview').boundingBox())?.width).toBe(96);
    if (viewport) await page.setViewportSize(viewport);
    await page
      .locator('#field-picture')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await expect(page.getByTestId('picture-error')).toBeVisible();

    // A personal API token: the password asked again, shown once, listed with its expiry, works as a
    // Bearer token, stops working when revoked.
    await page.locator('#field-token-name').fill('my script');
    await page.locator('#field-token-current').fill(PASSWORD);
    await page.getByTestId('token-create').click();
    const token = await page.getByTestId('new-token').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const api = await playwrightRequest.newContext({ baseURL });
    expect((await api.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await expect(page.getByTestId('tokens')).toContainText(text.expires);
    await page.getByTestId('tokens').getByRole('button').first().click();
    await expect(page.getByTestId('tokens')).not.toContainText('my script');
    expect((await api.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await api.dispose();

    await page.getByTestId('delete-account').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(text.irreversible);
    // Deletion asks for the password again: a wrong one is refused and the account stays.
    await dialog.locator('#field-delete-current').fill('not-my-password');
    await dialog.getByTestId('delete-confirm').click();
    await expect(dialog.locator('#field-delete-current-error')).toHaveText(text.wrong);
    await dialog.locator('#field-delete-current').fill(PASSWORD);
    await dialog.getByTestId('delete-confirm').click();
    await expect(page.getByTestId('snackbar')).toContainText(text.deleted);
    await expect(page.getByTestId('login-link')).toBeVisible();

    await gotoApp(page, `${prefix}/login`);
    await page.getByLabel(text.email).fill(email);
    await page.locator('#field-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('form-error')).toHaveText(text.wrong);
  });
}

test('users list, a profile and its sections show public fields only, with empty states', async ({ page, baseURL }) => {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  const email = `listed-${tag}@example.fi`;
  await registerByApi(page.request, { baseURL: baseURL ?? 'http://localhost:3100', ip, name: `Listed ${tag}`, email });

  const res = await gotoApp(page, `/users?q=${tag}`);
  expect(await res?.text()).not.toContain(email);
  // The member tells where they live; the list says so and finds them by country.
  const origin = new URL(baseURL ?? 'http://localhost:3100').origin;
  const saved = await page.request.patch('/api/me', {
    headers: { origin },
    data: { country: '4', municipality: 'Tampere' },
  });
  expect(saved.status()).toBe(200);
  await gotoApp(page, `/users?q=${tag}`);
  const search = page.getByTestId('users-search');
  await search.getByLabel('Country').selectOption('4');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/users\\?q=${tag}&country=4$`));
  await expect(page.getByTestId('user-item')).toHaveText(`Listed ${tag} Tampere, Finland · no points`);
  await gotoApp(page, `/users?q=${tag}&country=5`);
  await expect(page.getByTestId('user-item')).toHaveCount(0);
  await expect(page.getByText('No member matches these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Show all members' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await gotoApp(page, `/users?q=${tag}`);
  await page
    .getByTestId('user-list')
    .getByRole('link', { name: `Listed ${tag}` })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Listed ${tag}`);
  await page.getByTestId('subpage-tabs').getByRole('link', { name: 'Collections' }).click();
  await expect(page).toHaveURL(/\/user\/[A-Za-z0-9_-]{10}\/collections$/);
  // Every user starts with the two default lists, empty.
  await expect(page.getByTestId('collection-list')).toContainText('Watched movies');
  await expect(page.getByTestId('collection-list')).toContainText('Movies I want to see');
  await page.getByTestId('subpage-tabs').getByRole('link', { name: 'Likes' }).click();
  await expect(page.getByText(`Listed ${tag} has not liked any movies or releases yet.`)).toBeVisible();
  await expect(page.getByText(`Listed ${tag} has not liked any reviews, discussions or comments yet.`)).toBeVisible();
  await gotoApp(page, `/fi${new URL(page.url()).pathname.replace(/\/likes$/, '/score')}`);
  await expect(page.getByText(`Käyttäjällä Listed ${tag} ei ole vielä pisteitä.`)).toBeVisible();
});

// Browsers drop tabs and newlines from URLs, so `/<tab>/evil.example/x` would become
// `//evil.example/x`: another site. A password login with such a `next` stays on this site.
for (const [label, encoded] of [
  ['tab', '%09'],
  ['newline', '%0A'],
] as const) {
  test(`a password login on /login?next=/${encoded}/evil.example/x stays on the site (${label})`, async ({
    page,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const site = baseURL ?? 'http://localhost:3100';
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    const email = `next-${tag}@example.fi`;
    // Registered from a context of its own, so the page starts logged out.
    const api = await playwrightRequest.newContext({ baseURL: site });
    await registerByApi(api, { baseURL: site, ip, name: `Next ${tag}`, email });
    await api.dispose();

    await gotoApp(page, `/login?next=/${encoded}/evil.example/x`);
    await page.getByLabel('E-mail').fill(email);
    await page.locator('#field-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-widget')).toBeVisible();
    await expect(page).toHaveURL((url) => url.origin === new URL(site).origin && url.pathname === '/');
    expect(page.url()).not.toContain('evil.example');
  });
}
