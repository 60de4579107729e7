/**
 * Benchmark case 2: listings with filters, page 1 against page 100. For each listing combination
 * (bench/workload.ts listingCases) the pages are walked from page 1 by following
 * `next_cursor` (keyset) up to page 100 (or the last page when the listing is shorter: timed
 * the same way, but its target then reads "not measured", bench/verdicts.ts); then
 * `reps` rounds (another `reps` at a time, up to `maxReps`, while `unsettled` says the samples do not decide the target)
 * time page 1 and page 100 through the data layer and their captured SQL replayed
 * on a plain client, in an order that rotates from round to round. Times in milliseconds; one
 * warm-up round is not recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import type { Db } from '@/db';
import { listTitles } from '@/lib/data/movies';
import { listPersons } from '@/lib/data/persons';
import { listReleases } from '@/lib/data/releases';
import type { Page } from '@/lib/data/types';
import { replay, type CapturedStatement, type CapturingDb } from './capture';
import { explainSection } from './search';
import { summarize, timed, type Summary } from './stats';
import type { ListingCase } from './workload';

/** Page compared with page 1 (the page of the listing target). */
export const TARGET_PAGE = 100;

/** The data-layer call of one page of a listing combination (default page size). */
export function listingCall(c: ListingCase, cursor: string | null): (db: Db) => Promise<Page<unknown>> {
  switch (c.kind) {
    case 'releases':
      return (db) => listReleases(c.query, { cursor, limit: undefined }, db);
    case 'titles':
      return (db) => listTitles(c.query, { cursor, limit: undefined }, db);
    case 'persons':
      return (db) => listPersons(c.query, { cursor, limit: undefined }, db);
  }
}

/** Result of one listing combination. */
export type ListingResult = {
  name: string;
  params: Record<string, string>;
  /** The page the target compares with page 1. */
  targetPage: number;
  /**
   * The page timed against page 1: TARGET_PAGE, or the last page of a shorter listing (1 when
   * page 1 gave no cursor). Below `targetPage` the target is not measured.
   */
  pageReached: number;
  /** Items on the page reached. */
  lastItems: number;
  /** Recorded rounds (more than the run's rounds when the first ones left the target within the noise). */
  rounds: number;
  /** `samples`: the data-layer times in the order they were taken (one per round), for the halves. */
  first: { app: Summary; raw: Summary; statements: CapturedStatement[]; samples: number[] };
  last: { app: Summary; raw: Summary; statements: CapturedStatement[]; samples: number[] };
};

/** Options of {@link runListingCase}. */
export type ListingCaseOptions = {
  db: Db;
  capturing: CapturingDb;
  raw: postgres.Sql;
  cases: readonly ListingCase[];
  reps: number;
  /** Most rounds in all: while `unsettled` says the rounds so far do not decide the target, another `reps` run (default `reps`: none). */
  maxReps?: number;
  /** Whether the samples so far (page 1, last page; in the order taken) leave the target within the noise. */
  unsettled?: (first: readonly number[], last: readonly number[]) => boolean;
  explainDir: string | null;
  log?: (line: string) => void;
};

/** Runs case 2 (see module doc). */
export async function runListingCase(o: ListingCaseOptions): Promise<ListingResult[]> {
  const results: ListingResult[] = [];
  for (const c of o.cases) {
    let cursor: string | null = null;
    let page = 1;
    let lastCursor: string | null = null;
    for (; page < TARGET_PAGE; page++) {
      const p: Page<unknown> = await listingCall(c, cursor)(o.db);
      if (!p.next_cursor) break;
      lastCursor = cursor = p.next_cursor;
    }
    const pageReached = lastCursor ? page : 1;
    const firstSql = (await o.capturing.capture(listingCall(c, null))).statements;
    const lastCapture = await o.capturing.capture(listingCall(c, lastCursor));
    const lastSql = lastCapture.statements;
    const t = { firstApp: [] as number[], firstRaw: [] as number[], lastApp: [] as number[], lastRaw: [] as number[] };
    // The four timings of a round rotate their order from round to round, so neither page gets
    // a systematic edge (buffers the other just read, a collection pause the other triggered).
    const timers: [number[], () => Promise<unknown>][] = [
      [t.firstApp, () => listingCall(c, null)(o.db)],
      [t.firstRaw, () => replay(o.raw, firstSql)],
      [t.lastApp, () => listingCall(c, lastCursor)(o.db)],
      [t.lastRaw, () => replay(o.raw, lastSql)],
    ];
    let reps = o.reps;
    for (let round = 0; round <= reps; round++) {
      const shift = round % timers.length;
      for (const [samples, call] of [...timers.slice(shift), ...timers.slice(0, shift)]) {
        const { ms } = await timed(call);
        if (round > 0) samples.push(ms);
      }
      // A verdict not settled after these rounds: take another block of rounds (up to maxReps).
      if (round === reps && reps < (o.maxReps ?? reps) && o.unsettled?.(t.firstApp, t.lastApp))
        reps = Math.min(o.maxReps!, reps + o.reps);
    }
    const r: ListingResult = {
      name: c.name,
      params: c.params,
      targetPage: TARGET_PAGE,
      pageReached,
      lastItems: lastCapture.result.items.length,
      rounds: reps,
      first: { app: summarize(t.firstApp), raw: summarize(t.firstRaw), statements: firstSql, samples: t.firstApp },
      last: { app: summarize(t.lastApp), raw: summarize(t.lastRaw), statements: lastSql, samples: t.lastApp },
    };
    results.push(r);
    o.log?.(
      `listing ${c.name}: page 1 p95 ${r.first.app.p95} ms, page ${pageReached} p95 ${r.last.app.p95} ms (${reps} rounds)`,
    );
    if (o.explainDir) {
      const seen = new Map<string, string>();
      const lines = [`==== ${c.name} ${JSON.stringify(c.params)}: page 1`];
      for (const [i, st] of firstSql.entries()) lines.push(await explainSection(o.raw, st, { index: i + 1, seen }));
      lines.push(`==== ${c.name}: page ${pageReached} (by cursor)`);
      for (const [i, st] of lastSql.entries()) lines.push(await explainSection(o.raw, st, { index: i + 1, seen }));
      fs.writeFileSync(
        path.join(o.explainDir, `listing-${c.name.replace(/[^a-z0-9_]+/gi, '-')}.txt`),
        `${lines.join('\n')}\n`,
      );
    }
  }
  return results;
}
