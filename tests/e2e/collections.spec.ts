import fs from 'node:fs';
import { claimAddress, createCollectionByApi, registerByApi, uniqueTag } from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * Collections in both locales: add a release to a new collection through the add-to-collection
 * dialog (entry price and condition), see the snackbar and the release page naming the
 * collection, find it on /collections and on the user's page and open it, edit the entry and
 * remove it, search and order the entries; create a collection from /collections/new; a private
 * collection is not shown to visitors; move a wanted release to the owned list, and copy it; a
 * member browsing another collector's list sees which of its items their own collections hold,
 * and a release put up for sale is offered on the release's In collections tab and on the /trades
 * page of a member who wants it; the value box keeps each amount on one line.
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
          added: (name: string) => `Lisätty kokoelmaan ”${name}”.`,
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
          mint: 'Uudenveroinen',
          storedPrice: '29,90',
          comment: 'Kommentti',
          saved: 'Muutokset on tallennettu.',
          newMoney: /35,00\s€/,
          empty: 'Tässä kokoelmassa ei ole vielä mitään.',
          find: 'Hae tästä kokoelmasta',
          findCollections: 'Hae kokoelmia',
          noCollections: 'Yksikään julkinen kokoelma ei vastaa näitä rajauksia.',
          order: 'Järjestys',
          byName: 'Nimi A–Ö',
          byPrice: 'Hinta, kallein ensin',
          show: 'Näytä',
          noMatches: 'Mikään tämän kokoelman nimike ei vastaa hakua ”nosuchwordqq”.',
          showAll: 'Näytä koko kokoelma',
        }
      : {
          newName: 'Name of the new collection',
          price: 'Price',
          condition: 'Condition',
          sealed: 'Sealed',
          added: (name: string) => `Added to ${name}.`,
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
          mint: 'Mint',
          storedPrice: '29.90',
          comment: 'Comment',
          saved: 'Your changes are saved.',
          newMoney: /€35\.00/,
          empty: 'Nothing in this collection yet.',
          find: 'Search this collection',
          findCollections: 'Search collections',
          noCollections: 'No public collection matches these filters.',
          order: 'Order',
          byName: 'Name A–Z',
          byPrice: 'Price, highest first',
          show: 'Show',
          noMatches: 'Nothing in this collection matches “nosuchwordqq”.',
          showAll: 'Show the whole collection',
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
    const release = (
      (await list.json()) as { items: { public_id: string; name: string; movies: { year: number | null }[] }[] }
    ).items[0];

    await gotoApp(page, `${prefix}/release/${release.public_id}`);
    await page.getByTestId('add-to-collection-open').click();
    const dialog = page.getByRole('dialog');
    const shelf = `4K ${tag}`;
    await dialog.getByLabel(text.newName).fill(shelf);
    await dialog.getByLabel(text.price).fill('29,90');
    await dialog.getByLabel(text.condition).selectOption({ label: text.sealed });
    await dialog.getByTestId('add-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('snackbar')).toContainText(text.added(shelf));
    // The release page now names the member's collection that holds it.
    await expect(page.getByTestId('in-my-collections').getByRole('link', { name: shelf })).toBeVisible();

    // Anyone finds the public collection on /collections by its name; a kind-of-list filter it
    // does not meet leaves it out.
    await gotoApp(page, `${prefix}/collections`);
    const find = page.getByTestId('collections-search');
    await find.getByLabel(text.findCollections).fill(shelf);
    await find.getByRole('button', { name: text.show }).click();
    await expect(page.getByTestId('listing-collections').getByRole('link', { name: shelf })).toBeVisible();
    await find.getByLabel(text.style).selectOption({ label: text.forTrade });
    await find.getByRole('button', { name: text.show }).click();
    await expect(page).toHaveURL(/[?&]style=7/);
    await expect(page.getByTestId('empty-state')).toContainText(text.noCollections);

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
    // Two decades: the film's and the release's own.
    const filmDecade = page.getByTestId('stats-decade');
    await filmDecade.locator('summary').click();
    await expect(filmDecade.locator('table')).toContainText(`${Math.floor(release.movies[0].year! / 10) * 10}`);
    await expect(page.getByTestId('stats-release-decade').locator('table')).toHaveCount(1);
    await expect(page.getByTestId('stats-average')).toContainText(text.money);

    // The owner edits the entry: the dialog holds what is stored; the page shows what is saved.
    await page.goBack();
    const fields = entry.getByTestId('entry-fields');
    await entry.getByTestId('entry-edit').click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByLabel(text.price)).toHaveValue(text.storedPrice);
    await expect(edit.getByLabel(text.condition)).toHaveValue('6');
    await expect(edit.getByTestId('edit-entry-submit')).toBeDisabled();
    await edit.getByLabel(text.price).fill('35');
    await edit.getByLabel(text.condition).selectOption({ label: text.mint });
    await edit
      .getByRole('textbox', { name: text.comment, exact: true })
      .fill(`Bought at a fair ${tag}, see example.com/fair`);
    await edit.getByTestId('edit-entry-submit').click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('snackbar')).toContainText(text.saved);
    await expect(fields).toContainText(text.newMoney);
    await expect(fields).toContainText(text.mint);
    await expect(fields).toContainText(`Bought at a fair ${tag}`);
    // A web address in the comment is a link, as in reviews.
    await expect(fields.getByRole('link', { name: 'example.com/fair' })).toHaveAttribute(
      'href',
      'http://example.com/fair',
    );
    await expect(page.getByTestId('value-summary')).toContainText(text.newMoney);

    // Removing asks first: a cancel keeps the entry, a confirmation removes it.
    page.once('dialog', (d) => void d.dismiss());
    await entry.getByTestId('entry-remove').click();
    await page.reload();
    await expect(fields).toContainText(text.newMoney);
    page.once('dialog', (d) => {
      expect(d.message()).toContain(release.name);
      void d.accept();
    });
    await entry.getByTestId('entry-remove').click();
    await expect(page.getByText(text.empty)).toBeVisible();

    // Two entries on: the entries can be searched and ordered (a plain GET form).
    const collectionId = (await page.getByTestId('collection-page').getAttribute('data-public-id'))!;
    for (const [q, price] of [
      ['seven samurai [4k]', '15'],
      ['sisu', '30'],
    ]) {
      const found = (await (await page.request.get(`/api/releases?q=${encodeURIComponent(q)}&limit=1`)).json()) as {
        items: { public_id: string }[];
      };
      const added = await page.request.post(`/api/collections/${collectionId}/entries`, {
        headers: { origin: baseURL ?? 'http://localhost:3100' },
        data: { release: found.items[0].public_id, price },
      });
      expect(added.status()).toBe(200);
    }
    await page.reload();
    const entries = page.getByTestId('entries').locator('li');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Sisu');
    const search = page.getByTestId('entry-search');
    await search.getByLabel(text.order).selectOption({ label: text.byName });
    await search.getByRole('button', { name: text.show }).click();
    await expect(page).toHaveURL(/[?&]so=name/);
    await expect(entries.first()).toContainText('Seven Samurai');
    await search.getByLabel(text.order).selectOption({ label: text.byPrice });
    await search.getByRole('button', { name: text.show }).click();
    await expect(page).toHaveURL(/[?&]so=price/);
    await expect(entries.first()).toContainText('Sisu');
    await search.getByLabel(text.find).fill('sisu');
    await search.getByRole('button', { name: text.show }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Sisu');
    await search.getByLabel(text.find).fill('nosuchwordqq');
    await search.getByRole('button', { name: text.show }).click();
    await expect(page.getByTestId('empty-state')).toContainText(text.noMatches);
    await page.getByRole('link', { name: text.showAll }).click();
    await expect(entries).toHaveCount(2);
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

test('fi: a wanted release is bought: moved to the owned list with its price, WANTED and HAVE follow; a copy keeps it; a review offers that copy', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? 'http://localhost:3100';
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, { baseURL: origin, ip, name: `Buyer ${tag}`, email: `buyer-${tag}@example.fi` });
  const found = (await (await page.request.get('/api/releases?q=sisu&limit=1')).json()) as {
    items: { public_id: string; name: string; movies: { public_id: string }[] }[];
  };
  const release = found.items[0];
  const headers = { origin };
  // WANTED makes the wanted list; the owned list (HAVE's shortcut) and a spare list are made here.
  expect(
    (
      await page.request.post(`/api/releases/${release.public_id}/toggles`, {
        headers,
        data: { kind: 'wanted', on: true },
      })
    ).status(),
  ).toBe(200);
  const owned = await createCollectionByApi(page.request, origin, { name: `Hyllyssä ${tag}`, style: 3 });
  const spare = await createCollectionByApi(page.request, origin, { name: `Varalla ${tag}`, style: 1 });
  expect(
    (
      await page.request.patch(`/api/collections/${owned}`, {
        headers,
        data: { name: `Hyllyssä ${tag}`, style: 3, shortcut_default: true },
      })
    ).status(),
  ).toBe(200);
  const lists = (await (await page.request.get(`/api/me/collections?release=${release.public_id}`)).json()) as {
    items: { public_id: string; style: number; has_item: boolean }[];
  };
  const wanted = lists.items.find((c) => c.style === 4 && c.has_item)!.public_id;
  const entries = (await (await page.request.get(`/api/collections/${wanted}/entries`)).json()) as {
    items: { id: number }[];
  };
  expect(
    (
      await page.request.patch(`/api/collections/${wanted}/entries/${entries.items[0].id}`, {
        headers,
        data: { price: '24,90', currency: 'EUR', condition: 6 },
      })
    ).status(),
  ).toBe(200);

  await gotoApp(page, `/fi/collection/${wanted}`);
  const entry = page.getByTestId('entries').locator('li').first();
  await entry.getByTestId('entry-move').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Siirrä ”${release.name}” toiseen kokoelmaan`);
  const target = dialog.getByLabel('Kohdekokoelma');
  await expect(target.locator('option')).toHaveText([`Varalla ${tag}`, `Hyllyssä ${tag}`]);
  await target.selectOption({ label: `Hyllyssä ${tag}` });
  await expect(dialog.getByTestId('move-entry-submit')).toHaveText('Siirrä');
  await dialog.getByTestId('move-entry-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('snackbar')).toContainText(`Siirretty kokoelmaan ”Hyllyssä ${tag}”.`);
  await expect(page.getByText('Tässä kokoelmassa ei ole vielä mitään.')).toBeVisible();

  await gotoApp(page, `/fi/collection/${owned}`);
  const moved = page.getByTestId('entries').locator('li').first();
  await expect(moved).toContainText(release.name);
  await expect(moved.getByTestId('entry-fields')).toContainText(/24,90\s€/);
  await expect(moved.getByTestId('entry-fields')).toContainText('Avaamaton');

  // A copy: the entry stays here too; the spare list was the only one left to offer.
  await moved.getByTestId('entry-move').click();
  await expect(dialog.getByLabel('Kohdekokoelma').locator('option')).toHaveText([
    `Varalla ${tag}`,
    'Halutut julkaisut',
  ]);
  await dialog.getByLabel('Kohdekokoelma').selectOption({ label: `Varalla ${tag}` });
  await dialog.getByTestId('move-entry-copy').check();
  await expect(dialog.getByTestId('move-entry-submit')).toHaveText('Kopioi');
  await dialog.getByTestId('move-entry-submit').click();
  await expect(page.getByTestId('snackbar')).toContainText(`Kopioitu kokoelmaan ”Varalla ${tag}”.`);
  await expect(page.getByTestId('entries').locator('li')).toHaveCount(1);
  await gotoApp(page, `/fi/collection/${spare}`);
  await expect(page.getByTestId('entries').locator('li').first().getByTestId('entry-fields')).toContainText(/24,90\s€/);

  await gotoApp(page, `/fi/release/${release.public_id}`);
  await expect(page.getByTestId('toggle-have')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('toggle-wanted')).toHaveAttribute('aria-pressed', 'false');

  // Reviewing the film, the form offers the member's own copy first and has it chosen.
  await gotoApp(page, `/fi/reviews/new?movie=${release.movies[0]!.public_id}`);
  const choice = page.getByTestId('review-form').getByRole('combobox', { name: 'Julkaisu', exact: true });
  await expect(choice).toHaveValue(release.public_id);
  await expect(choice.locator('option').nth(1)).toHaveText(/ · oma kappaleesi$/);
});

test("en: a member browsing another collector's list sees which of its releases they hold; a copy for sale is offered", async ({
  page,
  baseURL,
  browser,
}) => {
  const origin = baseURL ?? 'http://localhost:3100';
  const headers = { origin };
  const found = (await (await page.request.get('/api/releases?q=sisu&limit=1')).json()) as {
    items: { public_id: string; name: string }[];
  };
  const release = found.items[0];
  /** A new member in `request`'s context who marks the release with `kind` (its shortcut list is made then). */
  const member = async (request: typeof page.request, label: string, kind: 'have' | 'wanted') => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await registerByApi(request, { baseURL: origin, ip, name: `${label} ${tag}`, email: `${label}-${tag}@example.fi` });
    const res = await request.post(`/api/releases/${release.public_id}/toggles`, {
      headers: { ...headers, 'x-forwarded-for': ip },
      data: { kind, on: true },
    });
    expect(res.status()).toBe(200);
    return ((await (await request.get('/api/me')).json()) as { public_id: string }).public_id;
  };
  const collector = await member(page.request, 'Collector', 'have');
  const lists = (await (await page.request.get(`/api/collections?user=${collector}&style=3`)).json()) as {
    items: { public_id: string }[];
  };
  const owned = lists.items[0]!.public_id;

  const visitorContext = await browser.newContext({ baseURL: origin });
  await visitorContext.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: origin }]);
  const visitor = await visitorContext.newPage();
  await member(visitor.request, 'Browser', 'wanted');
  await gotoApp(visitor, `/collection/${owned}`);
  const yours = visitor.getByTestId('entries').locator('li').first().getByTestId('entry-yours');
  await expect(yours).toHaveText('In your collections: Wanted releases');
  await yours.getByRole('link', { name: 'Wanted releases' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Wanted releases');
  await expect(visitor.getByTestId('entries')).toContainText(release.name);

  // The collector puts a copy up for sale: the release's In collections tab offers it to everyone.
  const sale = await createCollectionByApi(page.request, origin, { name: `Selling ${uniqueTag()}`, style: 5 });
  // A comment of this run's own: an earlier run in the same data directory left its offer of the release.
  const comment = `Slipcover included, ${uniqueTag()}.`;
  const listed = await page.request.post(`/api/collections/${sale}/entries`, {
    headers,
    data: { release: release.public_id, price: '19.90', currency: 'EUR', condition: 2, comment },
  });
  expect(listed.status()).toBe(200);
  // The release's overview says it is offered, and leads to the offers.
  await gotoApp(visitor, `/release/${release.public_id}`);
  const box = visitor.getByTestId('offers-box');
  await expect(box.getByTestId('offers-for-sale')).toContainText(/\d+ for sale · from /);
  await box.getByTestId('offers-box-link').click();
  await expect(visitor).toHaveURL(new RegExp(`/release/${release.public_id}/user_collections$`));
  const offers = visitor.getByTestId('release-offers');
  const offer = offers.getByTestId('release-offer').filter({ hasText: comment });
  await expect(offer).toContainText('For sale');
  await expect(offer).toContainText('€19.90');
  await expect(offer).toContainText('Good');
  await expect(offer.getByRole('link', { name: /^Collector / })).toHaveAttribute('href', `/user/${collector}`);
  await expect(offer.getByRole('link', { name: /^Selling / })).toHaveAttribute('href', `/collection/${sale}`);
  // The visitor wants that release: /trades lists it among their wanted releases on offer.
  await gotoApp(visitor, '/trades');
  const wanted = visitor.getByTestId('wanted-offers').getByTestId('wanted-offer').filter({ hasText: release.name });
  await expect(wanted).toContainText(/for sale · from €\d+\.\d\d$/);
  await wanted.getByRole('link', { name: release.name, exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/release/${release.public_id}/user_collections$`));

  // The owner sees no such line on their own list.
  await gotoApp(page, `/collection/${owned}`);
  await expect(page.getByTestId('entries').locator('li').first()).toContainText(release.name);
  await expect(page.getByTestId('entry-yours')).toHaveCount(0);
  await visitorContext.close();
});

