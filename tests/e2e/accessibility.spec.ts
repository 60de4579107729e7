import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { claimAddress, createCollectionByApi, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test, testWithCookieNotice } from './support/fixtures';

/**
 * Automated accessibility audit (axe-core through @axe-core/playwright; WCAG 2.1 A and AA rules
 * plus axe's best practices) of the pages and dialogs collectors use, as a visitor and as a
 * member, in English at desktop width and in Finnish at phone width (390 px): a sample of every
 * kind of page (shell, listing, item page, form, collection statistics, dialogs), kept small as
 * each audit takes about a second. Every page must come out without a violation; a failure lists
 * each rule with the elements it found. Every audit runs in both colour themes: the light one and,
 * with the browser's colour scheme emulated as dark, the dark one (app/globals.css), there with
 * the colour rules only, so axe's colour-contrast rule checks both palettes on every page and dialog.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const PHONE = { width: 390, height: 844 };

/**
 * The rules whose outcome depends on the colours: in the dark theme only these run, as every other
 * rule (names, roles, structure) sees the same page in both themes and has run in the light one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The violations axe finds on the page as it is now, one line per rule: `where: rule (impact): targets`.
 * All rules of {@link TAGS} in the light theme, {@link COLOUR_RULES} in the dark one.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const axe = new AxeBuilder({ page });
  const result = await (dark ? axe.withRules(COLOUR_RULES) : axe.withTags(TAGS)).analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** A page to audit: its address and the viewport it is audited at (desktop when none). */
type Audit = { path: string; viewport?: typeof PHONE; settle?: boolean };

/**
 * Audits the pages on `page` and on a second page of its browser context side by side (each audit
 * takes a second or more of the browser's time, and the two tabs render on both cores), taking
 * the next address from one queue; `settle` waits for the page's API calls first (member pages
 * fill parts in after hydration). @returns every violation found, in the order of `audits`.
 */
async function auditAll(page: Page, audits: readonly Audit[], headers?: Record<string, string>): Promise<string[]> {
  const second = await page.context().newPage();
  if (headers) await second.setExtraHTTPHeaders(headers);
  const found: string[][] = audits.map(() => []);
  let next = 0;
  const worker = async (tab: Page) => {
    while (next < audits.length) {
      const at = next++;
      const { path, viewport, settle } = audits[at];
      const size = viewport ?? { width: 1280, height: 720 };
      const current = tab.viewportSize();
      if (current?.width !== size.width || current?.height !== size.height) await tab.setViewportSize(size);
      await gotoApp(tab, path);
      if (settle) await tab.waitForLoadState('networkidle');
      found[at] = await violations(tab, path);
    }
  };
  try {
    await Promise.all([worker(page), worker(second)]);
  } finally {
    await second.close();
  }
  return found.flat();
}

/** Public ids of seed items the audit visits, found through the JSON API. */
async function seedIds(request: APIRequestContext) {
  const found = await (await request.get('/api/search?q=seven%20samurai')).json();
  const movie = found.movies[0].public_id as string;
  const release = found.releases[0].public_id as string;
  const persons = await (await request.get('/api/search?q=kurosawa')).json();
  const labels = await (await request.get('/api/labels?q=criterion')).json();
  const title = await (await request.get(`/api/titles/${movie}`)).json();
  const compared = (title.releases as { public_id: string }[]).slice(0, 2).map((r) => r.public_id);
  expect(compared).toHaveLength(2);
  return {
    movie,
    release,
    person: persons.persons[0].public_id as string,
    label: labels.items[0].public_id as string,
    compare: `/movie/${movie}/compare?r=${compared.join(',')}`,
  };
}

/**
 * Pages a visitor reaches, without the locale prefix: `desktop` in English at desktop width, `phone`
 * in Finnish at 390 px (the shell, listings, item pages and forms in both layouts; every page of
 * one kind is drawn by the same components).
 */
