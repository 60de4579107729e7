/**
 * Change requests through approval and discard, on PGlite and PostgreSQL: a member's edit waits
 * until an admin approves it (revision with author and admin, points, notice of type 20); a
 * discard needs a reason the author sees (type 21); a field changed since the suggestion is never
 * applied blindly; a suggested new release is hidden until approved; an admin's own edit applies
 * at once; the open-request limit; withdrawing; who may do what.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import {
  amendChangeRequest,
  approveChangeRequest,
  discardChangeRequest,
  getChangeRequest,
  listChangeRequests,
  OPEN_CHANGES_MAX_NEW_ACCOUNT,
  submitChangeRequest,
  suggestUnknownDiscs,
  withdrawChangeRequest,
} from '@/lib/data/change-requests';
import { catalogueFormSource } from '@/lib/data/catalogue-form';
import { createCollection } from '@/lib/data/collections';
import { contributionScore, listContributions } from '@/lib/data/contributions';
import { getRelease } from '@/lib/data/releases';
import { searchAll } from '@/lib/data/search';
import { catalogueFieldNames, CONTRIBUTION_POINTS } from '@/lib/validation/catalogue-fields';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { codeOf } from '../support/app-error';

assertPostgresConfiguredInCi();

describe.each(testEngines())('change requests on %s', (engine) => {
  let h: DbHandle;
  let member: Actor;
  let other: Actor;
  let admin: Actor;
  let release: { id: number; public_id: string; name: string; movie: string };
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    member = (await registerMember(h.db, { label: 'contributor', n: 1 })).actor;
    other = (await registerMember(h.db, { label: 'contributor', n: 2 })).actor;
    admin = (await registerMember(h.db, { label: 'contributor', n: 3, role: 'admin' })).actor;
    // Accounts older than a week (the limit test makes its own new one).
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
    [release] = await queryRows(
      h.db,
      sql`SELECT r.id, r.public_id, r.name, m.public_id AS movie FROM releases r
          JOIN release_movies rm ON rm.release_id = r.id AND rm.position = 0 JOIN movies m ON m.id = rm.movie_id
          WHERE r.spine_number IS NOT NULL ORDER BY r.id LIMIT 1`,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const notices = (userId: number, type: number) =>
    queryRows<{ reason: string | null; change_request_id: number }>(
      h.db,
      sql`SELECT reason, change_request_id FROM notifications WHERE user_id = ${userId} AND type = ${type} ORDER BY id`,
    );

  it('an edit waits for approval, then applies with a revision, points and a notice', async () => {
    const sent = await submitChangeRequest(
      member,
      {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { name: release.name, region_code: 'B', extras: 'Audio commentary' },
        note: 'From the disc in hand',
        source: 'disc',
      },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    // Only the fields that change are stored, with their value then.
    expect(Object.keys(sent.request.changes).sort()).toEqual(['extras', 'region_code']);
    expect(sent.request.changes.extras).toEqual({ before: null, after: 'Audio commentary' });
    expect(sent.request.status).toBe('pending');
    const [before] = await queryRows<{ extras: string | null }>(
      h.db,
      sql`SELECT extras FROM releases WHERE id = ${release.id}`,
    );
    expect(before.extras).toBeNull();
    // Others do not see it; a member cannot approve.
    expect(await getChangeRequest(other, sent.request.public_id, h.db)).toBeNull();
    expect(await codeOf(() => approveChangeRequest(member, sent.request.public_id, {}, h.db))).toBe('forbidden');
    expect(await codeOf(() => approveChangeRequest(null, sent.request.public_id, {}, h.db))).toBe('unauthorized');

    const pointsBefore = await queryRows<{ points: number }>(
      h.db,
      sql`SELECT points FROM users WHERE id = ${member.userId}`,
    );
    const approved = await approveChangeRequest(admin, sent.request.public_id, {}, h.db);
    expect(approved.status).toBe('approved');
    const [after] = await queryRows<{ extras: string; region_code: string; edited_fields: string[] }>(
      h.db,
      sql`SELECT extras, region_code, edited_fields FROM releases WHERE id = ${release.id}`,
    );
    expect(after).toMatchObject({ extras: 'Audio commentary', region_code: 'B' });
    const [rev] = await queryRows<{ user_id: number; approved_by_id: number; points: number; kind: string }>(
      h.db,
      sql`SELECT r.user_id, r.approved_by_id, r.points, r.kind FROM revisions r
          JOIN change_requests c ON c.id = r.change_request_id WHERE c.public_id = ${sent.request.public_id}`,
    );
    expect(rev).toEqual({ user_id: member.userId, approved_by_id: admin.userId, points: 2, kind: 'edit' });
    const [pointsAfter] = await queryRows<{ points: number }>(
      h.db,
      sql`SELECT points FROM users WHERE id = ${member.userId}`,
    );
    expect(pointsAfter.points - pointsBefore[0].points).toBe(2 * CONTRIBUTION_POINTS.editPerField);
    expect(await notices(member.userId, NOTIFICATION_TYPES.contributionApproved)).toHaveLength(1);
    // Handled once only.
    expect(await codeOf(() => approveChangeRequest(admin, sent.request.public_id, {}, h.db))).toBe('change_state');
  });

  it('a field changed since the suggestion needs the admin to take the current or the proposed value', async () => {
    const sent = await submitChangeRequest(
      member,
      {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { aspect_ratio: '1.85:1', packaging_notes: 'Booklet' },
      },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    // Another approved change sets the aspect ratio meanwhile.
    const meanwhile = await submitChangeRequest(
      admin,
      { entity: 'release', kind: 'edit', target: release.public_id, values: { aspect_ratio: '1.66:1' } },
      h.db,
    );
    expect(meanwhile.ok && meanwhile.request.status).toBe('approved');
    expect(await codeOf(() => approveChangeRequest(admin, sent.request.public_id, {}, h.db))).toBe('change_conflict');
    await approveChangeRequest(admin, sent.request.public_id, { aspect_ratio: 'current' }, h.db);
    const [row] = await queryRows<{ aspect_ratio: string; packaging_notes: string }>(
      h.db,
      sql`SELECT aspect_ratio, packaging_notes FROM releases WHERE id = ${release.id}`,
    );
    expect(row).toEqual({ aspect_ratio: '1.66:1', packaging_notes: 'Booklet' });
  });

  it('a discard needs a reason, which the author gets in the notice', async () => {
    const sent = await submitChangeRequest(
      member,
      { entity: 'release', kind: 'edit', target: release.public_id, values: { limited_copies: 3000 } },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    expect(await discardChangeRequest(admin, sent.request.public_id, '  ', h.db)).toEqual({
      ok: false,
      errors: { reason: 'required' },
    });
    const done = await discardChangeRequest(admin, sent.request.public_id, 'The slipcover says 2000 copies', h.db);
    expect(done.ok && done.request.status).toBe('discarded');
    expect(done.ok && done.request.discard_reason).toBe('The slipcover says 2000 copies');
    const [row] = await queryRows<{ limited_copies: number | null }>(
      h.db,
      sql`SELECT limited_copies FROM releases WHERE id = ${release.id}`,
    );
    expect(row.limited_copies).toBeNull();
    const discarded = await notices(member.userId, NOTIFICATION_TYPES.contributionDiscarded);
    expect(discarded.at(-1)?.reason).toBe('The slipcover says 2000 copies');
  });

  it("nothing to update, bad values and another member's request are refused", async () => {
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'edit', target: release.public_id, values: { name: release.name } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'nothingToUpdate' } });
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'edit', target: release.public_id, values: { discs_count: 'two' } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { discs_count: 'invalid' } });
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'edit', target: release.public_id, values: { rrp: '19.999', rrp_currency: 'EUR' } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { rrp: 'priceInvalid' } });
    // The catalogue's rules on the record after the change, with their message keys and parameters.
    expect(
      await submitChangeRequest(
        member,
        {
          entity: 'release',
          kind: 'edit',
          target: release.public_id,
          values: { release_year: 1850, discs_count: 0 },
        },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { release_year: 'yearBelow', discs_count: 'lessThanOne' }, params: { min: 1888 } });
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'new', values: { name: 'No film', format: 1, movies: [] } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { movies: 'required' }, params: {} });
    // A duplicate as a DVD keeps the Blu-ray's region code B: refused (DVD regions are 0-6).
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'duplicate', target: release.public_id, values: { format: 3 } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { region_code: 'invalid' }, params: {} });
    expect(await codeOf(() => submitChangeRequest(null, { entity: 'release', kind: 'edit' }, h.db))).toBe(
      'unauthorized',
    );
    const sent = await submitChangeRequest(
      member,
      { entity: 'release', kind: 'edit', target: release.public_id, values: { age_rating: 'K18' } },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    expect(await codeOf(() => withdrawChangeRequest(other, sent.request.public_id, h.db))).toBe('forbidden');
    expect((await withdrawChangeRequest(member, sent.request.public_id, h.db)).status).toBe('withdrawn');
  });

  it('the author amends a pending request: values merge, a value back to the current one drops its field', async () => {
    const sent = await submitChangeRequest(
      member,
      {
        entity: 'release',
        kind: 'edit',
        target: release.public_id,
        values: { scan_source: '35mm print', processing: 'DNR' },
      },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    const amended = await amendChangeRequest(
      member,
      sent.request.public_id,
      { values: { scan_source: 'Original camera negative', processing: null }, note: 'Booklet, page 3' },
      h.db,
    );
    if (!amended.ok) throw new Error(JSON.stringify(amended.errors));
    expect(amended.request.changes).toEqual({ scan_source: { before: null, after: 'Original camera negative' } });
    expect(amended.request.note).toBe('Booklet, page 3');
    expect(await amendChangeRequest(member, sent.request.public_id, { values: { scan_source: null } }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'nothingToUpdate' },
    });
    expect(await codeOf(() => amendChangeRequest(other, sent.request.public_id, { note: 'mine' }, h.db))).toBe(
      'forbidden',
    );
    await approveChangeRequest(admin, sent.request.public_id, {}, h.db);
    const [row] = await queryRows<{ scan_source: string; processing: string | null }>(
      h.db,
      sql`SELECT scan_source, processing FROM releases WHERE id = ${release.id}`,
    );
    expect(row).toEqual({ scan_source: 'Original camera negative', processing: null });
    expect(await codeOf(() => amendChangeRequest(member, sent.request.public_id, { note: 'late' }, h.db))).toBe(
      'change_state',
    );
  });

  it('a suggested new release is hidden until approved, then public and found by search', async () => {
    const sent = await submitChangeRequest(
      member,
      {
        entity: 'release',
        kind: 'new',
        values: { name: 'Vexillologic Midnight Special Edition', format: 1, movies: [release.movie], ean: null },
      },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    const publicId = sent.request.entity_public_id!;
    expect(publicId).toBeTruthy();
    expect(await getRelease(publicId, h.db)).toBeNull();
    expect((await searchAll('vexillologic', h.db)).releases).toEqual([]);
    await approveChangeRequest(admin, sent.request.public_id, {}, h.db);
    expect((await getRelease(publicId, h.db))?.name).toBe('Vexillologic Midnight Special Edition');
    expect((await searchAll('vexillologic', h.db)).releases.map((r) => r.public_id)).toEqual([publicId]);
    const [rev] = await queryRows<{ points: number }>(
      h.db,
      sql`SELECT points FROM revisions WHERE entity_type = 'release' AND entity_public_id = ${publicId}`,
    );
    expect(rev.points).toBe(CONTRIBUTION_POINTS.new.release);
  });

  it('a withdrawn suggested release is deleted; a new movie is created on approval and found by search', async () => {
    const sent = await submitChangeRequest(
      member,
      {
        entity: 'release',
        kind: 'new',
        values: { name: 'Withdrawn Quokka Edition', format: 3, movies: [release.movie] },
      },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    await withdrawChangeRequest(member, sent.request.public_id, h.db);
    const left = await queryRows(h.db, sql`SELECT 1 FROM releases WHERE public_id = ${sent.request.entity_public_id}`);
    expect(left).toHaveLength(0);

    const movie = await submitChangeRequest(
      member,
      { entity: 'movie', kind: 'new', values: { name: 'Zanzibarian Nights', year: 1971, akas: ['Yön Sansibar'] } },
      h.db,
    );
    if (!movie.ok) throw new Error(JSON.stringify(movie.errors));
    expect(movie.request.entity_public_id).toBeNull();
    const approved = await approveChangeRequest(admin, movie.request.public_id, {}, h.db);
    expect(approved.entity_public_id).toBeTruthy();
    const found = await searchAll('zanzibarian', h.db);
    expect(found.movies.map((m) => m.public_id)).toEqual([approved.entity_public_id]);
    // Close spelling finds it too: its words joined the close-spelling words.
    const close = await searchAll('zanzibarien nights', h.db);
    expect(close.movies.map((m) => m.public_id)).toContain(approved.entity_public_id);
  });

  it("a label's name is refused at once when another label has it, naming that label", async () => {
    // A label whose name changes in upper case, so that its own name in another case is a change.
    const [taken] = await queryRows<{ public_id: string; name: string }>(
      h.db,
      sql`SELECT public_id, name FROM labels WHERE name <> upper(name) ORDER BY id LIMIT 1`,
    );
    const [second] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM labels WHERE public_id <> ${taken.public_id} ORDER BY id LIMIT 1`,
    );
    // A new label, in another letter case: refused with the field and the holder's name.
    expect(
      await submitChangeRequest(
        member,
        { entity: 'label', kind: 'new', values: { name: taken.name.toUpperCase() } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { name: 'labelNameTaken' }, params: { label: taken.name } });
    // Renaming another label to it: the same.
    expect(
      await submitChangeRequest(
        member,
        { entity: 'label', kind: 'edit', target: second.public_id, values: { name: taken.name } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { name: 'labelNameTaken' }, params: { label: taken.name } });
    // A label's own name in another case is no clash: the request is taken.
    const own = await submitChangeRequest(
      member,
      { entity: 'label', kind: 'edit', target: taken.public_id, values: { name: taken.name.toUpperCase() } },
      h.db,
    );
    if (!own.ok) throw new Error(JSON.stringify(own.errors));
    await withdrawChangeRequest(member, own.request.public_id, h.db);
  });

  it('a form starts from the item: every field, the names of the items it refers to; a hidden release only for its author', async () => {
    const source = (await catalogueFormSource(member, 'release', release.public_id, h.db))!;
    expect(source.name).toBe(release.name);
    expect(source.values.movies).toContain(release.movie);
    expect(source.refs[release.movie]).toMatch(/\S/);
    expect(Object.keys(source.values).sort()).toEqual([...catalogueFieldNames('release')].sort());
    const sent = await submitChangeRequest(
      member,
      { entity: 'release', kind: 'new', values: { name: 'Form Source Edition', format: 1, movies: [release.movie] } },
      h.db,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    const hidden = sent.request.entity_public_id!;
    expect((await catalogueFormSource(member, 'release', hidden, h.db))?.name).toBe('Form Source Edition');
    expect(await catalogueFormSource(other, 'release', hidden, h.db)).toBeNull();
    expect(await catalogueFormSource(null, 'release', hidden, h.db)).toBeNull();
    expect((await catalogueFormSource(admin, 'release', hidden, h.db))?.name).toBe('Form Source Edition');
    expect(await catalogueFormSource(member, 'movie', 'no-such-movie', h.db)).toBeNull();
    await withdrawChangeRequest(member, sent.request.public_id, h.db);
  });

  it('a duplicate needs at least one changed element and copies the rest', async () => {
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'duplicate', target: release.public_id, values: { name: release.name } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'nothingToUpdate' } });
    const dup = await submitChangeRequest(
      member,
      { entity: 'release', kind: 'duplicate', target: release.public_id, values: { format: 3, region_code: '2' } },
      h.db,
    );
    if (!dup.ok) throw new Error(JSON.stringify(dup.errors));
    await approveChangeRequest(admin, dup.request.public_id, {}, h.db);
    const copy = await getRelease(dup.request.entity_public_id!, h.db);
    expect(copy?.name).toBe(release.name);
    expect(copy?.format).toBe(3);
    expect(copy?.region_code).toBe('2');
  });

  it("the member's profile lists the approved contributions with their points, and the score sums them", async () => {
    const page = await listContributions(member.publicId, {}, h.db);
    expect(page).not.toBeNull();
    const items = page!.items;
    // Newest first: the duplicate, the new movie, the new release, then the edits.
    expect(items.map((i) => `${i.kind} ${i.entity}`).slice(0, 3)).toEqual([
      'create release',
      'create movie',
      'create release',
    ]);
    expect(items.find((i) => i.entity === 'movie')?.name).toBe('Zanzibarian Nights');
    // Withdrawn and discarded suggestions are not contributions.
    expect(items.some((i) => i.name === 'Withdrawn Quokka Edition')).toBe(false);
    const score = await contributionScore(member.publicId, h.db);
    const [row] = await queryRows<{ points: number }>(h.db, sql`SELECT points FROM users WHERE id = ${member.userId}`);
    expect(score!.points).toBe(row.points);
    expect(score!.lines.reduce((sum, l) => sum + l.points, 0)).toBe(row.points);
    expect(items.reduce((sum, i) => sum + i.points, 0)).toBe(row.points);
    expect(await listContributions('noSuchUser', {}, h.db)).toBeNull();
  });

  it('unknown discs of an import become suggested releases; an approved one joins the collection', async () => {
    const shelf = await createCollection(
      member,
      {
        name: 'Imported discs',
        description: null,
        visibility: 'public',
        category: 'releases',
        style: 3,
        shortcut_default: false,
      },
      h.db,
    );
    if (!shelf.ok) throw new Error(JSON.stringify(shelf.errors));
    // The import kept the member's unknown barcodes.
    const eans = ['4006680079325', '5051892002424'];
    for (const ean of eans)
      await h.db.execute(
        sql`INSERT INTO unknown_barcodes (ean, title, format, user_id) VALUES (${ean}, 'Disc', 1, ${member.userId})`,
      );
    const sent = await suggestUnknownDiscs(
      member,
      shelf.collection.public_id,
      [
        {
          ean: eans[0],
          values: { name: 'Quasimodo Unknown Disc', format: 1, movies: [release.movie], release_year: 2008 },
        },
        { ean: eans[1], values: { name: 'Second Unknown Disc', format: 1, movies: [release.movie] } },
        { ean: '123', values: { name: 'Broken Barcode Disc', format: 1, movies: [release.movie] } },
      ],
      h.db,
    );
    expect(sent.results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(sent.results[2]).toMatchObject({ ok: false, errors: { ean: 'invalid' } });
    // The batch is one filter of the queue.
    const batch = await listChangeRequests(admin, { batch: sent.batch_id }, {}, h.db);
    expect(batch.items.map((i) => i.changes.name.after).sort()).toEqual([
      'Quasimodo Unknown Disc',
      'Second Unknown Disc',
    ]);
    const [first, second] = sent.results.map((r) => (r.ok ? r.request : null));
    await approveChangeRequest(admin, first!.public_id, {}, h.db);
    await discardChangeRequest(admin, second!.public_id, 'No such edition', h.db);
    const entries = await queryRows<{ public_id: string; ean: string }>(
      h.db,
      sql`SELECT r.public_id, r.ean FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          JOIN releases r ON r.id = e.release_id WHERE c.public_id = ${shelf.collection.public_id}`,
    );
    expect(entries).toEqual([{ public_id: first!.entity_public_id, ean: eans[0] }]);
    const left = await queryRows<{ ean: string }>(
      h.db,
      sql`SELECT ean FROM unknown_barcodes WHERE user_id = ${member.userId}`,
    );
    expect(left.map((l) => l.ean)).toEqual([eans[1]]);
    // Someone else's collection is not found.
    expect(await codeOf(() => suggestUnknownDiscs(other, shelf.collection.public_id, [], h.db))).toBe('not_found');
  });

  it('a new account has a smaller open-request limit', async () => {
    const fresh = (await registerMember(h.db, { label: 'contributor', n: 4 })).actor;
    for (let i = 0; i < OPEN_CHANGES_MAX_NEW_ACCOUNT; i++) {
      const r = await submitChangeRequest(
        fresh,
        { entity: 'person', kind: 'new', values: { name: `Limit Person ${i}` } },
        h.db,
      );
      expect(r.ok).toBe(true);
    }
    expect(
      await codeOf(() =>
        submitChangeRequest(fresh, { entity: 'person', kind: 'new', values: { name: 'One Too Many' } }, h.db),
      ),
    ).toBe('change_limit');
  });
});
