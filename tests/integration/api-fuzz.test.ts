/**
 * Property-based fuzz test of every API route (fast-check, fixed seed, bounded runs). Every
 * app/api/**\/route.ts file is found by walking the folder, so a new route is covered by itself;
 * each exported method handler is called the way Next calls it, with generated path parameters
 * (real ids, mostly those the route's GET answers 200 for, found by probing; huge and negative
 * numbers, NUL, unicode, empty), query strings (the names of the route's declared query plus the
 * listing and paging names and random ones; forged cursors: base64url of random JSON and of
 * [sort name, key, id] with the sort names the route's own cursors carry and keys that cannot be
 * cast, such as 2024-13-45; raw `%FF` and `%00`) and bodies (valid example bodies of the writes
 * with one field changed or left out, JSON objects with the declared field names and values of
 * every type, huge strings, invalid UTF-8 bytes, non-objects, multipart forms with broken bytes, a
 * CSV with formula cells and huge numbers, JSON rows or a tiny GIF, chunked streams past the cap),
 * as a visitor, a member and an admin (fresh sessions each run, from this site's origin).
 * A failure prints fast-check's counterexample (shrunk) and the request line with the answer; the
 * statuses per handler are printed at the end. FUZZ_SEED and FUZZ_RUNS run a longer search by hand.
 *
 * Asserted: no answer is ever 5xx (fast-check prints the failing request as its counterexample),
 * and nothing of a second member (the "owner") changes: after each handler's runs, the owner's
 * collections, entries, reviews, posts, comments, likes, sessions, API tokens and account row
 * must equal the snapshot taken at the start, as must the owner's friendship with a third member
 * and the owner's notifications (new notifications may arrive: others' likes and requests make
 * them). Counters that others' likes and comments move (likes_count, comments_count,
 * last_activity_at, updated_at, points) are left out of the comparison. The admin is not given
 * the owner's review, post or comment ids: an admin may delete those with a reason (moderation,
 * covered by tests/integration/policy-matrix.test.ts); every private thing of the owner is in
 * the admin's pool. A 429 (writing limits) is a valid answer; the limits' counters are cleared
 * each run so that writes reach their validation.
 *
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: some 2,500 requests plus the
 * probes per engine; both engines together took 26 s on a quiet two-core machine (up to a few
 * minutes while other jobs loaded it).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import type { RouteDoc } from '@/lib/api/route';
import { parseImportFile } from '@/lib/collections/import-parse';
import { importIntoCollection } from '@/lib/data/collection-import';
import { addComment } from '@/lib/data/comments';
import { createApiToken } from '@/lib/data/api-tokens';
import { addEntry, createCollection } from '@/lib/data/collections';
import { changeFriendship } from '@/lib/data/friendships';
import { createPost } from '@/lib/data/posts';
import { createReview } from '@/lib/data/reviews';
import { createSession } from '@/lib/data/sessions';
import { setToggle } from '@/lib/data/toggles';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';
import { startTmdbServer, TMDB_TEST_KEY, type TmdbServer } from '../support/tmdb-server';
import { FIX, insertFixtures, useAsProcessDb } from './api-fixtures';

// The import from the external movie database runs against its local stand-in, as configured in
// production (off, it answers 503 by design: not a request's fault, but not what this test probes).
let tmdb: TmdbServer;
beforeAll(async () => {
  tmdb = await startTmdbServer();
  vi.stubEnv('TMDB_API_URL', tmdb.url);
  vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tmdb?.close();
});

const ORIGIN = 'http://localhost';
/** Fixed seed; FUZZ_SEED picks another for a longer search by hand (FUZZ_RUNS: runs per handler). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** Runs per handler (each run picks a role, parameters, a query and a body). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Handler = ((request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>) & {
  doc?: RouteDoc;
};
type Role = 'visitor' | 'member' | 'admin';

/** Every route.ts under app/api with its path segments (`[publicId]` → a parameter, `[...path]` → a catch-all). */
function routeFiles(): { file: string; segments: string[] }[] {
  const root = path.resolve('app/api');
  const out: { file: string; segments: string[] }[] = [];
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    if (path.basename(rel) !== 'route.ts') continue;
    out.push({
      file: path.join(root, rel),
      segments: path
        .dirname(rel)
        .split(path.sep)
        .filter((s) => s !== '.'),
    });
  }
  return out;
}

