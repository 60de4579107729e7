import ICAL from 'ical.js';
import { registerOnPage } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Release calendars in the browser, English and Finnish: the upcoming listing's iCal link carries
 * the listing's format and country filters (and the language), and the feed it points to is an
 * iCalendar that ical.js reads, named after those filters; a member's own calendar address is
 * shown in "edit my data", copied, and reset (the old address then answers 404).
 */

test('the upcoming listing links its iCal feed with its filters, in English and Finnish', async ({ page }) => {
  await gotoApp(page, '/releases/upcoming?fo=7');
  const en = page.getByTestId('upcoming-calendar');
  await expect(en).toHaveText('Add these street dates to your calendar (iCal)');
  await expect(en).toHaveAttribute('href', '/releases/upcoming.ics?fo=7');

  await gotoApp(page, '/fi/releases/upcoming?co=4');
  const fi = page.getByTestId('upcoming-calendar');
  await expect(fi).toHaveText('Lisää nämä julkaisupäivät kalenteriisi (iCal)');
  const href = await fi.getAttribute('href');
  expect(href).toBe('/releases/upcoming.ics?co=4&lang=fi');

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  expect(calendar.name).toBe('vcalendar');
  expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe('DiscShelf: tulevat julkaisut (Suomi)');
  for (const event of calendar.getAllSubcomponents('vevent'))
    expect(String(event.getFirstPropertyValue('url'))).toContain('/fi/release/');
});

for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          copy: 'Kopioi osoite',
          copied: 'Osoite kopioitu',
          reset: 'Luo uusi osoite',
          done: 'Uusi osoite luotu. Vanha osoite ei enää toimi.',
          name: 'DiscShelf: omat tulevat julkaisut',
        }
      : {
          copy: 'Copy the address',
          copied: 'Address copied',
          reset: 'Make a new address',
          done: 'New address made. The old one no longer works.',
          name: 'DiscShelf: my upcoming releases',
        };

  test(`${locale}: a member copies the secret address of their release calendar and makes a new one`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerOnPage(page, { baseURL, label: 'Calendar', emailPrefix: 'calendar' });
    await gotoApp(page, `${prefix}/users/edit_my_data`);
    const field = page.getByTestId('calendar-url');
    await expect(field).toHaveValue(
      new RegExp(`/calendar/[A-Za-z0-9_-]+/[A-Za-z0-9_-]{32}\\.ics${locale === 'fi' ? '\\?lang=fi' : ''}$`),
    );
    const first = await field.inputValue();

    await page.getByRole('button', { name: text.copy }).click();
    await expect(page.getByTestId('snackbar')).toContainText(text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const feed = await page.request.get(path(first));
    expect(feed.status()).toBe(200);
    expect(String(new ICAL.Component(ICAL.parse(await feed.text())).getFirstPropertyValue('x-wr-calname'))).toBe(
      text.name,
    );

    await page.getByTestId('calendar-reset').click();
    await page.getByTestId('calendar-reset-confirm').click();
    await expect(page.getByTestId('snackbar')).toContainText(text.done);
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await page.request.get(path(first))).status()).toBe(404);
    expect((await page.request.get(path(second))).status()).toBe(200);
    // The button that starts a reset is back, the confirmation gone.
    await expect(page.getByRole('button', { name: text.reset })).toHaveCount(1);
  });
}
