import type { APIRequestContext, Page } from '@playwright/test';
import { claimAddress, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test, testWithCookieNotice, waitForApp } from './support/fixtures';

/** App shell journeys: locales, language switch, 404, cookie notice, version prompt, scroll, drawer, search. */

test.describe('locales', () => {
  test('home loads in English at /', async ({ page }) => {
    const response = await gotoApp(page, '/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/\S/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'DiscShelf front page' })).toHaveText('DiscShelf');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Out now' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home video labels' })).toHaveAttribute('href', '/labels');
    await expect(page.getByRole('button', { name: 'Search movies, releases and people' })).toBeVisible();
    // The Finnish-only menu is not in the English locale.
    await expect(page.getByTestId('nav-group-finnishMenu')).toHaveCount(0);
  });

  test('/fi is in Finnish with the Finnish-only menu', async ({ page }) => {
    await gotoApp(page, '/fi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    const nav = page.getByRole('navigation', { name: 'Päävalikko' });
    await expect(nav.getByRole('link', { name: 'Juuri ilmestyneet' })).toHaveAttribute('href', '/fi/releases/out_now');
    await expect(nav.getByRole('link', { name: 'Leikatut julkaisut' })).toHaveAttribute(
      'href',
      '/fi/releases/finnish_censorship',
    );
    await expect(nav.getByRole('link', { name: 'Suomalaiset videojulkaisut' })).toHaveAttribute(
      'href',
      '/fi/releases/finnish_video_releases',
    );
    await expect(nav.getByRole('link', { name: 'Roskavideot' })).toHaveAttribute('href', '/fi/trashvideo');
    await expect(page.getByRole('button', { name: 'Hae elokuvia, julkaisuja ja henkilöitä' })).toBeVisible();
  });

  test('the language switch keeps the page and its query string', async ({ page }) => {
    await gotoApp(page, '/terms-of-service?ref=e2e');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/fi\/terms-of-service\?ref=e2e$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL((url) => url.pathname === '/terms-of-service' && url.search === '?ref=e2e');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  });
});

test.describe('404', () => {
  test('an unknown path redirects to /404 in English', async ({ page, request }) => {
    const raw = await request.get('/no/such/page-e2e', { maxRedirects: 0 });
    expect([307, 308]).toContain(raw.status());
    expect(raw.headers()['location']).toMatch(/\/404$/);

    await gotoApp(page, '/no/such/page-e2e');
    expect(new URL(page.url()).pathname).toBe('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found. Try these pages' })).toBeVisible();
    const alternatives = page.getByRole('navigation', { name: 'Alternative pages' });
    for (const href of ['/releases', '/movies', '/labels', '/persons', '/']) {
      await expect(alternatives.locator(`a[href="${href}"]`)).toBeVisible();
    }
  });

  test('an unknown path redirects to /fi/404 in Finnish', async ({ page }) => {
    await gotoApp(page, '/fi/ei-tallaista-sivua');
    expect(new URL(page.url()).pathname).toBe('/fi/404');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sivua ei löytynyt. Kokeile näitä sivuja' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Vaihtoehtoiset sivut' }).locator('a[href="/fi/releases"]'),
    ).toBeVisible();
  });
});

testWithCookieNotice(
  'the cookie notice shows until accepted and stays accepted for 180 days',
  async ({ page, context }) => {
    await gotoApp(page, '/');
    const notice = page.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { name: 'Cookies' })).toBeVisible();
    await notice.getByRole('button', { name: 'OK, got it' }).click();
    await expect(notice).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === COOKIE_CONSENT_NAME);
    expect(cookie?.value).toBe('1');
    const lifetimeS = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetimeS).toBeGreaterThan(15_552_000 - 120);
    expect(lifetimeS).toBeLessThanOrEqual(15_552_000 + 5);

    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  },
);