/** The sort names of the keyset lists (lib/data), for cursors that name a real sort. */
function sortNames(): string[] {
  const names = new Set<string>();
  for (const f of fs.readdirSync(path.resolve('lib/data'))) {
    const text = fs.readFileSync(path.resolve('lib/data', f), 'utf8');
    for (const m of text.matchAll(/name: '([a-z_]+)', expr:/g)) names.add(m[1]);
  }
  return [...names];
}

/** Field names of a zod schema (objects, unions, pipes, optionals), for bodies and queries. */
function fieldNames(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const s = schema as { shape?: Record<string, unknown>; options?: unknown[]; def?: Record<string, unknown> };
  const out = new Set<string>();
  if (s.shape && typeof s.shape === 'object') for (const k of Object.keys(s.shape)) out.add(k);
  for (const o of s.options ?? []) for (const k of fieldNames(o, depth + 1)) out.add(k);
  for (const key of ['in', 'out', 'innerType', 'schema', 'left', 'right'])
    for (const k of fieldNames(s.def?.[key], depth + 1)) out.add(k);
  return [...out];
}

const LISTING_NAMES = ['cursor', 'limit', 'q', 'so', 'fo', 'co', 'fi', 'pc', 'la', 'cd', 'dr', 'dn', 'pr'];
const MORE_NAMES = ['label', 'spine', 'ean', 'tab', 'type', 'kind', 'page', 'reply', 'id', 'state', 'name'];
const HUGE = ['99999999999', '2147483648', '2147483647', '-2147483649', '1e400', '9'.repeat(40), '-1', '0', '1.5'];
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFFFD',
  'é',
  '𝄞',
  '\u202E',
  '..',
  '../..',
  '%',
  '%25',
  'null',
  '[]',
  '{}',
];
const BAD_DATES = [
  '2024-13-45',
  '2024-02-30',
  '0000-01-01',
  '99999-01-01',
  '2024-01-01 25:00:00+00',
  '2024-01-01 10:61:00+00',
  '2024-01-01 10:00:00+99',
  '2024-1-1',
  'infinity',
];

/** Sort keys that pass a shape check but fail the SQL cast of their sort (date, integer, timestamp, text). */
const BAD_KEYS = [
  ...BAD_DATES,
  '99999999999',
  '-2147483649',
  '2024-02-30 10:00:00+00',
  '2024-01-01T10:00:00.1234567Z',
  'a\u0000b',
  '\uD800',
];

