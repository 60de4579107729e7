import { test as base, expect, type Page } from '@playwright/test';

import { COOKIE_CONSENT_NAME } from '../../../components/layout/cookie-consent';

export { COOKIE_CONSENT_NAME };

/**
 * Navigates and waits until the app has hydrated (AppShell sets `html[data-hydrated]`), so
 * clicks reach React handlers. Use this instead of `page.goto` for pages inside the app shell.
 */
export async function gotoApp(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/** Waits for hydration after a full reload or a navigation the test did not start with gotoApp. */
export async function waitForApp(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * `test` with the cookie notice already accepted (the notice would cover the bottom of the page).
 * Use `testWithCookieNotice` for tests about the notice itself.
 */
export const test = base.extend({
  context: async ({ context, baseURL }, provide) => {
    await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL ?? 'http://localhost:3100' }]);
    await provide(context);
  },
});

export const testWithCookieNotice = base;
export { expect };