test('a new version on the server prompts to reload; cancel and reload work', async ({ page }) => {
  let served = 'e2e-new-version-1';
  const requested: string[] = [];
  await page.route('**/version.json*', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ json: { version: served } });
  });
  // Fake timers: the real 30-minute interval (or the test override) without waiting for it.
  await page.clock.install();
  await gotoApp(page, '/');
  const prompt = page.getByRole('alertdialog', { name: 'A new version is available' });
  await expect(prompt).toHaveCount(0);

  // The check's code loads after the page: advance the clock until it has run (the first run
  // usually suffices).
  await expect
    .poll(async () => {
      await page.clock.runFor(31 * 60_000);
      return prompt.count();
    })
    .toBe(1);
  await expect(prompt).toBeVisible();
  expect(requested.length).toBeGreaterThan(0);
  expect(new URL(requested[0]).searchParams.get('ts')).toMatch(/^\d+$/);

  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  // The dismissed version does not prompt again.
  await page.clock.runFor(31 * 60_000);
  await expect(prompt).toHaveCount(0);

  // Another version does, and Reload reloads the page.
  served = 'e2e-new-version-2';
  await page.evaluate(() => {
    (window as unknown as { __beforeReload?: boolean }).__beforeReload = true;
  });
  await page.clock.runFor(31 * 60_000);
  await expect(prompt).toBeVisible();
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload ?? false)).toBe(
    false,
  );
});

test('scroll position is restored on back navigation and reset on new navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await gotoApp(page, '/privacy-policy');
  const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(maxScroll).toBeGreaterThan(300);
  // Scrolled to the bottom, so the footer link is in view and clicking it scrolls nothing.
  const target = maxScroll;
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(target);
  // The scroll manager has recorded the position (sessionStorage, per path) before we navigate away.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (JSON.parse(sessionStorage.getItem('discshelf:scroll') ?? '{}') as Record<string, number>)['/privacy-policy'],
      ),
    )
    .toBe(target);

  await page.getByTestId('footer-terms').click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(target - 2);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(target + 2);

  // A new navigation from a scrolled page starts at the top again.
  await page.getByTestId('footer-serviceInfo').click();
  await expect(page).toHaveURL(/\/service-info$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('drawer', () => {
  test('at 390 px it is hidden and toggled by the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoApp(page, '/');
    const drawer = page.locator('#drawer');
    const toggle = page.getByTestId('menu-toggle');
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAccessibleName('Open menu');
    // Nothing overflows sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await toggle.click();
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'Out now' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await drawer.getByRole('link', { name: 'Service info' }).click();
    await expect(page).toHaveURL(/\/service-info$/);
    await expect(drawer).toBeHidden();
  });

  test('at 1280 px it is visible and the menu button collapses it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoApp(page, '/');
    const drawer = page.locator('#drawer');
    const toggle = page.getByTestId('menu-toggle');
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = await drawer.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBeGreaterThan(200);
    await toggle.click();
    await expect(drawer).toBeHidden();
    await toggle.click();
    await expect(drawer).toBeVisible();
  });
});

