import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { claimAddress, PASSWORD, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';
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

/**
 * Every member action a visitor can reach, each in a browser of its own: the click shows 'You
 * must be logged in to use this feature' in the login dialog on the page where it was made, and
 * after logging in there the action is ready: the form it leads to is open, or it is done.
 */
test.describe('every member action of a visitor asks for the login where it is, then is ready', () => {
  type Action = {
    name: string;
    /** The page the visitor is on (inside the locale). */
    from: string;
    /** What the visitor presses there. */
    press: (page: Page) => Promise<void>;
    /** After the login: where the browser is (a regular expression of the path) and what is ready. */
    then: { url: RegExp; ready: (page: Page) => Promise<void> };
  };
  let account: { email: string; name: string };
  let ids: { movie: string; release: string; post: string; user: string };

  test.beforeAll(async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const author = uniqueTag();
    await registerByApi(api, {
      baseURL: baseURL!,
      ip: claimAddress(author),
      name: `Author ${author}`,
      email: `author-${author}@example.fi`,
    });
    const me = (await (await api.get('/api/me')).json()) as { public_id: string };
    const releases = (await (await api.get('/api/releases?fo=7&limit=5')).json()) as {
      items: { public_id: string; movies: { public_id: string }[] }[];
    };
    const release = releases.items.find((r) => r.movies.length)!;
    const post = await api.post('/api/posts', {
      headers: { origin: baseURL! },
      data: { headline: `Visitors welcome ${author}`, body: 'Tell us what you think.', language: 'en' },
    });
    expect(post.status(), await post.text()).toBe(200);
    ids = {
      movie: release.movies[0]!.public_id,
      release: release.public_id,
      post: ((await post.json()) as { public_id: string }).public_id,
      user: me.public_id,
    };
    await api.dispose();
    const tag = uniqueTag();
    account = { email: `visitor-${tag}@example.fi`, name: `Visitor ${tag}` };
    const reg = await playwrightRequest.newContext({ baseURL });
    await registerByApi(reg, { baseURL: baseURL!, ip: claimAddress(tag), ...account });
    await reg.dispose();
  });

  const actions = (): Action[] => [
    {
      name: 'write a review',
      from: `/movie/${ids.movie}/reviews`,
      press: (p) => p.getByTestId('review-write').click(),
      then: { url: /\/reviews\/new\?movie=/, ready: (p) => expect(p.getByTestId('review-form')).toBeVisible() },
    },
    {
      name: 'start a discussion',
      from: `/release/${ids.release}/posts`,
      press: (p) => p.getByTestId('post-write').click(),
      then: { url: /\/posts\/new\?release=/, ready: (p) => expect(p.getByTestId('post-form')).toBeVisible() },
    },
    {
      name: 'reply',
      from: `/post/${ids.post}`,
      press: (p) => p.getByTestId('comment-login').click(),
      then: {
        url: new RegExp(`/post/${ids.post}$`),
        ready: (p) => expect(p.getByTestId('comment-submit')).toBeVisible(),
      },
    },
    {
      name: 'like',
      from: `/post/${ids.post}`,
      press: (p) => p.getByTestId('like-post').click(),
      then: {
        url: new RegExp(`/post/${ids.post}$`),
        ready: (p) => expect(p.getByTestId('like-post')).toHaveAttribute('aria-pressed', 'true'),
      },
    },
    {
      name: 'add friend',
      from: `/user/${ids.user}`,
      press: (p) => p.getByTestId('friend-request').click(),
      then: {
        url: new RegExp(`/user/${ids.user}$`),
        ready: (p) => expect(p.getByTestId('friend-cancel')).toBeVisible(),
      },
    },
    {
      name: 'WANTED',
      from: `/release/${ids.release}`,
      press: (p) => p.getByTestId('toggle-wanted').click(),
      then: {
        url: new RegExp(`/release/${ids.release}$`),
        ready: (p) => expect(p.getByTestId('toggle-wanted')).toHaveAttribute('aria-pressed', 'true'),
      },
    },
    {
      name: 'add to collection',
      from: `/release/${ids.release}`,
      press: (p) => p.getByTestId('add-to-collection-open').click(),
      then: {
        url: new RegExp(`/release/${ids.release}$`),
        ready: (p) => expect(p.getByTestId('add-to-collection')).toBeVisible(),
      },
    },
    {
      name: 'suggest an edit',
      from: `/release/${ids.release}`,
      press: (p) => p.getByTestId('item-foot-links').getByRole('link', { name: 'Suggest an edit' }).click(),
      then: {
        url: new RegExp(`/release/${ids.release}/edit$`),
        ready: (p) => expect(p.getByTestId('catalogue-form')).toBeVisible(),
      },
    },
  ];

  for (const name of [
    'write a review',
    'start a discussion',
    'reply',
    'like',
    'add friend',
    'WANTED',
    'add to collection',
    'suggest an edit',
  ]) {
    test(name, async ({ browser, baseURL }) => {
      const action = actions().find((a) => a.name === name)!;
      const context = await browser.newContext({ baseURL });
      await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL! }]);
      const page = await context.newPage();
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': claimAddress(uniqueTag()) });
      await gotoApp(page, action.from);
      await expect(page.getByTestId('login-link')).toBeVisible();
      await action.press(page);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('You must be logged in to use this feature');
      // The visitor is still where the action was pressed.
      expect(new URL(page.url()).pathname).toBe(action.from);
      await dialog.getByLabel('E-mail').fill(account.email);
      await dialog.locator('#field-password').fill(PASSWORD);
      await dialog.getByTestId('login-submit').click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(action.then.url);
      await action.then.ready(page);
      await context.close();
    });
  }
});
