import type { Locator, Page } from '@playwright/test';
import { THEME_BAR_COLORS, THEME_STORAGE_KEY } from '../../lib/theme/theme-script';
import { expect, gotoApp, test, waitForApp } from './support/fixtures';

/**
 * The colour theme (app/globals.css, lib/theme/theme-script.ts, components/layout/theme-switch.tsx):
 * the drawer's radio group in English at desktop width and in Finnish at phone width, the choice
 * kept over reloads and other pages, the system setting followed live, and the remembered theme
 * in place before any script of the app's bundles has run (no flash of the other theme).
 */

/** The page background of each theme (`--color-paper`) as the browser computes it. */
const PAPER = { light: 'rgb(251, 250, 248)', dark: 'rgb(19, 19, 22)' };
const PHONE = { width: 390, height: 844 };

/** The computed background colour of <html>. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

/** The stored theme choice (null: none, the system setting). */
function stored(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY);
}

/** The contents of the theme-color meta elements for `scheme`'s media query (at least one). */
async function barColor(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  const metas = page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`);
  const contents = await metas.evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('content') ?? ''))]);
  expect(contents.length).toBeGreaterThan(0);
  return contents;
}

/** Expects the theme in force on the page: its background, `data-theme` and checked radio button. */
async function expectTheme(page: Page, group: Locator, theme: 'light' | 'dark', checked: string, attr: string | null) {
  await expect.poll(() => background(page)).toBe(PAPER[theme]);
  if (attr) await expect(page.locator('html')).toHaveAttribute('data-theme', attr);
  else await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect(group.getByRole('radio', { name: checked, exact: true })).toBeChecked();
}

test.describe('colour theme', () => {
  test('English at desktop width: chosen in the drawer, kept over a reload and on other pages, System follows the device', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoApp(page, '/');
    const group = page.locator('#drawer').getByRole('group', { name: 'Theme' });
    await expect(group.getByRole('radio')).toHaveCount(3);
    await expectTheme(page, group, 'light', 'System setting', null);
    expect(await stored(page)).toBeNull();
    const otherTab = await page.context().newPage();
    await gotoApp(otherTab, '/movies');
    expect(await background(otherTab)).toBe(PAPER.light);

    await group.getByRole('radio', { name: 'Dark' }).check();
    await expectTheme(page, group, 'dark', 'Dark', 'dark');
    expect(await stored(page)).toBe('dark');
    // A tab already open takes the choice too (the storage event).
    await expectTheme(
      otherTab,
      otherTab.locator('#drawer').getByRole('group', { name: 'Theme' }),
      'dark',
      'Dark',
      'dark',
    );
    await otherTab.close();
    // The browser bar takes the chosen theme's colour whatever the device's setting.
    expect(await barColor(page, 'light')).toEqual([THEME_BAR_COLORS.dark]);
    // The text keeps its contrast: light ink on the dark page.
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(236, 236, 239)');

    await page.reload();
    await waitForApp(page);
    await expectTheme(page, group, 'dark', 'Dark', 'dark');

    // Another page, reached through the drawer (client-side navigation) and loaded afresh.
    await page.locator('#drawer').getByRole('link', { name: 'Service info' }).click();
    await expect(page).toHaveURL(/\/service-info$/);
    await expectTheme(page, group, 'dark', 'Dark', 'dark');
    await gotoApp(page, '/reviews');
    await expectTheme(page, group, 'dark', 'Dark', 'dark');

    // Light is kept even when the device turns dark.
    await group.getByRole('radio', { name: 'Light' }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, group, 'light', 'Light', 'light');
    expect(await stored(page)).toBe('light');

    // System: follows the device's setting, live.
    await group.getByRole('radio', { name: 'System setting' }).check();
    await expectTheme(page, group, 'dark', 'System setting', null);
    expect(await stored(page)).toBeNull();
    expect(await barColor(page, 'dark')).toEqual([THEME_BAR_COLORS.dark]);
    expect(await barColor(page, 'light')).toEqual([THEME_BAR_COLORS.light]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, group, 'light', 'System setting', null);
  });

  test('Finnish at phone width: the drawer opens from the top bar and the radio group works by keyboard', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(PHONE);
    await gotoApp(page, '/fi');
    const drawer = page.locator('#drawer');
    await expect(drawer).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    const group = drawer.getByRole('group', { name: 'Teema' });
    await expect(group).toBeVisible();
    await expectTheme(page, group, 'light', 'Järjestelmän mukaan', null);

    await group.getByRole('radio', { name: 'Tumma' }).check();
    await expectTheme(page, group, 'dark', 'Tumma', 'dark');
    // Arrow keys move the choice within the group.
    await page.keyboard.press('ArrowUp');
    await expect(group.getByRole('radio', { name: 'Vaalea' })).toBeFocused();
    await expectTheme(page, group, 'light', 'Vaalea', 'light');
    await page.keyboard.press('ArrowDown');
    await expectTheme(page, group, 'dark', 'Tumma', 'dark');
    expect(await stored(page)).toBe('dark');

    await page.reload();
    await waitForApp(page);
    await expect(drawer).toBeHidden();
    expect(await background(page)).toBe(PAPER.dark);
    await page.getByTestId('menu-toggle').click();
    await expectTheme(page, group, 'dark', 'Tumma', 'dark');

    // The same choice in the other language: the drawer's language link (a client-side
    // navigation to the other root layout, which empties the attributes of <html>) keeps it.
    await drawer.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await waitForApp(page);
    expect(await background(page)).toBe(PAPER.dark);
    await page.getByTestId('menu-toggle').click();
    await expectTheme(page, drawer.getByRole('group', { name: 'Theme' }), 'dark', 'Dark', 'dark');
  });

  test('no flash: the remembered theme is in place before the app bundle runs, under the page CSP', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoApp(page, '/');
    await page.locator('#drawer').getByRole('radio', { name: 'Dark' }).check();
    expect(await stored(page)).toBe('dark');

    // No script of the bundles (/_next/static/…js) may load: what runs is the inline <head> script.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    const atParse: string[] = [];
    page.on('domcontentloaded', async () => {
      atParse.push(await page.evaluate(() => document.documentElement.getAttribute('data-theme') ?? 'none'));
    });
    const csp: string[] = [];
    page.on('console', (msg) => {
      if (/Content[ -]Security[ -]Policy/i.test(msg.text())) csp.push(msg.text());
    });
    const response = await page.goto('/movies');
    expect(response?.headers()['content-security-policy']).toContain('script-src');
    await expect.poll(() => atParse.length).toBe(1);
    expect(atParse).toEqual(['dark']);
    expect(await background(page)).toBe(PAPER.dark);
    // The bundle never ran (it would mark the document hydrated), yet the switch works.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    const group = page.locator('#drawer').getByRole('group', { name: 'Theme' });
    await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await group.getByRole('radio', { name: 'Light' }).check();
    await expectTheme(page, group, 'light', 'Light', 'light');
    expect(await stored(page)).toBe('light');
    expect(csp.filter((m) => !/_next\/static/.test(m))).toEqual([]);
  });
});
