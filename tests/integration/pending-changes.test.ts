/**
 * Pending catalogue suggestions as admins and their authors see them, on PGlite and PostgreSQL,
 * with a Soketi of the test's own (lib/realtime/soketi.ts):
 * - a member's suggestion gives every admin one notice (type 22) that later suggestions update
 *   while it is unseen (count, actor, time) instead of adding notices; once seen, the next one
 *   starts a new notice; an admin's own suggestion (applied at once) tells nobody; a batch of
 *   suggested discs from a collection import is one update counting them all;
 * - GET /api/me gives admins the queue's count and members only their own pending suggestions;
 * - the count reaches the admins' realtime channels after each submit, approval, discard and
 *   withdrawal (one push for a batch or a bulk approval), and never a member's channel;
 * - an admin's notice outlives the account of the member whose suggestion started it;
 * - a suggested release is shown to its author and admins only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as meGet } from '@/app/api/me/route';
import { POST as pusherAuthPost } from '@/app/api/pusher/auth/route';
import { GET as realtimeGet } from '@/app/api/realtime/route';
import { gtinCheckDigit } from '@/lib/barcode';
import {
  approveChangeRequest,
  approveChangeRequests,
  discardChangeRequest,
  getSuggestedRelease,
  submitChangeRequest,
  suggestUnknownDiscs,
  withdrawChangeRequest,
  type ChangeInput,
} from '@/lib/data/change-requests';
import { createCollection } from '@/lib/data/collections';
import { listNotifications, markAllSeen, notificationText, type NotificationDto } from '@/lib/data/notifications';
import { countPendingChanges } from '@/lib/data/pending-changes';
import { getRelease } from '@/lib/data/releases';
import { deleteAccount } from '@/lib/data/users';
import { connectNotifications, type Authorize, type NotificationConnection } from '@/lib/realtime/client';
import type { PendingChangesPush, RealtimeClientConfig } from '@/lib/realtime/channels';
import { freePort, startSoketi, type SoketiHandle } from '@/lib/realtime/soketi';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { apiRequest, openCommunityDb } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

assertPostgresConfiguredInCi();

const CREDENTIALS = { appId: 'pc-test', key: 'pc-test-key', secret: 'pc-test-secret' };
const MOVIE = 'pcMovie0001';
const RELEASE = 'pcRelease01';
const PENDING = NOTIFICATION_TYPES.changesPending;

/** Polls `check` every 20 ms until it holds or `ms` pass. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}

/** A valid EAN-13 barcode numbered `n`. */
const ean = (n: number) => {
  const body = `640${String(n).padStart(9, '0')}`;
  return body + gtinCheckDigit(body);
};

