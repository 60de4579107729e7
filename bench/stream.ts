/**
 * Benchmark case `stream`: pages of the stream (lib/data/stream.ts listStream) of a member whose
 * friends are busy collectors and the community's most active writers.
 *
 * Fixture (made at the start, deleted at the end with every member whose e-mail ends in
 * `@bench-stream.invalid`, which also removes their collections, entries and friendships):
 * a reader; `collectors` members with four public release lists and a private one, holding
 * `entriesPerCollector` entries each (distinct approved releases; 60 % added in imports of a
 * day, twelve import days three months apart, the rest one at a time over three years, a fifth of
 * them in the private list); and the `writers` members with the most reviews, discussions and
 * comments in the database, all accepted friends of the reader.
 *
 * Each recorded round reads the stream's first `pages` pages in turn by cursor, timing each
 * page's data-layer call, and replays the captured SQL of page 1 and of the last page on a plain
 * postgres.js client (the baseline). One warm-up round is not recorded. Milliseconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import type { Db } from '@/db';
import { listStream } from '@/lib/data/stream';
import { newPublicId } from '@/lib/data/public-id';
import { benchMember, removeBenchMembers } from './members';
import { replay, type CapturedStatement, type CapturingDb } from './capture';
import { explainSection } from './search';
import { summarize, timed, type Summary } from './stats';

/** Options of {@link runStreamCase}. */
export type StreamCaseOptions = {
  db: Db;
  capturing: CapturingDb;
  raw: postgres.Sql;
  /** Friends of the reader who hold big collections. */
  collectors: number;
  /** Entries each collector holds (across their five lists). */
  entriesPerCollector: number;
  /** The database's most active writers made friends of the reader too. */
  writers: number;
  /** Recorded rounds. */
  rounds: number;
  /** Pages read per round (the last one is the deep page of the target). */
  pages: number;
  explainDir: string;
  log?: (line: string) => void;
};

/** Timings of one page of the stream. */
export type StreamPage = {
  page: number;
  app: Summary;
  /** The data-layer times in the order they were taken (one per round). */
  samples: number[];
  /** The captured SQL replayed raw: page 1 and the last page only. */
  raw: Summary | null;
  statements: number;
  items: number;
};

/** What the case measured and on what. */
export type StreamCaseResult = {
  friends: number;
  /** Entries of the friends' public lists, and of their private ones (never shown). */
  publicEntries: number;
  privateEntries: number;
  /** Reviews, discussions and comments written by the friends. */
  writings: number;
  pages: StreamPage[];
};

const DOMAIN = '@bench-stream.invalid';
/**
 * Gives a collector four public release lists (owned, wanted, for sale, for trade) and a private
 * one, filled with `entries` distinct approved releases (see the module doc for their dates).
 */
async function fillCollector(raw: postgres.Sql, userId: number, index: number, entries: number): Promise<void> {
  const lists = [
    { style: 3, visibility: 'public' },
    { style: 4, visibility: 'public' },
    { style: 5, visibility: 'public' },
    { style: 7, visibility: 'public' },
    { style: 1, visibility: 'private' },
  ];
  const ids: number[] = [];
  for (const [k, l] of lists.entries()) {
    const [row] = await raw<{ id: number }[]>`
      INSERT INTO collections (public_id, user_id, name, visibility, category, style)
      VALUES (${newPublicId()}, ${userId}, ${`Bench shelf ${index}.${k}`}, ${l.visibility}, 'releases', ${l.style})
      RETURNING id`;
    ids.push(row.id);
  }
  // Entry n goes to list n mod 5 (the fifth, private, holds a fifth of them).
  await raw`
    WITH pool AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM releases WHERE approved ORDER BY id LIMIT ${entries}
    ), lists AS (
      SELECT t.id, (t.ord - 1)::int AS k FROM unnest(${ids}::int[]) WITH ORDINALITY AS t(id, ord)
    )
    INSERT INTO collection_entries (collection_id, release_id, created_at, updated_at)
    SELECT l.id, p.id, t.at, t.at
    FROM pool p
      JOIN lists l ON l.k = p.n % 5
      CROSS JOIN LATERAL (
        SELECT CASE
          WHEN abs(hashtext(${`b${index}:`} || p.n)) % 10 < 6
            THEN date_trunc('day', now()) - (1 + abs(hashtext(${`d${index}:`} || p.n)) % 12) * interval '90 days'
                 + (p.n % 36000) * interval '1 second'
          ELSE now() - (abs(hashtext(${`s${index}:`} || p.n)) % (3 * 365 * 86400)) * interval '1 second'
        END AS at
      ) t`;
  await raw`UPDATE collections c SET entries_count = (SELECT count(*) FROM collection_entries e WHERE e.collection_id = c.id)
            WHERE c.user_id = ${userId}`;
}

