import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import { claimAddress, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * The friends journey in both locales (texts from messages/en.json and messages/fi.json), two
 * members in browser contexts of their own:
 *  0. member A, without friends, finds an empty stream that leads to the users list, no
 *     notifications (and their settings one click away), and on A's own page a link to "Edit my
 *     data" instead of the friend button;
 *  1. member A opens member B's user page and sends a friend request with the friend button;
 *  2. B, already on a page, sees the bell in the top bar count one unseen notification without a
 *     reload (pushed through the local Soketi), opens it and reads the request;
 *  3. B accepts the request in its notification, A's bell counts the acceptance the same way,
 *     and B's /user/{B}/friends lists A with no request left waiting;
 *  4. A writes a review (through the API) and B finds it in /stream with A's name, the movie and
 *     the headline;
 *  5. A marks the film seen, and A's profile shows B the latest review, "1 watched" leading to
 *     the watched list, and the activity counts leading to their tabs; the users list says
 *     "1 review" after A's name.
 */

type Messages = typeof en;

/** Fills ICU `{name}` style arguments of a message (no plurals). */
function format(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** A member of the journey: its page (own browser context), name and public id. */
type Member = { page: Page; name: string; publicId: string };

/** Registers a new member in a browser context of its own, the cookie notice accepted. */
async function newMember(browser: Browser, baseURL: string, label: string): Promise<Member> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  const page = await context.newPage();
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  const name = `${label} ${tag}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL, ip, name, email: `${label.toLowerCase()}-${tag}@example.fi` });
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  const { public_id: publicId } = (await me.json()) as { public_id: string };
  return { page, name, publicId };
}

/**
 * Opens `path` and waits until the bell has joined the member's realtime channel (the channel
 * authorization answered), so a push sent afterwards reaches the page.
 */
async function gotoWithBell(page: Page, path: string): Promise<void> {
  const authorized = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/pusher/auth' && res.status() === 200,
  );
  await gotoApp(page, path);
  await authorized;
}

/** A movie of the seed catalogue found by the word `q`. */
async function movieOf(request: APIRequestContext, q: string): Promise<{ public_id: string; name: string }> {
  const res = await request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=24`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { movies: { public_id: string; name: string }[] }[] };
  const movie = items.flatMap((r) => r.movies)[0];
  expect(movie).toBeTruthy();
  return movie!;
}