describe.each(testEngines())('pending change requests on %s', (engine) => {
  let h: DbHandle;
  let soketi: SoketiHandle;
  let config: RealtimeClientConfig;
  let admin: Member;
  let admin2: Member;
  let author: Member;
  let other: Member;
  let n = 0;
  const connections: NotificationConnection[] = [];

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 }],
      releases: [{ publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray', movies: [MOVIE] }],
    }));
    admin2 = await registerMember(h.db, { label: 'Moderator', n: 2, role: 'admin' });
    author = await registerMember(h.db, { label: 'Suggester', n: ++n });
    other = await registerMember(h.db, { label: 'Suggester', n: ++n });
    // Accounts older than a week: the open-request limit of a new account is not what is tested.
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
    const port = await freePort();
    vi.stubEnv('PUSHER_APP_ID', CREDENTIALS.appId);
    vi.stubEnv('PUSHER_KEY', CREDENTIALS.key);
    vi.stubEnv('PUSHER_SECRET', CREDENTIALS.secret);
    vi.stubEnv('PUSHER_HOST', '127.0.0.1');
    vi.stubEnv('PUSHER_PORT', String(port));
    vi.stubEnv('PUSHER_CLUSTER', '');
    vi.stubEnv('PUSHER_USE_TLS', '');
    soketi = await startSoketi({ host: '127.0.0.1', port, ...CREDENTIALS });
    config = (await (await realtimeGet(apiRequest('GET', '/api/realtime'))).json()) as RealtimeClientConfig;
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await soketi?.stop();
    vi.unstubAllEnvs();
    await h?.close();
  });

  const edit = (values: Record<string, unknown>): ChangeInput => ({
    entity: 'release',
    kind: 'edit',
    target: RELEASE,
    values,
  });
  const send = async (who: Member, input: ChangeInput) => {
    const r = await submitChangeRequest(who.actor, input, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request;
  };
  /** An admin's notices of pending suggestions, newest first. */
  const pendingNotices = async (who: Member): Promise<NotificationDto[]> =>
    (await listNotifications(who.actor, { limit: 100 }, h.db)).items.filter((x) => x.type === PENDING);
  const me = async (who: Member | null) => {
    const res = await meGet(apiRequest('GET', '/api/me', { cookie: who?.cookie ?? null }));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Listens to `who`'s channel for the queue count; resolves once subscribed. */
  const listen = async (who: Member): Promise<PendingChangesPush[]> => {
    const received: PendingChangesPush[] = [];
    const authorize: Authorize = async (params) => {
      const res = await pusherAuthPost(apiRequest('POST', '/api/pusher/auth', { body: params, cookie: who.cookie }));
      if (!res.ok) throw new Error(`refused ${res.status}`);
      return (await res.json()) as { auth: string };
    };
    const c = await connectNotifications({
      config,
      userPublicId: who.actor.publicId,
      authorize,
      onNotification: () => {},
      onPendingChanges: (p) => received.push(p),
    });
    connections.push(c);
    await c.subscribed;
    return received;
  };

  it('every admin gets one notice of pending suggestions, updated while unseen; once seen the next starts anew', async () => {
    const first = await send(author, edit({ extras: 'Audio commentary' }));
    for (const a of [admin, admin2]) {
      const [notice, ...more] = await pendingNotices(a);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        type_name: 'changesPending',
        count: 1,
        seen: false,
        actor: { public_id: author.actor.publicId, name: author.actor.name },
      });
      expect(notificationText('en', notice)).toBe(
        `New catalogue suggestions to review: 1 (the latest from ${author.actor.name})`,
      );
      expect(notificationText('fi', notice)).toBe(
        `Uusia tietokannan muutosehdotuksia tarkistettavaksi: 1 (viimeisimmän lähettäjä: ${author.actor.name})`,
      );
    }
    // Members hear nothing of the queue.
    expect(await pendingNotices(author)).toEqual([]);
    const [before] = await pendingNotices(admin);
    const [before2] = await pendingNotices(admin2);

    // A second suggestion while unseen: the same notice, counting two, naming the latest sender.
    await send(other, edit({ packaging_notes: 'Digipak' }));
    for (const [a, was] of [
      [admin, before],
      [admin2, before2],
    ] as const) {
      const notices = await pendingNotices(a);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ public_id: was.public_id, count: 2, actor: { name: other.actor.name } });
      expect(notices[0].created_at >= was.created_at).toBe(true);
    }
    const unseen = await me(admin);
    expect(unseen.body.notifications_unseen_count).toBe(1);

    // Seen: the next suggestion starts a new notice; the seen one keeps its two.
    await markAllSeen(admin.actor, h.db);
    await send(author, edit({ sleeve_description: 'Embossed' }));
    const [fresh, seen] = await pendingNotices(admin);
    expect(fresh).toMatchObject({ count: 1, seen: false, actor: { name: author.actor.name } });
    expect(seen).toMatchObject({ public_id: before.public_id, count: 2, seen: true });
    expect((await pendingNotices(admin2)).map((x) => x.count)).toEqual([3]);

    // An admin's own suggestion is applied at once: no notice, nothing counted.
    const own = await send(admin2, edit({ mastering_details: 'Checked against the disc' }));
    expect(own.status).toBe('approved');
    expect((await pendingNotices(admin)).map((x) => x.count)).toEqual([1, 2]);
    expect((await pendingNotices(admin2)).map((x) => x.count)).toEqual([3]);
    await withdrawChangeRequest(author.actor, first.public_id, h.db);
  });

  it('GET /api/me: admins get the queue count; members their own pending suggestions and no count', async () => {
    const edited = await send(author, edit({ extras_continued: 'Deleted scenes' }));
    // A suggested person has no entity before approval: not listed.
    await send(author, { entity: 'person', kind: 'new', values: { name: 'Jalmari Helander' } });
    const pending = await countPendingChanges(h.db);
    const [{ n: counted }] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM change_requests WHERE status = 'pending'`,
    );
    expect(pending).toBe(Number(counted));
    expect(pending).toBeGreaterThan(0);

    const asAdmin = await me(admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.pending_changes_count).toBe(pending);
    expect(asAdmin.body.own_pending_changes).toEqual([]);

    const asAuthor = await me(author);
    expect(asAuthor.status).toBe(200);
    expect('pending_changes_count' in asAuthor.body).toBe(false);
    const own = asAuthor.body.own_pending_changes as { public_id: string }[];
    expect(own).toContainEqual({
      public_id: edited.public_id,
      entity: 'release',
      kind: 'edit',
      entity_public_id: RELEASE,
    });
    expect(own.every((c) => 'entity_public_id' in c && c.entity_public_id)).toBe(true);
    // Another member sees none of them.
    const asOther = (await me(other)).body.own_pending_changes as { public_id: string }[];
    expect(asOther.map((c) => c.public_id)).not.toContain(edited.public_id);

    await withdrawChangeRequest(author.actor, edited.public_id, h.db);
    const after = (await me(author)).body.own_pending_changes as { public_id: string }[];
    expect(after.map((c) => c.public_id)).not.toContain(edited.public_id);
    expect((await me(admin)).body.pending_changes_count).toBe(pending - 1);
    expect((await me(null)).status).toBe(401);
  });

  it('the queue count reaches every admin live after each change, and never a member', async () => {
    const [heard, heard2, memberHeard] = [await listen(admin), await listen(admin2), await listen(author)];
    const next = async (list: PendingChangesPush[], from: number) => {
      await until(() => list.length > from);
      return list[from].pending;
    };
    let start = await countPendingChanges(h.db);

    const a = await send(author, edit({ extras: 'Isolated score' }));
    expect(await next(heard, 0)).toBe(start + 1);
    expect(await next(heard2, 0)).toBe(start + 1);
    const b = await send(other, edit({ packaging_notes: 'Steelbook' }));
    expect(await next(heard, 1)).toBe(start + 2);
    await withdrawChangeRequest(author.actor, a.public_id, h.db);
    expect(await next(heard, 2)).toBe(start + 1);
    await discardChangeRequest(admin.actor, b.public_id, 'No source', h.db);
    expect(await next(heard, 3)).toBe(start);
    const c = await send(other, edit({ sleeve_description: 'Reversible' }));
    expect(await next(heard, 4)).toBe(start + 1);
    await approveChangeRequest(admin.actor, c.public_id, {}, h.db);
    expect(await next(heard, 5)).toBe(start);

    // A batch of suggested discs: one push (and one notice update) for all of them.
    await markAllSeen(admin.actor, h.db);
    const noticesBefore = (await pendingNotices(admin)).length;
    const shelf = await createCollection(
      author.actor,
      {
        name: 'Unknown discs',
        description: null,
        visibility: 'private',
        category: 'releases',
        style: 3,
        shortcut_default: false,
      },
      h.db,
    );
    if (!shelf.ok) throw new Error(JSON.stringify(shelf.errors));
    const discs = Array.from({ length: 12 }, (_, i) => ({
      ean: ean(i + 1),
      values: { name: `Unknown Disc ${i + 1}`, format: 1, movies: [MOVIE] },
    }));
    start = await countPendingChanges(h.db);
    const batch = await suggestUnknownDiscs(author.actor, shelf.collection.public_id, discs, h.db);
    expect(batch.results.every((r) => r.ok)).toBe(true);
    expect(await next(heard, 6)).toBe(start + discs.length);
    const notices = await pendingNotices(admin);
    expect(notices).toHaveLength(noticesBefore + 1);
    expect(notices[0]).toMatchObject({ count: discs.length, seen: false, actor: { name: author.actor.name } });
    expect((await pendingNotices(admin2))[0].seen).toBe(false);
    expect(await countPendingChanges(h.db)).toBe(start + discs.length);

    // A bulk approval: one push with the count after all of them.
    const ids = batch.results.map((r) => (r.ok ? r.request.public_id : ''));
    const approved = await approveChangeRequests(admin.actor, ids, h.db);
    expect(approved.every((r) => r.ok)).toBe(true);
    expect(await next(heard, 7)).toBe(start);
    // Nothing more arrives for the batch or the bulk approval; the member heard nothing at all.
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(8);
    expect(heard2).toHaveLength(8);
    expect(memberHeard).toEqual([]);
  });

  it("a deleted account's suggestions leave the admins' notice counting the others'; a notice of its own alone goes", async () => {
    await markAllSeen(admin.actor, h.db);
    const leaver = await registerMember(h.db, { label: 'Leaver', n: ++n });
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${leaver.actor.userId}`);
    await send(leaver, edit({ scan_source: 'Original negative' }));
    const stays = await send(other, edit({ scan_resolution: '4K' }));
    const [notice] = await pendingNotices(admin);
    expect(notice).toMatchObject({ seen: false, count: 2, actor: { name: other.actor.name } });
    expect((await deleteAccount(leaver.actor, MEMBER_PASSWORD, h.db)).ok).toBe(true);
    const [after] = await pendingNotices(admin);
    expect(after).toMatchObject({ public_id: notice.public_id, seen: false, count: 1 });
    await withdrawChangeRequest(other.actor, stays.public_id, h.db);

    await markAllSeen(admin.actor, h.db);
    const alone = await registerMember(h.db, { label: 'Leaver', n: ++n });
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${alone.actor.userId}`);
    await send(alone, edit({ processing: 'Grain removed' }));
    expect((await pendingNotices(admin)).filter((x) => !x.seen)).toHaveLength(1);
    expect((await deleteAccount(alone.actor, MEMBER_PASSWORD, h.db)).ok).toBe(true);
    expect((await pendingNotices(admin)).filter((x) => !x.seen)).toEqual([]);
  });

  it('a suggested release is shown to its author and admins only, until approved', async () => {
    const sent = await send(author, {
      entity: 'release',
      kind: 'new',
      values: { name: 'Sisu (4K UHD)', format: 5, movies: [MOVIE] },
    });
    const id = sent.entity_public_id!;
    expect(await getRelease(id, h.db)).toBeNull();
    const mine = await getSuggestedRelease(author.actor, id, h.db);
    expect(mine?.release).toMatchObject({ public_id: id, name: 'Sisu (4K UHD)', format: 5 });
    expect(mine?.request).toMatchObject({ public_id: sent.public_id, kind: 'new', status: 'pending' });
    expect((await getSuggestedRelease(admin.actor, id, h.db))?.release.public_id).toBe(id);
    expect(await getSuggestedRelease(other.actor, id, h.db)).toBeNull();
    expect(await getSuggestedRelease(null, id, h.db)).toBeNull();
    // The author's /api/me lists it (the release exists, unapproved).
    expect((await me(author)).body.own_pending_changes).toContainEqual({
      public_id: sent.public_id,
      entity: 'release',
      kind: 'new',
      entity_public_id: id,
    });
    await approveChangeRequest(admin.actor, sent.public_id, {}, h.db);
    expect((await getRelease(id, h.db))?.public_id).toBe(id);
    expect(await getSuggestedRelease(author.actor, id, h.db)).toBeNull();
    // An approved release is public, never a suggestion: the known public id of a public release neither.
    expect(await getSuggestedRelease(admin.actor, RELEASE, h.db)).toBeNull();
  });
});
