import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The password of the accounts the journeys create. */
export const PASSWORD = 'Betamax-Archive-1979';

/** The admin the e2e server is started with (tests/e2e/support/web-server.ts), password PASSWORD. */
export const E2E_ADMIN = { name: 'Queue Admin', email: 'queue-admin@example.com' } as const;

/**
 * Logs `request` (a page's, to share its cookies) in as `email` through the API, from an address
 * of its own: the login limit counts per address (20 an hour), and the specs log the queue's admin
 * in many times in one run.
 */
export async function loginByApi(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const res = await request.post('/api/login', {
    headers: { origin: baseURL, 'x-forwarded-for': claimAddress(`login-${uniqueTag()}`) },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** A tag that makes names and e-mail addresses of one test run unique. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * A client address of the test's own (sent as X-Forwarded-For; the e2e server runs with
 * TRUSTED_PROXIES=1, so the entry the test runner sends counts as the one a proxy appended), so
 * the per-IP registration limit of a reused data dir is not hit.
 */
export function claimAddress(tag: string): string {
  let h = 0;
  for (const c of tag) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`;
}

/**
 * Registers an account through the API from `ip` (the bot check solved here, as the widget
 * would). With a page's `request`, the page is logged in afterwards (shared cookies).
 */
export async function registerByApi(
  request: APIRequestContext,
  account: { baseURL: string; ip: string; name: string; email: string },
): Promise<void> {
  const { baseURL, ip, name, email } = account;
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const { solveChallenge } = await import('altcha-lib');
  const challenge = await (await request.get('/api/altcha')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await request.post('/api/register', {
    headers: { origin: baseURL, 'x-forwarded-for': ip },
    data: { name, email, password: PASSWORD, password2: PASSWORD, country: '', altcha },
  });
  expect(res.status()).toBe(200);
}

/**
 * Creates a public collection of releases through the API for the account `request` is logged in
 * as (style 3, owned, public, unless `fields` says otherwise).
 * @returns the collection's public id
 */
export async function createCollectionByApi(
  request: APIRequestContext,
  origin: string,
  fields: { name: string; description?: string; style?: number; visibility?: 'public' | 'private' },
): Promise<string> {
  const res = await request.post('/api/collections', {
    headers: { origin },
    data: { description: '', visibility: 'public', category: 'releases', style: 3, shortcut_default: false, ...fields },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { public_id: string }).public_id;
}

/**
 * Registers a fresh member (`{label} {tag}`, `{emailPrefix}-{tag}@example.fi`) through the API
 * from an address of its own, and logs `page` in as them (its requests carry that address).
 * @returns the unique tag of the account
 */
export async function registerOnPage(
  page: Page,
  opts: { baseURL: string | undefined; label: string; emailPrefix: string },
): Promise<string> {
  const tag = uniqueTag();
  const ip = claimAddress(tag);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await registerByApi(page.request, {
    baseURL: opts.baseURL ?? 'http://localhost:3100',
    ip,
    name: `${opts.label} ${tag}`,
    email: `${opts.emailPrefix}-${tag}@example.fi`,
  });
  return tag;
}