/**
 * Valid bodies of the writes (as the policy matrix sends them), changed one field at a time by
 * the generator. Bodies that carry the account password are left out (the fuzzer would change or
 * delete its own account). A route without an example gets random bodies only.
 */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/collections': { name: 'New', category: 'releases', style: 1, visibility: 'public' },
  'PATCH /api/collections/[publicId]': { name: 'Renamed', visibility: 'public', style: 1 },
  'POST /api/collections/[publicId]/entries': { release: FIX.upcRelease, price: '9.90', currency: 'EUR' },
  'PATCH /api/collections/[publicId]/entries/[entryId]': { comment: 'Slipcover', condition: 2 },
  'POST /api/collections/[publicId]/entries/[entryId]/move': { collection: 'missing0001', copy: true },
  'POST /api/collections/[publicId]/imports/[importId]/picks': { line: 1, item: FIX.upcRelease },
  'POST /api/me/collection_entries': { release: FIX.upcRelease, collection: 'new', new_name: 'From the dialog' },
  'POST /api/releases/[publicId]/toggles': { kind: 'have', on: true },
  'POST /api/titles/[publicId]/toggles': { kind: 'seen', on: true },
  'POST /api/posts': { headline: 'New', body: 'Text', language: 'en' },
  'PATCH /api/posts/[publicId]': { headline: 'Edited' },
  'DELETE /api/posts/[publicId]': { reason: 'Off topic' },
  'POST /api/posts/[publicId]/toggles': { kind: 'like', on: true },
  'POST /api/posts/[publicId]/comments': { body: 'Reply' },
  'POST /api/reviews/[publicId]/comments': { body: 'Comment' },
  'PATCH /api/comments/[publicId]': { body: 'Edited' },
  'DELETE /api/comments/[publicId]': { reason: 'Off topic' },
  'POST /api/comments/[publicId]/toggles': { kind: 'like', on: true },
  'PATCH /api/me': { country: '4', municipality: 'Tampere' },
  'POST /api/me/tokens': { name: 'Fuzz token' },
  'POST /api/reviews': { movie: FIX.amelie, headline: 'New', body: 'Text', language: 'en' },
  'PATCH /api/reviews/[publicId]': { headline: 'Edited', body: 'Text', language: 'fi' },
  'DELETE /api/reviews/[publicId]': { reason: 'Off topic' },
  'POST /api/reviews/[publicId]/toggles': { kind: 'like', on: true },
  'POST /api/users/[publicId]/friendship': { action: 'request' },
  'POST /api/pusher/auth': { socket_id: '123.456', channel_name: 'private-user-x' },
  'POST /api/notifications/seen': {},
};

/** Files of multipart bodies: broken bytes, a CSV with formula cells and huge numbers, JSON rows, a tiny GIF. */
const FILES = [
  new Uint8Array([0xff, 0xd8, 0x00, 0x3d, 0x2c, 0x0a]),
  new TextEncoder().encode(
    'title,year,format,price,condition,date,ean,public_id\r\n' +
      'Alien,1979,dvd,9.90,2,2024-01-02,0024543602859,fixUpcRel01\r\n' +
      "'=cmd,99999999999,bluray,99999999999,99999999999,2024-13-45,99999999999999999999,\u0000\r\n",
  ),
  new TextEncoder().encode('[{"title":"Amélie","year":2001},{"title":1e400,"year":-1,"price":"-5"}]'),
  Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')),
];

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

assertPostgresConfiguredInCi();

