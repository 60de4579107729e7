import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gotoApp, test } from './support/fixtures';

/**
 * Catalogue pages as a visitor sees them (full seed): a release page (fields, movies, JSON-LD
 * Product), a movie page (cast, releases grouped by format, Finnish censorship history of
 * "Dead & Buried" (1981)), and /releases/finnish_censorship (cut Finnish videotapes, longest cut first).
 */

type ApiRelease = {
  public_id: string;
  name: string;
  format: number;
  country: number | null;
  is_cut: boolean;
  cut_seconds: number | null;
  ean: string | null;
  label: { public_id: string; name: string } | null;
  spine_id: number | null;
  movies: { public_id: string; name: string }[];
};

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

/** "m:ss" → seconds. */
function seconds(mss: string): number {
  const [m, s] = mss.split(':').map(Number);
  return m * 60 + s;
}

test('a Criterion release page shows its fields, label and spine, movies and a Product JSON-LD', async ({
  page,
  request,
}) => {
  const list = await api<{ items: ApiRelease[] }>(request, '/api/releases?q=grand%20illusion');
  const release = list.items.find((r) => r.label?.name === 'The Criterion Collection' && r.spine_id === 1);
  expect(release, 'Criterion spine 1 in the seed').toBeTruthy();
  const response = await gotoApp(page, `/release/${release!.public_id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(release!.name);
  await expect(page.getByTestId('release-label')).toHaveText('The Criterion Collection');
  await expect(page.getByTestId('release-label')).toHaveAttribute('href', `/label/${release!.label!.public_id}`);
  await expect(page.getByTestId('release-spine')).toHaveText('Spine #1');
  const fields = page.getByTestId('release-fields');
  await expect(fields.locator('[data-field="spine"] dd')).toHaveText('1');
  await expect(fields.locator('[data-field="label"] dd')).toHaveText('The Criterion Collection');
  await expect(fields.locator('[data-field="format"] dt')).toHaveText('Format');
  // Fields without a value are left out (Criterion rows carry no EAN).
  await expect(fields.locator('[data-field="ean"]')).toHaveCount(0);
  const movieLink = page.getByTestId('release-movies').getByRole('link', { name: 'Grand Illusion' });
  await expect(movieLink).toHaveAttribute('href', `/movie/${release!.movies[0].public_id}`);
  const product = (await jsonLd(page)).find((d) => d['@type'] === 'Product');
  expect(product).toBeTruthy();
  expect(product!.name).toBe(release!.name);
  expect(product!.brand).toEqual({ '@type': 'Brand', name: 'The Criterion Collection' });
  expect(String(product!.url)).toMatch(new RegExp(`/release/${release!.public_id}$`));
  // Canonical and hreflang alternates.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/release/${release!.public_id}$`),
  );
  await expect(page.locator('link[rel="alternate"][hreflang="fi"]')).toHaveAttribute(
    'href',
    new RegExp(`/fi/release/${release!.public_id}$`),
  );
});

