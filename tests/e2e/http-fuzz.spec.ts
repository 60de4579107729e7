import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import fc from 'fast-check';
import { claimAddress, registerByApi, uniqueTag } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * Property-based fuzz of the running server over HTTP (fast-check, fixed seed, bounded runs):
 * what tests/integration/api-fuzz.test.ts cannot see, since it calls the handlers directly. Here
 * the raw request goes through everything in front of them: the app's HTTP server
 * (scripts/serve.ts), Next's parsing of the address and its routing, and the page proxy.
 * Every operation that /api/openapi.json lists (so a new route is covered by itself), with a
 * method of its own or another one, raw path segments (`%FF`, `%00`, broken sequences, `%2e%2e`,
 * huge numbers, long text) in place of its path parameters, a raw query built from its declared
 * names, the listing names and random ones with raw values, and a raw body (none, JSON, not JSON,
 * invalid UTF-8 bytes, a huge string), as a visitor or a member; and the main page templates
 * (account pages included) with raw segments and queries, as either.
 *
 * Asserted: no answer is 5xx; an API answer of 400-499 is JSON with an `error` (a 405 also
 * names the methods of the path in `Allow`). The data of other members is not touched
 * by a visitor or a fresh member here, and the handler-level fuzz checks that in depth.
 */

/** Fixed seed; FUZZ_SEED picks another and FUZZ_RUNS multiplies the runs, for a longer search by hand. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
/** Requests per property (each picks an operation, a role, segments, a query and a body). */
const API_RUNS = 300 * SCALE;
const PAGE_RUNS = 80 * SCALE;

type Operation = { method: string; path: string; query: string[] };

/** Raw path segments: kept percent-encoded as written (Playwright sends them as they are). */
const SEGMENTS = [
  'abc',
  'A1b2C3d4E5',
  '%FF',
  '%00',
  'a%C3%28',
  '%ED%A0%80',
  '%2e%2e',
  '..',
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '%20',
  'x'.repeat(400),
  '%E2%80%AE',
  '%C3%B6',
  '%25',
  '%27%22%3C',
  '%5B4k%5D',
];
/** Raw query values. */
const VALUES = [
  '',
  '1',
  '-1',
  '4,96',
  '99999999999',
  '1e400',
  '%FF',
  '%00',
  'a%C3%28',
  '%ED%A0%80',
  '2024-13-45',
  'eyJ4IjoxfQ',
  'WyJuYW1lIiwiMjAyNC0xMy00NSIsMV0',
  '%',
  '+',
  'the',
  'alien%20%5B4k%5D',
  '(1985)',
  'x'.repeat(2000),
  'en',
  'fi',
  'cut',
  'video',
  'date_desc',
];
const LISTING_NAMES = [
  'cursor',
  'limit',
  'q',
  'so',
  'fo',
  'co',
  'fi',
  'pc',
  'la',
  'cd',
  'dr',
  'dn',
  'pr',
  'label',
  'ct',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Raw bodies: none, JSON of several shapes, not JSON, invalid UTF-8, a huge string. */
const BODIES: (string | Buffer | undefined)[] = [
  undefined,
  '{}',
  '[]',
  'null',
  '{"name":"x","headline":"x","body":"x","language":"xx","rating_movie":99}',
  'not json',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x28, 0x22, 0x7d]),
  JSON.stringify({ name: 'y'.repeat(70_000) }),
];

/** The operations /api/openapi.json lists, with the names of their declared query parameters. */
async function operations(request: APIRequestContext): Promise<Operation[]> {
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** `/api/releases/{publicId}` with each `{…}` replaced by the next raw segment. */
function fill(path: string, segments: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => segments[i++ % segments.length]);
}

