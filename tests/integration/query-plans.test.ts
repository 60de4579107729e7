/**
 * The hot queries use their indexes at scale: on a PostgreSQL database holding the
 * seed plus synthetic rows (lib/synthetic generateSynthetic: 100,000 releases, 50,000 movies,
 * 100,000 persons), analyzed, default planner settings, every statement the data layer sends
 * for a hot query is captured (bench/capture.ts) and `EXPLAIN (FORMAT JSON)`-ed with its
 * parameters, run with `EXPLAIN (ANALYZE, FORMAT JSON)`; no plan may hold a `Seq Scan` node on
 * releases, movies or persons, except one that a `Limit` stopped after it had read at most 5 % of
 * the table (bench/capture.ts `stopsEarly`, measured rows, not estimates: e.g. the first 1,001
 * titles holding a word found in a third of all titles, about 3,000 rows read).
 *
 * Hot queries: search (the fixed query mix of bench/workload.ts: frequent and rare words,
 * `Title (year)`, `[format]`, accented, misspelt, 1- and 2-letter prefixes) through searchAll,
 * where the misspelt ones (close spellings looked up) may not scan `search_words` either,
 * listTitles, listReleases and listPersons; every release listing preset and filter/sort
 * combination, title listings and the persons list, page 1 and page 2 by cursor; release, title
 * and person detail loads. Community lists: reviews and discussions, newest first, with the bench's
 * `q` mix (bench/community.ts) and 1- and 2-letter queries: no Seq Scan on reviews or posts, and a
 * query of short words only reads at most 1,000 rows, not the whole table (the trigram index cannot
 * serve such a word anywhere in a text, so it matches the start of the text).
 *
 * The database is built once per content (migrations, importer, synthetic generator, seed,
 * scale) as `discshelf_bench_plans_<hash>` next to TEST_DATABASE_URL and reused read-only by
 * later runs; building it (a copy of the seeded test template, then the synthetic rows) takes
 * about a minute. PostgreSQL only (the generator writes
 * through postgres.js): without TEST_DATABASE_URL only the plan-walker check on PGlite runs, and
 * under CI a missing TEST_DATABASE_URL fails the run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows, type Db } from '@/db';
import { communityCall, FIXED_COMMUNITY_QUERIES, type CommunityFn } from '@/bench/community';
import {
  explainJson,
  findSeqScans,
  indexesNotYetUsable,
  openCapturingDb,
  openRawClient,
  planOutline,
  replay,
  stopsEarly,
  type CapturingDb,
  type PlanNode,
} from '@/bench/capture';
import { listingCall } from '@/bench/listings';
import { SEARCH_FUNCTIONS, searchCall, type SearchFn } from '@/bench/search';
import { FIXED_SEARCH_QUERIES, listingCases, samplePublicIds, type SampleIds } from '@/bench/workload';
import { getRelease, listOtherReleases } from '@/lib/data/releases';
import { hasEditionRatings } from '@/lib/data/best-editions';
import { getTitle, listTitles } from '@/lib/data/movies';
import { searchAll } from '@/lib/data/search';
import { getPerson, listPersonReleases } from '@/lib/data/persons';
import { seedFiles } from '@/lib/import';
import { generateSynthetic } from '@/lib/synthetic';
import { admin, assertPostgresConfiguredInCi, createTestDb, seededPostgresTemplate, serverUrl } from '../support/db';

assertPostgresConfiguredInCi();

/** Synthetic rows on top of the seed (at least 100,000 releases), and a community a tenth of the bench's. */
const SCALE = {
  releases: 100_000,
  movies: 50_000,
  persons: 100_000,
  users: 2_000,
  reviews: 20_000,
  posts: 5_000,
  comments: 50_000,
  seed: 1,
} as const;
/** The community's tables, never scanned whole by a list or search of reviews and discussions. */
const COMMUNITY_TABLES = ['reviews', 'posts'] as const;
/** Tables that must never be read by a sequential scan in a hot query. */
const BIG_TABLES = ['releases', 'movies', 'persons'] as const;
/**
 * And in a misspelled query (close spellings looked up, lib/data/search-words.ts): the words
 * table too, whose scan costs 25 ms where its trigram index answers in 0.2 ms.
 */
const CLOSE_MATCH_TABLES = [...BIG_TABLES, 'search_words'] as const;

/** Hash of everything the database content depends on. */
function contentHash(): string {
  const h = crypto.createHash('sha256');
  h.update(JSON.stringify(SCALE));
  const addDir = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) addDir(p);
      else if (e.isFile()) h.update(`${p}\n`).update(fs.readFileSync(p));
    }
  };
  addDir(MIGRATIONS_DIR);
  addDir(path.resolve('lib/import'));
  addDir(path.resolve('lib/synthetic'));
  h.update(fs.readFileSync(path.resolve('lib/text.ts')));
  for (const f of seedFiles()) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 12);
}

