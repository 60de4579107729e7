/**
 * Benchmark case `contributions`: the admin queue, an approval and an item's history, through
 * lib/data, on a fixture made for the run (members whose e-mail ends in
 * `@bench-contributions.invalid`, deleted at the end with their requests and revisions; the
 * releases the approvals edited get their fields back):
 *
 * - `pending` pending edit requests of approved releases from ten members, created over 30 days;
 * - one release with `revisions` revisions of its own.
 *
 * Timed per call (one warm-up round, then `rounds` rounds): the queue's page 1 and page 50
 * (oldest first, 24 a page; page 50 by its cursor), one approval of a release edit end to end
 * (the request applied through the catalogue writer: derived columns, revision, points, notice;
 * a fresh request each round), and page 1 of the history of the release with many revisions.
 * Milliseconds.
 */
import type postgres from 'postgres';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { approveChangeRequest, listChangeRequests } from '@/lib/data/change-requests';
import { newPublicId } from '@/lib/data/public-id';
import { listRevisions } from '@/lib/data/revisions';
import { benchMember, removeBenchMembers } from './members';
import { summarize, timed, type Summary } from './stats';

/** Options of {@link runContributionsCase}. */
export type ContributionsCaseOptions = {
  db: Db;
  raw: postgres.Sql;
  /** Pending requests in the queue. */
  pending: number;
  /** Revisions of the one release whose history is read. */
  revisions: number;
  rounds: number;
  log?: (line: string) => void;
};

/**
 * One timed call (milliseconds); `items`: the items of the page it returned (the first recorded
 * round), null for a call that returns no page.
 */
export type ContributionsCall = {
  name: string;
  description: string;
  app: Summary;
  samples: number[];
  items: number | null;
};

/**
 * What the case measured: the queue page compared with page 1 (`queuePage`) and the page its
 * cursor reached (`queuePageReached`: lower when the queue ended first, then the deep call read
 * that last page).
 */
export type ContributionsCaseResult = {
  pending: number;
  revisions: number;
  queuePage: number;
  queuePageReached: number;
  calls: ContributionsCall[];
};

const DOMAIN = '@bench-contributions.invalid';
const MEMBERS = 10;
/** The queue page compared with page 1 (the page of the queue target). */
export const QUEUE_PAGE = 50;

/** The number of items of a page (`{ items: [...] }`), null for any other result. */
function pageItems(result: unknown): number | null {
  if (typeof result !== 'object' || result === null || !('items' in result)) return null;
  const { items } = result as { items: unknown };
  return Array.isArray(items) ? items.length : null;
}