test('fi: at desktop width the value box keeps each amount on one line, the euro sign beside its number', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? 'http://localhost:3100';
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await registerByApi(page.request, { baseURL: origin, ip, name: `Valuer ${tag}`, email: `valuer-${tag}@example.fi` });
  const id = await createCollectionByApi(page.request, origin, { name: `Hylly ${tag}` });
  const found = (await (await page.request.get('/api/releases?q=sisu&limit=1')).json()) as {
    items: { public_id: string }[];
  };
  const added = await page.request.post(`/api/collections/${id}/entries`, {
    headers: { origin },
    // Bad condition (weight 0.4): the value by condition is the shorter amount, as it often is.
    data: { release: found.items[0]!.public_id, price: '1410.00', currency: 'EUR', condition: 4 },
  });
  expect(added.status()).toBe(200);
  await gotoApp(page, `/fi/collection/${id}`);
  const amounts = page.getByTestId('value-summary').locator('dd');
  await expect(amounts).toHaveText([/^1\s410,00\s€$/, /^564,00\s€$/]);
  // One line each: the box is narrow beside the value history, and the page lets long words
  // break anywhere, which once put the euro sign on a line of its own.
  for (const dd of await amounts.all()) {
    // The lines the text itself takes (a grid cell may be taller than its text).
    const lines = await dd.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  }
});
