/**
 * The route wrapper (lib/api/route.ts) at the request edge, on test routes whose handlers record
 * whether they ran and on real routes: 413 for a body over the cap (declared, undeclared and
 * chunked; the stream is cancelled, not read to the end), 400 for NUL or invalid UTF-8 in a body,
 * a query or a path parameter, 401 / 403 per auth level (visitor, other origin, member, admin,
 * Bearer token), and how results and errors become responses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { DbHandle } from '@/db';
import { POST as collectionsPost } from '@/app/api/collections/route';
import { GET as personsGet } from '@/app/api/persons/route';
import { GET as releaseGet } from '@/app/api/releases/[publicId]/route';
import { route } from '@/lib/api/route';
import { createApiToken } from '@/lib/data/api-tokens';
import { AppError } from '@/lib/errors';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const KB = 1024;

/** Which test handlers ran (reset before each test). */
let ran: string[] = [];

const echo = route({
  method: 'POST',
  path: '/api/test/echo',
  summary: 'test',
  auth: 'public',
  body: z.object({ name: z.string({ error: 'required' }).min(1, { error: 'required' }) }),
  query: z.object({ q: z.string().optional(), limit: z.enum(['1', '2']).optional() }),
  responses: {},
  handler: async ({ body, query }) => {
    ran.push('echo');
    return { name: body.name, q: query.q ?? null };
  },
});

/** A body whose schema gives no message keys of its own. */
const enumBody = route({
  method: 'POST',
  path: '/api/test/enum',
  summary: 'test',
  auth: 'public',
  body: z.object({ action: z.enum(['request', 'accept']), count: z.number() }),
  responses: {},
  handler: async ({ body }) => {
    ran.push('enum');
    return body;
  },
});

/** A body of optional fields that may be left out altogether (a DELETE with an admin's reason). */
const optionalBody = route({
  method: 'POST',
  path: '/api/test/optional',
  summary: 'test',
  auth: 'public',
  body: z.object({ reason: z.string().max(5, { error: 'maxLength' }).optional() }),
  bodyOptional: true,
  responses: {},
  handler: async ({ body }) => ({ reason: body.reason ?? null }),
});

const item = route({
  method: 'GET',
  path: '/api/test/{publicId}',
  summary: 'test',
  auth: 'public',
  params: z.object({ publicId: z.string().regex(/^[a-z]+$/) }),
  responses: {},
  handler: async ({ params }) => {
    ran.push('item');
    if (params.publicId === 'missing') return null;
    if (params.publicId === 'invalid') return { ok: false, errors: { _form: 'nothingToUpdate' } };
    if (params.publicId === 'boom') throw new Error('database on fire');
    if (params.publicId === 'limited') throw new AppError('rate_limited', { seconds: 7 });
    if (params.publicId === 'cookie') {
      const res = Response.json({ ok: true }, { status: 201 });
      res.headers.append('set-cookie', 'x=1; Path=/');
      return res;
    }
    return { id: params.publicId };
  },
});

const memberWrite = route({
  method: 'POST',
  path: '/api/test/member',
  summary: 'test',
  auth: 'member',
  responses: {},
  handler: async ({ actor }) => (ran.push('member'), { who: actor.publicId }),
});
const memberRead = route({
  method: 'GET',
  path: '/api/test/member',
  summary: 'test',
  auth: 'member',
  responses: {},
  handler: async ({ actor }) => (ran.push('memberRead'), { who: actor.publicId }),
});
const adminWrite = route({
  method: 'POST',
  path: '/api/test/admin',
  summary: 'test',
  auth: 'admin',
  responses: {},
  handler: async ({ actor }) => (ran.push('admin'), { who: actor.publicId }),
});
const publicForm = route({
  method: 'POST',
  path: '/api/test/form',
  summary: 'test',
  auth: 'public',
  sameOrigin: true,
  responses: {},
  handler: async ({ viewer }) => (ran.push('form'), { viewer: (await viewer())?.publicId ?? null }),
});