/**
 * The scale database for the current content: built (migrate, seed import, synthetic rows,
 * ANALYZE) under a temporary name and renamed when complete, so an interrupted build is never
 * used. Older `discshelf_bench_plans_*` databases nobody is connected to are dropped.
 * @returns the database name
 */
async function scaleDatabase(): Promise<string> {
  const name = `discshelf_bench_plans_${contentHash()}`;
  const exists = await admin((q) => q`SELECT 1 FROM pg_database WHERE datname = ${name}`);
  if (exists.length) return name;
  const building = `discshelf_bench_build_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const started = Date.now();
  // The seed comes from the integration tests' seeded template (a file copy, seconds) instead of
  // a second import of the seed files.
  const template = await seededPostgresTemplate();
  await admin((q) => q.unsafe(`CREATE DATABASE ${building} TEMPLATE ${template}`));
  try {
    const importedMs = Date.now() - started;
    const client = postgres(serverUrl(building), { max: 4, onnotice: () => {} });
    try {
      await generateSynthetic(client, SCALE);
      await client`ANALYZE`;
    } finally {
      await client.end({ timeout: 5 });
    }
    console.log(
      `query-plans: built ${name} (seeded copy ${Math.round(importedMs / 1000)} s, ` +
        `synthetic + ANALYZE ${Math.round((Date.now() - started - importedMs) / 1000)} s)`,
    );
    await admin(async (q) => {
      const again = await q`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (again.length) await q.unsafe(`DROP DATABASE ${building} WITH (FORCE)`);
      else await q.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const stale = await q<
        { datname: string }[]
      >`SELECT datname FROM pg_database WHERE datname LIKE 'discshelf\\_bench\\_plans\\_%' AND datname <> ${name}`;
      for (const { datname } of stale) await q.unsafe(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {}); // in use elsewhere: keep it
    });
  } catch (e) {
    await admin((q) => q.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)).catch(() => {});
    throw e;
  }
  return name;
}

/** A sequential scan on a big table, with the statement it was found in. */
type Violation = {
  statement: number;
  relation: string;
  alias: string | null;
  rowsRead: number | null;
  plan: string;
  sql: string;
};

/**
 * Runs a data-layer call with SQL capture and EXPLAINs each statement it sent.
 * @param on.capturing the capturing database the call runs on; `on.raw` the connection EXPLAIN runs on
 * @param on.unusable indexes the planner cannot use yet (must be none); `on.tableRows` row count per table
 * @param on.tables the tables no statement may scan (default releases, movies, persons)
 * @returns the statement count, the statements' SQL texts and every Seq Scan on those tables
 */
async function seqScansOf(
  call: (db: Db) => Promise<unknown>,
  on: {
    capturing: CapturingDb;
    raw: postgres.Sql;
    unusable: string[];
    tableRows: Record<string, number>;
    tables?: readonly string[];
  },
): Promise<{ statements: number; texts: string[]; violations: Violation[] }> {
  const { capturing, raw, unusable, tableRows, tables = BIG_TABLES } = on;
  expect(
    unusable,
    'indexes not usable by the planner yet (indcheckxmin): wait for the older transaction to end, then rerun',
  ).toEqual([]);
  const { statements } = await capturing.capture(call);
  const violations: Violation[] = [];
  for (const [i, st] of statements.entries()) {
    const plan = await explainJson(raw, st, true);
    for (const s of findSeqScans(plan, tables).filter((scan) => !stopsEarly(scan, tableRows[scan.relation] ?? 0))) {
      violations.push({
        statement: i + 1,
        relation: s.relation,
        alias: s.alias,
        rowsRead: s.rowsRead,
        plan: planOutline(plan),
        sql: `${st.text.replace(/\s+/g, ' ').slice(0, 400)} -- params ${JSON.stringify(st.params)}`,
      });
    }
  }
  return { statements: statements.length, texts: statements.map((st) => st.text), violations };
}

