import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { loginByApi, registerOnPage } from './support/accounts';
import { barcodePng, barcodeY4m } from './support/barcodes';
import { expect, gotoApp, test, waitForApp } from './support/fixtures';

/**
 * Scanning at the shop, English and Finnish: the top bar's scan button on a phone; typed digits
 * (a wrong check digit keeps what was typed and says which digit it should be); a photo of a
 * barcode drawn by bwip-js read by the decoder (Chromium on Linux has no BarcodeDetector, so the
 * app's own ZXing WebAssembly reads it); the camera (Chromium's fake camera playing a barcode
 * video); HAVE from the answer; an unknown barcode leads to the new-release suggestion with the
 * barcode filled in; and without a connection (the browser context offline): the saved lists
 * answer a scan, WANTED pressed offline waits and is sent when the connection returns, once, even
 * when the first answer is lost.
 */

/** Barcodes of the seed's releases (the filmbrainz samples) and one no release has. */
const OWNED_EAN = '5017188883498';
const WANTED_EAN = '5014437820334';
const UNKNOWN_EAN = '6401234567897';

const PHONE = { width: 390, height: 844 };

type Counts = { counts: Record<string, number>; mine: Record<string, boolean> | null };

async function releaseOf(page: Page, ean: string): Promise<string> {
  const res = await page.request.get(`/api/barcodes/${ean}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { releases: { public_id: string }[] };
  expect(body.releases.length, ean).toBe(1);
  return body.releases[0]!.public_id;
}

async function toggles(page: Page, release: string): Promise<Counts> {
  return (await (await page.request.get(`/api/releases/${release}/toggles`)).json()) as Counts;
}

function register(page: Page, baseURL: string | undefined, label: string): Promise<string> {
  return registerOnPage(page, { baseURL, label, emailPrefix: 'scan' });
}

/**
 * Cuts or restores the network of the context's pages and of its service workers.
 * `context.setOffline` reaches pages only (Playwright issue 2311), so each service worker gets
 * Chromium's own offline emulation over a CDP session of its own, kept until the network returns.
 */
async function setNetwork(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  if (!offline) {
    await workerSession?.detach();
    workerSession = null;
    return;
  }
  workerSession = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await workerSession.send('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker');
  expect(workers.length, 'a service worker to cut off').toBeGreaterThan(0);
  for (const worker of workers) {
    const { sessionId } = await workerSession.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    const commands: [string, object][] = [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }],
    ];
    for (const [i, [method, params]] of commands.entries())
      await workerSession.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: i + 1, method, params }),
      });
  }
}
let workerSession: CDPSession | null = null;

/** Feeds a photo of the barcode to the scanner's file input. */
async function photo(page: Page, ean: string): Promise<void> {
  await page.getByTestId('scan-photo').setInputFiles({
    name: `${ean}.png`,
    mimeType: 'image/png',
    buffer: await barcodePng(ean),
  });
}

for (const locale of ['en', 'fi'] as const) {
  const prefix = locale === 'fi' ? '/fi' : '';
  const text =
    locale === 'fi'
      ? {
          scan: 'Skannaa viivakoodi',
          digits: 'Viivakoodi (EAN tai UPC)',
          lookUp: 'Hae',
          checkDigit: `Virheellinen viivakoodi ${OWNED_EAN.slice(0, -1)}0: tarkistusnumero 0 on väärä, sen pitäisi olla 8`,
          visitor: 'Kirjaudu sisään, niin näet, onko julkaisu listoillasi.',
          unknown: 'Luettelossa ei ole julkaisua tällä viivakoodilla.',
          suggest: 'Ehdota sitä uudeksi julkaisuksi',
          have: 'Tämä julkaisu on sinulla.',
          notInLists: 'Ei vielä listoillasi.',
          haveButton: 'OMISTAN',
        }
      : {
          scan: 'Scan a barcode',
          digits: 'Barcode (EAN or UPC)',
          lookUp: 'Look up',
          checkDigit: `Invalid barcode ${OWNED_EAN.slice(0, -1)}0: wrong check digit 0, the check digit should be 8`,
          visitor: 'Log in to see whether it is in your lists.',
          unknown: 'No release in the catalogue has this barcode.',
          suggest: 'Suggest it as a new release',
          have: 'You have this release.',
          notInLists: 'Not in your lists yet.',
          haveButton: 'HAVE',
        };

  test(`${locale}: on a phone the top bar opens the scanner; typed digits are checked and looked up`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await gotoApp(page, `${prefix}/releases`);
    await page.getByRole('link', { name: text.scan, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/scan$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.scan);

    const field = page.getByLabel(text.digits);
    await field.fill(`${OWNED_EAN.slice(0, -1)}0`);
    await page.getByRole('button', { name: text.lookUp, exact: true }).click();
    await expect(page.getByTestId('scan-invalid')).toHaveText(text.checkDigit);
    await expect(field).toHaveValue(`${OWNED_EAN.slice(0, -1)}0`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(OWNED_EAN);
    await field.press('Enter');
    const answer = page.getByTestId('scan-answer');
    await expect(answer).toHaveAttribute('data-source', 'online');
    await expect(answer.getByTestId('scan-release')).toHaveCount(1);
    await expect(answer).toContainText(text.visitor);

    await field.fill(UNKNOWN_EAN);
    await field.press('Enter');
    await expect(answer).toContainText(text.unknown);
    await expect(answer.getByRole('link', { name: text.suggest })).toHaveAttribute(
      'href',
      `${prefix}/releases/new?barcode=${UNKNOWN_EAN}`,
    );
    // A visitor's browser gets no service worker.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });

  test(`${locale}: a member reads a photo of a barcode, presses HAVE, and an unknown code starts a suggestion with it`, async ({
    page,
    baseURL,
  }) => {
    await register(page, baseURL, 'Photo scanner');
    const release = await releaseOf(page, OWNED_EAN);
    const before = await toggles(page, release);
    await gotoApp(page, `${prefix}/scan`);
    await photo(page, OWNED_EAN);
    const answer = page.getByTestId('scan-answer');
    await expect(answer).toContainText(`${OWNED_EAN}`);
    // Chromium on Linux has no BarcodeDetector: the app's own ZXing reader read the photo.
    await expect(page.getByTestId('scanner')).toHaveAttribute('data-decoder', 'zxing');
    await expect(answer).toContainText(text.notInLists);
    await answer.getByRole('button', { name: text.haveButton }).click();
    await expect(answer.getByRole('button', { name: text.haveButton })).toHaveAttribute('aria-pressed', 'true');
    await expect(answer).toContainText(text.have);
    const after = await toggles(page, release);
    expect(after.mine?.have).toBe(true);
    expect(after.counts.have).toBe(before.counts.have + 1);

    await page.getByLabel(text.digits).fill(UNKNOWN_EAN);
    await page.getByLabel(text.digits).press('Enter');
    await answer.getByRole('link', { name: text.suggest }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/releases/new\\?barcode=${UNKNOWN_EAN}$`));
    await expect(page.locator('input[name="ean"]')).toHaveValue(UNKNOWN_EAN);
  });

  const o =
    locale === 'fi'
      ? {
          digits: 'Viivakoodi (EAN tai UPC)',
          wantedButton: 'HALUAN',
          savedOne: '(1 julkaisu)',
          savedTwo: '2 julkaisua',
          pending: '1 muutos odottaa yhteyttä.',
          have: 'Tämä julkaisu on sinulla.',
          wanted: 'Tämä julkaisu on toivelistallasi.',
          offlineUnknown: 'Ei listoillasi. Onko julkaisu luettelossa, selviää, kun yhteys palaa.',
          sent: '1 ilman yhteyttä tehty muutos lähetettiin.',
          loginToSend: 'Kirjaudu uudelleen sisään, niin ilman yhteyttä tehdyt muutokset lähetetään.',
        }
      : {
          digits: 'Barcode (EAN or UPC)',
          wantedButton: 'WANTED',
          savedOne: '(1 release)',
          savedTwo: '2 releases',
          pending: '1 change waits for a connection.',
          have: 'You have this release.',
          wanted: 'This release is on your wanted list.',
          offlineUnknown: 'Not in your lists. Whether the catalogue has it can be checked when the connection returns.',
          sent: '1 change made offline was sent.',
          loginToSend: 'Log in again to send the changes made without a connection.',
        };

  test(`${locale}: offline, the saved lists answer; WANTED waits for the connection and is sent once, then logging out clears the device`, async ({
    page,
    context,
    baseURL,
  }) => {
    await register(page, baseURL, 'Offline scanner');
    const owned = await releaseOf(page, OWNED_EAN);
    const wanted = await releaseOf(page, WANTED_EAN);
    expect(
      (
        await page.request.post(`/api/releases/${owned}/toggles`, {
          data: { kind: 'have', on: true },
          headers: { origin: baseURL! },
        })
      ).status(),
    ).toBe(200);
    const wantedBefore = (await toggles(page, wanted)).counts.wanted;

    // A member's page registers the worker; the scanner, opened under it, saves the lists and asks
    // the worker to keep its code and the reader.
    await gotoApp(page, `${prefix}/scan`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await gotoApp(page, `${prefix}/scan`);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByTestId('scan-saved')).toContainText(o.savedOne);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            for (const name of await caches.keys())
              for (const req of await (await caches.open(name)).keys()) if (req.url.endsWith('.wasm')) return true;
            return false;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    // The other release is looked up while online (its answer stays on the screen).
    await page.getByLabel(o.digits).fill(WANTED_EAN);
    await page.getByLabel(o.digits).press('Enter');
    await expect(page.getByTestId('scan-answer')).toHaveAttribute('data-source', 'online');

    await setNetwork(context, true);
    await expect(page.getByTestId('scan-offline')).toBeVisible();
    const answer = page.getByTestId('scan-answer');
    await answer.getByRole('button', { name: o.wantedButton }).click();
    await expect(page.getByTestId('scan-pending')).toHaveText(o.pending);
    await expect(answer.getByRole('button', { name: o.wantedButton })).toHaveAttribute('aria-pressed', 'true');

    // A reload without a connection: the worker's copy of the page, the saved lists and the reader.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await waitForApp(page);
    await expect(page.getByTestId('scan-offline')).toContainText(o.savedTwo);
    await expect(page.getByTestId('scan-pending')).toHaveText(o.pending);
    await photo(page, OWNED_EAN);
    await expect(answer).toHaveAttribute('data-source', 'offline');
    await expect(answer).toContainText(o.have);
    await page.getByLabel(o.digits).fill(WANTED_EAN);
    await page.getByLabel(o.digits).press('Enter');
    await expect(answer).toContainText(o.wanted);
    await page.getByLabel(o.digits).fill(UNKNOWN_EAN);
    await page.getByLabel(o.digits).press('Enter');
    await expect(answer).toContainText(o.offlineUnknown);
    expect((await toggles(page, wanted)).counts.wanted, 'nothing sent while offline').toBe(wantedBefore);

    // The worker's own network is cut too: a build file it does not keep cannot be fetched (with
    // a connection the server would answer 404).
    expect(
      await page.evaluate(() =>
        fetch('/_next/static/offline-probe.js').then(
          () => 'reached',
          () => 'cut',
        ),
      ),
    ).toBe('cut');

    // The connection returns, but the first answer is lost on the way back: the change is sent again.
    let lost = 0;
    await page.route('**/api/releases/*/toggles', async (route) => {
      if (route.request().method() === 'POST' && lost === 0) {
        lost++;
        await route.fetch();
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    await setNetwork(context, false);
    await expect(page.getByTestId('snackbar')).toContainText(o.sent, { timeout: 20_000 });
    expect(lost).toBe(1);
    await expect(page.getByTestId('scan-pending')).toHaveCount(0);
    const after = await toggles(page, wanted);
    expect(after.mine?.wanted).toBe(true);
    expect(after.counts.wanted, 'sent twice, counted once').toBe(wantedBefore + 1);

    // Logging out removes the worker, its caches and the saved lists from the device. (The page
    // loaded offline knows no session: the next page, online, shows the account menu.)
    await gotoApp(page, `${prefix}/scan`);
    await page.getByTestId('user-widget').click();
    await page.getByTestId('logout').click();
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistrations()).length + (await caches.keys()).length,
        ),
      )
      .toBe(0);
    await gotoApp(page, `${prefix}/scan`);
    await expect(page.getByTestId('scan-form')).toBeVisible();
    await expect(page.getByTestId('scan-saved')).toHaveCount(0);
  });

  test(`${locale}: a change made offline whose session has ended waits, asks for a login, and is sent after it`, async ({
    page,
    context,
    baseURL,
  }) => {
    const tag = await register(page, baseURL, 'Lapsed scanner');
    const wanted = await releaseOf(page, WANTED_EAN);
    const wantedBefore = (await toggles(page, wanted)).counts.wanted;
    await gotoApp(page, `${prefix}/scan`);
    await expect(page.getByTestId('scan-saved')).toBeVisible();
    await page.getByLabel(o.digits).fill(WANTED_EAN);
    await page.getByLabel(o.digits).press('Enter');
    await expect(page.getByTestId('scan-answer')).toHaveAttribute('data-source', 'online');

    await context.setOffline(true);
    await page.getByTestId('scan-answer').getByRole('button', { name: o.wantedButton }).click();
    await expect(page.getByTestId('scan-pending')).toHaveText(o.pending);

    // The session ends while the phone is offline; back online, the barcode list's 401 tells the
    // scanner it has no member (not a lost connection), so the change waits and a login is asked for.
    await context.clearCookies();
    await context.setOffline(false);
    await expect(page.getByTestId('scan-status')).toHaveText(o.loginToSend, { timeout: 20_000 });
    await expect(page.getByTestId('scan-pending')).toHaveText(o.pending);

    await loginByApi(page.request, baseURL!, `scan-${tag}@example.fi`);
    expect((await toggles(page, wanted)).counts.wanted, 'nothing sent without a session').toBe(wantedBefore);
    await gotoApp(page, `${prefix}/scan`);
    await expect(page.getByTestId('snackbar')).toContainText(o.sent, { timeout: 20_000 });
    await expect(page.getByTestId('scan-pending')).toHaveCount(0);
    const after = await toggles(page, wanted);
    expect(after.mine?.wanted).toBe(true);
    expect(after.counts.wanted).toBe(wantedBefore + 1);
  });
}

test('the camera: a barcode held in front of it is read and answered (Chromium fake camera)', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const video = path.join(os.tmpdir(), `discshelf-scan-${process.pid}.y4m`);
  await barcodeY4m(OWNED_EAN, video);
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE, permissions: ['camera'] });
    const page = await context.newPage();
    await gotoApp(page, '/scan');
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(page.getByTestId('scan-camera')).toBeVisible();
    const answer = page.getByTestId('scan-answer');
    await expect(answer).toContainText(OWNED_EAN, { timeout: 20_000 });
    await expect(answer.getByTestId('scan-release')).toHaveCount(1);
    // The camera is stopped once a barcode is read.
    await expect(page.getByTestId('scan-camera')).toHaveCount(0);
    await expect(page.getByLabel('Barcode (EAN or UPC)')).toHaveValue(OWNED_EAN);
  } finally {
    await browser.close();
  }
});
