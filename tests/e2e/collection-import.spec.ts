import { claimAddress, createCollectionByApi, registerByApi, uniqueTag } from './support/accounts';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Collection import in both locales: the owner opens Import from the collection page, uploads a
 * CSV (semicolon separated, Finnish headers, a price with a euro sign), reads the report (a row
 * matched by title, one by barcode, one to pick, one not found), picks the right edition for
 * the ambiguous row, and finds the entries in the collection.
 */
const CSV = [
  'nimi;vuosi;formaatti;viivakoodi;hinta;kunto',
  'Grand Illusion;1937;Blu-ray;;24,95 €;uusi',
  'Inception;2010;4K UHD;;;',
  'Garden State;2004;DVD;5017180816203;5;hyvä',
  'Definitely Not In Any Catalogue;2001;DVD;;;',
].join('\n');

for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          link: 'Tuo',
          submit: 'Tuo',
          summary: '4 riviä · 2 lisätty · 1 valittavana · 1 ei löytynyt',
          toPick: 'Valittavat (1)',
          pick: 'Valitse',
          picked: 'lisätty kokoelmaan',
          notFound: 'Tietokannassa ei ole tämännimistä elokuvaa.',
          matched: 'Löytyi',
          byBarcode: 'Löytyi viivakoodilla 5017180816203.',
          noFile: 'Valitse tuotava tiedosto',
          chooseFile: 'Valitse tiedosto',
          noFileChosen: 'Ei valittua tiedostoa',
          back: 'Takaisin kokoelmaan',
          entries: '3 nimikettä',
          all: 'Kaikki (4)',
          summaryAfter: '4 riviä · 3 lisätty · 1 ei löytynyt',
        }
      : {
          link: 'Import',
          submit: 'Import',
          summary: '4 rows · 2 added · 1 to pick · 1 not matched',
          toPick: 'To pick (1)',
          pick: 'Pick',
          picked: 'to the collection',
          notFound: 'No movie of this title in the catalogue.',
          matched: 'Matched',
          byBarcode: 'Found by barcode 5017180816203.',
          noFile: 'Choose a file to import',
          chooseFile: 'Choose file',
          noFileChosen: 'No file chosen',
          back: 'Back to the collection',
          entries: '3 items',
          all: 'All (4)',
          summaryAfter: '4 rows · 3 added · 1 not matched',
        };

  test(`${locale}: import a CSV into a collection, read the report and pick the ambiguous row`, async ({
    page,
    baseURL,
  }) => {
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    const origin = baseURL ?? 'http://localhost:3100';
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, {
      baseURL: origin,
      ip,
      name: `Importer ${tag}`,
      email: `importer-${tag}@example.fi`,
    });
    const id = await createCollectionByApi(page.request, origin, { name: `Shelf ${tag}` });

    await gotoApp(page, `${prefix}/collection/${id}`);
    await page.getByTestId('collection-import').click();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}/import$`));
    // Importing without a file says so.
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.locator('#import-file-error')).toHaveText(text.noFile);

    // The file field speaks the page's language, not the browser's, and names the chosen file.
    const field = page
      .getByTestId('import-form')
      .locator('div', { has: page.locator('#import-file') })
      .last();
    await expect(field).toHaveText(`${text.chooseFile}${text.noFileChosen}`);
    await page
      .getByLabel(/^(File|Tiedosto)$/)
      .setInputFiles({ name: 'hylly.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await expect(field).toHaveText(`${text.chooseFile}hylly.csv`);
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}/import/[A-Za-z0-9_-]+$`));
    // The import runs after the upload's answer: the page shows its progress, then the report.
    await expect(page.getByTestId('import-report').getByTestId('import-summary')).toHaveText(text.summary);

    const row = (line: number) => page.locator(`[data-testid="import-row"][data-line="${line}"]`);
    await expect(row(2)).toHaveAttribute('data-status', 'matched');
    await expect(row(2)).toContainText('Grand Illusion');
    await expect(row(4)).toContainText(text.byBarcode);
    await expect(row(5)).toHaveAttribute('data-status', 'unmatched');
    await expect(row(5)).toContainText(text.notFound);

    await page.getByRole('link', { name: text.toPick }).click();
    await expect(page.getByTestId('import-row')).toHaveCount(1);
    await expect(row(3)).toHaveAttribute('data-status', 'ambiguous');
    await row(3).getByTestId('import-pick').first().click();
    await expect(page.getByTestId('snackbar')).toContainText(text.picked);
    // Picked, the row leaves the rows to pick and shows as matched among all rows.
    await expect(page.getByTestId('import-row')).toHaveCount(0);
    await page.getByRole('link', { name: text.all }).click();
    await expect(row(3)).toHaveAttribute('data-status', 'matched');
    await expect(row(3)).toContainText(text.matched);
    await expect(page.getByTestId('import-report').getByTestId('import-summary')).toHaveText(text.summaryAfter);

    await page.getByRole('link', { name: text.back }).first().click();
    await expect(page.getByTestId('collection-page')).toContainText(text.entries);
    await expect(page.getByTestId('entries')).toContainText('Garden State');
    await expect(page.getByTestId('entries')).toContainText('Inception');
  });
}