function visitorPages(ids: Awaited<ReturnType<typeof seedIds>>): { desktop: string[]; phone: string[] } {
  return {
    desktop: [
      '/',
      '/releases/4k?so=name',
      `/movie/${ids.movie}`,
      `/movie/${ids.movie}/cast_crew`,
      `/movie/${ids.movie}/releases`,
      ids.compare,
      `/release/${ids.release}`,
      `/person/${ids.person}`,
      `/label/${ids.label}`,
      '/reviews',
      '/register',
      '/scan',
      '/no-such-page',
    ],
    phone: [
      '/',
      '/releases/finnish_censorship',
      `/movie/${ids.movie}`,
      `/release/${ids.release}`,
      ids.compare,
      '/scan',
      '/login',
    ],
  };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (axe), ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('catalogue and community pages as a visitor: English at desktop width, Finnish at phone width', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { desktop, phone } = visitorPages(await seedIds(page.request));
      const found = await auditAll(page, [
        ...desktop.map((path) => ({ path })),
        ...phone.map((path) => ({ path: path === '/' ? '/fi' : `/fi${path}`, viewport: PHONE })),
      ]);
      expect(found).toEqual([]);
    });

    testWithCookieNotice('the cookie notice, the search dialog and the login prompt', async ({ page }) => {
      const ids = await seedIds(page.request);
      const found: string[] = [];
      await gotoApp(page, `/movie/${ids.movie}`);
      const notice = page.getByTestId('cookie-notice');
      await expect(notice).toBeVisible();
      found.push(...(await violations(page, 'cookie notice')));
      await notice.getByRole('button', { name: 'OK, got it' }).click();

      await page.keyboard.press('/');
      const dialog = page.getByRole('dialog', { name: 'Search the catalogue' });
      await dialog.getByRole('searchbox', { name: 'Search terms' }).fill('kurosawa samurai');
      await expect(dialog.getByTestId('search-credits')).toBeVisible({ timeout: 20_000 });
      found.push(...(await violations(page, 'search dialog')));
      await page.keyboard.press('Escape');

      await page.getByTestId('toggle-seen').click();
      await expect(page.getByRole('dialog')).toContainText('You must be logged in to use this feature');
      found.push(...(await violations(page, 'login prompt')));
      expect(found).toEqual([]);
    });

    test('member pages and dialogs: English at desktop width, Finnish at phone width', async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const tag = uniqueTag();
      const ip = claimAddress(tag);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
      await registerByApi(page.request, { baseURL: baseURL!, ip, name: `Axe ${tag}`, email: `axe-${tag}@example.fi` });
      const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
      const ids = await seedIds(page.request);
      const headers = { origin: baseURL! };
      const review = await page.request.post('/api/reviews', {
        headers,
        data: {
          movie: ids.movie,
          headline: `Axe review ${tag}`,
          body: 'A towering classic.\n\nSee https://example.com for the restoration notes.',
          language: 'en',
          rating_movie: 'excellent',
        },
      });
      expect(review.status()).toBe(200);
      const reviewId = ((await review.json()) as { public_id: string }).public_id;
      const collection = await createCollectionByApi(page.request, baseURL!, { name: `Shelf ${tag}` });
      const entry = await page.request.post(`/api/collections/${collection}/entries`, {
        headers,
        data: { release: ids.release, price: '19.90', condition: 5 },
      });
      expect(entry.status()).toBe(200);

      const desktop = [
        `/user/${me.public_id}`,
        '/users/edit_my_data',
        `/collection/${collection}`,
        `/collection/${collection}/statistics`,
        `/review/${reviewId}`,
        `/review/${reviewId}/edit`,
        '/posts/new',
        '/notifications',
      ];
      const phone = ['/users/edit_my_data', `/collection/${collection}`, `/collection/${collection}/statistics`];
      // Member pages fill parts in from the API after hydration: each is audited once those answered.
      const found = await auditAll(
        page,
        [
          ...desktop.map((path) => ({ path, settle: true })),
          ...phone.map((path) => ({ path: `/fi${path}`, viewport: PHONE, settle: true })),
        ],
        { 'x-forwarded-for': ip },
      );
      await page.setViewportSize({ width: 1280, height: 720 });
      await gotoApp(page, `/release/${ids.release}`);
      await page.getByTestId('add-to-collection-open').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await violations(page, 'add-to-collection dialog')));
      await page.keyboard.press('Escape');
      await page.getByTestId('user-widget').click();
      await expect(page.getByRole('menu')).toBeVisible();
      found.push(...(await violations(page, 'user menu')));

      await page.setViewportSize(PHONE);
      // The move dialog needs a second collection of releases to offer.
      await createCollectionByApi(page.request, baseURL!, { name: `Spare ${tag}` });
      await gotoApp(page, `/fi/collection/${collection}`);
      await page.getByTestId('entry-move').click();
      await expect(page.getByRole('dialog').getByTestId('move-entry-submit')).toBeVisible();
      found.push(...(await violations(page, 'move-entry dialog (fi, phone)')));
      expect(found).toEqual([]);
    });
  });
}
