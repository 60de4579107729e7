/**
 * Collection imports as background jobs, PGlite and PostgreSQL: the job's progress is written as
 * its rows are matched and its report is stored when it is done; a job left by a stopped server
 * is failed (at start, or when it is read with a stale heartbeat) and blocks nothing; one import
 * at a time per collection (409); the API shapes of the upload, the progress, the report and the
 * unknown discs; who may read them; and the unknown discs of a report, prefilled from the rows,
 * suggested once as new releases, one of them approved into the collection.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { POST as importPost } from '@/app/api/collections/[publicId]/imports/route';
import { GET as reportGet } from '@/app/api/collections/[publicId]/imports/[importId]/route';
import { POST as pickPost } from '@/app/api/collections/[publicId]/imports/[importId]/picks/route';
import { GET as progressGet } from '@/app/api/collections/[publicId]/imports/[importId]/progress/route';
import { GET as discsGet } from '@/app/api/collections/[publicId]/imports/[importId]/unknown_discs/route';
import { POST as suggestionsPost } from '@/app/api/collections/[publicId]/suggestions/route';
import type { Actor } from '@/lib/auth/actor';
import { parseImportFile } from '@/lib/collections/import-parse';
import { approveChangeRequest, discardChangeRequest, suggestUnknownDiscs } from '@/lib/data/change-requests';
import {
  failInterruptedImports,
  getImportJob,
  getImportReport,
  importIntoCollection,
  IMPORT_PROGRESS_ROWS,
  IMPORT_STALE_SECONDS,
  listImports,
  startImport,
  type ImportJob,
} from '@/lib/data/collection-import';
import { createCollection, listEntries } from '@/lib/data/collections';
import { listUnknownDiscs, type UnknownDisc } from '@/lib/data/import-suggestions';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';

/** An EAN-13 with its check digit, from 12 digits. */
function ean(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** Barcodes no release of the seed carries. */
const UNKNOWN = { inception: ean('640000000001'), nowhere: ean('640000000002'), casablanca: ean('640000000003') };

describe.each(testEngines())('collection import jobs on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let admin: Member;
  const member = () => registerMember(h.db, { label: 'Jobs', n: ++n });
  const shelf = async (actor: Actor, category: 'releases' | 'movies' = 'releases') => {
    const c = await createCollection(actor, { name: `Job shelf ${++n}`, category, style: 3 }, h.db);
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    return c.collection.public_id;
  };
  const parsed = (text: string) => parseImportFile('shelf.csv', text);
  const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });
  const get = (
    handler: typeof progressGet,
    path: string,
    params: Record<string, string>,
    cookie: string | null,
  ): Promise<Response> =>
    handler(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), ctx(params) as never);
  const upload = (cookie: string, publicId: string, text: string) => {
    const form = new FormData();
    form.set('file', new File([text], 'shelf.csv', { type: 'text/csv' }));
    return importPost(
      new Request(`${ORIGIN}/api/collections/${publicId}/imports`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN },
        body: form,
      }),
      ctx({ publicId }),
    );
  };
  /** Polls a job until it is done or failed (the API runs it after its response). */
  const settled = async (actor: Actor, collection: string, importId: string): Promise<ImportJob> => {
    for (let i = 0; i < 600; i++) {
      const job = await getImportJob(actor, { collection, importId }, h.db);
      if (job && (job.status === 'done' || job.status === 'failed')) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${importId} did not finish`);
  };
  const jobRow = (publicId: string) =>
    queryRows<{ status: string; error: string | null; rows_done: number; finished_at: string | null }>(
      h.db,
      sql`SELECT status, error, rows_done, finished_at FROM collection_imports WHERE public_id = ${publicId}`,
    ).then((r) => r[0]);

  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    admin = await registerMember(h.db, { label: 'JobsAdmin', n: 1, role: 'admin' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('writes the progress while the rows are matched, then the report, the entries and the end', async () => {
    const { actor } = await member();
    const c = await shelf(actor, 'movies');
    // Distinct titles (no lookup cache), a malformed line (its line reported, the rest imported), one known film.
    const lines = ['title,year', 'Casablanca,1942', '"Broken quote,1999'];
    for (let i = 0; i < 120; i++) lines.push(`Unheard Of Picture Number ${i},1999`);
    const started = await startImport(
      actor,
      { collection: c, fileName: 'big.csv', parsed: parsed(lines.join('\n')) },
      h.db,
    );
    if (!started.ok) throw new Error(started.error);
    expect(started.job).toMatchObject({
      status: 'queued',
      rows_done: 0,
      rows_total: 122,
      counts: null,
      finished_at: null,
    });
    // Watch the job's row while it runs.
    const seen = new Set<string>();
    let running = true;
    const watching = (async () => {
      while (running) {
        const row = await jobRow(started.job.public_id);
        seen.add(`${row.status}:${row.rows_done}`);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const report = await started.run();
    running = false;
    await watching;
    expect(report?.counts).toMatchObject({ rows: 122, matched: 1, added: 1, unmatched: 121 });
    const partial = [...seen].filter((s) => s.startsWith('running:')).map((s) => Number(s.split(':')[1]));
    // Progress came in steps of IMPORT_PROGRESS_ROWS, and some step was seen before the end.
    expect(partial.some((d) => d > 0 && d < 122)).toBe(true);
    expect(partial.every((d) => d === 122 || d % IMPORT_PROGRESS_ROWS === 0)).toBe(true);
    expect(report?.rows.find((r) => r.line === 3)).toMatchObject({ status: 'unmatched', reason: 'unreadable' });
    const job = await getImportJob(actor, { collection: c, importId: started.job.public_id }, h.db);
    expect(job).toMatchObject({ status: 'done', rows_done: 122, rows_total: 122, error: null });
    expect(job?.counts).toEqual(report?.counts);
    expect(Date.parse(job!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(job!.created_at));
    // The report survives: read again from the database.
    expect((await getImportReport(actor, { collection: c, importId: started.job.public_id }, h.db))?.rows).toHaveLength(
      122,
    );
    expect((await listEntries(actor, { publicId: c, cursor: null, limit: 10 }, h.db))?.items).toHaveLength(1);
  });

  it('fails the jobs of a stopped server at start, and any job whose heartbeat is stale when read; they block nothing', async () => {
    const { actor } = await member();
    const host = os.hostname();
    const make = async (runner: string, heartbeatAgo: number, status = 'running') => {
      const c = await shelf(actor);
      const publicId = `stale${++n}`;
      await h.db.execute(
        sql`INSERT INTO collection_imports (public_id, collection_id, user_id, file_name, status, rows_total, rows_done, runner, heartbeat_at)
            SELECT ${publicId}, id, ${actor.userId}, 'x.csv', ${status}, 10, 5, ${runner}, now() - make_interval(secs => ${heartbeatAgo})
            FROM collections WHERE public_id = ${c}`,
      );
      return { c, publicId };
    };
    const deadHere = await make(`${host}:999999:gone`, 1); // a process of this host that no longer runs
    const sameIdHere = await make(`${host}:${process.pid}:earlier`, 1, 'queued'); // a restarted container reuses the id
    const liveHere = await make(`${host}:${process.ppid}:parent`, 1); // the parent process runs
    const otherHost = await make('elsewhere:1234:abcd', 1);
    const otherHostStale = await make('elsewhere:1235:abcd', IMPORT_STALE_SECONDS + 30);

    expect(await failInterruptedImports(h.db)).toBeGreaterThanOrEqual(3);
    for (const j of [deadHere, sameIdHere, otherHostStale])
      expect(await jobRow(j.publicId)).toMatchObject({
        status: 'failed',
        error: 'interrupted',
        finished_at: expect.anything(),
      });
    for (const j of [liveHere, otherHost]) expect((await jobRow(j.publicId)).status).toBe('running');

    // Its heartbeat stopped: the next read fails it, and a new import into the collection starts.
    await h.db.execute(
      sql`UPDATE collection_imports SET heartbeat_at = now() - make_interval(secs => ${IMPORT_STALE_SECONDS + 1})
          WHERE public_id = ${otherHost.publicId}`,
    );
    expect(await getImportJob(actor, { collection: otherHost.c, importId: otherHost.publicId }, h.db)).toMatchObject({
      status: 'failed',
      error: 'interrupted',
      counts: null,
    });
    expect(
      await startImport(actor, { collection: liveHere.c, fileName: 'a.csv', parsed: parsed('title\nRan\n') }, h.db),
    ).toEqual({
      ok: false,
      error: 'running',
    });
    await h.db.execute(
      sql`UPDATE collection_imports SET heartbeat_at = now() - make_interval(secs => ${IMPORT_STALE_SECONDS + 1})
          WHERE public_id = ${liveHere.publicId}`,
    );
    const next = await startImport(
      actor,
      { collection: liveHere.c, fileName: 'a.csv', parsed: parsed('title\nRan\n') },
      h.db,
    );
    expect(next.ok).toBe(true);
    expect((await jobRow(liveHere.publicId)).status).toBe('failed');
    if (next.ok) expect((await next.run())?.counts.rows).toBe(1);
    // A job failed before its process started it is not run: nothing is written.
    const c = await shelf(actor, 'movies');
    const late = await startImport(actor, { collection: c, fileName: 'a.csv', parsed: parsed('title\nRan\n') }, h.db);
    if (!late.ok) throw new Error(late.error);
    await h.db.execute(
      sql`UPDATE collection_imports SET status = 'failed', error = 'interrupted' WHERE public_id = ${late.job.public_id}`,
    );
    expect(await late.run()).toBeNull();
    expect((await listEntries(actor, { publicId: c, cursor: null, limit: 10 }, h.db))?.items).toHaveLength(0);
  });

  describe('API', () => {
    it('answers 202 with the job, 409 to a second import while it runs, the progress, then the report', async () => {
      const { actor, cookie } = await member();
      const c = await shelf(actor);
      // An import of this collection is under way (queued, not yet run).
      const first = await startImport(
        actor,
        { collection: c, fileName: 'a.csv', parsed: parsed('title,year\nRan,1985\n') },
        h.db,
      );
      if (!first.ok) throw new Error(first.error);
      const refused = await upload(cookie, c, 'title,year\nSisu,2022\n');
      expect([refused.status, await refused.json()]).toEqual([
        409,
        {
          error:
            'Another import into this collection is still running: wait for it to finish, then import the next file',
          code: 'import_running',
          key: 'importRunning',
          params: {},
        },
      ]);
      const path = (id: string, tail = '') => `/api/collections/${c}/imports/${id}${tail}`;
      const notDone = await get(
        reportGet,
        path(first.job.public_id),
        { publicId: c, importId: first.job.public_id },
        cookie,
      );
      expect([notDone.status, await notDone.json()]).toEqual([
        409,
        { error: 'This import has no report: it is still running, or it stopped', code: 'import_not_done' },
      ]);
      const progress = await get(
        progressGet,
        path(first.job.public_id, '/progress'),
        { publicId: c, importId: first.job.public_id },
        cookie,
      );
      expect(await progress.json()).toEqual({
        public_id: first.job.public_id,
        file_name: 'a.csv',
        status: 'queued',
        rows_done: 0,
        rows_total: 1,
        error: null,
        created_at: expect.any(String),
        finished_at: null,
        counts: null,
      });
      await first.run();

      const res = await upload(
        cookie,
        c,
        `title,year,format,barcode,label\nInception,2010,Blu-ray,${UNKNOWN.inception},Lionsgate\n`,
      );
      expect(res.status).toBe(202);
      const job = (await res.json()) as ImportJob;
      expect(Object.keys(job).sort()).toEqual(
        [
          'counts',
          'created_at',
          'error',
          'file_name',
          'finished_at',
          'public_id',
          'rows_done',
          'rows_total',
          'status',
        ].sort(),
      );
      expect(await settled(actor, c, job.public_id)).toMatchObject({ status: 'done', rows_done: 1 });
      const done = await get(
        progressGet,
        path(job.public_id, '/progress'),
        { publicId: c, importId: job.public_id },
        cookie,
      );
      expect(await done.json()).toMatchObject({
        status: 'done',
        counts: { rows: 1, unmatched: 1, unknown_barcodes: 1 },
      });
      const report = await get(reportGet, path(job.public_id), { publicId: c, importId: job.public_id }, cookie);
      expect(report.status).toBe(200);
      expect(await report.json()).toMatchObject({ public_id: job.public_id, rows: [{ line: 2, label: 'Lionsgate' }] });
      expect((await listImports(actor, c, h.db))?.map((i) => i.status)).toEqual(['done', 'done']);
      // A pick on a job without a report is refused.
      const running = await startImport(
        actor,
        { collection: c, fileName: 'b.csv', parsed: parsed('title\nRan\n') },
        h.db,
      );
      if (!running.ok) throw new Error(running.error);
      const pick = await pickPost(
        new Request(`${ORIGIN}${path(running.job.public_id, '/picks')}`, {
          method: 'POST',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ line: 2, item: 'abcdefghijk' }),
        }),
        ctx({ publicId: c, importId: running.job.public_id }),
      );
      expect(pick.status).toBe(409);
      await running.run();
    });

    it('lets only the owner read the progress, the report and the unknown discs', async () => {
      const owner = await member();
      const other = await member();
      const c = await shelf(owner.actor);
      const r = await importIntoCollection(
        owner.actor,
        { collection: c, fileName: 'a.csv', parsed: parsed(`title,barcode\nNowhere Film,${UNKNOWN.nowhere}\n`) },
        h.db,
      );
      if (!r.ok) throw new Error(r.error);
      const params = { publicId: c, importId: r.report.public_id };
      const base = `/api/collections/${c}/imports/${r.report.public_id}`;
      const results: string[] = [];
      for (const [name, handler, tail] of [
        ['progress', progressGet, '/progress'],
        ['report', reportGet, ''],
        ['unknown_discs', discsGet, '/unknown_discs'],
      ] as const) {
        for (const [kind, cookie, expected] of [
          ['visitor', null, 401],
          ['member', other.cookie, 404],
          ['admin', admin.cookie, 404],
          ['owner', owner.cookie, 200],
        ] as const) {
          const res = await get(handler as typeof progressGet, `${base}${tail}`, params, cookie);
          results.push(`${name} ${kind} ${res.status === expected ? 'ok' : `${res.status} (expected ${expected})`}`);
        }
      }
      expect(results.filter((x) => !x.endsWith(' ok'))).toEqual([]);
    });
  });

  it('prefills the unknown discs from the rows, suggests them once, and an approved one joins the collection', async () => {
    const { actor, cookie } = await member();
    const c = await shelf(actor);
    const text = [
      'title,year,format,barcode,label',
      `Inception,2010,Blu-ray,${UNKNOWN.inception},Lionsgate`,
      `Nowhere Film Of Nobody,2001,DVD,${UNKNOWN.nowhere},Tiny Unknown Label`,
      `Casablanca,1942,Blu-ray,${UNKNOWN.casablanca},`,
      `Inception again,2010,Blu-ray,${UNKNOWN.inception},`,
    ].join('\n');
    const r = await importIntoCollection(actor, { collection: c, fileName: 'u.csv', parsed: parsed(text) }, h.db);
    if (!r.ok) throw new Error(r.error);
    const ref = { collection: c, importId: r.report.public_id };
    const unknown = await listUnknownDiscs(actor, ref, h.db);
    const [inception] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM movies WHERE name = 'Inception'`,
    );
    const [lionsgate] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM labels WHERE name = 'Lionsgate'`,
    );
    expect(unknown?.can_suggest).toBe(true);
    expect(unknown?.discs.map((d) => [d.line, d.ean])).toEqual([
      [2, UNKNOWN.inception], // the repeated barcode of line 5 is one disc
      [3, UNKNOWN.nowhere],
      [4, UNKNOWN.casablanca],
    ]);
    const [a, b, casa] = unknown!.discs;
    expect(a).toEqual({
      line: 2,
      ean: UNKNOWN.inception,
      title: 'Inception',
      prefill: {
        name: 'Inception',
        format: 1,
        release_year: 2010,
        movie: { public_id: inception.public_id, name: 'Inception', year: 2010 },
        label: { public_id: lionsgate.public_id, name: 'Lionsgate' },
      },
      label_text: null,
      suggestion: null,
    } satisfies UnknownDisc);
    expect(b.prefill).toMatchObject({ name: 'Nowhere Film Of Nobody', format: 3, movie: null, label: null });
    expect(b.label_text).toBe('Tiny Unknown Label');
    // 1942 is the film's year (no Blu-ray then): not prefilled as the release year.
    expect(casa.prefill).toMatchObject({ release_year: null, movie: { name: 'Casablanca', year: 1942 } });

    // The API sends the batch: one disc goes, one lacks its movie (the spec's "This field is required").
    const send = (discs: unknown) =>
      suggestionsPost(
        new Request(`${ORIGIN}/api/collections/${c}/suggestions`, {
          method: 'POST',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ discs }),
        }),
        ctx({ publicId: c }),
      );
    const values = (d: UnknownDisc) => ({
      name: d.prefill.name,
      format: d.prefill.format,
      movies: d.prefill.movie ? [d.prefill.movie.public_id] : [],
      ...(d.prefill.label ? { label: d.prefill.label.public_id } : {}),
      ...(d.prefill.release_year ? { release_year: d.prefill.release_year } : {}),
    });
    const res = await send([a, b].map((d) => ({ ean: d.ean, values: values(d) })));
    expect(res.status).toBe(200);
    const sent = (await res.json()) as {
      results: { ean: string; ok: boolean; errors?: Record<string, string>; request?: { public_id: string } }[];
    };
    expect(sent.results.map((x) => [x.ean, x.ok, x.errors ?? null])).toEqual([
      [UNKNOWN.inception, true, null],
      [UNKNOWN.nowhere, false, { movies: 'required' }],
    ]);
    // Marked as suggested, and not sent twice.
    const after = await listUnknownDiscs(actor, ref, h.db);
    expect(after?.discs.map((d) => d.suggestion?.status ?? null)).toEqual(['pending', null, null]);
    const again = await suggestUnknownDiscs(actor, c, [{ ean: a.ean, values: values(a) }], h.db);
    expect(again.results).toEqual([{ ean: a.ean, ok: false, errors: { ean: 'alreadySuggested' } }]);

    const casaSent = await suggestUnknownDiscs(
      actor,
      c,
      [{ ean: casa.ean, values: { ...values(casa), name: 'Casablanca (Blu-ray)' } }],
      h.db,
    );
    const request = sent.results[0].request!.public_id;
    await approveChangeRequest(admin.actor, request, {}, h.db);
    const casaRequest = casaSent.results[0];
    if (!casaRequest.ok) throw new Error(JSON.stringify(casaRequest.errors));
    await discardChangeRequest(admin.actor, casaRequest.request.public_id, 'No such Blu-ray', h.db);
    const states = await get(
      discsGet,
      `/api/collections/${c}/imports/${r.report.public_id}/unknown_discs`,
      { publicId: c, importId: r.report.public_id },
      cookie,
    );
    const body = (await states.json()) as { discs: UnknownDisc[] };
    expect(body.discs.map((d) => d.suggestion && [d.suggestion.status, d.suggestion.discard_reason])).toEqual([
      ['approved', null],
      null,
      ['discarded', 'No such Blu-ray'],
    ]);
    expect(body.discs[0].suggestion?.release).toEqual(expect.any(String));
    // The approved disc is in the collection; a discarded one may be suggested again.
    const entries = await listEntries(actor, { publicId: c, cursor: null, limit: 10 }, h.db);
    expect(entries?.items.map((e) => e.release?.ean)).toEqual([UNKNOWN.inception]);
    const retry = await suggestUnknownDiscs(
      actor,
      c,
      [{ ean: casa.ean, values: { ...values(casa), name: 'Casablanca (Blu-ray)' } }],
      h.db,
    );
    expect(retry.results[0].ok).toBe(true);
  });

  it('offers no suggestions for a movies collection, and none for a report still running', async () => {
    const { actor } = await member();
    const c = await shelf(actor, 'movies');
    const r = await importIntoCollection(
      actor,
      { collection: c, fileName: 'm.csv', parsed: parsed(`title,barcode\nNowhere Film,${UNKNOWN.nowhere}\n`) },
      h.db,
    );
    if (!r.ok) throw new Error(r.error);
    expect(await listUnknownDiscs(actor, { collection: c, importId: r.report.public_id }, h.db)).toMatchObject({
      can_suggest: false,
      discs: [{ ean: UNKNOWN.nowhere }],
    });
    const running = await startImport(
      actor,
      { collection: c, fileName: 'n.csv', parsed: parsed('title\nRan\n') },
      h.db,
    );
    if (!running.ok) throw new Error(running.error);
    expect(await listUnknownDiscs(actor, { collection: c, importId: running.job.public_id }, h.db)).toBeNull();
    await running.run();
  });
});