test.describe('search dialog', () => {
  test('opens from the top bar and shows grouped results', async ({ page }) => {
    await gotoApp(page, '/');
    const opener = page.getByRole('button', { name: 'Search movies, releases and people' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Search the catalogue' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('searchbox', { name: 'Search terms' });
    await expect(input).toBeFocused();

    // Accent-insensitive, grouped: "pokemon" finds "Pokémon" titles and releases. (The brief's
    // example "amelie" has no match: the seed holds no "Amélie" and search is substring-based.)
    await input.fill('pokemon');
    const movies = dialog.getByRole('region', { name: 'Movies and TV' });
    await expect(movies).toBeVisible({ timeout: 20_000 });
    await expect(movies.getByRole('link', { name: /Pokémon/ }).first()).toHaveAttribute('href', /^\/movie\/[\w-]+$/);
    const releases = dialog.getByRole('region', { name: 'Releases' });
    await expect(releases.getByRole('link', { name: /Pokémon/ }).first()).toHaveAttribute(
      'href',
      /^\/release\/[\w-]+$/,
    );
    await expect(dialog.getByText('Complex search warning', { exact: true })).toHaveCount(0);

    // Keyboard: ArrowDown moves from the field to the first result.
    await input.press('ArrowDown');
    await expect(dialog.locator('a[data-search-result]').first()).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a one-letter query shows the complex search warning', async ({ page }) => {
    await gotoApp(page, '/');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the catalogue' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search terms' }).fill('a');
    await expect(dialog.getByText('Complex search warning', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('a query without matches says No results', async ({ page }) => {
    await gotoApp(page, '/');
    await page.getByRole('button', { name: 'Search movies, releases and people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the catalogue' });
    await dialog.getByRole('searchbox', { name: 'Search terms' }).fill('zqxjwv qqqzzz');
    await expect(dialog.getByText('No results', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('a full group leads to its list, whose search field holds the words and keeps the filters', async ({ page }) => {
    await gotoApp(page, '/');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the catalogue' });
    await dialog.getByRole('searchbox', { name: 'Search terms' }).fill('alien');
    await dialog.getByTestId('search-see-all-movies').click({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/movies\?/);
    const params = () => Object.fromEntries(new URL(page.url()).searchParams);
    expect(params()).toEqual({ q: 'alien', fi: 'movie,tv_series,tv_episode', so: 'name' });
    const field = page.getByTestId('title-search').getByRole('searchbox', { name: 'Search by name' });
    await expect(field).toHaveValue('alien');
    // By name, the film itself comes first.
    await expect(page.getByRole('heading', { name: /^Alien/ }).first()).toHaveText('Alien');
    // New words keep the types and the order.
    await field.fill('alien 3');
    await field.press('Enter');
    await expect(page).toHaveURL(/q=alien\+3/);
    expect(params()).toEqual({ q: 'alien 3', fi: 'movie,tv_series,tv_episode', so: 'name' });
    await expect(page.getByTestId('title-search').getByRole('searchbox')).toHaveValue('alien 3');
  });

  test('the labels page searches label names, and a misspelt name is offered its close spelling', async ({ page }) => {
    await gotoApp(page, '/fi/labels');
    const all = await page.getByTestId('label-item').count();
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Hae nimellä' });
    await field.fill('criterion');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/fi\/labels\?q=criterion$/);
    await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('criterion');
    const found = page.getByTestId('label-item');
    await expect(found.first()).toContainText('Criterion');
    expect(await found.count()).toBeLessThan(all);
    for (const name of await found.getByRole('link').allTextContents()) expect(name).toMatch(/criterion/i);
    await gotoApp(page, '/fi/labels?q=critereon');
    await expect(page.getByTestId('label-item')).toContainText(['The Criterion Collection']);
    await page.getByTestId('search-did-you-mean').click();
    await expect(page).toHaveURL(/\/fi\/labels\?q=criterion$/);
    await gotoApp(page, '/fi/labels?q=zqxjwv');
    await expect(page.getByText('Haulla ei löytynyt julkaisijoita.')).toBeVisible();
  });

  test('a person and a title find the film through cast and crew, and the person is a link away', async ({ page }) => {
    await gotoApp(page, '/fi');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Hae tietokannasta' });
    await dialog.getByRole('searchbox', { name: 'Hakusanat' }).fill('kurosawa samurai');
    const marker = dialog.getByTestId('search-credits');
    await expect(marker).toContainText('Löytyi näyttelijöiden ja tekijöiden kautta', { timeout: 20_000 });
    await expect(marker).toContainText('”samurai”');
    await expect(
      dialog.getByRole('region', { name: 'Elokuvat ja TV' }).getByRole('link', { name: /Seven Samurai \(1954\)/ }),
    ).toBeVisible();
    await marker.getByRole('link', { name: 'Akira Kurosawa' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/fi\/person\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Akira Kurosawa' })).toBeVisible();
  });
});

/** The public id of a seed release that has a label (its page is one of the cached item pages). */
async function someRelease(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/releases?limit=1');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { public_id: string }[] };
  return items[0].public_id;
}

/** Collects the console messages of `page` that report a Content Security Policy violation. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/Content[ -]Security[ -]Policy/i.test(msg.text())) found.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/Content[ -]Security[ -]Policy/i.test(error.message)) found.push(`pageerror: ${error.message}`);
  });
  return found;
}

test.describe('security headers (lib/server/security-headers.ts, set by scripts/serve.ts)', () => {
  const expectSecurityHeaders = (headers: Record<string, string>, what: string) => {
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).not.toContain('nonce-');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], what).toContain('camera=(self)');
    expect(headers['permissions-policy'], what).toContain('microphone=()');
    expect(headers['x-request-id'], what).toMatch(/^[\w.-]{1,64}$/);
  };

  test('a cached release page (x-nextjs-cache HIT), account pages and API answers carry them', async ({ request }) => {
    const path = `/release/${await someRelease(request)}`;
    await request.get(path);
    const cached = await request.get(path);
    expect(cached.status()).toBe(200);
    expect(cached.headers()['x-nextjs-cache']).toBe('HIT');
    expectSecurityHeaders(cached.headers(), path);
    for (const account of ['/login', '/register', '/fi/users/edit_my_data']) {
      const res = await request.get(account, { maxRedirects: 0 });
      expect(res.status(), account).toBeLessThan(500);
      expectSecurityHeaders(res.headers(), account);
    }
    const api = await request.get('/api/me');
    expectSecurityHeaders(api.headers(), '/api/me');
    // Two requests, two ids.
    expect(cached.headers()['x-request-id']).not.toBe(api.headers()['x-request-id']);
  });

  test('an address with invalid UTF-8 or NUL answers 400 with the headers, never a 500 or a search for U+FFFD', async ({
    request,
  }) => {
    const badText = { error: 'The request contains a NUL character or text that is not valid UTF-8' };
    for (const path of [
      '/api/releases?q=%FF',
      '/api/releases?q=%ED%A0%80',
      '/api/releases/a%FFb',
      '/api/releases?%FF=1',
    ]) {
      const res = await request.get(path);
      expect([path, res.status(), await res.json()]).toEqual([path, 400, badText]);
      expectSecurityHeaders(res.headers(), path);
    }
    for (const [path, text] of [
      ['/releases?q=%FF', 'Bad request: the address contains a NUL character or invalid UTF-8'],
      ['/fi/releases?cursor=%C3%28', 'Virheellinen pyyntö: osoitteessa on NUL-merkki tai virheellistä UTF-8-koodausta'],
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect([path, res.status(), await res.text()]).toEqual([path, 400, text]);
    }
    // Clean non-ASCII text still reaches the app.
    const clean = await request.get('/api/releases?q=am%C3%A9lie');
    expect(clean.status()).toBe(200);
  });

  test('a method an API path does not serve answers 405 JSON with the Allow header; other answers pass untouched', async ({
    request,
  }) => {
    const release = await someRelease(request);
    for (const [method, path, allow] of [
      ['PUT', '/api/releases', 'GET, HEAD, OPTIONS'],
      ['DELETE', `/api/releases/${release}?limit=2`, 'GET, HEAD, OPTIONS'],
      ['GET', '/api/login', 'OPTIONS, POST'],
      ['PATCH', '/api/reviews', 'GET, HEAD, OPTIONS, POST'],
    ]) {
      const res = await request.fetch(path, { method });
      const what = `${method} ${path}`;
      expect([what, res.status(), res.headers()['allow'], res.headers()['content-type']]).toEqual([
        what,
        405,
        allow,
        'application/json',
      ]);
      expect(await res.json()).toEqual({
        error: `Method ${method} is not allowed on this path: the Allow header lists the ones it serves`,
      });
      expectSecurityHeaders(res.headers(), what);
    }
    // HEAD gets the status and headers without a body; other statuses pass untouched.
    const head = await request.head('/api/login');
    expect([head.status(), head.headers()['allow'], (await head.body()).length]).toEqual([405, 'OPTIONS, POST', 0]);
    const ok = await request.get(`/api/releases/${release}`);
    expect([ok.status(), ok.headers()['allow']]).toEqual([200, undefined]);
    const unknown = await request.fetch('/api/no-such-endpoint', { method: 'PUT' });
    expect([unknown.status(), await unknown.json()]).toEqual([404, { error: '404 not found' }]);
  });

  test('static files (lib/server/static-files.ts): precompressed brotli or gzip, a year of cache, the same headers', async ({
    request,
  }) => {
    const html = await (await request.get('/terms-of-service')).text();
    const src = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src, 'a script of the page').toBeTruthy();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await request.get(src!, { headers: { 'accept-encoding': accept } });
      expect([accept, res.status(), res.headers()['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(res.headers()['cache-control']).toBe('public,max-age=31536000,immutable');
      expect(res.headers()['vary']).toBe('Accept-Encoding');
      expectSecurityHeaders(res.headers(), src!);
    }
  });

  test('no Content Security Policy violations: home, a release page, the register page with the ALTCHA proof of work', async ({
    page,
    request,
  }) => {
    const violations = cspViolations(page);
    await gotoApp(page, '/');
    await gotoApp(page, `/release/${await someRelease(request)}`);
    await gotoApp(page, '/register');
    // The widget appears after its chunk loads; verify() runs the proof of work in its Web Worker.
    await page.waitForFunction(() => typeof document.querySelector('altcha-widget')?.verify === 'function', null, {
      timeout: 30_000,
    });
    const payload = await page.evaluate(async () => (await document.querySelector('altcha-widget')!.verify())?.payload);
    expect(payload).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(violations).toEqual([]);
  });

  test('no Content Security Policy violations for a member: the bell connects to the realtime server', async ({
    page,
    baseURL,
  }) => {
    const violations = cspViolations(page);
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, {
      baseURL: baseURL ?? 'http://localhost:3100',
      ip,
      name: `CSP ${tag}`,
      email: `csp-${tag}@example.fi`,
    });
    // The channel authorization is asked only once pusher-js has its WebSocket open (a socket id).
    const authorized = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/pusher/auth' && res.status() === 200,
    );
    await gotoApp(page, '/');
    await authorized;
    await expect(page.getByTestId('user-widget')).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test("a visitor's page settles: the /api/session it asks answers 200 (no failing request) and completes, so the network goes idle", async ({
  page,
}) => {
  const failing: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failing.push(`${res.status()} ${res.url()}`);
  });
  const session = page.waitForEvent('requestfinished', (req) => new URL(req.url()).pathname === '/api/session');
  // Fails with a timeout while any request the page started stays open.
  await page.goto('/fi/movies', { waitUntil: 'networkidle', timeout: 15_000 });
  const finished = await session;
  expect((await finished.response())?.status()).toBe(200);
  expect(await (await finished.response())?.json()).toEqual({ user: null });
  await expect(page.getByTestId('login-link')).toBeVisible();
  expect(failing).toEqual([]);
});

test.describe('prefetch on intent (lib/i18n/link.tsx)', () => {
  /** Paths (with query, without `_rsc`) of the RSC requests the page sends from now on. */
  function rscRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.searchParams.has('_rsc') && req.headers()['rsc'] !== '1') return;
      url.searchParams.delete('_rsc');
      seen.push(url.pathname + url.search);
    });
    return seen;
  }

  test('a release page prefetches nothing on sight, a link when hovered or focused, and navigates by its tabs', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const res = await request.get('/api/releases?q=grand%20illusion');
    const { items } = (await res.json()) as { items: { public_id: string }[] };
    const id = items[0].public_id;
    const rsc = rscRequests(page);
    await gotoApp(page, `/release/${id}`);
    // The drawer, the footer, the release's tabs and its label link are in view, and the login link
    // shows once /api/me has answered, well after hydration: with Next's default every link in view
    // would have been prefetched by then.
    await expect(
      page.getByRole('navigation', { name: 'Release sections' }).getByRole('link', { name: 'Photos' }),
    ).toBeVisible();
    await expect(page.getByTestId('login-link')).toBeVisible();
    const movies = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Movies', exact: true });
    const hovered = page.waitForRequest((req) => new URL(req.url()).pathname === '/movies');
    await movies.hover();
    await hovered;
    // Only the hovered link was fetched (the router may ask for it twice while the hover settles).
    expect([...new Set(rsc)]).toEqual(['/movies']);

    const upcoming = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upcoming' });
    const focused = page.waitForRequest((req) => new URL(req.url()).pathname === '/releases/upcoming');
    await upcoming.focus();
    await focused;
    expect(rsc.every((path) => path === '/movies' || path === '/releases/upcoming')).toBe(true);

    await page.getByRole('navigation', { name: 'Release sections' }).getByRole('link', { name: 'Photos' }).click();
    await expect(page).toHaveURL(new RegExp(`/release/${id}/photos$`));
  });
});
