import type { APIRequestContext } from '@playwright/test';
import { expect, gotoApp, test, waitForApp } from './support/fixtures';

/**
 * Comparing editions as a visitor (full seed): "Dead & Buried" (1981) has two 4K UHD releases and
 * a Finnish videotape cut by 9:00. Picked on the movie's releases tab (English, desktop) and on the
 * videotape's other-releases tab (Finnish, phone), the comparison marks the rows that differ, hides
 * the others on "Only differences", names one canonical address, keeps the field names in view
 * while the table scrolls sideways on a phone, and explains a link with a single release.
 */

type Title = { public_id: string; releases: { public_id: string; name: string; format: number; is_cut: boolean }[] };

async function deadAndBuried(request: APIRequestContext) {
  const list = await (await request.get('/api/titles?q=dead%20buried')).json();
  const hit = (list.items as { public_id: string; name: string; year: number }[]).find(
    (t) => t.name === 'Dead & Buried' && t.year === 1981,
  );
  expect(hit, 'Dead & Buried (1981) in the seed').toBeTruthy();
  const title = (await (await request.get(`/api/titles/${hit!.public_id}`)).json()) as Title;
  const tape = title.releases.find((r) => r.is_cut && r.format === 2);
  const uhd = title.releases.filter((r) => r.format === 7);
  expect(tape, 'the cut Finnish videotape').toBeTruthy();
  expect(uhd.length).toBeGreaterThanOrEqual(2);
  return { movie: hit!.public_id, tape: tape!, uhd };
}

test('picked on the releases tab, the comparison marks the rows that differ and can show only those', async ({
  page,
}) => {
  const { movie, tape, uhd } = await deadAndBuried(page.request);
  await gotoApp(page, `/movie/${movie}/releases`);
  const form = page.getByTestId('compare-form');
  await expect(form).toContainText('Tick two to four releases to compare them side by side.');
  for (const id of [uhd[0].public_id, tape.public_id])
    await form.locator(`[data-testid="release-card"][data-public-id="${id}"]`).getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Compare selected' }).click();
  await waitForApp(page);
  await expect(page).toHaveURL(new RegExp(`/movie/${movie}/compare\\?r=`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare editions');

  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th[data-public-id]')).toHaveCount(2);
  const cut = table.locator('tr[data-row="cut"]');
  await expect(cut).toHaveAttribute('data-differs', 'true');
  await expect(cut).toContainText(/Cut by (about )?9:00/);
  await expect(cut).toContainText('Uncut');
  await expect(cut.getByRole('rowheader')).toHaveText(/Cut status\s*≠\s*\(differs\)/);
  await expect(table.locator('tr[data-row="format"]')).toContainText('VHS');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(
    new RegExp(`/movie/${movie}/compare\\?r=${[uhd[0].public_id, tape.public_id].sort().join(',')}$`),
  );

  const same = await table.locator('tr[data-differs="false"]').count();
  const differing = await table.locator('tr[data-differs="true"]').count();
  expect(same, 'rows the two share (the owners count at least)').toBeGreaterThan(0);
  await page.getByTestId('compare-only-differences').click();
  await expect(page).toHaveURL(/&diff=1$/);
  await expect(table.locator('tr[data-differs="false"]')).toHaveCount(0);
  await expect(table.locator('tr[data-differs="true"]')).toHaveCount(differing);
  await page.getByRole('link', { name: 'All rows' }).click();
  await expect(table.locator('tr[data-differs="false"]')).toHaveCount(same);

  await page.getByTestId('compare-back').click();
  await expect(page).toHaveURL(new RegExp(`/movie/${movie}/releases$`));
});

test.describe('on a phone, in Finnish', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('picked on the other-releases tab; the field names stay in view while the table scrolls', async ({ page }) => {
    const { movie, tape, uhd } = await deadAndBuried(page.request);
    await gotoApp(page, `/fi/release/${tape.public_id}/other_releases`);
    const form = page.getByTestId('compare-form');
    await expect(form).toContainText('Valitse yhdestä kolmeen julkaisua');
    await expect(
      form.locator(`[data-testid="release-card"][data-public-id="${uhd[0].public_id}"]`).getByRole('checkbox'),
    ).toHaveAccessibleName(`Vertaa: ${uhd[0].name}`);
    for (const r of uhd)
      await form.locator(`[data-testid="release-card"][data-public-id="${r.public_id}"]`).getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Vertaa valittuja' }).click();
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`/fi/movie/${movie}/compare\\?r=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Julkaisujen vertailu');
    const table = page.getByTestId('compare-table');
    await expect(table.locator('thead th[data-public-id]')).toHaveCount(1 + uhd.length);
    await expect(table.locator('tr[data-row="cut"]')).toContainText(/Leikattu (noin )?9:00/);

    const region = page.getByTestId('compare-scroll');
    const header = table.locator('tr[data-row="cut"] th');
    const before = await header.boundingBox();
    const width = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(width, 'the table is wider than the phone').toBeGreaterThan(100);
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const after = await header.boundingBox();
    // Pinned where it started (within the half of its collapsed 4 px left border).
    expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(2);
    // The first release's column has scrolled out under the fixed field names.
    const firstColumn = await table.locator('thead th[data-public-id]').first().boundingBox();
    expect(firstColumn!.x).toBeLessThan(before!.x);
  });

  test('a link with one release says what to do and leads back to the releases', async ({ page }) => {
    const { movie, tape } = await deadAndBuried(page.request);
    await gotoApp(page, `/fi/movie/${movie}/compare?r=${tape.public_id}`);
    await expect(page.getByTestId('compare-error')).toHaveText('Valitse vertailuun kahdesta neljään julkaisua.');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.getByTestId('compare-back').click();
    await expect(page).toHaveURL(new RegExp(`/fi/movie/${movie}/releases$`));
  });
});