function rawQuery(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** What a request answered, for the failure message. */
async function answerOf(res: APIResponse): Promise<string> {
  const text = await res.text().catch(() => '');
  return `${res.status()} ${res.headers()['content-type'] ?? '-'} ${text.slice(0, 200)}`;
}

test.describe('HTTP fuzz of the running server', () => {
  test.describe.configure({ timeout: 240_000 * SCALE });

  let visitor: APIRequestContext;
  let member: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    visitor = await playwrightRequest.newContext({ baseURL });
    member = await playwrightRequest.newContext({ baseURL });
    const tag = uniqueTag();
    await registerByApi(member, {
      baseURL: baseURL!,
      ip: claimAddress(tag),
      name: `Fuzzer ${tag}`,
      email: `fuzz-${tag}@example.com`,
    });
  });

  test.afterAll(async () => {
    await visitor.dispose();
    await member.dispose();
  });

  test('every API operation with raw segments, queries and bodies answers below 500, errors in JSON', async ({
    baseURL,
  }) => {
    const ops = await operations(visitor);
    expect(ops.length).toBeGreaterThan(50);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ops),
        fc.boolean(),
        fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(null) }, fc.constantFrom(...METHODS)),
        fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...VALUES)), { maxLength: 5 }),
        fc.constantFrom(...BODIES),
        async (op, asMember, otherMethod, segments, pairs, body) => {
          const names = [...op.query, ...LISTING_NAMES];
          const query = rawQuery(pairs.map(([n, v]) => [names[n % names.length], v]));
          const method = otherMethod ?? op.method;
          const url = fill(op.path, segments) + query;
          const res = await (asMember ? member : visitor).fetch(url, {
            method,
            headers: {
              origin: baseURL!,
              'x-forwarded-for': claimAddress(`${method}${op.path}`),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            data: method === 'GET' ? undefined : body,
            maxRedirects: 0,
          });
          const status = res.status();
          seen.set(status, (seen.get(status) ?? 0) + 1);
          const what = `${method} ${url.slice(0, 300)} as ${asMember ? 'member' : 'visitor'}`;
          expect(status, `${what}: ${await answerOf(res)}`).toBeLessThan(500);
          // `..` segments are resolved before sending: `/api/..` asks for a page.
          const api = /^\/api(\/|$)/.test(new URL(res.url()).pathname);
          if (api && status >= 400) {
            const json = (await res.json().catch(() => null)) as { error?: unknown } | null;
            expect(json?.error, `${what}: ${await answerOf(res)}`).toBeTruthy();
          }
          if (status === 405) expect(res.headers()['allow'], what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
        },
      ),
      { seed: SEED, numRuns: API_RUNS, endOnFailure: true },
    );
    console.log('API statuses:', JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b))));
    // The runs reached handlers, not only the checks in front of them.
    expect(seen.get(200) ?? 0).toBeGreaterThan(0);
    expect(seen.get(400) ?? 0).toBeGreaterThan(0);
  });

  test('page templates with raw segments and queries answer below 500, as a visitor and a member', async () => {
    const templates = [
      '/release/{id}',
      '/fi/movie/{id}/reviews',
      '/person/{id}',
      '/label/{id}',
      '/collection/{id}',
      '/fi/user/{id}/collections',
      '/review/{id}',
      '/post/{id}',
      '/releases',
      '/fi/releases/finnish_censorship',
      '/movies',
      '/reviews',
      '/fi/posts',
      '/collections',
      '/users',
      '/persons',
      '/labels',
      '/fi/stream',
      '/trades',
      '/notifications',
      '/users/edit_my_data',
      '/fi/collection/{id}/edit',
      '/review/{id}/edit',
      '/fi/releases/out_now',
      '/trashvideo',
    ];
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.boolean(),
        fc.constantFrom(...SEGMENTS),
        fc.array(fc.tuple(fc.constantFrom(...LISTING_NAMES), fc.constantFrom(...VALUES)), { maxLength: 4 }),
        async (template, asMember, segment, pairs) => {
          const url = fill(template, [segment]) + rawQuery(pairs);
          const res = await (asMember ? member : visitor).get(url, { maxRedirects: 0 });
          seen.set(res.status(), (seen.get(res.status()) ?? 0) + 1);
          const what = `GET ${url.slice(0, 300)} as ${asMember ? 'member' : 'visitor'}`;
          expect(res.status(), `${what}: ${await answerOf(res)}`).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: PAGE_RUNS, endOnFailure: true },
    );
    console.log('page statuses:', JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b))));
    expect(seen.get(200) ?? 0).toBeGreaterThan(0);
  });
});