describe('plan check', () => {
  it('finds a Seq Scan on a big table anywhere in a plan, sub-plans included, and nothing in an index lookup', async () => {
    const h = await createTestDb('pglite');
    try {
      const explain = async (q: ReturnType<typeof sql>) => {
        const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(h.db, sql`EXPLAIN (FORMAT JSON) ${q}`);
        const v = row['QUERY PLAN'];
        return ((typeof v === 'string' ? JSON.parse(v) : v) as { Plan: PlanNode }[])[0].Plan;
      };
      const nested = await explain(
        sql`SELECT l.id FROM labels l WHERE EXISTS (SELECT 1 FROM releases r WHERE r.label_id = l.id AND r.notes LIKE '%x%')`,
      );
      expect(findSeqScans(nested, BIG_TABLES).map((s) => s.relation)).toEqual(['releases']);
      const lookup = await explain(sql`SELECT id FROM persons WHERE public_id = 'abc'`);
      expect(planOutline(lookup)).toMatch(/Index/);
      expect(findSeqScans(lookup, BIG_TABLES)).toEqual([]);
      // A Limit over pass-through nodes bounds the scan; a Sort in between does not; what counts is
      // the rows the scan really read (EXPLAIN ANALYZE), at most 5 % of the table.
      const scan = (read: number | null): PlanNode => ({
        'Node Type': 'Seq Scan',
        'Relation Name': 'movies',
        Alias: 'm',
        'Plan Rows': 160_000,
        ...(read === null ? {} : { 'Actual Rows': 1001, 'Rows Removed by Filter': read - 1001, 'Actual Loops': 1 }),
      });
      const limited = (child: PlanNode): PlanNode => ({
        'Node Type': 'Limit',
        'Plan Rows': 1001,
        Plans: [{ 'Node Type': 'Subquery Scan', Plans: [child] }],
      });
      const [dense] = findSeqScans(limited(scan(3_000)), BIG_TABLES);
      expect(dense).toMatchObject({ relation: 'movies', limitRows: 1001, rowsRead: 3_000 });
      expect(stopsEarly(dense, 100_000)).toBe(true);
      expect(stopsEarly(findSeqScans(limited(scan(20_000)), BIG_TABLES)[0], 100_000)).toBe(false);
      expect(stopsEarly(findSeqScans(limited(scan(null)), BIG_TABLES)[0], 100_000)).toBe(false);
      const sorted = findSeqScans(limited({ 'Node Type': 'Sort', Plans: [scan(3_000)] }), BIG_TABLES)[0];
      expect(sorted.limitRows).toBeNull();
      expect(stopsEarly(sorted, 100_000)).toBe(false);
      expect(stopsEarly(findSeqScans(scan(3_000), BIG_TABLES)[0], 100_000)).toBe(false);
    } finally {
      await h.close();
    }
  });
});

const engines = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : ([] as const);

