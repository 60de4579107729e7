import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import {
  claimAddress,
  createCollectionByApi,
  E2E_ADMIN,
  loginByApi,
  registerByApi,
  uniqueTag,
} from './support/accounts';
import { COOKIE_CONSENT_NAME, expect, gotoApp, test } from './support/fixtures';

/**
 * A collection import as a background job and its unknown discs, in both locales (texts from
 * messages/en.json and messages/fi.json): a member uploads a CSV whose rows include discs with
 * barcodes no release has, sees the job's progress and then its report; the unknown discs are
 * listed prefilled from their rows (name, the movie the title matched, format, barcode, release
 * year); the member leaves out the disc without a movie, sends the other two in one batch and sees
 * them marked as suggested, also after a reload; an admin approves one through the API, and the
 * release is in the member's collection.
 */

/** An EAN-13 with its check digit, from 12 digits. */
function ean(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** A browser context of its own, the cookie notice accepted. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: baseURL }]);
  return context.newPage();
}

/** Rows of titles the catalogue does not have: enough for the job to run a few seconds on PGlite. */
const FILLER_ROWS = 300;

for (const locale of ['en', 'fi'] as const) {
  const m = locale === 'fi' ? fi : en;
  const ud = m.collectionImport.unknownDiscs;
  const prefix = locale === 'fi' ? '/fi' : '';

  test(`${locale}: import with progress, then suggest two unknown discs; an approved one joins the collection`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? 'http://localhost:3100';
    const tag = uniqueTag();
    const ip = claimAddress(tag);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await registerByApi(page.request, {
      baseURL: base,
      ip,
      name: `Suggester ${tag}`,
      email: `suggester-${tag}@example.fi`,
    });
    const id = await createCollectionByApi(page.request, base, { name: `Unknown discs ${tag}` });

    // Barcodes of this run: no release has them yet (an approved one gets its barcode).
    const stamp = String(Date.now()).slice(-9);
    const codes = [1, 2, 3].map((i) => ean(`20${stamp}${i}`));
    const rows = [
      'title;year;format;barcode',
      'Grand Illusion;1937;Blu-ray;',
      `Inception;2010;Blu-ray;${codes[0]}`,
      `Casablanca;2008;Blu-ray;${codes[1]}`,
      `Obscure Disc ${tag};2003;DVD;${codes[2]}`,
    ];
    for (let i = 0; i < FILLER_ROWS; i++) rows.push(`Unlisted Film ${tag} ${i};2001;DVD;`);

    await gotoApp(page, `${prefix}/collection/${id}/import`);
    await page
      .getByLabel(/^(File|Tiedosto)$/)
      .setInputFiles({ name: 'hylly.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n'), 'utf8') });
    await page.getByRole('button', { name: m.collectionImport.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}/import/[A-Za-z0-9_-]+$`));
    const reportUrl = page.url();

    // The job's progress, then its report (the page renders it when the job is done).
    const progress = page.getByTestId('import-progress');
    await expect(progress).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: m.collectionImport.job.progressLabel })).toBeVisible();
    await expect(page.getByTestId('import-report')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('import-report').getByTestId('import-summary')).toContainText(
      locale === 'fi' ? `${FILLER_ROWS + 4} riviä` : `${FILLER_ROWS + 4} rows`,
    );

    // The unknown discs, prefilled from their rows.
    const discs = page.getByTestId('unknown-disc');
    await expect(discs).toHaveCount(3);
    const disc = (code: string) => page.locator(`[data-testid="unknown-disc"][data-ean="${code}"]`);
    const inception = disc(codes[0]);
    const casablanca = disc(codes[1]);
    const obscure = disc(codes[2]);
    await expect(inception.getByLabel(ud.name)).toHaveValue('Inception');
    await expect(inception.getByTestId('disc-movies-chosen')).toContainText('Inception (2010)');
    await expect(inception.getByLabel(ud.format)).toHaveValue('1');
    await expect(inception.getByLabel(ud.ean)).toHaveValue(codes[0]);
    await expect(inception.getByLabel(ud.releaseYear)).toHaveValue('2010');
    await expect(casablanca.getByTestId('disc-movies-chosen')).toContainText('Casablanca (1942)');
    await expect(casablanca.getByLabel(ud.releaseYear)).toHaveValue('2008');
    await expect(obscure.getByText(ud.noMovie)).toBeVisible();
    // The form passes the audit of tests/e2e/accessibility.spec.ts (WCAG 2.1 A/AA and best practices).
    const audit = await new AxeBuilder({ page })
      .include('#unknown-discs')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // The member names the edition, leaves out the disc without a movie and sends the two.
    await inception.getByLabel(ud.name).fill(`Inception Steelbook ${tag}`);
    await obscure.getByLabel(ud.include).uncheck();
    const submit = page.getByTestId('unknown-discs-submit');
    await expect(submit).toHaveText(ud.submitOther.replace('{count}', '2'));
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/collections/${id}/suggestions`));
    await submit.click();
    const sent = (await (await answer).json()) as {
      results: { ean: string; ok: boolean; request?: { public_id: string } }[];
    };
    expect(sent.results.map((r) => [r.ean, r.ok])).toEqual([
      [codes[0], true],
      [codes[1], true],
    ]);
    await expect(page.getByTestId('unknown-discs-outcome')).toHaveText(ud.sentOther.replace('{count}', '2'));
    await expect(inception.getByTestId('disc-state')).toContainText(ud.state.pending);
    await expect(casablanca.getByTestId('disc-state')).toContainText(ud.state.pending);
    await expect(submit).toHaveText(ud.submitOther.replace('{count}', '0'));

    // An admin approves the first through the API.
    const admin = await newPage(browser, base);
    await loginByApi(admin.request, base, E2E_ADMIN.email);
    const approved = await admin.request.post(`/api/changes/${sent.results[0].request!.public_id}/approve`, {
      headers: { origin: base },
      data: {},
    });
    expect(approved.status()).toBe(200);
    await admin.context().close();

    // The report survives a reload and marks both discs; the approved release is in the collection.
    await gotoApp(page, reportUrl);
    await expect(inception.getByTestId('disc-state')).toContainText(ud.state.approved);
    await expect(casablanca.getByTestId('disc-state')).toContainText(ud.state.pending);
    await expect(inception.getByLabel(ud.include)).toBeDisabled();
    await gotoApp(page, `${prefix}/collection/${id}`);
    await expect(page.getByTestId('entries')).toContainText(`Inception Steelbook ${tag}`);
    await expect(page.getByTestId('entries')).toContainText('Grand Illusion');
  });
}
