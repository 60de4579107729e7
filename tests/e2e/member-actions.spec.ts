import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { claimAddress, PASSWORD, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';
import { OAUTH_MOCK_URL } from './support/ports';

/**
 * Member actions for visitors: a click on a toggle opens the login dialog with 'You must
 * be logged in to use this feature'; after logging in, in the dialog or through Google and back,
 * the browser is on the same URL with the action completed. Facebook/Google run against the local
 * OAuth server of the global setup; the `mock_account` cookie on its origin picks the account.
 */

/** The public id of the first item of a catalogue list endpoint. */
async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { public_id: string }[] }).items[0].public_id;
}

/** Makes the local OAuth server log this browser in as the given provider account. */
async function useProviderAccount(page: Page, account: { id: string; name: string; email: string }): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'mock_account', value: encodeURIComponent(JSON.stringify(account)), url: OAUTH_MOCK_URL }]);
}

for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          prompt: 'Tämän toiminnon käyttö vaatii kirjautumisen.',
          email: 'Sähköposti',
          added: 'Lisätty omistamiisi julkaisuihin',
          removed: 'Poistettu omistamistasi julkaisuista',
        }
      : {
          prompt: 'You must be logged in to use this feature',
          email: 'E-mail',
          added: 'Added to the releases you own',
          removed: 'Removed from the releases you own',
        };

  test(`${locale}: a visitor's HAVE asks for a login in the dialog, then is completed on the same page`, async ({
    page,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const email = `have-${tag}@example.fi`;
    const api = await playwrightRequest.newContext({ baseURL });
    await registerByApi(api, { baseURL: baseURL ?? 'http://localhost:3100', ip, name: `Owner ${tag}`, email });
    await api.dispose();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });

    const releasePath = `${prefix}/release/${await firstId(page.request, '/api/releases?fo=7&limit=1')}`;
    await gotoApp(page, releasePath);
    const have = page.getByTestId('toggle-have');
    await expect(have).toHaveAttribute('aria-pressed', 'false');
    await have.click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.prompt);
    await dialog.getByLabel(text.email).fill(email);
    await dialog.locator('#field-password').fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(new RegExp(`${releasePath}$`));
    await expect(have).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('snackbar')).toContainText(text.added);
    await expect(page.getByTestId('user-widget')).toBeVisible();

    await have.click();
    await expect(have).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('snackbar')).toContainText(text.removed);
  });
}

test('Google: a new user registers after "user not found", and the like that asked for the login is completed', async ({
  page,
}) => {
  const tag = uniqueTag();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(tag) });
  await useProviderAccount(page, { id: `google-${tag}`, name: `Gia ${tag}`, email: `gia-${tag}@example.test` });

  const moviePath = `/movie/${await firstId(page.request, '/api/titles?limit=1')}`;
  await gotoApp(page, moviePath);
  const like = page.getByTestId('toggle-like');
  await like.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You must be logged in to use this feature');
  await dialog.getByTestId('social-google').click();

  await expect(page).toHaveURL(/\/login\?social=google/);
  await expect(page.getByTestId('social-not-found')).toContainText('Google user not found');
  await page.getByTestId('social-register').click();

  await expect(page).toHaveURL(new RegExp(`${moviePath}$`));
  await expect(page.getByTestId('user-widget')).toHaveAccessibleName(new RegExp(`Gia ${tag}`));
  await expect(like).toHaveAttribute('aria-pressed', 'true');
});

test('fi: a returning Google user logs in from the dialog and is back on the same page', async ({ page, browser }) => {
  const tag = uniqueTag();
  const account = { id: `google-back-${tag}`, name: `Paluu ${tag}`, email: `paluu-${tag}@example.test` };
  // First visit registers the Google account (in a browser context of its own).
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  await firstPage.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(tag) });
  await useProviderAccount(firstPage, account);
  await gotoApp(firstPage, '/fi/login');
  await firstPage.getByTestId('social-google').click();
  await firstPage.getByTestId('social-register').click();
  await expect(firstPage.getByTestId('user-widget')).toBeVisible();
  await first.close();

  await useProviderAccount(page, account);
  const releasePath = `/fi/release/${await firstId(page.request, '/api/releases?fo=1&limit=1')}`;
  await gotoApp(page, releasePath);
  await page.getByTestId('login-link').click();
  await page.getByRole('dialog').getByTestId('social-google').click();
  await expect(page).toHaveURL(new RegExp(`${releasePath}$`));
  await expect(page.getByTestId('user-widget')).toHaveAccessibleName(new RegExp(`Paluu ${tag}`));
});
