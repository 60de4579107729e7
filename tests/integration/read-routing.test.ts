/**
 * The read router of db/read-routing.ts on PostgreSQL, behind a real Drizzle handle of
 * openDatabase: the "replica" is a second pool on the same server told apart by its
 * application_name (it is not in recovery, so it counts as caught up with any fence), and a
 * request's state is published as scripts/serve.ts does. Shown: reads of a request go to the
 * replica and outside a request to the primary; writes, transactions and a request's reads after
 * its write go to the primary and mark the request; the rows Drizzle maps (dates, JSON) are the
 * same from both; a replica that cannot be reached is paused, its reads answered by the primary.
 * The ops test tests/ops/read-replica.test.ts runs the same with a real streaming replica.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, readingPrimary, readUrlsFromEnv, type Db, type DbHandle } from '@/db';
import { users } from '@/db/schema';
import { REQUEST_CONTEXT, type RequestContext } from '@/lib/log';
import type { RequestReads } from '@/lib/server/read-after-write';
import { freePort } from '@/lib/realtime/soketi';
import { assertPostgresConfiguredInCi, createTestDb } from '../support/db';
import { registerMember } from '../support/members';

assertPostgresConfiguredInCi();

describe('readUrlsFromEnv', () => {
  it('splits DATABASE_READ_URL at commas and drops blanks', () => {
    expect(readUrlsFromEnv({})).toEqual([]);
    expect(readUrlsFromEnv({ DATABASE_READ_URL: ' ' })).toEqual([]);
    expect(readUrlsFromEnv({ DATABASE_READ_URL: 'postgres://a/x' })).toEqual(['postgres://a/x']);
    expect(readUrlsFromEnv({ DATABASE_READ_URL: 'postgres://a/x, postgres://b/x,,' })).toEqual([
      'postgres://a/x',
      'postgres://b/x',
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('read routing on PostgreSQL', () => {
  const storage = new AsyncLocalStorage<RequestContext>();
  let base: DbHandle;
  let routed: DbHandle;
  let db: Db;

  /** Runs `fn` as a request of the app server would, with a fresh read state. */
  async function inRequest<T>(fn: (reads: RequestReads & { writes: number }) => Promise<T>, primary = false) {
    const reads = {
      primary,
      writes: 0,
      wrote() {
        this.writes++;
      },
    };
    return { value: await storage.run({ requestId: 'test', reads }, () => fn(reads)), reads };
  }

  /** Which pool answered: the application_name of the connection. */
  async function server(): Promise<string> {
    const [row] = await queryRows<{ app: string }>(db, sql`SELECT current_setting('application_name') AS app`);
    return row.app;
  }

  const withApp = (url: string, app: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', app);
    return u.toString();
  };

  beforeAll(async () => {
    (globalThis as { [REQUEST_CONTEXT]?: AsyncLocalStorage<RequestContext> })[REQUEST_CONTEXT] = storage;
    base = await createTestDb('postgres');
    routed = await openDatabase({
      url: withApp(base.url!, 'primary'),
      readUrls: [withApp(base.url!, 'replica')],
      statementTimeoutMs: 5000,
    });
    db = routed.db;
  });

  afterAll(async () => {
    delete (globalThis as { [REQUEST_CONTEXT]?: unknown })[REQUEST_CONTEXT];
    await routed?.close();
    await base?.close();
  });

  it('reads a request on the replica and outside a request on the primary', async () => {
    expect(await server()).toBe('primary');
    const { value, reads } = await inRequest(() => server());
    expect(value).toBe('replica');
    expect(reads.primary).toBe(false);
    expect(reads.writes).toBe(0);
    // A request pinned by the cookie reads the primary, and so does work under readingPrimary.
    expect((await inRequest(() => server(), true)).value).toBe('primary');
    expect((await inRequest(() => readingPrimary(() => server()))).value).toBe('primary');
    expect((await inRequest(async () => [await readingPrimary(() => server()), await server()])).value).toEqual([
      'primary',
      'replica',
    ]);
    expect(routed.replicas()).toEqual([
      expect.objectContaining({ available: true, failures: 0, reads: expect.any(Number) }),
    ]);
  });

  it('writes on the primary, and the writing request reads the primary afterwards', async () => {
    const member = await registerMember(db, { label: 'Routing', n: 1 });
    const { value, reads } = await inRequest(async () => {
      const before = await server();
      await db.update(users).set({ name: 'Routing renamed' }).where(eq(users.id, member.actor.userId));
      const after = await server();
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, member.actor.userId));
      return { before, after, name: row.name };
    });
    expect(value).toEqual({ before: 'replica', after: 'primary', name: 'Routing renamed' });
    expect(reads.primary).toBe(true);
    expect(reads.writes).toBeGreaterThanOrEqual(1);
  });

  it('runs a transaction on the primary, its reads included, and marks the request', async () => {
    const { value, reads } = await inRequest(() =>
      db.transaction(async (tx) => {
        const [row] = await queryRows<{ app: string }>(
          tx as unknown as Db,
          sql`SELECT current_setting('application_name') AS app`,
        );
        return row.app;
      }),
    );
    expect(value).toBe('primary');
    expect(reads.primary).toBe(true);
    expect(reads.writes).toBe(1);
  });

  it('maps the rows of a replica read as those of the primary (dates, JSON, arrays)', async () => {
    const member = await registerMember(db, { label: 'Routing', n: 2 });
    const pick = () => db.select().from(users).where(eq(users.id, member.actor.userId));
    const onPrimary = await pick();
    const { value: onReplica } = await inRequest(async () => ({ rows: await pick(), app: await server() }));
    expect(onReplica.app).toBe('replica');
    expect(onReplica.rows).toEqual(onPrimary);
    expect(onPrimary[0].createdAt).toBeInstanceOf(Date);
  });

  it('pauses a replica that cannot be reached and answers its reads from the primary', async () => {
    const port = await freePort(); // nothing listens there
    const broken = await openDatabase({
      url: withApp(base.url!, 'primary'),
      readUrls: [`postgres://postgres@127.0.0.1:${port}/nowhere`],
    });
    try {
      const app = async () =>
        (await queryRows<{ app: string }>(broken.db, sql`SELECT current_setting('application_name') AS app`))[0].app;
      const first = await inRequest(app);
      expect(first.value).toBe('primary');
      expect(broken.replicas()).toEqual([expect.objectContaining({ available: false, failures: 1, reads: 0 })]);
      // While paused the replica is not tried again: no more failures.
      const second = await inRequest(app);
      expect(second.value).toBe('primary');
      expect(broken.replicas()[0].failures).toBe(1);
    } finally {
      await broken.close();
    }
  });
});