describe.each(engines)('hot queries at scale on %s: no Seq Scan on releases, movies or persons', () => {
  let capturing: CapturingDb;
  let raw: postgres.Sql;
  let ids: SampleIds;
  /** Indexes the planner cannot use yet (see indexesNotYetUsable): every test fails with them named. */
  let unusable: string[] = [];
  /** Exact row counts of releases, movies and persons (the early-stop share is of these). */
  const tableRows: Record<string, number> = {};
  /** seqScansOf on this scale database (read when a test runs, after beforeAll). */
  const scansOf = (call: (db: Db) => Promise<unknown>, tables?: readonly string[]) =>
    seqScansOf(call, { capturing, raw, unusable, tableRows, tables });

  beforeAll(async () => {
    const url = serverUrl(await scaleDatabase());
    capturing = openCapturingDb(url);
    raw = openRawClient(url, 2);
    const [{ n }] = await raw<{ n: number }[]>`SELECT count(*)::int AS n FROM releases`;
    expect(n).toBeGreaterThanOrEqual(SCALE.releases);
    ids = await samplePublicIds(raw, 2);
    unusable = await indexesNotYetUsable(raw, BIG_TABLES);
    for (const t of [...CLOSE_MATCH_TABLES, ...COMMUNITY_TABLES]) {
      const [row] = await raw.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${t}`);
      tableRows[t] = row.n;
    }
  });
  afterAll(async () => {
    await capturing?.close();
    await raw?.end({ timeout: 5 });
  });

  const searches = (Object.keys(SEARCH_FUNCTIONS) as SearchFn[]).flatMap((fn) =>
    FIXED_SEARCH_QUERIES.map((input): [SearchFn, string, string] => [fn, input.q, input.kind]),
  );
  it.each(searches)('search %s(%s) [%s]', async (fn, q, kind) => {
    const misspelt = kind === 'misspelt';
    const r = await scansOf(searchCall(fn, q), misspelt ? CLOSE_MATCH_TABLES : BIG_TABLES);
    expect(r.statements).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
    // A misspelled query looks its words up (known words, then close spellings) and searches again.
    if (misspelt) expect(r.texts.filter((t) => /\bsearch_words\b/.test(t))).toHaveLength(2);
  });

  it('the misspelled queries of the mix are answered with close matches at this scale', async () => {
    for (const { q } of FIXED_SEARCH_QUERIES.filter((i) => i.kind === 'misspelt'))
      expect({ q, close: (await searchAll(q, capturing.db)).close !== null }).toEqual({ q, close: true });
  });

  it.each(listingCases())('listing $name: page 1 and page 2 by cursor', async (c) => {
    const first = await listingCall(c, null)(capturing.db);
    const page1 = await scansOf(listingCall(c, null));
    const page2 = first.next_cursor
      ? await scansOf(listingCall(c, first.next_cursor))
      : { statements: 0, violations: [] };
    expect(page1.statements).toBeGreaterThan(0);
    expect([...page1.violations, ...page2.violations.map((v) => ({ ...v, page: 2 }))]).toEqual([]);
  });

  it('capture records which statements a statement was sent after, and replay keeps that order', async () => {
    // A title listing whose dated part cannot fill the page reads the undated part afterwards;
    // finding nothing, it then looks the word up in search_words (known? close spellings?).
    const sequential = await capturing.capture((db) =>
      listTitles({ q: 'qqzxqq' }, { cursor: null, limit: undefined }, db),
    );
    expect(sequential.statements.map((s) => s.after)).toEqual([[], [0], [0, 1], [0, 1, 2]]);
    // searchAll sends its group queries together: none waits for another.
    const together = await capturing.capture((db) => searchAll('alien', db));
    expect(together.statements.length).toBeGreaterThan(1);
    expect(together.statements.every((s) => s.after?.length === 0)).toBe(true);
    expect(await replay(raw, sequential.statements)).toBe(0);
    expect(await replay(raw, together.statements)).toBeGreaterThan(0);
  });

  const details: [string, (db: Db) => Promise<unknown>][] = [
    ['release detail', (db) => getRelease(ids.releases[0], db)],
    ['other releases of a release', (db) => listOtherReleases(ids.releases[0], db)],
    ['title detail', (db) => getTitle(ids.movies[0], db)],
    ['whether a title has rated editions (every movie page)', (db) => hasEditionRatings(ids.movies[0], db)],
    ['person detail', (db) => getPerson(ids.persons[0], db)],
    ['releases of a person', (db) => listPersonReleases(ids.persons[0], { cursor: null, limit: undefined }, db)],
  ];
  it.each(details)('%s', async (_name, call) => {
    expect(ids.releases.length && ids.movies.length && ids.persons.length).toBeTruthy();
    const r = await scansOf(call);
    expect(r.statements).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
  });

  /**
   * Rows the scans of `relation` read in an EXPLAIN ANALYZE plan (returned + removed by filter or
   * recheck, all loops): what a query costs on that table whatever the scan's kind, an index scan
   * walking the whole table in order included.
   */
  function rowsReadOn(plan: PlanNode, relation: string): number {
    let total = 0;
    const walk = (n: PlanNode) => {
      if (n['Relation Name'] === relation && n['Node Type'].includes('Scan')) {
        const rows = Number(n['Actual Rows'] ?? 0) + Number(n['Rows Removed by Filter'] ?? 0);
        total += (rows + Number(n['Rows Removed by Index Recheck'] ?? 0)) * Number(n['Actual Loops'] ?? 1);
      }
      for (const child of n.Plans ?? []) walk(child);
    };
    walk(plan);
    return total;
  }

  const communityQueries: [CommunityFn, string][] = (['listReviews', 'listPosts'] as const).flatMap((fn) =>
    ['', ...FIXED_COMMUNITY_QUERIES, 'zq', 'a', 'zq xy'].map((q): [CommunityFn, string] => [fn, q]),
  );
  it.each(communityQueries)('community list %s(q=%j): no Seq Scan on reviews or posts', async (fn, q) => {
    expect(tableRows.reviews).toBeGreaterThanOrEqual(SCALE.reviews);
    const r = await scansOf(communityCall(fn, q ? { q } : {}), COMMUNITY_TABLES);
    expect(r.statements).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
  });

  /**
   * Most rows a list may read for a query of short words only: what a walk of the newest-first
   * index reads to fill a page when 2 % of the rows match (a scan of every row reads them all).
   */
  const SHORT_QUERY_MAX_ROWS = 1_000;
  it.each(['zq', 'a', 'zq xy'])(
    'a query of 1- and 2-letter words only (%j) reads at most 1,000 reviews or discussions, not all of them',
    async (q) => {
      for (const [fn, table] of [
        ['listReviews', 'reviews'],
        ['listPosts', 'posts'],
      ] as const) {
        expect(tableRows[table]).toBeGreaterThan(SHORT_QUERY_MAX_ROWS);
        const { statements } = await capturing.capture(communityCall(fn, { q }));
        let read = 0;
        for (const st of statements) read += rowsReadOn(await explainJson(raw, st, true), table);
        expect(read, `${fn}(q=${q}) read ${read} rows of ${table}`).toBeLessThanOrEqual(SHORT_QUERY_MAX_ROWS);
      }
    },
  );
});
