import ICAL from 'ical.js';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * The upcoming listing's iCal link (English and Finnish): it carries the listing's format and
 * country filters (and the language), and the feed it points to is an iCalendar that ical.js
 * reads, named after those filters.
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