describe.each(testEngines())('fuzz of every API route on %s', (engine) => {
  let h: DbHandle;
  let member: Member;
  let admin: Member;
  let owner: Member;
  let friend: Member;
  /** Ids any caller may be given; the owner's community ids go to visitors and members only. */
  let commonIds: string[];
  let ownerCommunityIds: string[];
  let baseline: Snapshot;

  type Snapshot = Record<string, string[]>;

  /** The owner's rows as JSON text per table, without the counters others move. */
  async function snapshot(): Promise<Snapshot> {
    const u = owner.actor.userId;
    const f = friend.actor.userId;
    const drop = `- 'likes_count' - 'comments_count' - 'last_activity_at' - 'updated_at' - 'points' - 'last_used_at'`;
    const tables: Record<string, ReturnType<typeof sql>> = {
      users: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM users t WHERE id = ${u}`,
      collections: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM collections t WHERE user_id = ${u} ORDER BY id`,
      collection_entries: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM collection_entries t
        WHERE collection_id IN (SELECT id FROM collections WHERE user_id = ${u}) ORDER BY id`,
      reviews: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM reviews t WHERE user_id = ${u} ORDER BY id`,
      posts: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM posts t WHERE user_id = ${u} ORDER BY id`,
      comments: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM comments t WHERE user_id = ${u} ORDER BY id`,
      likes: sql`SELECT to_jsonb(t) AS row FROM likes t WHERE user_id = ${u} ORDER BY id`,
      friendships: sql`SELECT to_jsonb(t) AS row FROM friendships t
        WHERE (requester_id = ${u} AND addressee_id = ${f}) OR (requester_id = ${f} AND addressee_id = ${u}) ORDER BY id`,
      notifications: sql`SELECT to_jsonb(t) AS row FROM notifications t WHERE user_id = ${u} ORDER BY id`,
      user_sessions: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM user_sessions t WHERE user_id = ${u} ORDER BY id`,
      api_tokens: sql`SELECT to_jsonb(t) ${sql.raw(drop)} AS row FROM api_tokens t WHERE user_id = ${u} ORDER BY id`,
    };
    const out: Snapshot = {};
    for (const [name, q] of Object.entries(tables))
      out[name] = (await queryRows<{ row: unknown }>(h.db, q)).map((r) => JSON.stringify(r.row));
    return out;
  }

  /** The snapshot compared with the baseline: new notifications may arrive, nothing else may change. */
  function comparable(s: Snapshot): Snapshot {
    const known = new Set(baseline.notifications);
    return { ...s, notifications: s.notifications.filter((n) => known.has(n)) };
  }

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await insertFixtures(h.db);
    member = await registerMember(h.db, { label: 'Fuzzer', n: 1 });
    admin = await registerMember(h.db, { label: 'Fuzzadmin', n: 1, role: 'admin' });
    owner = await registerMember(h.db, { label: 'Owner', n: 1 });
    friend = await registerMember(h.db, { label: 'Friend', n: 1 });

    // The owner's things: a private and a public collection with entries, a review, a post with
    // a comment, likes of catalogue items, a friend request from a third member, a second session
    // and an API token.
    const ids: string[] = [];
    for (const visibility of ['private', 'public'] as const) {
      const c = await createCollection(
        owner.actor,
        {
          name: `Owner ${visibility}`,
          description: null,
          visibility,
          category: 'releases',
          style: 1,
          shortcut_default: false,
        },
        h.db,
      );
      if (!c.ok) throw new Error(JSON.stringify(c.errors));
      const e = await addEntry(
        owner.actor,
        { collection: c.collection.public_id, item: { type: 'release', publicId: FIX.amelieRelease } },
        h.db,
      );
      if (!e.ok) throw new Error(JSON.stringify(e.errors));
      ids.push(c.collection.public_id, String(e.entry.id));
    }
    const r = await createReview(
      owner.actor,
      { movie: FIX.amelie, headline: 'Owner review', body: 'Text', language: 'en' },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = await createPost(owner.actor, { headline: 'Owner topic', body: 'Text', language: 'en' }, h.db);
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    await h.db.execute(sql`DELETE FROM rate_limits`);
    const cm = await addComment(
      owner.actor,
      { thread: { type: 'post', publicId: p.post.public_id }, input: { body: 'Hi' } },
      h.db,
    );
    if (!cm.ok) throw new Error(JSON.stringify(cm));
    await setToggle(owner.actor, { kind: 'like', item: 'release', publicId: FIX.upcRelease, on: true }, h.db);
    await setToggle(owner.actor, { kind: 'have', item: 'release', publicId: FIX.upcRelease, on: true }, h.db);
    await changeFriendship(friend.actor, { publicId: owner.actor.publicId, action: 'request' }, h.db);
    const s = await createSession(owner.actor.userId, {}, h.db);
    const t = await createApiToken(owner.actor, { name: 'owner token', current: MEMBER_PASSWORD }, h.db);
    if (!t.ok) throw new Error('token');
    ids.push(String(s.sessionId), String(t.id));
    ownerCommunityIds = [r.review.public_id, p.post.public_id, cm.comment.public_id];

    // The fuzzer's own things, so that owner-only paths run deeper.
    const mine = await createCollection(
      member.actor,
      {
        name: 'Mine',
        description: null,
        visibility: 'public',
        category: 'releases',
        style: 1,
        shortcut_default: false,
      },
      h.db,
    );
    if (!mine.ok) throw new Error('mine');
    const myEntry = await addEntry(
      member.actor,
      { collection: mine.collection.public_id, item: { type: 'release', publicId: FIX.upcRelease } },
      h.db,
    );
    if (!myEntry.ok) throw new Error('entry');
    const myPost = await createPost(member.actor, { headline: 'Mine', body: 'Text', language: 'fi' }, h.db);
    if (!myPost.ok) throw new Error('post');
    // Second rows of each list, so that a page of one has a next cursor.
    await addEntry(
      member.actor,
      { collection: mine.collection.public_id, item: { type: 'release', publicId: FIX.amelieRelease } },
      h.db,
    );
    await createReview(member.actor, { movie: FIX.upcMovie, headline: 'Mine', body: 'Text', language: 'fi' }, h.db);
    await h.db.execute(sql`DELETE FROM rate_limits`);
    await addComment(
      member.actor,
      { thread: { type: 'post', publicId: p.post.public_id }, input: { body: 'Reply' } },
      h.db,
    );
    await setToggle(member.actor, { kind: 'like', item: 'release', publicId: FIX.upcRelease, on: true }, h.db);
    await setToggle(member.actor, { kind: 'like', item: 'release', publicId: FIX.amelieRelease, on: true }, h.db);
    await changeFriendship(member.actor, { publicId: friend.actor.publicId, action: 'request' }, h.db);
    await changeFriendship(friend.actor, { publicId: member.actor.publicId, action: 'accept' }, h.db);
    await changeFriendship(admin.actor, { publicId: friend.actor.publicId, action: 'request' }, h.db);
    await changeFriendship(friend.actor, { publicId: admin.actor.publicId, action: 'accept' }, h.db);
    // An import of the fuzzer's, so that the import report and picks routes get a real id.
    const imported = await importIntoCollection(
      member.actor,
      {
        collection: mine.collection.public_id,
        fileName: 'fuzz.csv',
        parsed: parseImportFile('fuzz.csv', 'title,year\nAmélie,2001\nZzyzx Test Film,1999\nNo such film,1950\n'),
      },
      h.db,
    );
    if (!imported.ok) throw new Error(imported.error);
    commonIds = [
      ...ids,
      mine.collection.public_id,
      imported.report.public_id,
      String(myEntry.entry.id),
      myPost.post.public_id,
      owner.actor.publicId,
      member.actor.publicId,
      friend.actor.publicId,
      FIX.amelie,
      FIX.amelieRelease,
      FIX.upcRelease,
      FIX.company,
      'facebook',
      'google',
      '1',
    ];
    baseline = await snapshot();
  }, 120_000);

  /** Statuses per handler, printed at the end: how deep the generated requests went. */
  const tally = new Map<string, number[]>();

  afterAll(async () => {
    const lines = [...tally].map(([key, statuses]) => {
      const counts = new Map<number, number>();
      for (const st of statuses) counts.set(st, (counts.get(st) ?? 0) + 1);
      return `${key}: ${[...counts].map(([st, n]) => `${st}×${n}`).join(' ')}`;
    });
    console.log(`statuses per handler:\n${lines.join('\n')}`);
    await h?.close();
  });

  const sorts = sortNames();
  /**
   * Forged cursors: base64url of random JSON, of [sort name, key, id] tuples whose key cannot be
   * cast (impossible dates, out-of-range numbers, NUL) or whose id is out of range, and random text.
   * `real`: the sort names this route's own cursors carry (found by probing), tried most.
   */
  const cursorArb = (real: string[]) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => b64(JSON.stringify(v))) },
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            real.length
              ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...real) }, fc.constantFrom(...sorts))
              : fc.constantFrom(...sorts),
            fc.oneof(
              { weight: 6, arbitrary: fc.constantFrom(...BAD_KEYS) },
              { weight: 1, arbitrary: fc.constantFrom(...HUGE, ...NASTY) },
              { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
              { weight: 1, arbitrary: fc.constant(null) },
            ),
            fc.oneof(
              { weight: 4, arbitrary: fc.nat(1000) },
              { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 2 ** 53, -1, 1.5, 99999999999) },
              { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })) },
            ),
          )
          .map((t) => b64(JSON.stringify(t))),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    );

  /**
   * Probes a GET handler as the member with every pool id in its parameters and `limit=1`: the
   * ids it answers 200 for (so the generated requests reach past the lookup) and the sort names
   * of the cursors it hands out (so forged cursors name the sort the route reads).
   */
  async function probe(
    handler: Handler,
    route: string,
    paramNames: string[],
  ): Promise<{ ids: Record<string, string[]>; sorts: string[] }> {
    const ids: Record<string, Set<string>> = Object.fromEntries(paramNames.map((n) => [n, new Set<string>()]));
    const found = new Set<string>();
    const combos: Record<string, string>[] = [{}];
    for (const n of paramNames) {
      const next: Record<string, string>[] = [];
      for (const c of combos) for (const id of [...commonIds, ...ownerCommunityIds]) next.push({ ...c, [n]: id });
      combos.splice(0, combos.length, ...next.slice(0, 400));
    }
    for (const params of combos) {
      const pathname = route.replace(/\[(?:\.\.\.)?([A-Za-z]+)\]/g, (_, n: string) => params[n] ?? '');
      const s = await createSession(member.actor.userId, {}, h.db);
      const res = await handler(
        new Request(`${ORIGIN}${pathname}?limit=1`, {
          headers: { origin: ORIGIN, cookie: `discshelf_session=${s.token}` },
        }),
        { params: Promise.resolve(params) },
      );
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        continue;
      }
      for (const [n, v] of Object.entries(params)) ids[n].add(v);
      const body = (await res.json().catch(() => null)) as { next_cursor?: unknown } | null;
      if (typeof body?.next_cursor === 'string') {
        const decoded = JSON.parse(Buffer.from(body.next_cursor, 'base64url').toString('utf8')) as unknown[];
        if (typeof decoded[0] === 'string') found.add(decoded[0]);
      }
    }
    return { ids: Object.fromEntries(Object.entries(ids).map(([n, v]) => [n, [...v]])), sorts: [...found] };
  }

  /** A query value already percent-encoded, or raw broken bytes. */
  const encodedValue = (arb: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 6, arbitrary: arb.map(safeEncode) },
      { weight: 1, arbitrary: fc.constantFrom('%FF', '%00', '%C3%28', '%ED%A0%80', '%E2%82', '%', '%zz', '+') },
    );

  function safeEncode(s: string): string {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  }

  /**
   * The probe of a route: its own GET, else the GET of the nearest parent route (the picks of an
   * import get the import report's ids), so that its parameters are mostly real ids.
   */
  async function probeRoute(
    segments: string[],
    mod: Record<string, unknown>,
  ): Promise<{ ids: Record<string, string[]>; sorts: string[] }> {
    for (let n = segments.length; n >= 1; n--) {
      const at = segments.slice(0, n);
      const file = path.resolve('app/api', ...at, 'route.ts');
      if (!fs.existsSync(file)) continue;
      const m = n === segments.length ? mod : ((await import(/* @vite-ignore */ file)) as Record<string, unknown>);
      if (typeof m.GET !== 'function') continue;
      const names = at.filter((s) => s.startsWith('[')).map((s) => s.slice(1, -1));
      const found = await probe(m.GET as Handler, '/api/' + at.join('/'), names);
      return n === segments.length ? found : { ids: found.ids, sorts: [] };
    }
    return { ids: {}, sorts: [] };
  }

  for (const { file, segments } of routeFiles()) {
    const route = '/api/' + segments.join('/');
    const paramNames = segments.filter((s) => s.startsWith('[')).map((s) => s.replace(/^\[(\.\.\.)?|\]$/g, ''));
    const catchAll = new Set(segments.filter((s) => s.startsWith('[...')).map((s) => s.slice(4, -1)));

    it(`${route}: no 5xx, nothing of another member changes`, async () => {
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      const handlers = METHODS.filter((m) => typeof mod[m] === 'function').map((m) => [m, mod[m] as Handler] as const);
      expect(handlers.length).toBeGreaterThan(0);

      const known = catchAll.size ? { ids: {}, sorts: [] } : await probeRoute(segments, mod);

      for (const [method, handler] of handlers) {
        const doc = handler.doc;
        const queryNames = [...new Set([...fieldNames(doc?.query), ...LISTING_NAMES, ...MORE_NAMES])];
        const bodyNames = [...new Set([...fieldNames(doc?.body), ...fieldNames(doc?.multipart?.schema)])];
        const roleArb = fc.constantFrom<Role>('visitor', 'member', 'admin');

        const runArb = roleArb.chain((role) => {
          const ids = role === 'admin' ? commonIds : [...commonIds, ...ownerCommunityIds];
          const idArb = fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...ids) },
            { weight: 2, arbitrary: fc.constantFrom(...HUGE, ...NASTY) },
            { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: 'binary' }) },
          );
          /** A path parameter: mostly an id the route's GET answered 200 for (visitors and members only). */
          const paramArb = (name: string) => {
            const good = (known.ids[name] ?? []).filter((id) => role !== 'admin' || !ownerCommunityIds.includes(id));
            return good.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, idArb) : idArb;
          };
          const valueArb: fc.Arbitrary<unknown> = fc.oneof(
            fc.constantFrom(...ids),
            fc.string({ maxLength: 20 }),
            fc.string({ maxLength: 8, unit: 'binary' }),
            fc.constantFrom(...HUGE, ...NASTY, ...BAD_DATES),
            fc.integer(),
            fc.constantFrom(99999999999, 2 ** 31, -(2 ** 31) - 1, 1e308, -1, 0, 1.5, Number.MAX_SAFE_INTEGER),
            fc.boolean(),
            fc.constant(null),
            fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
            fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
          );
          const paramsArb = fc.record(
            Object.fromEntries(
              paramNames.map((n) => [
                n,
                catchAll.has(n)
                  ? fc.array(idArb, { minLength: 0, maxLength: 3 })
                  : (paramArb(n) as fc.Arbitrary<unknown>),
              ]),
            ),
          );
          const queryArb = fc.oneof(
            { weight: method === 'GET' ? 1 : 6, arbitrary: fc.constant([] as [string, string][]) },
            {
              // A forged cursor alone: no other bad parameter stops the request before the cursor is read.
              weight: 2,
              arbitrary: cursorArb(known.sorts).map((c): [string, string][] => [['cursor', safeEncode(c)]]),
            },
            {
              weight: 3,
              arbitrary: fc.array(
                fc.oneof(
                  { weight: 3, arbitrary: fc.tuple(fc.constant('cursor'), encodedValue(cursorArb(known.sorts))) },
                  {
                    weight: 5,
                    arbitrary: fc.tuple(
                      fc.oneof(
                        { weight: 5, arbitrary: fc.constantFrom(...queryNames) },
                        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
                      ),
                      encodedValue(
                        fc.oneof(idArb, fc.constantFrom(...HUGE, ...BAD_DATES), fc.string({ maxLength: 30 })),
                      ),
                    ),
                  },
                ),
                { maxLength: 4 },
              ),
            },
          );
          const objectArb = fc.dictionary(
            fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...(bodyNames.length ? bodyNames : ['x'])) }, fc.string()),
            valueArb,
            { maxKeys: 6 },
          );
          // A valid body with one field changed or left out: reaches past validation into the data layer.
          const example = EXAMPLES[`${method} ${route}`];
          const exampleKeys = [...new Set([...Object.keys(example ?? {}), ...bodyNames, 'extra'])];
          const nearArb = example
            ? fc
                .tuple(fc.constantFrom(...exampleKeys), valueArb, fc.nat(3))
                .map(([k, v, how]): Record<string, unknown> => {
                  const o: Record<string, unknown> = { ...example };
                  if (how === 0) delete o[k];
                  else if (how === 1) return o;
                  else o[k] = v;
                  return o;
                })
            : objectArb;
          const bodyArb = fc.oneof(
            { weight: example ? 14 : 0, arbitrary: nearArb.map((o) => ({ kind: 'json' as const, value: o })) },
            { weight: 6, arbitrary: objectArb.map((o) => ({ kind: 'json' as const, value: o })) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }).map((v) => ({ kind: 'json' as const, value: v })) },
            {
              weight: 1,
              arbitrary: fc
                .tuple(fc.constantFrom(...(bodyNames.length ? bodyNames : ['x'])), fc.uint8Array({ maxLength: 12 }))
                .map(([k, bytes]) => ({ kind: 'bytes' as const, key: k, bytes })),
            },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(...(bodyNames.length ? bodyNames : ['x']))
                .map((k) => ({ kind: 'huge' as const, key: k })),
            },
            { weight: 1, arbitrary: fc.constant({ kind: 'chunked' as const }) },
            {
              weight: 2,
              arbitrary: fc
                .tuple(objectArb, fc.constantFrom(...FILES))
                .map(([o, file]) => ({ kind: 'form' as const, value: o, file })),
            },
            { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
          );
          return fc.record({ role: fc.constant(role), params: paramsArb, query: queryArb, body: bodyArb });
        });

        await fc.assert(
          fc.asyncProperty(runArb, async (run) => {
            await h.db.execute(sql`DELETE FROM rate_limits`);
            const request = await buildRequest(method, route, run);
            const res = await handler(request, { params: Promise.resolve(run.params) });
            const key = `${method} ${route}`;
            tally.set(key, [...(tally.get(key) ?? []), res.status]);
            if (res.status >= 500) {
              const text = await res.text().catch(() => '');
              throw new Error(`${method} ${request.url} as ${run.role} → ${res.status} ${text.slice(0, 200)}`);
            }
            await res.body?.cancel().catch(() => undefined);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: false },
        );
        expect(comparable(await snapshot()), `${method} ${route} changed the owner's rows`).toEqual(baseline);
      }
    });
  }

  type Run = {
    role: Role;
    params: Record<string, unknown>;
    query: [string, string][];
    body:
      | { kind: 'json'; value: unknown }
      | { kind: 'bytes'; key: string; bytes: Uint8Array }
      | { kind: 'huge'; key: string }
      | { kind: 'chunked' }
      | { kind: 'form'; value: Record<string, unknown>; file: Uint8Array }
      | { kind: 'none' };
  };

  /** The request of one run: a fresh session for the role, from this site's origin. */
  async function buildRequest(method: string, route: string, run: Run): Promise<Request> {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (run.role !== 'visitor') {
      const who = run.role === 'admin' ? admin : member;
      const s = await createSession(who.actor.userId, {}, h.db);
      headers.cookie = `discshelf_session=${s.token}`;
    }
    const qs = run.query.map(([k, v]) => `${safeEncode(k)}=${v}`).join('&');
    // The path as a browser would send it: each parameter's value percent-encoded in its segment.
    const pathname = route.replace(/\[(?:\.\.\.)?([A-Za-z]+)\]/g, (_, name: string) => {
      const v = run.params[name];
      return (Array.isArray(v) ? v : [v]).map((x) => safeEncode(String(x ?? ''))).join('/');
    });
    const url = `${ORIGIN}${pathname}${qs ? `?${qs}` : ''}`;
    if (method === 'GET' || run.body.kind === 'none') return new Request(url, { method, headers });
    const b = run.body;
    let body: BodyInit;
    if (b.kind === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(b.value) ?? 'null';
    } else if (b.kind === 'bytes') {
      headers['content-type'] = 'application/json';
      const head = new TextEncoder().encode(`{${JSON.stringify(b.key)}:"`);
      body = new Uint8Array([...head, 0xff, 0xfe, ...b.bytes, 0xc3, 0x28, 0x22, 0x7d]);
    } else if (b.kind === 'huge') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ [b.key]: 'x'.repeat(70 * 1024) });
    } else if (b.kind === 'form') {
      const form = new FormData();
      for (const [k, v] of Object.entries(b.value))
        form.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
      form.append('file', new Blob([new Uint8Array(b.file)]), 'x.csv');
      form.append('picture', new Blob([new Uint8Array(b.file)]), 'x.jpg');
      return new Request(url, { method, headers, body: form });
    } else {
      // A chunked body (no Content-Length) of 64 KB chunks, past every cap if read to the end.
      headers['content-type'] = 'application/json';
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      let pulls = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (++pulls > 400) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Request(url, { method, headers, body: stream, duplex: 'half' } as RequestInit);
    }
    return new Request(url, { method, headers, body });
  }
});