const upload = route({
  method: 'POST',
  path: '/api/test/upload',
  summary: 'test',
  auth: 'public',
  multipart: {
    maxBytes: 4 * KB,
    tooLarge: (size) => Response.json({ tooLarge: size }, { status: 400 }),
    schema: z.object({ file: z.string() }),
  },
  responses: {},
  handler: async ({ form }) => {
    ran.push('upload');
    const file = form?.get('file');
    return { size: file instanceof File ? file.size : null };
  },
});

/** A JSON POST from the site's origin; `headers` add to (or replace) those, the rest of `init` goes to the Request. */
const post = (
  url: string,
  body: BodyInit,
  {
    headers = {},
    ...init
  }: Omit<RequestInit, 'headers' | 'body'> & { headers?: Record<string, string>; duplex?: 'half' } = {},
) =>
  new Request(`${ORIGIN}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body,
    ...init,
  });
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

/** A JSON body of about `bytes` bytes. */
const bigJson = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });

/**
 * A chunked body of `chunks` chunks of 1 KB (no Content-Length), recording how many chunks were
 * pulled and whether the reader cancelled it.
 */
function chunkedBody(chunks: number) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new TextEncoder().encode(' '.repeat(KB));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
      if (state.pulled >= chunks) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      state.pulled++;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function expectError(res: Response, status: number, error: string | RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string };
  if (typeof error === 'string') expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
}

beforeEach(() => {
  ran = [];
});

describe('body cap: 413 without buffering the body, the handler never runs', () => {
  it('answers 413 for a declared Content-Length over 64 KB before reading anything', async () => {
    const body = bigJson(65 * KB);
    const res = await echo(
      post('/api/test/echo', body, {
        headers: { 'content-length': String(new TextEncoder().encode(body).byteLength) },
      }),
    );
    await expectError(res, 413, 'The request body is larger than 64 KB');
    expect(ran).toEqual([]);
  });

  it('answers 413 for an oversized body without Content-Length', async () => {
    const req = post('/api/test/echo', bigJson(100 * KB));
    expect(req.headers.get('content-length')).toBeNull();
    await expectError(await echo(req), 413, 'The request body is larger than 64 KB');
    expect(ran).toEqual([]);
  });

  it('answers 413 for a chunked body as soon as it passes the cap, and cancels the rest of the stream', async () => {
    const { stream, state } = chunkedBody(10_000);
    const res = await echo(post('/api/test/echo', stream, { duplex: 'half' }));
    await expectError(res, 413, 'The request body is larger than 64 KB');
    expect(ran).toEqual([]);
    expect(state.cancelled).toBe(true);
    // 10 MB offered; reading stopped just past 64 KB (the stream may have queued a few chunks ahead).
    expect(state.pulled).toBeLessThan(100);
  });

  it('takes a chunked body under the cap', async () => {
    const { stream } = chunkedBody(10);
    const res = await echo(post('/api/test/echo', stream, { duplex: 'half' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toHaveLength(10 * KB);
  });

  it('a multipart upload has its own cap and its own answer', async () => {
    const form = (n: number) => {
      const f = new FormData();
      f.set('file', new File(['a'.repeat(n)], 'a.txt'));
      return f;
    };
    const small = await upload(new Request(`${ORIGIN}/api/test/upload`, { method: 'POST', body: form(KB) }));
    expect(await small.json()).toEqual({ size: KB });
    const big = await upload(new Request(`${ORIGIN}/api/test/upload`, { method: 'POST', body: form(8 * KB) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { tooLarge: number }).tooLarge).toBeGreaterThan(4 * KB);
    expect(ran).toEqual(['upload']);
  });
});

describe('text: NUL and invalid UTF-8 are refused with 400', () => {
  const BAD_TEXT = 'The request contains a NUL character or text that is not valid UTF-8';

  it('a NUL character in a JSON string (escaped or raw)', async () => {
    await expectError(await echo(post('/api/test/echo', '{"name":"Alien\\u0000"}')), 400, BAD_TEXT);
    await expectError(await echo(post('/api/test/echo', '{"name":"ok","extra":["a\\u0000"]}')), 400, BAD_TEXT);
    await expectError(await echo(post('/api/test/echo', '{"name":"Alien\u0000"}')), 400, BAD_TEXT);
    expect(ran).toEqual([]);
  });

  it('invalid UTF-8 bytes in the body, and a lone surrogate escape', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"name":"Ali'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('en"}'),
    ]);
    await expectError(await echo(post('/api/test/echo', bytes)), 400, BAD_TEXT);
    const truncated = new Uint8Array([
      ...new TextEncoder().encode('{"name":"Am'),
      0xc3,
      ...new TextEncoder().encode('"}'),
    ]);
    await expectError(await echo(post('/api/test/echo', truncated)), 400, BAD_TEXT);
    await expectError(await echo(post('/api/test/echo', '{"name":"\\ud800"}')), 400, BAD_TEXT);
    expect(ran).toEqual([]);
  });

  it('a NUL or invalid UTF-8 in a query parameter, also on a real list route', async () => {
    await expectError(await echo(post('/api/test/echo?q=a%00b', '{"name":"x"}')), 400, BAD_TEXT);
    await expectError(await echo(post('/api/test/echo?q=%FF', '{"name":"x"}')), 400, BAD_TEXT);
    await expectError(await echo(post('/api/test/echo?%00=1', '{"name":"x"}')), 400, BAD_TEXT);
    expect(ran).toEqual([]);
    await expectError(await personsGet(new Request(`${ORIGIN}/api/persons?q=kubrick%00`)), 400, BAD_TEXT);
    await expectError(await personsGet(new Request(`${ORIGIN}/api/persons?q=%C3%28`)), 400, BAD_TEXT);
  });

  it('a NUL in a path parameter is 400; a value the params schema refuses is the usual 404', async () => {
    await expectError(await item(new Request(`${ORIGIN}/api/test/x`), ctx({ publicId: 'abc\u0000' })), 400, BAD_TEXT);
    await expectError(await item(new Request(`${ORIGIN}/api/test/x`), ctx({ publicId: 'ABC' })), 404, '404 not found');
    expect(ran).toEqual([]);
    await expectError(
      await releaseGet(new Request(`${ORIGIN}/api/releases/x`), ctx({ publicId: 'not a public id' })),
      404,
      '404 not found',
    );
  });

  it('accepts ordinary text: accents, emoji, encoded query values', async () => {
    const res = await echo(
      post('/api/test/echo?q=Am%C3%A9lie+%F0%9F%8E%AC', JSON.stringify({ name: 'Kuolleet ja haudatut 🎬' })),
    );
    expect(await res.json()).toEqual({ name: 'Kuolleet ja haudatut 🎬', q: 'Amélie 🎬' });
  });
});

describe('parsing and results', () => {
  it('a route without path parameters takes the context Next gives it (a params promise of undefined)', async () => {
    const res = await echo(post('/api/test/echo', '{"name":"Sisu"}'), {
      params: Promise.resolve(undefined as unknown as Record<string, string>),
    });
    expect([res.status, await res.json()]).toEqual([200, { name: 'Sisu', q: null }]);
    expect(ran).toEqual(['echo']);
  });

  it('body problems: not JSON or not an object is bad_body; a schema problem is { error: invalid, fields }', async () => {
    await expectError(
      await echo(post('/api/test/echo', 'name=x')),
      400,
      'The request body must be JSON with the documented fields',
    );
    await expectError(
      await echo(post('/api/test/echo', '[1]')),
      400,
      'The request body must be JSON with the documented fields',
    );
    await expectError(
      await echo(post('/api/test/echo', '')),
      400,
      'The request body must be JSON with the documented fields',
    );
    const res = await echo(post('/api/test/echo', '{"name":""}'));
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid', fields: { name: 'required' } }]);
    // A problem the schema gives no message key for (here a value outside an enum, a wrong type)
    // is the key `invalid`, never zod's English text.
    const outside = await enumBody(post('/api/test/enum', '{"action":"invite","count":"2"}'));
    expect([outside.status, await outside.json()]).toEqual([
      400,
      { error: 'invalid', fields: { action: 'invalid', count: 'invalid' } },
    ]);
    expect(ran).toEqual([]);
  });

  it('an optional body: none reads as {}, one given is still checked (not JSON, schema)', async () => {
    const none = await optionalBody(post('/api/test/optional', ''));
    expect([none.status, await none.json()]).toEqual([200, { reason: null }]);
    const given = await optionalBody(post('/api/test/optional', '{"reason":"spam"}'));
    expect([given.status, await given.json()]).toEqual([200, { reason: 'spam' }]);
    await expectError(
      await optionalBody(post('/api/test/optional', 'x')),
      400,
      'The request body must be JSON with the documented fields',
    );
    const long = await optionalBody(post('/api/test/optional', '{"reason":"too long"}'));
    expect([long.status, await long.json()]).toEqual([400, { error: 'invalid', fields: { reason: 'maxLength' } }]);
  });

  it('a query value the schema refuses is a bad parameter naming it', async () => {
    await expectError(
      await echo(post('/api/test/echo?limit=3', '{"name":"x"}')),
      400,
      'Invalid value for parameter limit: 3',
    );
    expect(ran).toEqual([]);
  });

  it('a query parameter the route does not declare is refused, naming it, before the handler runs', async () => {
    const unknown = (name: string) =>
      `Unknown parameter ${name}: /api/openapi.json lists the parameters of every route`;
    await expectError(await echo(post('/api/test/echo?q=Sisu&qq=Sisu', '{"name":"x"}')), 400, unknown('qq'));
    expect(ran).toEqual([]);
    // A real list: a mistyped parameter is not silently ignored (it would list everything).
    await expectError(await personsGet(new Request(`${ORIGIN}/api/persons?qu=kubrick`)), 400, unknown('qu'));
    expect((await personsGet(new Request(`${ORIGIN}/api/persons?q=kubrick&limit=2`))).status).toBe(200);
    // A loose query schema takes any name: the parameters of an OAuth provider's callback.
    const loose = route({
      method: 'GET',
      path: '/api/test/loose',
      summary: 'test',
      auth: 'public',
      query: z.looseObject({}),
      responses: {},
      handler: async ({ searchParams }) => ({ keys: [...searchParams.keys()] }),
    });
    const res = await loose(new Request(`${ORIGIN}/api/test/loose?code=abc&state=xyz&iss=https%3A%2F%2Fexample.com`));
    expect(await res.json()).toEqual({ keys: ['code', 'state', 'iss'] });
  });

  it('null is 404, { ok: false, errors } is 400 invalid, a Response passes through, errors become JSON', async () => {
    const get = (id: string) => item(new Request(`${ORIGIN}/api/test/${id}`), ctx({ publicId: id }));
    expect([(await get('abc')).status, await (await get('abc')).json()]).toEqual([200, { id: 'abc' }]);
    expect((await get('abc')).headers.get('cache-control')).toBe('no-store');
    await expectError(await get('missing'), 404, '404 not found');
    const invalid = await get('invalid');
    expect([invalid.status, await invalid.json()]).toEqual([
      400,
      { error: 'invalid', fields: { _form: 'nothingToUpdate' } },
    ]);
    const cookie = await get('cookie');
    expect([cookie.status, cookie.headers.get('set-cookie')]).toEqual([201, 'x=1; Path=/']);
    const limited = await get('limited');
    expect(limited.headers.get('retry-after')).toBe('7');
    await expectError(limited, 429, 'Too many attempts. Try again in 7 seconds.');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expectError(
        await get('boom'),
        500,
        'Something went wrong but it is not your fault. Please try again later or use the contact form',
      );
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});

describe.each(testEngines())('who may call, on %s', (engine) => {
  let h: DbHandle;
  let basic: Member;
  let admin: Member;
  let token: string;

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    basic = await registerMember(h.db, { label: 'Edge', n: 1 });
    admin = await registerMember(h.db, { label: 'Edge', n: 2, role: 'admin' });
    const made = await createApiToken(basic.actor, { name: 'edge test', current: MEMBER_PASSWORD }, h.db);
    if (!made.ok) throw new Error('no token');
    token = made.token;
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (handler: (r: Request) => Promise<Response>, method: string, headers: Record<string, string>) =>
    handler(new Request(`${ORIGIN}/api/test`, { method, headers }));

  it('member: 401 for a visitor or a bad token, 403 for a cookie write from another origin or none, 200 for the member', async () => {
    await expectError(
      await call(memberWrite, 'POST', { origin: ORIGIN }),
      401,
      'You must be logged in to use this feature',
    );
    await expectError(
      await call(memberWrite, 'POST', { authorization: 'Bearer not-a-real-token-1234' }),
      401,
      'You must be logged in to use this feature',
    );
    await expectError(
      await call(memberWrite, 'POST', { cookie: basic.cookie, origin: 'https://evil.example' }),
      403,
      'Request refused: it did not come from this site',
    );
    await expectError(
      await call(memberWrite, 'POST', { cookie: basic.cookie }),
      403,
      'Request refused: it did not come from this site',
    );
    expect(ran).toEqual([]);
    expect(await (await call(memberWrite, 'POST', { cookie: basic.cookie, origin: ORIGIN })).json()).toEqual({
      who: basic.actor.publicId,
    });
    // A Bearer token carries no cookie: no origin check.
    expect(await (await call(memberWrite, 'POST', { authorization: `Bearer ${token}` })).json()).toEqual({
      who: basic.actor.publicId,
    });
    // Reads need a session but no origin.
    await expectError(await call(memberRead, 'GET', {}), 401, 'You must be logged in to use this feature');
    expect(await (await call(memberRead, 'GET', { cookie: basic.cookie })).json()).toEqual({
      who: basic.actor.publicId,
    });
    expect(ran).toEqual(['member', 'member', 'memberRead']);
  });

  it('admin: 401 for a visitor, 403 for a member, 200 for an admin', async () => {
    await expectError(
      await call(adminWrite, 'POST', { origin: ORIGIN }),
      401,
      'You must be logged in to use this feature',
    );
    await expectError(
      await call(adminWrite, 'POST', { cookie: basic.cookie, origin: ORIGIN }),
      403,
      'You do not have permission to do this',
    );
    await expectError(
      await call(adminWrite, 'POST', { authorization: `Bearer ${token}` }),
      403,
      'You do not have permission to do this',
    );
    expect(ran).toEqual([]);
    expect(await (await call(adminWrite, 'POST', { cookie: admin.cookie, origin: ORIGIN })).json()).toEqual({
      who: admin.actor.publicId,
    });
  });

  it('public: anyone, the caller when there is one; a same-origin form refuses other origins', async () => {
    expect(await (await call(publicForm, 'POST', { origin: ORIGIN })).json()).toEqual({ viewer: null });
    expect(await (await call(publicForm, 'POST', { origin: ORIGIN, cookie: basic.cookie })).json()).toEqual({
      viewer: basic.actor.publicId,
    });
    await expectError(
      await call(publicForm, 'POST', { origin: 'https://evil.example' }),
      403,
      'Request refused: it did not come from this site',
    );
  });

  it('a real write route: auth first, then the body cap', async () => {
    const body = bigJson(80 * KB);
    await expectError(
      await collectionsPost(post('/api/collections', body)),
      401,
      'You must be logged in to use this feature',
    );
    await expectError(
      await collectionsPost(post('/api/collections', body, { headers: { cookie: basic.cookie } })),
      413,
      'The request body is larger than 64 KB',
    );
    const made = await collectionsPost(
      post('/api/collections', JSON.stringify({ name: 'Edge shelf', category: 'releases' }), {
        headers: { cookie: basic.cookie },
      }),
    );
    expect(made.status).toBe(200);
  });
});
