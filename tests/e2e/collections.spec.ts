import fs from 'node:fs';
import { claimAddress, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Collections in both locales: add a release to a new collection through the add-to-collection
 * dialog (entry price and condition), see the snackbar, find the collection on the user's page
 * and open it; create a collection from /collections/new; a private collection is not shown to
 * visitors.
 */
for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          newName: 'Uuden kokoelman nimi',
          price: 'Hinta',
          condition: 'Kunto',
          sealed: 'Avaamaton',
          added: 'Lisätty kokoelmaan',
          name: 'Nimi',
          style: 'Listan tyyppi',
          forTrade: 'Vaihdettavana',
          visibility: 'Näkyvyys',
          private: 'Yksityinen',
          created: 'Kokoelma luotu.',
          holds: 'Sisältö',
          holdsFixed: 'Valittu kokoelmaa luotaessa, eikä sitä voi muuttaa.',
          money: /29,90\s€/,
          weighted: /32,89\s€/,
        }
      : {
          newName: 'Name of the new collection',
          price: 'Price',
          condition: 'Condition',
          sealed: 'Sealed',
          added: 'Added to',
          name: 'Name',
          style: 'Kind of list',
          forTrade: 'For trade',
          visibility: 'Visibility',
          private: 'Private',
          created: 'Collection created.',
          holds: 'Holds',
          holdsFixed: 'Chosen when the collection was created; it cannot be changed.',
          money: /€29\.90/,
          weighted: /€32\.89/,
        };

  test(`${locale}: add a release to a new collection through the dialog, then open the collection`, async ({
    page,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, {
      baseURL: baseURL ?? 'http://localhost:3100',
      ip,
      name: `Shelf ${tag}`,
      email: `shelf-${tag}@example.fi`,
    });
    const list = await page.request.get('/api/releases?fo=7&limit=1');
    const release = ((await list.json()) as { items: { public_id: string; name: string }[] }).items[0];

    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await page.getByTestId('add-to-collection-open').click();
    const dialog = page.getByRole('dialog');
    const shelf = `4K ${tag}`;
    await dialog.getByLabel(text.newName).fill(shelf);
    await dialog.getByLabel(text.price).fill('29,90');
    await dialog.getByLabel(text.condition).selectOption({ label: text.sealed });
    await dialog.getByTestId('add-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('snackbar')).toContainText(`${text.added} ${shelf}`);

    const me = (await (await page.request.get('/api/me')).json()) as { public_id: string };
    await gotoApp(page, `${prefix}/user/${me.public_id}/collections`);
    await page.getByRole('link', { name: shelf }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shelf);
    const entry = page.getByTestId('entries').locator('li').first();
    await expect(entry).toContainText(release.name);
    await expect(entry.getByTestId('entry-fields')).toContainText(text.money);
    await expect(entry.getByTestId('entry-fields')).toContainText(text.sealed);
    // The collection's value: the price in euros, and by condition (sealed weighs 1.1).
    await expect(page.getByTestId('value-summary')).toContainText(text.money);
    await expect(page.getByTestId('value-summary')).toContainText(text.weighted);

    // Export: the CSV and the JSON file hold the entry with its price and condition.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = fs.readFileSync(await csv.path(), 'utf8');
    expect(csvText.split('\n')[0]).toContain('title,year,format');
    expect(csvText).toContain(release.name);
    expect(csvText).toContain('29.90,EUR,6');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
      entries: { title: string; price: string; condition: string }[];
    };
    expect(exported.entries).toEqual([
      expect.objectContaining({ title: release.name, price: '29.90', condition: '6' }),
    ]);

    // The statistics view: a chart per grouping (names beside the bars on a wide screen, above them
    // on a phone), each with its table.
    await page.getByTestId('collection-statistics').click();
    const formats = page.getByTestId('stats-format');
    await expect(formats.locator('[data-layout="wide"] svg')).toBeVisible();
    await expect(formats.locator('[data-layout="narrow"] svg')).toBeHidden();
    await formats.locator('summary').click();
    await expect(formats.locator('table')).toContainText('4K UHD');
    await expect(page.getByTestId('stats-average')).toContainText(text.money);
  });

  test(`${locale}: create a private collection from /collections/new; visitors cannot see it`, async ({
    page,
    baseURL,
    browser,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, {
      baseURL: baseURL ?? 'http://localhost:3100',
      ip,
      name: `Trader ${tag}`,
      email: `trader-${tag}@example.fi`,
    });

    await gotoApp(page, `${prefix}/collections/new`);
    const name = `Trades ${tag}`;
    await page.getByRole('textbox', { name: text.name, exact: true }).fill(name);
    await page.getByLabel(text.style).selectOption({ label: text.forTrade });
    await page.getByLabel(text.visibility).selectOption({ label: text.private });
    await page.getByTestId('collection-submit').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('snackbar')).toContainText(text.created);
    await expect(page.getByTestId('collection-page')).toContainText(text.private);

    // Its edit form shows what it holds as fixed since its creation (greyed out, with the reason).
    const collectionPath = new URL(page.url()).pathname;
    await gotoApp(page, `${collectionPath}/edit`);
    const holds = page.getByLabel(text.holds, { exact: true });
    await expect(holds).toBeDisabled();
    await expect(page.locator('#field-category-hint')).toHaveText(text.holdsFixed);
    await gotoApp(page, collectionPath);

    const visitor = await browser.newContext();
    const res = await (await visitor.newPage()).goto(page.url());
    expect(res?.status()).toBe(404);
    await visitor.close();
  });
}
