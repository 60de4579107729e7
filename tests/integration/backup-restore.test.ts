/**
 * `npm run db:backup` and `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts) run
 * as the commands do, on PGlite and on PostgreSQL: a database with members, collections and
 * entries, a review, a discussion with comments, friendships and notifications is backed up and
 * restored into an empty database; every table (listed from information_schema, so new tables are
 * covered) has the same row count, the same rows (a hash of all of them) and the same first rows,
 * and the identity sequences go on where they were. A non-empty target is refused (exit 2) unless
 * `--clean`; a PGlite directory held open is refused with "stop the app server first".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Db, type DbHandle } from '@/db';
import { addEntry, createCollection } from '@/lib/data/collections';
import { addComment } from '@/lib/data/comments';
import { changeFriendship } from '@/lib/data/friendships';
import { createPost } from '@/lib/data/posts';
import { createReview } from '@/lib/data/reviews';
import { insertCatalogue } from '../support/community';
import { admin, assertPostgresConfiguredInCi, serverUrl, testEngines, type Engine } from '../support/db';
import { registerMember } from '../support/members';

assertPostgresConfiguredInCi();

const TSX = path.resolve('node_modules/.bin/tsx');

/** Runs a script as npm does, with `env` over the test's environment (DATABASE_URL dropped unless given). */
function script(name: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  void _ignored;
  const r = spawnSync(TSX, [path.resolve('scripts', name), ...args], {
    encoding: 'utf8',
    env: { ...rest, ...env },
    timeout: 180_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Fills a migrated database: 3 members, collections with entries, a review, a post with comments, friendships. */
async function fill(db: Db): Promise<void> {
  await insertCatalogue(db, {
    movies: [
      { publicId: 'bkMovie0001', name: 'Sisu', titleKey: 'sisu', year: 2022 },
      { publicId: 'bkMovie0002', name: 'Tuntematon sotilas', titleKey: 'tuntematon sotilas', year: 1955 },
    ],
    releases: [
      { publicId: 'bkRelease01', name: 'Sisu 4K', nameKey: 'sisu 4k', format: 7, movies: ['bkMovie0001'] },
      { publicId: 'bkRelease02', name: 'Sisu Blu-ray', nameKey: 'sisu blu-ray', format: 3, movies: ['bkMovie0001'] },
    ],
  });
  const [a, b, c] = [
    await registerMember(db, { label: 'Keeper', n: 1 }),
    await registerMember(db, { label: 'Keeper', n: 2 }),
    await registerMember(db, { label: 'Keeper', n: 3 }),
  ];
  for (const who of [a, b]) {
    const coll = await createCollection(
      who.actor,
      {
        name: 'Shelf',
        description: 'Discs',
        visibility: 'public',
        category: 'releases',
        style: 1,
        shortcut_default: false,
      },
      db,
    );
    if (!coll.ok) throw new Error(JSON.stringify(coll.errors));
    for (const publicId of ['bkRelease01', 'bkRelease02']) {
      const e = await addEntry(
        who.actor,
        { collection: coll.collection.public_id, item: { type: 'release', publicId }, price: '19,90', currency: 'EUR' },
        db,
      );
      if (!e.ok) throw new Error(JSON.stringify(e.errors));
    }
  }
  const review = await createReview(
    a.actor,
    {
      movie: 'bkMovie0001',
      release: 'bkRelease01',
      headline: 'Kova',
      body: 'Täyttä rautaa. ✓',
      language: 'fi',
      rating_picture: 5,
      rating_sound: 4,
    },
    db,
  );
  if (!review.ok) throw new Error(JSON.stringify(review.errors));
  const post = await createPost(b.actor, { headline: 'Best 4K?', body: 'Which one', language: 'en' }, db);
  if (!post.ok) throw new Error(JSON.stringify(post.errors));
  await db.execute(sql`DELETE FROM rate_limits`);
  const onReview = await addComment(
    b.actor,
    { thread: { type: 'review', publicId: review.review.public_id }, input: { body: 'Samaa mieltä' } },
    db,
  );
  if (!onReview.ok) throw new Error(JSON.stringify(onReview));
  const onPost = await addComment(
    c.actor,
    { thread: { type: 'post', publicId: post.post.public_id }, input: { body: 'The 4K' } },
    db,
  );
  if (!onPost.ok) throw new Error(JSON.stringify(onPost));
  await changeFriendship(a.actor, { publicId: b.actor.publicId, action: 'request' }, db);
  await changeFriendship(b.actor, { publicId: a.actor.publicId, action: 'accept' }, db);
  await changeFriendship(c.actor, { publicId: a.actor.publicId, action: 'request' }, db);
}

type TableState = { table: string; rows: number; hash: string | null; first: string[] };

/** Every table's row count, a hash of all its rows and its first 3 rows as text (sorted), by table name. */
async function snapshot(db: Db): Promise<TableState[]> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
  );
  const out: TableState[] = [];
  for (const { schema, name } of tables) {
    const t = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    const [agg] = await queryRows<{ n: number; hash: string | null }>(
      db,
      sql`SELECT count(*)::int AS n, md5(string_agg(r::text, E'\n' ORDER BY r::text)) AS hash FROM ${t} r`,
    );
    const first = await queryRows<{ r: string }>(db, sql`SELECT r::text AS r FROM ${t} r ORDER BY 1 LIMIT 3`);
    out.push({ table: `${schema}.${name}`, rows: agg!.n, hash: agg!.hash, first: first.map((f) => f.r) });
  }
  return out;
}

/** The identity sequences' positions, by name. */
async function sequences(db: Db): Promise<{ name: string; last: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences ORDER BY 1`,
  );
}

/** Checks that the snapshot covers the tables the test filled, with rows in them. */
function expectFilled(state: TableState[]): void {
  const rows = Object.fromEntries(state.map((s) => [s.table, s.rows]));
  expect(rows).toMatchObject({
    'public.users': 3,
    'public.collection_entries': 4,
    'public.reviews': 1,
    'public.posts': 1,
    'public.comments': 2,
    'public.friendships': 2,
    'public.movies': 2,
    'public.releases': 2,
  });
  // Friend request, acceptance, a second request and the review's comment.
  expect(rows['public.notifications']).toBeGreaterThanOrEqual(3);
  expect(rows['drizzle.__drizzle_migrations']).toBeGreaterThan(20);
  // The rating totals the database keeps count the review's two ratings once (a restore that
  // replayed the reviews through their triggers would count them twice).
  expect(state.find((s) => s.table === 'public.review_rating_totals')?.first).toEqual(['(1,1,5,1,4,0,0,0,0)']);
}

describe.each(testEngines())('backup and restore on %s', (engine: Engine) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'discshelf-backup-'));
  const file = path.join(tmp, engine === 'postgres' ? 'site.dump' : 'site.tar.gz');
  const source = `discshelf_bk_src_${process.pid}`;
  const target = `discshelf_bk_dst_${process.pid}`;
  /** Environment of the scripts for the source or the target database. */
  const envOf = (which: 'source' | 'target'): Record<string, string> =>
    engine === 'postgres'
      ? { DATABASE_URL: serverUrl(which === 'source' ? source : target) }
      : { DATA_DIR: path.join(tmp, which) };
  const open = (which: 'source' | 'target'): Promise<DbHandle> =>
    engine === 'postgres'
      ? openDatabase({ url: serverUrl(which === 'source' ? source : target) })
      : openDatabase({ dataDir: path.join(tmp, which, 'pglite') });
  let before: TableState[];
  let beforeSequences: { name: string; last: string | null }[];

  beforeAll(async () => {
    if (engine === 'postgres') {
      for (const name of [source, target]) await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin((q) => q.unsafe(`CREATE DATABASE ${source}`));
      await admin((q) => q.unsafe(`CREATE DATABASE ${target}`));
    }
    const h = await open('source');
    // No realtime server runs here: the notices' pushes fail and are logged; keep the output clean.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await migrateDatabase(h);
      await fill(h.db);
      before = await snapshot(h.db);
      beforeSequences = await sequences(h.db);
    } finally {
      quiet.mockRestore();
      await h.close();
    }
  });
  afterAll(async () => {
    if (engine === 'postgres')
      for (const name of [source, target]) await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up, restores into an empty database, and every table has the same rows', async () => {
    expectFilled(before);
    const backup = script('db-backup.ts', ['--out', file], envOf('source'));
    expect(backup.out).toMatch(/Backup written: .* \(\d+\.\d MB\) in \d+\.\d s\./);
    expect(backup.status).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const again = script('db-backup.ts', ['--out', file], envOf('source'));
    expect(again.status).toBe(2);
    expect(again.out).toContain('exists: choose another --out or add --force');

    const restore = script('db-restore.ts', [file], envOf('target'));
    expect(restore.out).toMatch(/Restored \d+ tables in \d+\.\d s\./);
    expect(restore.status).toBe(0);

    const h = await open('target');
    try {
      const after = await snapshot(h.db);
      expect(after.map((s) => s.table)).toEqual(before.map((s) => s.table));
      for (const [i, table] of before.entries()) expect(after[i]).toEqual(table);
      expect(await sequences(h.db)).toEqual(beforeSequences);
      // The restored database takes new rows after the restored ones.
      const [u] = await queryRows<{ id: number }>(
        h.db,
        sql`INSERT INTO posts (public_id, user_id, headline, body, language)
            SELECT 'bkPostAfter', id, 'After', 'Restore', 'en' FROM users ORDER BY id LIMIT 1 RETURNING id`,
      );
      const [max] = await queryRows<{ id: number }>(
        h.db,
        sql`SELECT max(id)::int AS id FROM posts WHERE public_id <> 'bkPostAfter'`,
      );
      expect(Number(u!.id)).toBeGreaterThan(Number(max!.id));
    } finally {
      await h.close();
    }
  });

  it('refuses a target that is not empty unless --clean, which restores the backup over it', async () => {
    const refused = script('db-restore.ts', [file], envOf('target'));
    expect(refused.status).toBe(2);
    expect(refused.out).toMatch(/already (has \d+ tables|holds a database).*--clean/s);

    const cleaned = script('db-restore.ts', [file, '--clean'], envOf('target'));
    expect(cleaned.status).toBe(0);
    const h = await open('target');
    try {
      expect(await snapshot(h.db)).toEqual(before);
    } finally {
      await h.close();
    }
    if (engine === 'pglite')
      expect(
        fs.readdirSync(path.join(tmp, 'target')).filter((f) => f.startsWith('pglite.before-restore-')),
      ).toHaveLength(1);
  });

  // The PGlite case needs a PostgreSQL server to point at; each engine registers only its own cases.
  if (engine === 'postgres' || process.env.TEST_DATABASE_URL)
    it('refuses a backup of the other engine', () => {
      const other: Record<string, string> =
        engine === 'postgres' ? { DATA_DIR: path.join(tmp, 'nowhere') } : { DATABASE_URL: serverUrl(target) };
      const r = script('db-restore.ts', [file], other);
      expect(r.status).toBe(2);
      expect(r.out).toMatch(
        engine === 'postgres' ? /is a PostgreSQL backup: set DATABASE_URL/ : /is a PGlite backup: unset DATABASE_URL/,
      );
    });

  if (engine === 'pglite')
    it('refuses to back up a PGlite directory a server holds open', async () => {
      const h = await open('source');
      try {
        await h.db.execute(sql`SELECT 1`);
        const r = script('db-backup.ts', ['--out', path.join(tmp, 'busy.tar.gz')], envOf('source'));
        expect(r.status).toBe(2);
        expect(r.out).toContain('is in use (it has a postmaster.pid): stop the app server first');
        expect(fs.existsSync(path.join(tmp, 'busy.tar.gz'))).toBe(false);
      } finally {
        await h.close();
      }
    });
});