for (const locale of ['en', 'fi'] as const) {
  const m: Messages = locale === 'fi' ? fi : en;
  const prefix = locale === 'fi' ? '/fi' : '';
  const f = m.users.friends;
  const oneNew = locale === 'fi' ? 'Ilmoitukset: 1 uusi' : 'Notifications: 1 new';
  const noneNew = locale === 'fi' ? 'Ilmoitukset: ei uusia' : 'Notifications: none new';

  test(`${locale}: a friend request rings the bell live, the friend accepts, and the friend's review is in the stream`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? 'http://localhost:3100';
    const a = await newMember(browser, base, 'Asker');
    const b = await newMember(browser, base, 'Buddy');

    // A, without friends yet: the stream is empty and leads to the users list, and A's own page
    // offers "Edit my data" where others' pages have the friend button.
    await gotoApp(a.page, `${prefix}/stream`);
    await expect(a.page.getByTestId('empty-state')).toContainText(m.social.stream.empty);
    await a.page.getByTestId('find-collectors').click();
    await expect(a.page).toHaveURL(new RegExp(`${prefix}/users$`));
    await gotoApp(a.page, `${prefix}/notifications`);
    const noNotices = a.page.getByTestId('empty-state');
    await expect(noNotices.locator('p').first()).toHaveText(m.notifications.title);
    await expect(noNotices).toContainText(m.notifications.empty);
    // Its settings link opens "Edit my data" at the e-mail and notification flags.
    await a.page.getByTestId('notification-settings-link').click();
    await expect(a.page).toHaveURL(new RegExp(`${prefix}/users/edit_my_data#notification-settings$`));
    await expect(a.page.locator('#notification-settings')).toBeInViewport();
    await gotoApp(a.page, `${prefix}/user/${a.publicId}`);
    await expect(a.page.getByTestId('edit-own-profile')).toHaveText(f.editOwn);
    await expect(a.page.getByTestId('friendship')).toHaveCount(0);

    // B waits on the home page, the bell showing nothing new.
    await gotoWithBell(b.page, `${prefix}/`);
    const bBell = b.page.getByRole('link', { name: noneNew });
    await expect(bBell).toBeVisible();
    await expect(b.page.getByTestId('notification-count')).toHaveCount(0);

    // A sends the request from B's user page.
    await gotoWithBell(a.page, `${prefix}/user/${b.publicId}`);
    await expect(a.page.getByRole('heading', { level: 1 })).toContainText(b.name);
    const aFriendship = a.page.getByTestId('friendship');
    await aFriendship.getByTestId('friend-request').click();
    await expect(aFriendship.getByTestId('friendship-status')).toHaveText(f.status.outgoing);
    await expect(aFriendship.getByTestId('friend-cancel')).toHaveText(f.button.cancel);
    await expect(a.page.getByTestId('snackbar')).toContainText(f.done.request);

    // B's bell counts it without a reload.
    const bCount = b.page.getByTestId('notification-count');
    await expect(bCount).toHaveText('1', { timeout: 10_000 });
    await expect(b.page.getByRole('link', { name: oneNew })).toBeVisible();
    await b.page.getByRole('link', { name: oneNew }).click();
    await expect(b.page).toHaveURL(new RegExp(`${prefix}/notifications$`));
    await expect(b.page.getByRole('main')).toContainText(
      format(m.notifications.types.friendRequest, { actor: a.name }),
    );
    await expect(bCount).toHaveCount(0);

    // B accepts in the notification itself; A's bell counts the acceptance, live as well.
    const request = b.page.getByTestId('notification').filter({ hasText: a.name });
    await request.getByTestId('friend-accept').click();
    await expect(request.getByTestId('friendship-status')).toHaveText(f.status.friends);
    await expect(request.getByRole('button')).toHaveCount(0);
    await expect(b.page.getByTestId('snackbar')).toContainText(f.done.accept);
    await expect(a.page.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 });
    // B's friends tab lists A, with no request left waiting.
    await gotoApp(b.page, `${prefix}/user/${b.publicId}/friends`);
    const incoming = b.page.getByTestId('friend-requests-incoming');
    await expect(incoming.getByRole('heading', { name: f.incoming })).toBeVisible();
    await expect(incoming).toContainText(f.incomingEmpty);
    await expect(
      b.page.getByTestId('friend-list').getByTestId('friend-item').filter({ hasText: a.name }),
    ).toBeVisible();

    // A's page of B now says they are friends.
    await a.page.reload();
    await expect(a.page.getByTestId('friendship-status')).toHaveText(f.status.friends);

    // A writes a review; B finds it in the stream.
    const movie = await movieOf(a.page.request, 'alien');
    const headline = `${locale === 'fi' ? 'Paras julkaisu' : 'Best edition'} ${uniqueTag()}`;
    const created = await a.page.request.post('/api/reviews', {
      headers: { origin: base },
      data: {
        movie: movie.public_id,
        headline,
        body: locale === 'fi' ? 'Kuva on terävä ja ääni laaja.' : 'The picture is sharp and the sound wide.',
        language: locale,
        rating_movie: '5',
      },
    });
    expect(created.status()).toBe(200);
    // …and marks the film seen (the watched list registration made).
    const seen = await a.page.request.post(`/api/titles/${movie.public_id}/toggles`, {
      headers: { origin: base },
      data: { kind: 'seen', on: true },
    });
    expect(seen.status()).toBe(200);

    await gotoApp(b.page, `${prefix}/stream`);
    await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(m.social.stream.title);
    const item = b.page.getByTestId('stream-review').filter({ hasText: headline });
    await expect(item).toBeVisible();
    await expect(item).toContainText(
      format(m.social.stream.kinds.review.replace(/<\/?\w+>/g, ''), { name: a.name, itemName: movie.name }),
    );
    await expect(item.getByRole('link', { name: headline })).toBeVisible();
    await expect(item.getByRole('link', { name: a.name })).toHaveAttribute('href', `${prefix}/user/${a.publicId}`);

    // A's profile sums up what A has done, each count leading to its tab.
    await item.getByRole('link', { name: a.name }).click();
    await expect(b.page).toHaveURL(new RegExp(`${prefix}/user/${a.publicId}$`));
    // The profile shows A's latest review, and what A's public lists hold ("1 watched"), which
    // leads to the one watched list.
    await expect(b.page.getByTestId('user-reviews').getByRole('link', { name: headline, exact: true })).toBeVisible();
    const collected = b.page.getByTestId('user-collected');
    await expect(collected.getByRole('heading', { level: 2 })).toHaveText(m.users.collected.title);
    await expect(collected.getByRole('link')).toHaveText([locale === 'fi' ? '1 nähty' : '1 watched']);
    await expect(collected.getByRole('link')).toHaveAttribute('href', new RegExp(`^${prefix}/collection/[^/]+$`));
    const activity = b.page.getByTestId('user-activity');
    await expect(activity.getByRole('heading', { level: 2 })).toHaveText(m.users.activity.title);
    await expect(activity.getByRole('link', { name: locale === 'fi' ? '1 kaveri' : '1 friend' })).toBeVisible();
    await activity.getByRole('link', { name: locale === 'fi' ? '1 arvostelu' : '1 review' }).click();
    await expect(b.page).toHaveURL(new RegExp(`${prefix}/user/${a.publicId}/reviews$`));
    await expect(b.page.getByRole('main').getByRole('link', { name: headline })).toBeVisible();

    // The users list says what A has written (A owns nothing yet).
    await gotoApp(b.page, `${prefix}/users?q=${encodeURIComponent(a.name)}`);
    await expect(b.page.getByTestId('user-item').filter({ hasText: a.name })).toHaveText(
      `${a.name} ${locale === 'fi' ? '1 arvostelu · ei pisteitä' : '1 review · no points'}`,
    );

    await a.page.context().close();
    await b.page.context().close();
  });
}