test('a label page lists its releases in spine order, searches them and narrows them to a format; the cached first page stays as it was', async ({
  page,
  request,
}) => {
  const labels = await api<{ items: { public_id: string; name: string }[] }>(request, '/api/labels?q=criterion');
  const criterion = labels.items.find((l) => l.name === 'The Criterion Collection')!;
  await gotoApp(page, `/fi/label/${criterion.public_id}`);
  const form = page.getByTestId('label-release-search');
  await form.getByLabel('Järjestys').selectOption({ label: 'Selkänumero' });
  await form.getByRole('button', { name: 'Näytä' }).click();
  await expect(page).toHaveURL(new RegExp(`/fi/label/${criterion.public_id}\\?q=&so=spine$`));
  const cards = page.getByTestId('release-card');
  const spines = async () =>
    (await cards.allTextContents()).map((text) => Number(/Selkänumero (\d+)/.exec(text)?.[1] ?? NaN));
  await expect(cards.first()).toContainText('Selkänumero 1Sisältää');
  const first = await spines();
  expect(first).toHaveLength(24);
  expect(first).toEqual([...first].sort((a, b) => a - b));
  // The next page goes on in spine order.
  await page.getByTestId('next-page').click();
  await expect(page).toHaveURL(/so=spine.*cursor=/);
  await expect(cards.first()).not.toContainText('Selkänumero 1Sisältää');
  const second = await spines();
  expect(second).toEqual([...second].sort((a, b) => a - b));
  expect(second[0]).toBeGreaterThanOrEqual(first[23]);
  // Words search this label's releases only, in the chosen order.
  await gotoApp(page, `/fi/label/${criterion.public_id}?so=spine`);
  await form.getByLabel('Hae julkaisijan julkaisuista').fill('samurai');
  await form.getByRole('button', { name: 'Näytä' }).click();
  await expect(page).toHaveURL(/q=samurai&so=spine$/);
  await expect(form.getByLabel('Hae julkaisijan julkaisuista')).toHaveValue('samurai');
  await expect(cards.first()).toContainText('Seven Samurai');
  for (const text of await cards.allTextContents()) expect(text).toContain('The Criterion Collection');
  await form.getByLabel('Hae julkaisijan julkaisuista').fill('zqxjwv');
  await form.getByRole('button', { name: 'Näytä' }).click();
  await expect(page.getByText('Mikään tämän julkaisijan julkaisu ei vastaa hakua ”zqxjwv”.')).toBeVisible();
  // Words naming a person also find the label's releases of their films, under a note linking them.
  await form.getByLabel('Hae julkaisijan julkaisuista').fill('mifune');
  await form.getByRole('button', { name: 'Näytä' }).click();
  await expect(page).toHaveURL(/q=mifune&so=spine$/);
  const credited = page.getByTestId('label-credited');
  await expect(credited).toContainText('Löytyi myös tekijätiedoista');
  await expect(credited.getByRole('link', { name: 'Toshirō Mifune' })).toHaveAttribute('href', /^\/fi\/person\//);
  await expect(cards.filter({ hasText: 'Seven Samurai' }).first()).toBeVisible();
  // The format links narrow the label's releases to one format, keeping the order.
  await gotoApp(page, `/fi/label/${criterion.public_id}?so=spine`);
  const formats = page.getByRole('navigation', { name: 'Julkaisijan julkaisujen formaatit' });
  await formats.getByRole('link', { name: /^4K UHD \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/q=%5B4k%5D&so=spine$/);
  await expect(formats.getByRole('link', { name: /^4K UHD/ })).toHaveAttribute('aria-current', 'true');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card.getByText(/^4K UHD/).first()).toBeVisible();
  await formats.getByRole('link', { name: 'Kaikki', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/fi/label/${criterion.public_id}\\?so=spine$`));
  // A label's country is named in the page's language, not given as its code.
  const view = await api<{ items: { public_id: string; country: string | null; release_count: number }[] }>(
    request,
    '/api/labels_view',
  );
  const british = view.items.find((l) => l.country === 'GB')!;
  await gotoApp(page, `/fi/label/${british.public_id}`);
  await expect(page.getByTestId('label-page')).toContainText('MaaIso-Britannia');
  // A label without spine numbers offers no spine order, and one asked for by hand is not applied.
  let unnumbered: string | null = null;
  for (const label of view.items.filter((l) => l.release_count > 1)) {
    const first = await api<{ items: { spine_id: number | null }[] }>(
      request,
      `/api/releases?label=${label.public_id}&so=spine&limit=1`,
    );
    if (first.items.length && first.items[0].spine_id === null) {
      unnumbered = label.public_id;
      break;
    }
  }
  expect(unnumbered, 'a seed label whose releases have no spine number').toBeTruthy();
  await gotoApp(page, `/fi/label/${unnumbered}?so=spine`);
  await expect(form.getByLabel('Järjestys')).toHaveValue('date_desc');
  await expect(form.getByLabel('Järjestys').locator('option')).toHaveText(['Julkaisupäivä, uusin ensin', 'Nimi A–Ö']);
  // The plain label page is still the cached newest-first page, without a spine order of its own.
  await gotoApp(page, `/fi/label/${criterion.public_id}`);
  await expect(form.getByLabel('Järjestys')).toHaveValue('date_desc');
  await expect(form.getByLabel('Hae julkaisijan julkaisuista')).toHaveValue('');
});

test('a release with an EAN has gtin13 in its Product JSON-LD and shows the EAN/UPC field', async ({
  page,
  request,
}) => {
  const list = await api<{ items: ApiRelease[] }>(request, '/api/releases?ean=5017180816203');
  expect(list.items.length).toBe(1);
  await gotoApp(page, `/release/${list.items[0].public_id}`);
  await expect(page.getByTestId('release-fields').locator('[data-field="ean"] dd')).toHaveText('5017180816203');
  const product = (await jsonLd(page)).find((d) => d['@type'] === 'Product');
  expect(product!.gtin13).toBe('5017180816203');
});

test('the movie page of "Dead & Buried" (1981) shows cast, releases by format and the Finnish censorship history', async ({
  page,
  request,
}) => {
  const titles = await api<{ items: { public_id: string; name: string; year: number }[] }>(
    request,
    '/api/titles?q=dead%20and%20buried',
  );
  const movie = titles.items.find((t) => t.year === 1981);
  expect(movie).toBeTruthy();
  const detail = await api<{
    cast_crew: { role: string; person: { public_id: string; name: string } }[];
    releases: ApiRelease[];
  }>(request, `/api/titles/${movie!.public_id}`);
  const response = await gotoApp(page, `/movie/${movie!.public_id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(movie!.name);
  await expect(page.getByTestId('movie-facts').locator('[data-field="year"] dd')).toHaveText('1981');

  // Plot is Wikipedia text, attributed and linked.
  await expect(page.getByTestId('wikipedia-attribution')).toContainText('From Wikipedia, CC BY-SA');
  await expect(page.getByTestId('wikipedia-attribution').getByRole('link', { name: 'Wikipedia' })).toHaveAttribute(
    'href',
    /^https:\/\/en\.wikipedia\.org\/wiki\//,
  );

  // Cast and crew link to persons.
  const actor = detail.cast_crew.find((c) => c.role === 'actor');
  expect(actor).toBeTruthy();
  await expect(page.getByTestId('cast-crew').getByRole('link', { name: actor!.person.name }).first()).toHaveAttribute(
    'href',
    `/person/${actor!.person.public_id}`,
  );

  // Every release, grouped by format.
  const groups = page.getByTestId('releases-by-format').locator('section[data-format]');
  const formats = [...new Set(detail.releases.map((r) => String(r.format)))];
  await expect(groups).toHaveCount(formats.length);
  await expect(page.getByTestId('releases-by-format').getByTestId('release-card')).toHaveCount(detail.releases.length);
  const vhs = page.locator('section[data-format="2"]');
  await expect(vhs.locator('#format-2')).toContainText('VHS');
  await expect(vhs.getByRole('link', { name: 'Kuolleet ja haudatut' })).toBeVisible();

  // Finnish censorship history: banned 12/05/1981, cut version approved 17/09/1981 (about 9:00 cut, K16), source linked.
  const history = page.getByTestId('censorship-history');
  await expect(history.getByRole('heading', { name: 'Finnish censorship history' })).toBeVisible();
  const events = history.getByTestId('censorship-event');
  await expect(events.first()).toContainText('12/05/1981 · Banned');
  const approved = events.filter({ hasText: '17/09/1981 · Cut version approved' });
  await expect(approved).toHaveCount(1);
  await expect(approved.getByTestId('event-cut-length')).toHaveText('about 9:00');
  await expect(approved).toContainText('K16');
  await expect(approved.getByRole('link', { name: 'Source' })).toHaveAttribute('href', /^https?:\/\//);

  // JSON-LD Movie.
  const ld = (await jsonLd(page)).find((d) => d['@type'] === 'Movie');
  expect(ld).toBeTruthy();
  expect(ld!.name).toBe(movie!.name);
  expect(ld!.alternateName).toEqual(expect.arrayContaining(['Kuolleet ja haudatut']));

  // The Finnish page is in Finnish, with the same history.
  await gotoApp(page, `/fi/movie/${movie!.public_id}`);
  await expect(
    page.getByTestId('censorship-history').getByRole('heading', { name: 'Sensuurihistoria Suomessa' }),
  ).toBeVisible();
  await expect(page.getByTestId('censorship-event').first()).toContainText('12.5.1981 · Kielletty');

  // The actor's filmography says how many releases the film has, linked to them.
  await gotoApp(page, `/fi/person/${actor!.person.public_id}`);
  const credit = page.getByTestId('person-credits').locator('li', { hasText: movie!.name }).first();
  const releases = credit.getByTestId('credit-releases');
  await expect(releases).toHaveText(`${detail.releases.length} julkaisua`);
  await expect(releases).toHaveAttribute('href', `/fi/movie/${movie!.public_id}/releases`);
});

test("a 4K release's external review names its site, apart from the members' reviews", async ({ page, request }) => {
  const list = await api<{ items: { public_id: string; name: string }[] }>(
    request,
    '/api/releases?q=dune%20limited%20edition%20[4k]',
  );
  const id = list.items.find((r) => r.name === 'Dune: Limited Edition (1984)')!.public_id;
  const release = await api<{ review_url: string | null }>(request, `/api/releases/${id}`);
  expect(release.review_url).toMatch(/^https:\/\/thedigitalbits\.com\//);
  await gotoApp(page, `/release/${id}`);
  const link = page.getByTestId('external-review');
  await expect(link).toHaveText('Read the review at thedigitalbits.com');
  await expect(link).toHaveAttribute('href', release.review_url!);
  await gotoApp(page, `/fi/release/${id}`);
  await expect(page.getByTestId('external-review')).toHaveText('Lue arvostelu sivustolla thedigitalbits.com');
});

test('/releases/finnish_censorship lists cut Finnish videotapes, longest cut first', async ({ page, request }) => {
  const response = await gotoApp(page, '/releases/finnish_censorship');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cut Finnish releases');
  const cards = page.getByTestId('release-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-public-id')!));
  // Every item is cut, from Finland; these are videotapes.
  for (const id of ids) {
    const r = await api<ApiRelease>(request, `/api/releases/${id}`);
    expect(r.is_cut, id).toBe(true);
    expect(r.country, id).toBe(4);
    expect(r.format, id).toBe(2);
  }
  // Cut lengths as shown (m:ss) never increase; releases without a known length come last.
  const badges = await cards.evaluateAll((els) =>
    els.map((e) => e.querySelector('[data-testid="cut-badge"]')?.textContent ?? ''),
  );
  expect(badges.every((b) => b.startsWith('Cut'))).toBe(true);
  const lengths = badges.map((b) => /(\d+:\d\d)/.exec(b)?.[1]).map((m) => (m ? seconds(m) : -1));
  const known = lengths.filter((s) => s >= 0);
  expect(known.length).toBeGreaterThan(2);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  expect(lengths.slice(0, known.length)).toEqual(known);
  await expect(cards.first().getByTestId('release-format')).toHaveText('VHS');
});

test('release and movie subpages render real data or a translated empty state', async ({ page, request }) => {
  const list = await api<{ items: ApiRelease[] }>(request, '/api/releases?q=grand%20illusion');
  const id = list.items[0].public_id;
  await gotoApp(page, `/release/${id}/photos`);
  await expect(
    page.getByRole('navigation', { name: 'Release sections' }).getByRole('link', { name: 'Photos' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('empty-state').or(page.getByTestId('pictures'))).toBeVisible();
  await gotoApp(page, `/fi/release/${id}/buying_options`);
  await expect(page.getByTestId('empty-state').or(page.getByTestId('buying-links'))).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Julkaisun osiot' })).toBeVisible();
});

test('at phone width a subpage opens with its tab strip scrolled to the current tab', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const list = await api<{ items: ApiRelease[] }>(request, '/api/releases?q=grand%20illusion');
  const id = list.items[0].public_id;
  const tabs = page.getByRole('navigation', { name: 'Release sections' });
  const inView = async (name: string) => {
    const [strip, tab] = [await tabs.boundingBox(), await tabs.getByRole('link', { name }).boundingBox()];
    return tab!.x >= strip!.x - 1 && tab!.x + tab!.width <= strip!.x + strip!.width + 1;
  };
  await gotoApp(page, `/release/${id}`);
  expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await inView('Overview')).toBe(true);
  expect(await inView('In collections')).toBe(false);
  await gotoApp(page, `/release/${id}/user_collections`);
  await expect(tabs.getByRole('link', { name: 'In collections' })).toHaveAttribute('aria-current', 'page');
  expect(await tabs.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await inView('In collections')).toBe(true);
});

test('a listing at phone width keeps filters and cards usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page, '/releases/4k');
  await expect(page.getByTestId('filters')).toBeVisible();
  await expect(page.getByTestId('release-card').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
});

test('at phone width a filter row opens scrolled to its active option; wider, the page opens at its top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page, '/fi/releases/finnish_censorship');
  for (const [row, name] of [
    ['filter-country', 'Suomi'],
    ['filter-so', 'Pisimmät leikkaukset ensin'],
  ] as const) {
    const strip = page.getByTestId(row).locator(':scope > div');
    const option = strip.getByRole('link', { name, exact: true });
    await expect(option).toHaveAttribute('aria-current', 'true');
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const [box, chip] = [await strip.boundingBox(), await option.boundingBox()];
    expect(chip!.x).toBeGreaterThanOrEqual(box!.x - 1);
    expect(chip!.x + chip!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
  }
  // Wider, the rows wrap: nothing scrolls, and the page itself opens at its top.
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page, '/fi/releases/finnish_censorship');
  await expect(page.getByTestId('filter-so').getByRole('link', { name: 'Pisimmät leikkaukset ensin' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('Finnish pages give genres, countries and spoken languages in Finnish; English pages as the sources have them', async ({
  page,
  request,
}) => {
  const cases = [
    {
      q: 'come and see',
      year: 1985,
      en: { genres: 'Drama, War', countries: 'Soviet Union', languages: 'Russian' },
      fi: { genres: 'Draama, Sota', countries: 'Neuvostoliitto', languages: 'venäjä' },
    },
    {
      q: 'chungking express',
      year: 1994,
      en: { genres: 'Drama, Comedy, Romance', countries: 'Hong Kong', languages: 'Cantonese' },
      fi: { genres: 'Draama, Komedia, Romantiikka', countries: 'Hongkong', languages: 'kantoninkiina' },
    },
    {
      q: 'seven samurai',
      year: 1954,
      en: { genres: 'Action, Drama', countries: 'Japan', languages: 'Japanese' },
      fi: { genres: 'Toiminta, Draama', countries: 'Japani', languages: 'japani' },
    },
  ];
  for (const c of cases) {
    const { items } = await api<{ items: { public_id: string; year: number }[] }>(
      request,
      `/api/titles?q=${encodeURIComponent(c.q)}`,
    );
    const movie = items.find((t) => t.year === c.year);
    expect(movie, c.q).toBeTruthy();
    for (const locale of ['en', 'fi'] as const) {
      const want = c[locale];
      await gotoApp(page, `${locale === 'fi' ? '/fi' : ''}/movie/${movie!.public_id}`);
      const facts = page.getByTestId('movie-facts');
      await expect(facts.locator('[data-field="genres"] dd'), `${c.q} ${locale}`).toHaveText(want.genres);
      await expect(facts.locator('[data-field="countries"] dd'), `${c.q} ${locale}`).toHaveText(want.countries);
      await expect(facts.locator('[data-field="languages"] dd'), `${c.q} ${locale}`).toHaveText(want.languages);
      await expect(page.getByTestId('movie-page').locator('header')).toContainText(want.genres);
    }
  }
  // The cards of the movies listing too.
  await gotoApp(page, `/fi/movies?q=${encodeURIComponent('come and see')}`);
  await expect(page.getByTestId('title-card').filter({ hasText: '1985' }).first()).toContainText('Draama, Sota');
});