/** Runs the contributions case (see module doc). */
export async function runContributionsCase(o: ContributionsCaseOptions): Promise<ContributionsCaseResult> {
  const { db, raw } = o;
  await removeBenchMembers(raw, DOMAIN);
  const stamp = Date.now().toString(36);
  const admin: Actor = {
    ...(await benchMember(db, `Bench admin ${stamp}`, `admin-${stamp}`, DOMAIN)),
    role: 'admin',
  };
  await raw`UPDATE users SET role = 'admin' WHERE id = ${admin.userId}`;
  const members: Actor[] = [];
  for (let i = 0; i < MEMBERS; i++)
    members.push(await benchMember(db, `Bench contributor ${stamp} ${i}`, `contrib-${stamp}-${i}`, DOMAIN));
  const memberIds = members.map((m) => m.userId);
  // Releases whose edits the approvals apply, with what to put back afterwards.
  const approvalCount = o.rounds + 1;
  const edited = await raw<{ id: number; extras: string | null; edited_fields: string[]; updated_at: Date }[]>`
    SELECT id, extras, edited_fields, updated_at FROM releases WHERE approved AND extras IS NULL
    ORDER BY id DESC LIMIT ${approvalCount + 1}`;
  try {
    o.log?.(`contributions: ${o.pending} pending requests, a release with ${o.revisions} revisions …`);
    await raw`
      INSERT INTO change_requests (public_id, entity_type, entity_id, kind, changes, user_id, created_at, updated_at)
      SELECT 'bc' || ${stamp} || g, 'release', r.id, 'edit',
             jsonb_build_object('packaging_notes', jsonb_build_object('before', r.packaging_notes, 'after', 'Bench note ' || g)),
             (${memberIds}::int[])[1 + g % ${MEMBERS}], now() - (g * interval '4 minutes'), now()
      FROM generate_series(1, ${o.pending}) g
      JOIN LATERAL (SELECT id, packaging_notes FROM releases WHERE approved ORDER BY id OFFSET g % 5000 LIMIT 1) r ON TRUE`;
    const [history] = edited.slice(-1);
    await raw`
      INSERT INTO revisions (entity_type, entity_id, entity_public_id, kind, changes, user_id, approved_by_id, points, created_at)
      SELECT 'release', r.id, r.public_id, 'edit',
             jsonb_build_object('sleeve_description', jsonb_build_object('before', 'Sleeve ' || (g - 1), 'after', 'Sleeve ' || g)),
             ${memberIds[0]}, ${admin.userId}, 1, now() - ((${o.revisions} - g) * interval '1 hour')
      FROM generate_series(1, ${o.revisions}) g, (SELECT id, public_id FROM releases WHERE id = ${history.id}) r`;
    const [{ public_id: historyRelease }] = await raw<{ public_id: string }[]>`
      SELECT public_id FROM releases WHERE id = ${history.id}`;
    // The approvals: a fresh pending edit of its own release per round.
    const approvals: string[] = [];
    for (const [i, r] of edited.slice(0, approvalCount).entries()) {
      const publicId = `ba${stamp}${newPublicId().slice(0, 6)}${i}`;
      await raw`
        INSERT INTO change_requests (public_id, entity_type, entity_id, kind, changes, user_id)
        VALUES (${publicId}, 'release', ${r.id}, 'edit',
                ${raw.json({ extras: { before: null, after: `Bench extras ${i}` } })}, ${memberIds[i % MEMBERS]})`;
      approvals.push(publicId);
    }
    await raw`ANALYZE change_requests`;
    await raw`ANALYZE revisions`;
    // Page 50's cursor: the queue walked once (a shorter queue stops at its last page).
    let cursor: string | null = null;
    let queuePageReached = 1;
    for (let page = 1; page < QUEUE_PAGE; page++) {
      const next: string | null = (await listChangeRequests(admin, {}, { cursor }, db)).next_cursor;
      if (!next) break;
      cursor = next;
      queuePageReached = page + 1;
    }
    const page50 = cursor;
    let approval = 0;
    const calls: { name: string; description: string; run: () => Promise<unknown> }[] = [
      {
        name: 'queue_page1',
        description: `the admin queue's page 1 of ${o.pending} pending requests, oldest first`,
        run: () => listChangeRequests(admin, {}, {}, db),
      },
      {
        name: `queue_page${QUEUE_PAGE}`,
        description: `the admin queue's page ${QUEUE_PAGE} by cursor`,
        run: () => listChangeRequests(admin, {}, { cursor: page50 }, db),
      },
      {
        name: 'approve_edit',
        description: 'one approval of a release edit end to end (writer, derived columns, revision, points, notice)',
        run: () => approveChangeRequest(admin, approvals[approval++], {}, db),
      },
      {
        name: 'history_page1',
        description: `page 1 of the history of a release with ${o.revisions} revisions`,
        run: () => listRevisions('release', historyRelease, {}, db),
      },
    ];
    const samples = calls.map(() => [] as number[]);
    const items = calls.map((): number | null => null);
    for (let round = 0; round <= o.rounds; round++)
      for (const [i, call] of calls.entries()) {
        const { ms, result } = await timed(call.run);
        if (round === 1) items[i] = pageItems(result);
        if (round > 0) samples[i].push(ms);
      }
    const result: ContributionsCaseResult = {
      pending: o.pending,
      revisions: o.revisions,
      queuePage: QUEUE_PAGE,
      queuePageReached,
      calls: calls.map((c, i) => ({
        name: c.name,
        description: c.description,
        app: summarize(samples[i]),
        samples: samples[i],
        items: items[i],
      })),
    };
    o.log?.(`contributions: ${result.calls.map((c) => `${c.name} p95 ${c.app.p95} ms`).join(', ')}`);
    return result;
  } finally {
    await raw`DELETE FROM revisions WHERE user_id = ANY(${memberIds}::int[]) OR approved_by_id = ${admin.userId}`;
    await raw`DELETE FROM notifications WHERE user_id = ANY(${memberIds}::int[])`;
    for (const r of edited)
      await raw`UPDATE releases SET extras = ${r.extras}, edited_fields = ${r.edited_fields}, updated_at = ${r.updated_at}
                WHERE id = ${r.id}`;
    await removeBenchMembers(raw, DOMAIN);
  }
}