/** Runs the stream case (see module doc). */
export async function runStreamCase(o: StreamCaseOptions): Promise<StreamCaseResult> {
  const { raw } = o;
  await removeBenchMembers(raw, DOMAIN);
  try {
    const stamp = Date.now().toString(36);
    o.log?.(
      `stream: ${o.collectors} collectors with ${o.entriesPerCollector} entries each, ${o.writers} active writers …`,
    );
    const reader = await benchMember(o.db, `Bench stream reader ${stamp}`, `reader-${stamp}`, DOMAIN);
    const readerId = reader.userId;
    const friendIds: number[] = [];
    for (let i = 0; i < o.collectors; i++) {
      const { userId: id } = await benchMember(
        o.db,
        `Bench collector ${stamp} ${i}`,
        `collector-${stamp}-${i}`,
        DOMAIN,
      );
      await fillCollector(raw, id, i, o.entriesPerCollector);
      friendIds.push(id);
    }
    const writers = await raw<{ id: number }[]>`
      SELECT u.id FROM users u
        JOIN (SELECT user_id, count(*) AS n FROM (
                SELECT user_id FROM reviews UNION ALL SELECT user_id FROM posts UNION ALL SELECT user_id FROM comments
              ) w GROUP BY user_id) a ON a.user_id = u.id
      WHERE u.email NOT LIKE ${`%${DOMAIN}`}
      ORDER BY a.n DESC, u.id LIMIT ${o.writers}`;
    friendIds.push(...writers.map((w) => w.id));
    for (const id of friendIds)
      await raw`INSERT INTO friendships (requester_id, addressee_id, state, accepted_at)
                VALUES (${readerId}, ${id}, 'accepted', now())`;
    await raw`ANALYZE collections`;
    await raw`ANALYZE collection_entries`;
    await raw`ANALYZE friendships`;
    const [counts] = await raw<{ public: number; private: number; writings: number }[]>`
      SELECT
        (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          WHERE c.user_id = ANY(${friendIds}) AND c.visibility = 'public')::int AS public,
        (SELECT count(*) FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          WHERE c.user_id = ANY(${friendIds}) AND c.visibility = 'private')::int AS private,
        ((SELECT count(*) FROM reviews WHERE user_id = ANY(${friendIds}))
          + (SELECT count(*) FROM posts WHERE user_id = ANY(${friendIds}))
          + (SELECT count(*) FROM comments WHERE user_id = ANY(${friendIds})))::int AS writings`;
    const actor = reader;

    // The cursors of pages 2…pages (from one read; the fixture does not change while timing).
    const cursors: (string | null)[] = [null];
    let items: number[] = [];
    for (let p = 0; p < o.pages; p++) {
      const page = await listStream(actor, { cursor: cursors[p] }, o.db);
      items.push(page.items.length);
      if (!page.next_cursor || p === o.pages - 1) break;
      cursors.push(page.next_cursor);
    }
    const pages = cursors.length;
    items = items.slice(0, pages);
    const captured: CapturedStatement[][] = [];
    for (const c of cursors)
      captured.push((await o.capturing.capture((db) => listStream(actor, { cursor: c }, db))).statements);
    const replayed = new Set([0, pages - 1]);

    const app: number[][] = cursors.map(() => []);
    const rawTimes: number[][] = cursors.map(() => []);
    for (let round = 0; round <= o.rounds; round++) {
      for (let p = 0; p < pages; p++) {
        const { ms } = await timed(() => listStream(actor, { cursor: cursors[p] }, o.db));
        const r = replayed.has(p) ? (await timed(() => replay(raw, captured[p]))).ms : null;
        if (round === 0) continue; // warm-up
        app[p].push(ms);
        if (r !== null) rawTimes[p].push(r);
      }
    }
    const seen = new Map<string, string>();
    const explain: string[] = [];
    for (const p of replayed)
      for (const [i, st] of captured[p].entries()) {
        explain.push(`-- page ${p + 1}`);
        explain.push(await explainSection(raw, st, { index: i + 1, seen }));
      }
    fs.writeFileSync(path.join(o.explainDir, 'stream.txt'), explain.join('\n'));
    const result: StreamCaseResult = {
      friends: friendIds.length,
      publicEntries: counts.public,
      privateEntries: counts.private,
      writings: counts.writings,
      pages: cursors.map((_, p) => ({
        page: p + 1,
        app: summarize(app[p]),
        samples: app[p],
        raw: rawTimes[p].length ? summarize(rawTimes[p]) : null,
        statements: captured[p].length,
        items: items[p] ?? 0,
      })),
    };
    o.log?.(
      `stream: ${result.friends} friends, ${result.publicEntries} public entries; page 1 p95 ${result.pages[0].app.p95} ms, ` +
        `page ${pages} p95 ${result.pages[pages - 1].app.p95} ms`,
    );
    return result;
  } finally {
    await removeBenchMembers(raw, DOMAIN);
  }
}
