/**
 * Deletion requests and tombstones of catalogue items, on PGlite and PostgreSQL: a member's
 * deletion of a release, movie, person or label waits for an admin; discarding and withdrawing
 * leave the item as it was; approving leaves a tombstone that no listing, search or sitemap shows,
 * whose page answers 410 (the proxy) and whose API item endpoint answers 410 JSON; a merge moves
 * what pointed at the item and redirects (308) to the survivor; a plain deletion of an item that
 * other records use is refused; reverting a deletion restores the item (and its author's point).
 */
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as labelItem } from '@/app/api/labels/[publicId]/route';
import { GET as personItem } from '@/app/api/persons/[publicId]/route';
import { GET as releaseItem } from '@/app/api/releases/[publicId]/route';
import { GET as titleItem } from '@/app/api/titles/[publicId]/route';
import type { Actor } from '@/lib/auth/actor';
import {
  approveChangeRequest,
  discardChangeRequest,
  reviewChangeRequest,
  submitChangeRequest,
  withdrawChangeRequest,
  type ChangeInput,
} from '@/lib/data/change-requests';
import { addEntry, createCollection } from '@/lib/data/collections';
import { getLabel, listLabels } from '@/lib/data/labels';
import { getMovieRedirect } from '@/lib/data/movie-redirects';
import { getTitle, listTitles } from '@/lib/data/movies';
import { getPerson, listPersons } from '@/lib/data/persons';
import { getRelease, listReleases } from '@/lib/data/releases';
import { listRevisions, revertRevision, type RevisionDto } from '@/lib/data/revisions';
import { searchAll } from '@/lib/data/search';
import { listSitemapUrls } from '@/lib/data/sitemap';
import { getTombstone } from '@/lib/data/tombstones';
import { cachedPagePaths } from '@/lib/page-cache';
import { CONTRIBUTION_POINTS, type CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { NOTIFICATION_TYPES } from '@/lib/validation/notifications';
import proxy from '@/proxy';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';
import { codeOf } from '../support/app-error';

assertPostgresConfiguredInCi();

// next-intl's middleware imports 'next/server' in a way Node's ESM resolver refuses outside Next;
// here it lets every request through (200), so a 410 or 308 can only come from the proxy's own check.
vi.mock('next-intl/middleware', () => ({ default: () => () => new Response(null, { status: 200 }) }));

const ITEM_ROUTES = { movie: titleItem, release: releaseItem, person: personItem, label: labelItem } as const;
const API_PATHS = { movie: 'titles', release: 'releases', person: 'persons', label: 'labels' } as const;

/** The API item endpoint's answer for a public id. */
function apiItem(entity: CatalogueEntity, publicId: string): Promise<Response> {
  return ITEM_ROUTES[entity](new Request(`http://localhost/api/${API_PATHS[entity]}/${publicId}`), {
    params: Promise.resolve({ publicId }),
  });
}

/** The page proxy's answer for a page path (status, Location). */
async function page(path: string): Promise<{ status: number; location: string | null; body: string }> {
  const res = await proxy(new NextRequest(`http://localhost${path}`));
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe.each(testEngines())('catalogue deletions on %s', (engine) => {
  let h: DbHandle;
  let member: Actor;
  let other: Actor;
  let admin: Actor;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    member = (await registerMember(h.db, { label: 'tidier', n: 1 })).actor;
    other = (await registerMember(h.db, { label: 'tidier', n: 2 })).actor;
    admin = (await registerMember(h.db, { label: 'tidier', n: 3, role: 'admin' })).actor;
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
  });
  afterAll(async () => {
    await h?.close();
  });

  const points = async (a: Actor) =>
    Number((await queryRows<{ points: number }>(h.db, sql`SELECT points FROM users WHERE id = ${a.userId}`))[0].points);

  const notices = (a: Actor, type: number) =>
    queryRows<{ reason: string | null; subject_text: string | null }>(
      h.db,
      sql`SELECT reason, subject_text FROM notifications WHERE user_id = ${a.userId} AND type = ${type} ORDER BY id`,
    );

  /** A new entity made by the admin (applied at once); @returns its public id. */
  async function made(entity: CatalogueEntity, values: Record<string, unknown>): Promise<string> {
    const r = await submitChangeRequest(admin, { entity, kind: 'new', values }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request.entity_public_id!;
  }

  /** A fresh release of a fresh movie (nobody's list holds it); @returns both public ids and the name. */
  async function freshRelease(word: string): Promise<{ release: string; movie: string }> {
    const movie = await made('movie', { name: `${word} Movie`, year: 1984 });
    const release = await made('release', { name: `${word} Edition`, format: 2, movies: [movie] });
    return { release, movie };
  }

  async function suggestDeletion(author: Actor, input: Omit<ChangeInput, 'kind'>) {
    const r = await submitChangeRequest(author, { kind: 'delete', note: 'A duplicate', ...input }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request;
  }

  async function revisionsOf(entity: CatalogueEntity, publicId: string): Promise<RevisionDto[]> {
    const page = await listRevisions(entity, publicId, { limit: 100 }, h.db);
    return (page?.items ?? []).filter((e): e is RevisionDto => e.kind !== 'import');
  }

  it('a release: discarded and withdrawn requests leave it; an approved one leaves a tombstone that answers 410', async () => {
    const { release } = await freshRelease('Quixotical');
    expect((await searchAll('quixotical edition', h.db)).releases.map((r) => r.public_id)).toEqual([release]);

    // Pending: nothing happens yet. Discarded: the author is told why.
    const first = await suggestDeletion(member, { entity: 'release', target: release });
    expect(first).toMatchObject({ kind: 'delete', status: 'pending', entity_public_id: release });
    expect(first.changes).toEqual({ deleted: { before: false, after: true } });
    expect(await getRelease(release, h.db)).not.toBeNull();
    const review = await reviewChangeRequest(admin, first.public_id, h.db);
    expect(review?.flags.in_use).toBe(0);
    const discarded = await discardChangeRequest(admin, first.public_id, 'It is not a duplicate', h.db);
    expect(discarded.ok && discarded.request.status).toBe('discarded');
    expect(await getRelease(release, h.db)).not.toBeNull();
    expect((await notices(member, NOTIFICATION_TYPES.contributionDiscarded)).at(-1)).toMatchObject({
      reason: 'It is not a duplicate',
      subject_text: 'Quixotical Edition',
    });

    // Withdrawn by its author (another member may not).
    const second = await suggestDeletion(member, { entity: 'release', target: release });
    expect(await codeOf(() => withdrawChangeRequest(other, second.public_id, h.db))).toBe('forbidden');
    expect((await withdrawChangeRequest(member, second.public_id, h.db)).status).toBe('withdrawn');
    expect(await getRelease(release, h.db)).not.toBeNull();

    // Approved: a tombstone, a 'delete' revision with the author's point, a notice.
    const before = await points(member);
    const third = await suggestDeletion(member, { entity: 'release', target: release });
    expect((await approveChangeRequest(admin, third.public_id, {}, h.db)).status).toBe('approved');
    expect(await points(member)).toBe(before + CONTRIBUTION_POINTS.delete);
    expect((await notices(member, NOTIFICATION_TYPES.contributionApproved)).at(-1)?.subject_text).toBe(
      'Quixotical Edition',
    );
    expect(await getRelease(release, h.db)).toBeNull();
    expect(await getTombstone('release', release, h.db)).toMatchObject({ merged_into: null });
    expect((await searchAll('quixotical edition', h.db)).releases).toEqual([]);
    expect((await listReleases({ q: 'quixotical' }, {}, h.db)).items).toEqual([]);
    const [row] = await queryRows<{ id: number }>(h.db, sql`SELECT id FROM releases WHERE public_id = ${release}`);
    const sitemap = await listSitemapUrls('releases', { page: Math.ceil(row.id / 1000), pageSize: 1000 }, h.db);
    expect(sitemap.map((e) => e.public_id)).not.toContain(release);
    const [revision] = await revisionsOf('release', release);
    expect(revision).toMatchObject({ kind: 'delete', points: CONTRIBUTION_POINTS.delete });
    expect(revision.changes).toEqual({ deleted: { before: false, after: true } });

    // The page (both locales, any tab; not its history) answers 410; the API 410 JSON.
    for (const path of [`/release/${release}`, `/fi/release/${release}`, `/release/${release}/photos`]) {
      const answer = await page(path);
      expect(answer.status).toBe(410);
      expect(answer.body).toContain('noindex');
    }
    expect((await page(`/fi/release/${release}`)).body).toContain('Tämä kohde on poistettu tietokannasta');
    expect((await page(`/release/${release}`)).body).toContain('This item was removed from the catalogue');
    expect((await page(`/release/${release}/history`)).status).not.toBe(410);
    const api = await apiItem('release', release);
    expect(api.status).toBe(410);
    expect(await api.json()).toEqual({ error: 'This item was removed from the catalogue', code: 'gone' });

    // Deleting it again, or suggesting anything about it, answers gone.
    expect(
      await codeOf(() =>
        submitChangeRequest(member, { entity: 'release', kind: 'delete', target: release, note: 'x' }, h.db),
      ),
    ).toBe('gone');

    // An admin reverts the deletion: the release is back, found again, the point taken back.
    const restored = await revertRevision(admin, revision.id, h.db);
    expect(restored.reverted).toEqual(['deleted']);
    expect(await getRelease(release, h.db)).not.toBeNull();
    expect((await searchAll('quixotical edition', h.db)).releases.map((r) => r.public_id)).toEqual([release]);
    expect(await points(member)).toBe(before);
    expect((await page(`/release/${release}`)).status).toBe(200);
    expect((await apiItem('release', release)).status).toBe(200);
    // Reverting the revert deletes it again (and gives the point back).
    await revertRevision(admin, restored.revisionId!, h.db);
    expect(await getRelease(release, h.db)).toBeNull();
    expect(await points(member)).toBe(before + CONTRIBUTION_POINTS.delete);
  });

  it('the proxy keeps its tombstone answer until the item’s pages are revalidated, then reads again', async () => {
    // The page cache handler Next runs in a server, here in-process (it offers its control on
    // globalThis); without DATABASE_URL it shares nothing with other servers.
    const url = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const control = Symbol.for('discshelf.page-cache');
    const handler = (await import('@/lib/page-cache-handler.mjs')) as unknown as {
      invalidatePaths(paths: readonly string[]): Promise<void>;
      invalidateTags(tags: readonly string[]): Promise<void>;
      stamp(): number | null;
      changedSince(path: string, stamp: number): boolean;
    };
    const { invalidatePaths, invalidateTags, stamp, changedSince } = handler;
    (globalThis as Record<symbol, unknown>)[control] = { invalidatePaths, invalidateTags, stamp, changedSince };
    try {
      const { release } = await freshRelease('Tombstoned');
      const paths = cachedPagePaths('release', release);
      await handler.invalidatePaths(paths);
      expect((await page(`/release/${release}`)).status).toBe(200);
      // Marked deleted behind the writer's back (no revalidation): the kept answer still holds,
      // so the proxy did not read the database again.
      await h.db.execute(sql`UPDATE releases SET deleted_at = now() WHERE public_id = ${release}`);
      expect((await page(`/release/${release}`)).status).toBe(200);
      expect((await page(`/fi/release/${release}/photos`)).status).toBe(200);
      // The revalidation every deletion makes (on every server) expires it: the next request reads.
      await handler.invalidatePaths(paths);
      expect((await page(`/fi/release/${release}/photos`)).status).toBe(410);
      expect((await page(`/release/${release}`)).status).toBe(410);
      // And so does a restoration.
      await h.db.execute(sql`UPDATE releases SET deleted_at = NULL WHERE public_id = ${release}`);
      await handler.invalidatePaths(paths);
      expect((await page(`/release/${release}`)).status).toBe(200);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[control];
      if (url !== undefined) process.env.DATABASE_URL = url;
    }
  });

  it('an edit waiting for approval of an item deleted since is not applied', async () => {
    const { release } = await freshRelease('Evanescent');
    const edit = await submitChangeRequest(
      member,
      { entity: 'release', kind: 'edit', target: release, values: { packaging_notes: 'Slipcase' } },
      h.db,
    );
    if (!edit.ok) throw new Error(JSON.stringify(edit.errors));
    await suggestDeletion(admin, { entity: 'release', target: release });
    expect(await codeOf(() => approveChangeRequest(admin, edit.request.public_id, {}, h.db))).toBe('gone');
    const [row] = await queryRows<{ packaging_notes: string | null }>(
      h.db,
      sql`SELECT packaging_notes FROM releases WHERE public_id = ${release}`,
    );
    expect(row.packaging_notes).toBeNull();
  });

  it('a deletion says why, names an existing item and is for members', async () => {
    const { release } = await freshRelease('Perfunctory');
    expect(
      await submitChangeRequest(member, { entity: 'release', kind: 'delete', target: release, note: ' ' }, h.db),
    ).toEqual({ ok: false, errors: { note: 'required' } });
    expect(
      await codeOf(() => submitChangeRequest(null, { entity: 'release', kind: 'delete', target: release, note: 'x' })),
    ).toBe('unauthorized');
    expect(
      await codeOf(() =>
        submitChangeRequest(member, { entity: 'release', kind: 'delete', target: 'noSuchThing', note: 'x' }, h.db),
      ),
    ).toBe('not_found');
    expect(
      await submitChangeRequest(
        member,
        { entity: 'release', kind: 'delete', target: release, note: 'x', merge_into: release },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { merge_into: 'invalid' } });
    // Only an admin approves.
    const r = await suggestDeletion(member, { entity: 'release', target: release });
    expect(await codeOf(() => approveChangeRequest(member, r.public_id, {}, h.db))).toBe('forbidden');
    expect(await codeOf(() => discardChangeRequest(other, r.public_id, 'no', h.db))).toBe('forbidden');
  });

  it('a release in members’ lists is merged into another, never simply deleted', async () => {
    const { release: dupe, movie } = await freshRelease('Mellifluous');
    const keep = await made('release', { name: 'Mellifluous Edition Keep', format: 2, movies: [movie] });
    const shelf = await createCollection(
      other,
      {
        name: 'Shelf',
        description: null,
        visibility: 'public',
        category: 'releases',
        style: 5,
        shortcut_default: false,
      },
      h.db,
    );
    if (!shelf.ok) throw new Error(JSON.stringify(shelf.errors));
    const entry = await addEntry(
      other,
      { collection: shelf.collection.public_id, item: { type: 'release', publicId: dupe } },
      h.db,
    );
    expect(entry.ok).toBe(true);
    expect(
      await submitChangeRequest(member, { entity: 'release', kind: 'delete', target: dupe, note: 'Dupe' }, h.db),
    ).toEqual({ ok: false, errors: { merge_into: 'deleteInUse' }, params: { count: 1 } });
    const r = await suggestDeletion(member, { entity: 'release', target: dupe, merge_into: keep });
    expect(r.changes.merged_into).toEqual({ before: null, after: keep });
    expect((await reviewChangeRequest(admin, r.public_id, h.db))?.flags.in_use).toBe(1);
    await approveChangeRequest(admin, r.public_id, {}, h.db);
    // The list entry moved to the survivor; the old id redirects to it.
    const held = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT r.public_id FROM collection_entries e JOIN releases r ON r.id = e.release_id
          JOIN collections c ON c.id = e.collection_id WHERE c.public_id = ${shelf.collection.public_id}`,
    );
    expect(held.map((x) => x.public_id)).toEqual([keep]);
    expect(await getTombstone('release', dupe, h.db)).toMatchObject({ merged_into: keep });
    expect(await page(`/fi/release/${dupe}/photos?x=1`)).toMatchObject({
      status: 308,
      location: `http://localhost/fi/release/${keep}/photos?x=1`,
    });
    const api = await apiItem('release', dupe);
    expect(api.status).toBe(308);
    expect(api.headers.get('location')).toBe(`http://localhost/api/releases/${keep}`);
    // A merge cannot be reverted: what pointed at the release has moved.
    const [revision] = await revisionsOf('release', dupe);
    expect(revision.changes.merged_into).toEqual({ before: null, after: keep });
    expect(await codeOf(() => revertRevision(admin, revision.id, h.db))).toBe('not_revertible');
  });

  it('a movie: unused it is deleted (listings, search and credits leave it out); in a release it is merged', async () => {
    const [person] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM persons WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const lone = await made('movie', {
      name: 'Obstreperous Orbit',
      year: 1977,
      credits: [{ person: person.public_id, role: 'director', character: '' }],
    });
    expect((await listTitles({ q: 'obstreperous' }, {}, h.db)).items.map((m) => m.public_id)).toEqual([lone]);
    expect((await getPerson(person.public_id, h.db))!.credits.map((c) => c.title.public_id)).toContain(lone);
    const creditsBefore = (await getPerson(person.public_id, h.db))!.credit_count;
    const r = await suggestDeletion(member, { entity: 'movie', target: lone });
    await approveChangeRequest(admin, r.public_id, {}, h.db);
    expect(await getTitle(lone, h.db)).toBeNull();
    expect((await listTitles({ q: 'obstreperous' }, {}, h.db)).items).toEqual([]);
    expect((await searchAll('obstreperous orbit', h.db)).movies).toEqual([]);
    const credited = (await getPerson(person.public_id, h.db))!;
    expect(credited.credits.map((c) => c.title.public_id)).not.toContain(lone);
    expect(credited.credit_count).toBe(creditsBefore - 1);
    expect((await page(`/movie/${lone}`)).status).toBe(410);
    expect((await apiItem('movie', lone)).status).toBe(410);

    // A movie some release holds is merged into another: mergeMovies, its id redirects.
    const { movie: held, release } = await freshRelease('Crepuscular');
    const keep = await made('movie', { name: 'Crepuscular Movie', year: 1985 });
    expect(
      await submitChangeRequest(member, { entity: 'movie', kind: 'delete', target: held, note: 'Dupe' }, h.db),
    ).toMatchObject({ ok: false, errors: { merge_into: 'deleteInUse' } });
    const merge = await suggestDeletion(member, { entity: 'movie', target: held, merge_into: keep });
    await approveChangeRequest(admin, merge.public_id, {}, h.db);
    expect(await getMovieRedirect(held, h.db)).toBe(keep);
    expect((await getRelease(release, h.db))!.movies.map((m) => m.public_id)).toEqual([keep]);
    expect((await apiItem('movie', held)).status).toBe(308);
  });

  it('a person with credits and a label with releases are merged; unused ones deleted', async () => {
    const dupe = await made('person', { name: 'Xenophanes Quill' });
    const keep = await made('person', { name: 'Xenophanes Quill Jr' });
    const movie = await made('movie', {
      name: 'Lugubrious Lanterns',
      credits: [{ person: dupe, role: 'actor', character: 'Lamp' }],
    });
    expect(
      await submitChangeRequest(member, { entity: 'person', kind: 'delete', target: dupe, note: 'Dupe' }, h.db),
    ).toMatchObject({ ok: false, errors: { merge_into: 'deleteInUse' } });
    // An admin's own deletion applies at once.
    const own = await suggestDeletion(admin, { entity: 'person', target: dupe, merge_into: keep });
    expect(own.status).toBe('approved');
    expect((await getTitle(movie, h.db))!.cast_crew.map((c) => c.person.public_id)).toEqual([keep]);
    expect(await getPerson(dupe, h.db)).toBeNull();
    expect((await listPersons({ q: 'xenophanes' }, {}, h.db)).items.map((p) => p.public_id)).toEqual([keep]);
    expect((await searchAll('xenophanes quill', h.db)).persons.map((p) => p.public_id)).toEqual([keep]);
    expect(await page(`/person/${dupe}`)).toMatchObject({ status: 308, location: `http://localhost/person/${keep}` });
    expect((await apiItem('person', dupe)).headers.get('location')).toBe(`http://localhost/api/persons/${keep}`);

    const unused = await made('person', { name: 'Nobody Credited' });
    const r = await suggestDeletion(member, { entity: 'person', target: unused });
    await approveChangeRequest(admin, r.public_id, {}, h.db);
    expect((await page(`/fi/person/${unused}`)).status).toBe(410);

    // Labels: the releases move to the survivor, in its series of the same name.
    const oldLabel = await made('label', { name: 'Saturnine Video', series: ['Cult'] });
    const newLabel = await made('label', { name: 'Saturnine Home Video' });
    const { release } = await freshRelease('Saturnine');
    await submitChangeRequest(
      admin,
      { entity: 'release', kind: 'edit', target: release, values: { label: oldLabel, label_series: 'Cult' } },
      h.db,
    );
    expect(
      await submitChangeRequest(member, { entity: 'label', kind: 'delete', target: oldLabel, note: 'Dupe' }, h.db),
    ).toMatchObject({ ok: false, errors: { merge_into: 'deleteInUse' } });
    const merge = await suggestDeletion(member, { entity: 'label', target: oldLabel, merge_into: newLabel });
    await approveChangeRequest(admin, merge.public_id, {}, h.db);
    const moved = (await getRelease(release, h.db))!;
    expect(moved.label?.public_id).toBe(newLabel);
    expect(await getLabel(oldLabel, h.db)).toBeNull();
    expect((await getLabel(newLabel, h.db))!.release_count).toBe(1);
    expect((await listLabels({ q: 'saturnine' }, {}, h.db)).items.map((l) => l.public_id)).toEqual([newLabel]);
    expect((await apiItem('label', oldLabel)).status).toBe(308);
  });
});