test('the realtime connection ends with the session: at logout, and at the next push once revoked elsewhere', async ({
  browser,
  baseURL,
}) => {
  const a = await newMember(browser, baseURL!, 'Closer');
  const b = await newMember(browser, baseURL!, 'Pinger');
  /** Resolves when the page's realtime socket (Soketi, pusher-js) closes. */
  const socketClosed = (page: Page) =>
    new Promise<void>((resolve) => {
      page.on('websocket', (ws) => ws.on('close', () => resolve()));
    });

  // Logout in this window: the bell goes with the member's corner and its socket closes.
  let closed = socketClosed(a.page);
  await gotoWithBell(a.page, '/');
  await a.page.getByTestId('user-widget').click();
  await a.page.getByTestId('logout').click();
  await closed;
  await expect(a.page.getByTestId('login-link')).toBeVisible();

  // Revoked from another window: "log out everywhere" there ends B's session; B's first window,
  // still subscribed, finds its session gone at the next push and closes its socket.
  const other = await browser.newContext({ baseURL });
  await other.addCookies(await b.page.context().cookies());
  closed = socketClosed(b.page);
  await gotoWithBell(b.page, '/');
  const everywhere = await other.request.delete('/api/me/sessions', { headers: { origin: baseURL! } });
  expect(everywhere.status(), await everywhere.text()).toBeLessThan(300);
  const c = await newMember(browser, baseURL!, 'Asker');
  const asked = await c.page.request.post(`/api/users/${b.publicId}/friendship`, {
    headers: { origin: baseURL! },
    data: { action: 'request' },
  });
  expect(asked.status()).toBe(200);
  await closed;
  await expect(b.page.getByTestId('login-link')).toBeVisible();
  await other.close();
});
