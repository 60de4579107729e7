import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import fc from 'fast-check';
import { claimAddress, createCollectionByApi, loginByApi, registerByApi, uniqueTag } from './support/accounts';
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
 * Every operation is first requested with its own method as a visitor and as the member, once as
 * a client would send it (another member's ids in its path, no query, no body) and once with drawn
 * raw parts; then the random runs follow. Each operation's requests are counted and asserted.
 *
 * Asserted: no answer is 5xx; an API answer of 400-499 is JSON with an `error` message (a 405
 * also names the methods of the path in `Allow`). The member's session holds after every request
 * of theirs, except a request that logs out (`POST /api/logout`, `DELETE /api/me/sessions`),
 * after which the member logs in again, so no "member" run is a visitor's. Another member's
 * account, sessions, collections, entries and review, whose ids are among the raw segments (and
 * a body that would pass as an edit among the bodies), are as they were after the runs: only
 * counters and notifications may change (a comment or a like is anyone's to add). The
 * handler-level fuzz checks the owner's rows in depth.
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
  // Valid as an edit of a collection, a review, a discussion or a comment: had a route no owner
  // check, this is what would change someone else's.
  JSON.stringify({
    name: 'Fuzzed',
    description: 'Fuzzed',
    visibility: 'private',
    headline: 'Fuzzed',
    body: 'Fuzzed',
    language: 'en',
    comment: 'Fuzzed',
  }),
];

/** Requests that end the caller's session: after one, the member logs in again. */
const LOGOUTS = new Set(['POST /api/logout', 'DELETE /api/me/sessions']);

/** Fields that may change when others act on a member's content: counters, activity, the session clock. */
const VOLATILE = new Set([
  'likes_count',
  'comments_count',
  'notifications_unseen_count',
  'last_activity_at',
  'last_used_at',
  'expires_at',
]);

/** `value` without the {@link VOLATILE} fields, at any depth. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, v]) => [k, stable(v)]),
    );
  return value;
}

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
  let memberEmail = '';
  let memberName = '';
  /** Another member, whose data the fuzzed requests name but must not change. */
  let bystander: APIRequestContext;
  /** The bystander's ids, as raw segments: collections, an entry, a review, the account, a session. */
  let theirs: string[] = [];
  /** The bystander's data as the bystander reads it (without {@link VOLATILE} fields). */
  let snapshot: () => Promise<unknown>;

  test.beforeAll(async ({ baseURL }) => {
    visitor = await playwrightRequest.newContext({ baseURL });
    member = await playwrightRequest.newContext({ baseURL });
    const tag = uniqueTag();
    memberEmail = `fuzz-${tag}@example.com`;
    memberName = `Fuzzer ${tag}`;
    await registerByApi(member, { baseURL: baseURL!, ip: claimAddress(tag), name: memberName, email: memberEmail });

    bystander = await playwrightRequest.newContext({ baseURL });
    const other = `by${uniqueTag()}`;
    await registerByApi(bystander, {
      baseURL: baseURL!,
      ip: claimAddress(other),
      name: `Bystander ${other}`,
      email: `bystander-${other}@example.com`,
    });
    const headers = { origin: baseURL! };
    const shelf = await createCollectionByApi(bystander, baseURL!, { name: `Shelf ${other}`, description: 'Mine' });
    const hidden = await createCollectionByApi(bystander, baseURL!, { name: `Hidden ${other}`, visibility: 'private' });
    const release = (
      (await (await bystander.get('/api/releases?q=alien&limit=24')).json()) as {
        items: { public_id: string; movies: { public_id: string }[] }[];
      }
    ).items.find((r) => r.movies.length > 0);
    const entry = await bystander.post(`/api/collections/${shelf}/entries`, {
      headers,
      data: { release: release!.public_id, comment: 'Sealed', condition: 5 },
    });
    expect(entry.status()).toBe(200);
    const review = await bystander.post('/api/reviews', {
      headers,
      data: { movie: release!.movies[0]!.public_id, headline: 'Mine alone', body: 'Keep out.', language: 'en' },
    });
    expect(review.status()).toBe(200);
    const me = (await (await bystander.get('/api/me')).json()) as { public_id: string };
    const sessions = (await (await bystander.get('/api/me/sessions')).json()) as { items: { id: number }[] };
    theirs = [
      shelf,
      hidden,
      String(((await entry.json()) as { id: number }).id),
      ((await review.json()) as { public_id: string }).public_id,
      me.public_id,
      String(sessions.items[0]!.id),
    ];
    snapshot = async () => {
      const read = async (path: string) => {
        const res = await bystander.get(path);
        expect(res.status(), `the bystander reads ${path}`).toBe(200);
        return stable(await res.json());
      };
      return {
        me: await read('/api/me'),
        sessions: await read('/api/me/sessions'),
        collections: await read(`/api/me/collections?release=${release!.public_id}`),
        shelf: await read(`/api/collections/${shelf}`),
        hidden: await read(`/api/collections/${hidden}`),
        entries: await read(`/api/collections/${shelf}/entries`),
        review: await read(`/api/reviews/${theirs[3]}`),
      };
    };
  });

  test.afterAll(async () => {
    await visitor.dispose();
    await member.dispose();
    await bystander.dispose();
  });

  test('every API operation with raw segments, queries and bodies answers below 500, errors in JSON', async ({
    baseURL,
  }) => {
    const ops = await operations(visitor);
    expect(ops.length).toBeGreaterThan(50);
    const before = await snapshot();
    const segmentPool = [...SEGMENTS, ...theirs];
    const seen = new Map<number, number>();
    /** Requests per operation made with its own method, by role. */
    const covered = new Map(ops.map((op) => [`${op.method} ${op.path}`, { visitor: 0, member: 0 }]));
    let relogins = 0;

    /** Sends one request and checks its answer; as the member, checks the session afterwards. */
    const exercise = async (
      op: Operation,
      asMember: boolean,
      otherMethod: string | null,
      segments: string[],
      pairs: [number, string][],
      body: string | Buffer | undefined,
    ) => {
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
      if (method === op.method) covered.get(`${op.method} ${op.path}`)![asMember ? 'member' : 'visitor']++;
      const what = `${method} ${url.slice(0, 300)} as ${asMember ? 'member' : 'visitor'}`;
      expect(status, `${what}: ${await answerOf(res)}`).toBeLessThan(500);
      // `..` segments are resolved before sending: `/api/..` asks for a page.
      const path = new URL(res.url()).pathname;
      const api = /^\/api(\/|$)/.test(path);
      if (api && status >= 400) {
        const json = (await res.json().catch(() => null)) as { error?: unknown } | null;
        expect(typeof json?.error === 'string' && json.error.length > 0, `${what}: ${await answerOf(res)}`).toBe(true);
      }
      if (status === 405) expect(res.headers()['allow'], what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      if (!asMember) return;
      // The member is still logged in, unless the request logged out; then they log in again.
      if (LOGOUTS.has(`${method} ${path}`) && status === 200) {
        await loginByApi(member, baseURL!, memberEmail);
        relogins++;
      }
      const me = await member.get('/api/me');
      expect(me.status(), `the member's session after ${what}: ${await answerOf(me)}`).toBe(200);
      expect(((await me.json()) as { name: string }).name).toBe(memberName);
    };

    const drawn = {
      segments: fc.array(fc.constantFrom(...segmentPool), { minLength: 1, maxLength: 3 }),
      pairs: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...VALUES)), { maxLength: 5 }),
      body: fc.constantFrom(...BODIES),
    };
    // Every operation with its own method, as a visitor and as the member: once as a client would
    // send it (the other member's ids in its path, no query, no body), once with drawn raw parts.
    const firstRound = fc.sample(fc.tuple(drawn.segments, drawn.pairs, drawn.body), {
      seed: SEED,
      numRuns: ops.length,
    });
    for (const [i, op] of ops.entries()) {
      const [segments, pairs, body] = firstRound[i]!;
      for (const asMember of [false, true]) {
        await exercise(op, asMember, null, theirs, [], undefined);
        await exercise(op, asMember, null, segments, pairs, body);
      }
    }
    // Then random operations, roles and methods.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ops),
        fc.boolean(),
        fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(null) }, fc.constantFrom(...METHODS)),
        drawn.segments,
        drawn.pairs,
        drawn.body,
        exercise,
      ),
      { seed: SEED, numRuns: API_RUNS, endOnFailure: true },
    );
    console.log(
      'API statuses:',
      JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b))),
      `; the member logged in again ${relogins} times`,
    );
    // Each operation was requested with its own method by both roles.
    const missed = [...covered].filter(([, n]) => n.visitor === 0 || n.member === 0).map(([op]) => op);
    expect(missed).toEqual([]);
    // The runs reached handlers, not only the checks in front of them.
    expect(seen.get(200) ?? 0).toBeGreaterThan(0);
    expect(seen.get(400) ?? 0).toBeGreaterThan(0);
    // The logouts were among them, and the member came back each time.
    expect(relogins).toBeGreaterThanOrEqual(LOGOUTS.size);
    // The bystander's data is as it was.
    expect(await snapshot()).toEqual(before);
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
