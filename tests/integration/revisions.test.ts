/**
 * History and revert of catalogue entities (lib/data/revisions.ts), on PGlite and PostgreSQL:
 * an entity's history newest first with authors, admins and points, ending with its imported
 * origin exactly once; keyset pages over many revisions; a revert writes back only the fields
 * that still hold the revision's value, is itself a revision, takes back the author's points and
 * can be reverted; a member's edits reverted at once; who may do what.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { mergeMovies } from '@/lib/data/catalogue-writes';
import { contributionScore, listContributions } from '@/lib/data/contributions';
import { approveChangeRequest, submitChangeRequest } from '@/lib/data/change-requests';
import { inTransaction } from '@/lib/data/events';
import {
  historyPageSql,
  listRevisions,
  previewRevert,
  revertMemberRevisions,
  revertRevision,
  type HistoryEntry,
  type RevisionDto,
} from '@/lib/data/revisions';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { codeOf } from '../support/app-error';

assertPostgresConfiguredInCi();

type Person = { id: number; public_id: string; name: string; source_id: string; created_at: Date | string };

describe.each(testEngines())('history and revert on %s', (engine) => {
  let h: DbHandle;
  let member: Actor;
  let member2: Actor;
  let spammer: Actor;
  let admin: Actor;
  let persons: Person[];
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    member = (await registerMember(h.db, { label: 'historian', n: 1 })).actor;
    member2 = (await registerMember(h.db, { label: 'historian', n: 2 })).actor;
    spammer = (await registerMember(h.db, { label: 'historian', n: 3 })).actor;
    admin = (await registerMember(h.db, { label: 'historian', n: 4, role: 'admin' })).actor;
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
    persons = await queryRows<Person>(
      h.db,
      sql`SELECT id, public_id, name, source_id, created_at FROM persons
          WHERE source_id IS NOT NULL AND biography IS NULL AND birthday IS NULL ORDER BY id LIMIT 8`,
    );
    expect(persons).toHaveLength(8);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A member's suggested edit, approved by the admin (an admin's own applies at once); @returns its revision id. */
  async function edit(
    author: Actor,
    entity: CatalogueEntity,
    target: string,
    values: Record<string, unknown>,
  ): Promise<{ request: string; revision: string }> {
    const sent = await submitChangeRequest(author, { entity, kind: 'edit', target, values }, h.db);
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    if (sent.request.status === 'pending') await approveChangeRequest(admin, sent.request.public_id, {}, h.db);
    const [rev] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT r.id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id
          WHERE c.public_id = ${sent.request.public_id}`,
    );
    return { request: sent.request.public_id, revision: String(rev.id) };
  }

  const pointsOf = async (who: Actor) =>
    Number((await queryRows<{ p: number }>(h.db, sql`SELECT points AS p FROM users WHERE id = ${who.userId}`))[0].p);

  const personRow = async (id: number) =>
    (
      await queryRows<{ name: string; biography: string | null; birthday: string | null }>(
        h.db,
        sql`SELECT name, biography, birthday::text AS birthday FROM persons WHERE id = ${id}`,
      )
    )[0];

  const ref = (a: Actor) => ({ public_id: a.publicId, name: a.name });

  it('shows an entity history newest first with authors, admins and points, and the import origin last', async () => {
    const p = persons[0];
    const first = await edit(member, 'person', p.public_id, { biography: 'Born in Turku.', birthday: '1950-01-02' });
    const second = await edit(member2, 'person', p.public_id, { biography: 'Born in Tampere.' });
    const page = await listRevisions('person', p.public_id, {}, h.db);
    expect(page?.next_cursor).toBeNull();
    const items = page!.items;
    expect(items).toHaveLength(3);
    const [newest, oldest, origin] = items as [RevisionDto, RevisionDto, HistoryEntry];
    expect({ ...newest, created_at: 'x' }).toEqual({
      id: second.revision,
      kind: 'edit',
      changes: { biography: { before: 'Born in Turku.', after: 'Born in Tampere.' } },
      author: ref(member2),
      approved_by: ref(admin),
      change_request: second.request,
      points: 1,
      source: null,
      reverts: null,
      reverted_by: null,
      created_at: 'x',
    });
    expect(new Date(newest.created_at).toISOString()).toBe(newest.created_at);
    expect(oldest).toMatchObject({
      id: first.revision,
      changes: {
        biography: { before: null, after: 'Born in Turku.' },
        birthday: { before: null, after: '1950-01-02' },
      },
      author: ref(member),
      approved_by: ref(admin),
      change_request: first.request,
      points: 2,
    });
    expect(origin).toEqual({
      kind: 'import',
      source_id: p.source_id,
      created_at: new Date(p.created_at).toISOString(),
    });
  });

  it('a label has no import origin; an unknown or merged entity has no history; a merge shows on the survivor', async () => {
    const [label] = await queryRows<{ public_id: string }>(h.db, sql`SELECT public_id FROM labels ORDER BY id LIMIT 1`);
    const made = await edit(admin, 'label', label.public_id, { country: 'Finland' });
    const page = await listRevisions('label', label.public_id, {}, h.db);
    expect(page?.items.map((e) => ('id' in e ? e.id : e.kind))).toEqual([made.revision]);
    expect(page?.items[0]).toMatchObject({ author: ref(admin), approved_by: ref(admin), points: 1 });
    expect(await listRevisions('person', 'no-such-person', {}, h.db)).toBeNull();

    const [from, into] = await queryRows<{ id: number; public_id: string }>(
      h.db,
      sql`SELECT id, public_id FROM movies WHERE source_id IS NOT NULL ORDER BY id DESC LIMIT 2`,
    );
    await inTransaction(h.db, (tx) =>
      mergeMovies(tx, { id: from.id, publicId: from.public_id }, into.id, {
        userId: admin.userId,
        approvedById: admin.userId,
      }),
    );
    expect(await listRevisions('movie', from.public_id, {}, h.db)).toBeNull();
    const survivor = await listRevisions('movie', into.public_id, {}, h.db);
    expect(survivor?.items.map((e) => e.kind)).toEqual(['merge', 'import']);
    expect((survivor?.items[0] as RevisionDto).changes).toEqual({
      merged_from: { before: null, after: from.public_id },
    });
  });

  it('pages through 30 revisions ten at a time, each once, the origin once at the end', async () => {
    const p = persons[1];
    const made: string[] = [];
    for (let i = 1; i <= 30; i++)
      made.push((await edit(admin, 'person', p.public_id, { biography: `Version ${i}` })).revision);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listRevisions>> = await listRevisions(
        'person',
        p.public_id,
        { cursor, limit: 10 },
        h.db,
      );
      sizes.push(page!.items.length);
      seen.push(...page!.items.map((e) => ('id' in e ? e.id : e.kind)));
      cursor = page!.next_cursor;
    } while (cursor);
    // 30 revisions fill three pages; the origin is alone on the fourth.
    expect(sizes).toEqual([10, 10, 10, 1]);
    expect(seen).toEqual([...made.reverse(), 'import']);
    // With room for it, the origin ends the last page of revisions.
    const two = await listRevisions('person', p.public_id, { limit: 31 }, h.db);
    expect(two?.items.at(-1)?.kind).toBe('import');
    expect(two?.next_cursor).toBeNull();
    // Nothing comes after the origin.
    const pastOrigin = Buffer.from(JSON.stringify(['revisions', '0', 0])).toString('base64url');
    expect(await listRevisions('person', p.public_id, { cursor: pastOrigin }, h.db)).toEqual({
      items: [],
      next_cursor: null,
    });
    expect(await codeOf(() => listRevisions('person', p.public_id, { cursor: 'bm90LWEtY3Vyc29y' }, h.db))).toBe(
      'bad_cursor',
    );
  });

  it('reads a page of a 1,000-revision history from the entity index, not the whole history', async () => {
    const p = persons[2];
    const other = persons[7];
    // 1,000 revisions of the person among 19,000 of another one, interleaved.
    await h.db.execute(
      sql`INSERT INTO revisions (entity_type, entity_id, entity_public_id, kind, changes)
          SELECT 'person', CASE WHEN g % 20 = 0 THEN ${p.id}::int ELSE ${other.id}::int END,
                 CASE WHEN g % 20 = 0 THEN ${p.public_id}::text ELSE ${other.public_id}::text END, 'edit', '{}'::jsonb
          FROM generate_series(1, 20000) g`,
    );
    await h.db.execute(sql`ANALYZE revisions`);
    const ids = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT id FROM revisions WHERE entity_type = 'person' AND entity_id = ${p.id} ORDER BY id DESC`,
    );
    const middle = Number(ids[500].id);
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
      h.db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${historyPageSql('person', p.id, middle, 20)}`,
    );
    const raw = plan['QUERY PLAN'];
    const tree = JSON.stringify(typeof raw === 'string' ? JSON.parse(raw) : raw);
    type Node = {
      'Node Type': string;
      'Relation Name'?: string;
      Alias?: string;
      'Index Name'?: string;
      'Actual Rows': number;
      'Rows Removed by Filter'?: number;
      Plans?: Node[];
    };
    const nodes: Node[] = [];
    const walk = (n: Node) => {
      nodes.push(n);
      n.Plans?.forEach(walk);
    };
    walk((JSON.parse(tree) as { Plan: Node }[])[0].Plan);
    // The page's 21 revisions are the only ones read: from the entity index, none read and dropped.
    const scans = nodes.filter((n) => n['Relation Name'] === 'revisions' && n.Alias === 'revisions');
    expect(scans.map((n) => [n['Index Name'], n['Actual Rows'], n['Rows Removed by Filter'] ?? 0])).toEqual([
      ['revisions_entity_idx', 21, 0],
    ]);
    expect(nodes.some((n) => n['Node Type'] === 'Seq Scan' && JSON.stringify(n).includes('"revisions"'))).toBe(false);

    const page = await listRevisions('person', p.public_id, { cursor: null, limit: 100 }, h.db);
    expect(page?.items).toHaveLength(100);
    expect(page?.items.map((e) => (e as RevisionDto).id)).toEqual(ids.slice(0, 100).map((r) => String(r.id)));
  });

  it('previews and reverts a revision: fields changed since are left, points are taken back, the revert is a revision', async () => {
    const p = persons[3];
    const before = await personRow(p.id);
    const pointsBefore = await pointsOf(member);
    const first = await edit(member, 'person', p.public_id, { biography: 'Wrong biography.', birthday: '1960-05-06' });
    await edit(member2, 'person', p.public_id, { birthday: '1961-01-01' });
    expect(await pointsOf(member)).toBe(pointsBefore + 2);

    const preview = await previewRevert(admin, first.revision, h.db);
    expect(preview).toEqual({
      revision_id: first.revision,
      entity: 'person',
      entity_public_id: p.public_id,
      kind: 'edit',
      fields: [
        { field: 'biography', before: null, after: 'Wrong biography.', now: 'Wrong biography.', revertible: true },
        { field: 'birthday', before: null, after: '1960-05-06', now: '1961-01-01', revertible: false },
      ],
    });

    const done = await revertRevision(admin, first.revision, h.db);
    expect(done.reverted).toEqual(['biography']);
    expect(done.leftAsTheyAre).toEqual(['birthday']);
    expect(done.revisionId).not.toBeNull();
    expect(await personRow(p.id)).toEqual({ ...before, birthday: '1961-01-01' });
    expect(await pointsOf(member)).toBe(pointsBefore);
    const [stored] = await queryRows<{ kind: string; reverts_id: number; user_id: number; approved_by_id: number }>(
      h.db,
      sql`SELECT kind, reverts_id, user_id, approved_by_id FROM revisions WHERE id = ${done.revisionId}`,
    );
    expect({ ...stored, reverts_id: Number(stored.reverts_id) }).toEqual({
      kind: 'revert',
      reverts_id: Number(first.revision),
      user_id: admin.userId,
      approved_by_id: admin.userId,
    });
    const history = (await listRevisions('person', p.public_id, {}, h.db))!.items as RevisionDto[];
    expect(history[0]).toMatchObject({
      id: done.revisionId,
      kind: 'revert',
      reverts: first.revision,
      changes: { biography: { before: 'Wrong biography.', after: null } },
      author: ref(admin),
      points: 0,
    });
    expect(history.find((e) => e.id === first.revision)?.reverted_by).toBe(done.revisionId);
    // The member's contributions list the edit as reverted, with no points; the score leaves it out.
    const standing = async () => {
      const items = (await listContributions(member.publicId, { limit: 100 }, h.db))!.items;
      const edit = items.find((i) => i.public_id === p.public_id && i.fields.includes('biography'))!;
      const score = (await contributionScore(member.publicId, h.db))!;
      expect(score.points).toBe(await pointsOf(member));
      expect(score.lines.reduce((sum, l) => sum + l.points, 0)).toBe(score.points);
      return { undone: edit.undone, points: edit.points };
    };
    expect(await standing()).toEqual({ undone: true, points: 0 });

    // A second time nothing holds the revision's values any more: nothing is written or taken.
    const again = await revertRevision(admin, first.revision, h.db);
    expect(again).toEqual({ revisionId: null, reverted: [], leftAsTheyAre: ['biography', 'birthday'] });
    expect(await pointsOf(member)).toBe(pointsBefore);

    // Reverting the revert restores the edit and gives its points back.
    const undo = await revertRevision(admin, done.revisionId!, h.db);
    expect(undo.reverted).toEqual(['biography']);
    expect(await personRow(p.id)).toEqual({ ...before, biography: 'Wrong biography.', birthday: '1961-01-01' });
    expect(await pointsOf(member)).toBe(pointsBefore + 2);
    expect(await standing()).toEqual({ undone: false, points: 2 });
    // …and reverting the edit once more takes them again.
    const third = await revertRevision(admin, first.revision, h.db);
    expect(third.reverted).toEqual(['biography']);
    expect(await pointsOf(member)).toBe(pointsBefore);
    expect(await standing()).toEqual({ undone: true, points: 0 });

    // The migration that added the column computes the same from reverts made before it existed.
    const undone = () =>
      queryRows<{ id: number; undone: boolean }>(
        h.db,
        sql`SELECT id, undone FROM revisions WHERE kind <> 'revert' ORDER BY id`,
      );
    const expected = await undone();
    expect(expected.filter((r) => r.undone).map((r) => String(r.id))).toContain(first.revision);
    const [, ...backfill] = fs
      .readFileSync(path.join('db', 'migrations', '0031_revision_undone.sql'), 'utf8')
      .split('--> statement-breakpoint');
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE revisions SET undone = false`);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    expect(await undone()).toEqual(expected);
  });

  it('refuses to revert a creation or a merge, and answers not_found for an unknown revision', async () => {
    const made = await submitChangeRequest(
      admin,
      { entity: 'person', kind: 'new', values: { name: 'Revertless Person' } },
      h.db,
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const [create] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT r.id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id
          WHERE c.public_id = ${made.request.public_id}`,
    );
    expect(await codeOf(() => previewRevert(admin, String(create.id), h.db))).toBe('not_revertible');
    expect(await codeOf(() => revertRevision(admin, String(create.id), h.db))).toBe('not_revertible');
    const [from, into] = await queryRows<{ id: number; public_id: string }>(
      h.db,
      sql`SELECT id, public_id FROM movies ORDER BY id LIMIT 2`,
    );
    const merge = await inTransaction(h.db, (tx) =>
      mergeMovies(tx, { id: from.id, publicId: from.public_id }, into.id, {
        userId: admin.userId,
        approvedById: admin.userId,
      }),
    );
    expect(await codeOf(() => revertRevision(admin, String(merge), h.db))).toBe('not_revertible');
    expect(await codeOf(() => revertRevision(admin, '999999999', h.db))).toBe('not_found');
    expect(await codeOf(() => previewRevert(admin, 'abc', h.db))).toBe('not_found');
  });

  it("reverts a member's edits newest first, leaving what others changed since", async () => {
    const [p4, p5] = [persons[4], persons[5]];
    const before4 = await personRow(p4.id);
    const pointsBefore = await pointsOf(spammer);
    const a = await edit(spammer, 'person', p4.public_id, { biography: 'Spam one.' });
    const b = await edit(spammer, 'person', p4.public_id, { biography: 'Spam two.' });
    const c = await edit(spammer, 'person', p5.public_id, { name: 'Spam Name' });
    await edit(member, 'person', p5.public_id, { name: 'Fixed Name' });
    expect(await pointsOf(spammer)).toBe(pointsBefore + 3);

    const result = await revertMemberRevisions(admin, spammer.publicId, h.db);
    expect(result.map(({ revisionId, ...rest }) => ({ ...rest, wrote: revisionId !== null }))).toEqual([
      {
        revertedId: c.revision,
        entity: 'person',
        entityPublicId: p5.public_id,
        reverted: [],
        leftAsTheyAre: ['name'],
        wrote: false,
      },
      {
        revertedId: b.revision,
        entity: 'person',
        entityPublicId: p4.public_id,
        reverted: ['biography'],
        leftAsTheyAre: [],
        wrote: true,
      },
      {
        revertedId: a.revision,
        entity: 'person',
        entityPublicId: p4.public_id,
        reverted: ['biography'],
        leftAsTheyAre: [],
        wrote: true,
      },
    ]);
    expect(await personRow(p4.id)).toEqual(before4);
    expect((await personRow(p5.id)).name).toBe('Fixed Name');
    // The two reverted edits' points are taken back; the overwritten one was not reverted.
    expect(await pointsOf(spammer)).toBe(pointsBefore + 1);
    expect(await codeOf(() => revertMemberRevisions(admin, 'no-such-member', h.db))).toBe('not_found');
  });

  it("skips a member's revisions that can no longer be reverted and reverts the others", async () => {
    const vandal = (await registerMember(h.db, { label: 'historian', n: 5 })).actor;
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${vandal.userId}`);
    const [release] = await queryRows<{ id: number; public_id: string; name: string; movie: string }>(
      h.db,
      sql`SELECT r.id, r.public_id, r.name, m.public_id AS movie FROM releases r
          JOIN release_movies rm ON rm.release_id = r.id JOIN movies m ON m.id = rm.movie_id
          WHERE r.approved AND (SELECT count(*) FROM release_movies o WHERE o.release_id = r.id) = 1
          ORDER BY r.id LIMIT 1 OFFSET 3`,
    );
    const [other, into, gone] = await queryRows<{ id: number; public_id: string }>(
      h.db,
      sql`SELECT id, public_id FROM movies WHERE public_id <> ${release.movie} ORDER BY id LIMIT 3 OFFSET 10`,
    );
    const p = persons[6];
    const kept = await edit(vandal, 'person', p.public_id, { date_of_death: '1999-09-09' });
    // An edit whose old value names a movie merged away since, and one of a movie merged away.
    const stale = await edit(vandal, 'release', release.public_id, { name: 'Vandal Name', movies: [other.public_id] });
    const orphan = await edit(vandal, 'movie', gone.public_id, { plot: 'Vandal plot.' });
    const [movieA] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT id FROM movies WHERE public_id = ${release.movie}`,
    );
    await inTransaction(h.db, async (tx) => {
      const meta = { userId: admin.userId, approvedById: admin.userId };
      await mergeMovies(tx, { id: Number(movieA.id), publicId: release.movie }, into.id, meta);
      await mergeMovies(tx, { id: gone.id, publicId: gone.public_id }, into.id, meta);
    });

    const result = await revertMemberRevisions(admin, vandal.publicId, h.db);
    expect(result.map((r) => [r.revertedId, r.revisionId === null, r.reverted, r.leftAsTheyAre])).toEqual([
      [orphan.revision, true, [], ['plot']],
      [stale.revision, true, [], ['name', 'movies']],
      [kept.revision, false, ['date_of_death'], []],
    ]);
    // The skipped release keeps every field as it was: its name is not half reverted.
    const [now] = await queryRows<{ name: string }>(h.db, sql`SELECT name FROM releases WHERE id = ${release.id}`);
    expect(now.name).toBe('Vandal Name');
    expect(await personRow(p.id)).toMatchObject({ birthday: null });
    const [death] = await queryRows<{ d: string | null }>(
      h.db,
      sql`SELECT date_of_death::text AS d FROM persons WHERE id = ${p.id}`,
    );
    expect(death.d).toBeNull();
  });

  it('lets only admins preview and revert', async () => {
    const p = persons[7];
    const made = await edit(member, 'person', p.public_id, { biography: 'Kept.' });
    for (const [who, code] of [
      [member, 'forbidden'],
      [null, 'unauthorized'],
    ] as const) {
      expect(await codeOf(() => previewRevert(who, made.revision, h.db))).toBe(code);
      expect(await codeOf(() => revertRevision(who, made.revision, h.db))).toBe(code);
      expect(await codeOf(() => revertMemberRevisions(who, member.publicId, h.db))).toBe(code);
    }
    expect((await personRow(p.id)).biography).toBe('Kept.');
  });
});
