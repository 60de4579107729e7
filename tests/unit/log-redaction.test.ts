/**
 * The log filter (lib/log.ts): real error shapes — a DrizzleQueryError from a failed PGlite insert
 * with its `params`, PostgreSQL's key detail, argon2 hashes, bearer and session tokens — come out
 * without the e-mail address, hash, token or parameter values; the request id of the current
 * request prefixes each line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  currentRequestId,
  describeError,
  installConsoleRedaction,
  logError,
  redact,
  REQUEST_CONTEXT,
  type RequestContext,
} from '@/lib/log';

const EMAIL = 'maija.meikalainen@example.fi';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0fM3yM6bZ1oQ3kq9V7n1e0d2Jm2u7vWcQx4vXyZ9abc';
const TOKEN = 'Qx7vN2kP9rT4wY6zA1bC3dE5fG8hJ0mL2nR4sU6tV8w';

let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  db = drizzle(new PGlite());
  await db.execute(sql`CREATE TABLE u (email text UNIQUE, password_hash text)`);
  await db.execute(sql`INSERT INTO u VALUES (${EMAIL}, ${HASH})`);
}, 60_000);

/** A real DrizzleQueryError: a duplicate insert of an e-mail address and a password hash. */
async function drizzleError(): Promise<Error> {
  try {
    await db.execute(sql`INSERT INTO u VALUES (${EMAIL}, ${HASH})`);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the duplicate insert did not fail');
}

function withRequest<T>(requestId: string, fn: () => T): T {
  const storage = new AsyncLocalStorage<RequestContext>();
  const g = globalThis as { [REQUEST_CONTEXT]?: AsyncLocalStorage<RequestContext> };
  g[REQUEST_CONTEXT] = storage;
  try {
    return storage.run({ requestId }, fn);
  } finally {
    delete g[REQUEST_CONTEXT];
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('redact', () => {
  it('masks e-mail addresses, argon2 hashes, bearer tokens, secret name=value pairs and long random strings', () => {
    expect(redact(`login failed for ${EMAIL}`)).toBe('login failed for [email]');
    expect(redact(`hash ${HASH} stored`)).toBe('hash [password-hash] stored');
    expect(redact(`Authorization: Bearer ${TOKEN}`)).toBe('Authorization: Bearer [redacted]');
    expect(redact(`cookie: discshelf_session=${TOKEN}; theme=dark`)).toBe(
      'cookie: discshelf_session=[redacted]; theme=dark',
    );
    expect(redact('GET /reset_password/confirm?token=abc123&x=1')).toBe(
      'GET /reset_password/confirm?token=[redacted]&x=1',
    );
    expect(redact(`{"password":"hunter22","name":"a"}`)).toBe('{"password":"[redacted]","name":"a"}');
    expect(redact(`sha ${'ab12'.repeat(16)} end`)).toBe('sha [secret] end');
    expect(redact(`raw ${TOKEN} end`)).toBe('raw [secret] end');
  });

  it('keeps what a log needs: SQL placeholders, stack frames, module paths, short ids', () => {
    const kept = [
      'select * from user_sessions where token_hash = $1',
      '    at sessionActor (/srv/app/.next/server/chunks/ssr/node_modules_next_dist_esm_build_templates_app-page_0b1c2d.js:12:3)',
      'release 9aB3kX not found (request_id=0f1e2d3c4b5a6978)',
      'user@ on its own, or a@b (no domain)',
    ];
    for (const line of kept) expect(redact(line)).toBe(line);
  });
});

describe('describeError', () => {
  it('a DrizzleQueryError: the query and the constraint, no parameter values, no key detail', async () => {
    const error = await drizzleError();
    expect(error.message).toContain(EMAIL); // Drizzle's own message carries the params.
    const text = describeError(error);
    expect(text).toMatch(/^DrizzleQueryError: Failed query: INSERT INTO u VALUES \(\$1, \$2\)\nparams: \[redacted\]/);
    expect(text).toContain('[cause] error: duplicate key value violates unique constraint "u_email_key"');
    expect(text).toContain('code=23505');
    expect(text).toContain('constraint=u_email_key');
    expect(text).toMatch(/\n\s+at /);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('example.fi');
  });

  it('the same error printed through the console as Next prints it (console.error(error)) is redacted', async () => {
    const error = await drizzleError();
    const lines: unknown[][] = [];
    const target = { error: (...a: unknown[]) => void lines.push(a), warn: (...a: unknown[]) => void lines.push(a) };
    installConsoleRedaction(target);
    target.error(error);
    target.warn(`retrying for ${EMAIL}`, { email: EMAIL });
    const flat = lines.flat().join('\n');
    expect(flat).toContain('params: [redacted]');
    expect(flat).not.toContain(EMAIL);
    expect(flat).not.toContain('$argon2id$');
    expect(lines[1]).toEqual(['retrying for [email]', '{"email":"[email]"}']);
  });

  it('causes of causes, three deep, and values that are not errors', () => {
    const inner = new Error(`token=${TOKEN}`);
    const text = describeError(new Error('outer', { cause: new Error('middle', { cause: inner }) }));
    expect(text).toContain('Error: outer');
    expect(text).toContain('[cause] Error: middle');
    expect(text).toContain('[cause] Error: token=[redacted]');
    expect(describeError({ user: EMAIL, n: 1 })).toBe('{"user":"[email]","n":1}');
    expect(describeError('plain')).toBe('plain');
  });
});

describe('request id', () => {
  it('logError prefixes the current request id; none outside a request; an explicit id wins', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(currentRequestId()).toBeNull();
    logError('outside', new Error(`for ${EMAIL}`));
    withRequest('abc123def4567890', () => logError('inside', new Error('boom')));
    withRequest('abc123def4567890', () => logError('explicit', undefined, 'fedcba9876543210'));
    expect(spy.mock.calls[0][0]).toBe('outside');
    expect(String(spy.mock.calls[0][1])).toMatch(/^Error: for \[email\]/);
    expect(spy.mock.calls[1][0]).toBe('request_id=abc123def4567890 inside');
    expect(spy.mock.calls[2]).toEqual(['request_id=fedcba9876543210 explicit']);
  });

  it('the console wrapper prefixes the request id once', () => {
    const lines: unknown[][] = [];
    const target = { error: (...a: unknown[]) => void lines.push(a), warn: () => undefined };
    installConsoleRedaction(target);
    withRequest('0011223344556677', () => {
      target.error('next says', new Error('x'));
      target.error('request_id=0011223344556677 already prefixed');
    });
    expect(lines[0][0]).toBe('request_id=0011223344556677 next says');
    expect(lines[1]).toEqual(['request_id=0011223344556677 already prefixed']);
  });
});
