/**
 * An unexpected error in a route handler (lib/api/route.ts → errorResponse): 500 JSON with the
 * spec text and a `request_id`, logged once under that id with the database error redacted (a
 * real DrizzleQueryError carrying an e-mail address and a password hash in its params, and
 * PostgreSQL's key detail in its cause).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '@/lib/api/route';
import { REQUEST_CONTEXT, type RequestContext } from '@/lib/log';

const SERVER_ERROR = 'Something went wrong but it is not your fault. Please try again later or use the contact form';
const EMAIL = 'liisa.virtanen@example.fi';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0fM3yM6bZ1oQ3kq9V7n1e0d2Jm2u7vWcQx4vXyZ9abc';

/** The error Drizzle throws for a failed query: its message ends in `params: <values>`. */
function queryError(): DrizzleQueryError {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    constraint: 'users_email_key',
    detail: `Key (lower(email))=(${EMAIL}) already exists.`,
    params: [EMAIL, HASH],
  });
  return new DrizzleQueryError('insert into users (email, password_hash) values ($1, $2)', [EMAIL, HASH], cause);
}

const failing = route({
  method: 'GET',
  path: '/api/test/fail',
  summary: 'test',
  auth: 'public',
  responses: {},
  handler: async () => {
    throw queryError();
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { [REQUEST_CONTEXT]?: unknown })[REQUEST_CONTEXT];
});

/** Calls the handler and returns its answer and what it logged, one string per console.error call. */
async function call(): Promise<{ status: number; body: unknown; logged: string[] }> {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const res = await failing(new Request('http://localhost/api/test/fail'));
  return { status: res.status, body: await res.json(), logged: log.mock.calls.map((args) => args.join('\n')) };
}

describe('500 answers carry the request id they were logged under', () => {
  it('inside a request of the app server: the id of the request (X-Request-Id)', async () => {
    const storage = new AsyncLocalStorage<RequestContext>();
    (globalThis as { [REQUEST_CONTEXT]?: unknown })[REQUEST_CONTEXT] = storage;
    const { status, body, logged } = await storage.run({ requestId: '5f3a9c0d1e2b4a68' }, call);
    expect(status).toBe(500);
    expect(body).toEqual({ error: SERVER_ERROR, request_id: '5f3a9c0d1e2b4a68' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /^request_id=5f3a9c0d1e2b4a68 API error\nDrizzleQueryError: Failed query: insert into users/,
    );
    expect(logged[0]).toContain('values ($1, $2)\nparams: [redacted]\n');
    expect(logged[0]).toContain('[cause] Error: duplicate key value violates unique constraint "users_email_key"');
    expect(logged[0]).toContain('code=23505, constraint=users_email_key');
    expect(logged[0]).not.toContain(EMAIL);
    expect(logged[0]).not.toContain('example.fi');
    expect(logged[0]).not.toContain('argon2');
  });

  it('outside the server (no request context): a new id per error, the same in the answer and the log', async () => {
    const first = await call();
    const second = await call();
    const id = (r: { body: unknown }) => (r.body as { request_id: string }).request_id;
    expect(id(first)).toMatch(/^[0-9a-f]{16}$/);
    expect(id(second)).toMatch(/^[0-9a-f]{16}$/);
    expect(id(first)).not.toBe(id(second));
    expect(first.logged[0].startsWith(`request_id=${id(first)} API error\n`)).toBe(true);
    expect(first.logged[0]).not.toContain(EMAIL);
  });
});
