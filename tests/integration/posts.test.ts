/**
 * Discussions (posts) on PGlite and PostgreSQL: create with validation (field keys, at most one
 * link, unknown links), read with the first message, edit and delete by the author only, admin
 * delete with a reason and the events that say so, the newest-activity list with its filters,
 * text search and keyset pages, DTOs without e-mail addresses, and the API routes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as postsGet, POST as postsPost } from '@/app/api/posts/route';
import { DELETE as postDelete, GET as postGet, PATCH as postPatch } from '@/app/api/posts/[publicId]/route';
import { createPost, deletePost, getPost, listPosts, updatePost } from '@/lib/data/posts';
import { wasEdited } from '@/lib/format';
import {
  apiRequest,
  backdate,
  forgetWriteLimits,
  insertReview,
  openCommunityDb,
  publicIdContext,
  writePost,
} from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import type { PublishedEvent } from '../support/published-events';

const published = vi.hoisted(() => [] as PublishedEvent[]);
vi.mock('@/lib/data/events', async (importOriginal) =>
  (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
);

assertPostgresConfiguredInCi();

const MOVIE = 'psMovie0001';
const RELEASE = 'psRelease01';
const REVIEW = 'psReview001';

describe.each(testEngines())('posts on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let author: Member;
  let other: Member;
  let admin: Member;
  const ctx = publicIdContext;
  const req = apiRequest;
  const unlimit = () => forgetWriteLimits(h.db);
  /** A post of `who`, writing limits forgotten first. */
  const post = (who: Member, input: Record<string, string | null> = {}) =>
    writePost(h.db, who, { headline: `Topic ${++n}`, body: 'First message', language: 'en', ...input });

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 }],
      releases: [{ publicId: RELEASE, name: 'Sisu (4K UHD)', format: 5, nameKey: 'sisu 4k uhd' }],
    }));
    author = await registerMember(h.db, { label: 'Writer', n: 1 });
    other = await registerMember(h.db, { label: 'Reader', n: 1 });
    await insertReview(h.db, {
      publicId: REVIEW,
      author: other,
      movie: MOVIE,
      headline: 'A fine release',
      body: 'Sharp picture',
    });
  });
  beforeEach(() => {
    published.length = 0;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses bad input with field keys: required, maxLength, invalid language, two links, unknown link', async () => {
    await unlimit();
    const bad = async (input: Record<string, unknown>) => {
      const r = await createPost(author.actor, input as never, h.db);
      return r.ok ? null : r.errors;
    };
    expect(await bad({ headline: ' ', body: 'x', language: 'en' })).toEqual({ headline: 'required' });
    expect(await bad({ headline: 'x'.repeat(201), body: 'x', language: 'en' })).toEqual({ headline: 'maxLength' });
    expect(await bad({ headline: 'Hi', body: '', language: 'sv' })).toEqual({ body: 'required', language: 'invalid' });
    expect(await bad({ headline: 'Hi', body: 'x', language: 'fi', movie: MOVIE, release: RELEASE })).toEqual({
      _form: 'postOneLink',
    });
    expect(await bad({ headline: 'Hi', body: 'x', language: 'fi', review: 'noSuchRev1' })).toEqual({
      review: 'invalid',
    });
    const [count] = await queryRows<{ n: number }>(h.db, sql`SELECT count(*)::int AS n FROM posts`);
    expect(count.n).toBe(0);
  });

  it('creates a post linked to a review, reads it with its first message and author, never an e-mail', async () => {
    await unlimit();
    const r = await createPost(
      author.actor,
      { headline: '  Which edition of Sisu?  ', body: 'Is the 4K worth it?', language: 'en', review: REVIEW },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = await getPost(r.post.public_id, h.db);
    expect(p).toMatchObject({
      public_id: r.post.public_id,
      headline: 'Which edition of Sisu?',
      body: 'Is the 4K worth it?',
      language: 'en',
      author: { public_id: author.actor.publicId, name: 'Writer 1' },
      movie: null,
      release: null,
      review: { public_id: REVIEW, headline: 'A fine release' },
      likes_count: 0,
      comments_count: 0,
    });
    expect(JSON.stringify(p)).not.toContain('@example.fi');
    expect(published.map((e) => e.name)).toEqual(['post.created']);
    expect(published[0].event).toMatchObject({ publicId: r.post.public_id, userId: author.actor.userId });
    expect(await getPost('noSuchPost1', h.db)).toBeNull();
  });

  it('the author edits headline, body and language (search follows, updated_at moves); others get forbidden', async () => {
    const id = await post(author, { headline: 'Old headline', body: 'Old words' });
    // Written an hour ago: the edit's updated_at (its transaction's time) is then strictly later.
    const written = await backdate(h.db, 'posts', id);
    const times = async () => {
      const p = await getPost(id, h.db);
      return { created_at: p!.created_at, updated_at: p!.updated_at };
    };
    published.length = 0;
    await expect(updatePost(other.actor, { publicId: id, input: { headline: 'Mine' } }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(updatePost(admin.actor, { publicId: id, input: { headline: 'Mine' } }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await updatePost(author.actor, { publicId: id, input: {} }, h.db)).toEqual({
      ok: false,
      errors: { _form: 'nothingToUpdate' },
    });
    expect(await times()).toEqual(written);
    expect(wasEdited(written.created_at, written.updated_at)).toBe(false);
    const r = await updatePost(
      author.actor,
      { publicId: id, input: { headline: 'Kuolleet ja haudatut', language: 'fi' } },
      h.db,
    );
    expect(r.ok && r.post).toMatchObject({ headline: 'Kuolleet ja haudatut', body: 'Old words', language: 'fi' });
    const edited = await times();
    expect(edited.created_at).toBe(written.created_at);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(written.updated_at));
    expect(wasEdited(edited.created_at, edited.updated_at)).toBe(true);
    expect(published.map((e) => e.name)).toEqual(['post.updated']);
    expect((await listPosts({ q: 'haudatut' }, {}, h.db)).items.map((p) => p.public_id)).toEqual([id]);
    expect((await listPosts({ q: 'old headline' }, {}, h.db)).items).toEqual([]);
  });

  it('edits: 5 a minute per member, then 429 writing_limited with Retry-After and the post unchanged', async () => {
    const id = await post(author, { headline: 'Edited often', body: 'First words' });
    await unlimit();
    for (let i = 1; i <= 5; i++) {
      const r = await updatePost(author.actor, { publicId: id, input: { body: `Words ${i}` } }, h.db);
      expect(r.ok).toBe(true);
    }
    const res = await postPatch(
      req('PATCH', `/api/posts/${id}`, { body: { body: 'Words 6' }, cookie: author.cookie }),
      ctx(id),
    );
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'writing_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await getPost(id, h.db))?.body).toBe('Words 5');
  });

  it('deletes: the author without a reason, an admin only with one (the event says so); others are refused', async () => {
    const mine = await post(author);
    await expect(deletePost(other.actor, { publicId: mine }, h.db)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await deletePost(admin.actor, { publicId: mine, reason: ' ' }, h.db)).toEqual({
      ok: false,
      errors: { reason: 'required' },
    });
    published.length = 0;
    expect(await deletePost(admin.actor, { publicId: mine, reason: 'Spam link' }, h.db)).toEqual({ ok: true });
    expect(published).toEqual([
      {
        name: 'post.deleted',
        event: expect.objectContaining({
          publicId: mine,
          userId: author.actor.userId,
          byAdmin: true,
          reason: 'Spam link',
        }),
      },
    ]);
    expect(await getPost(mine, h.db)).toBeNull();
    const own = await post(author);
    published.length = 0;
    expect(await deletePost(author.actor, { publicId: own, reason: 'ignored' }, h.db)).toEqual({ ok: true });
    expect(published[0].event).toMatchObject({ byAdmin: false, reason: null });
    await expect(deletePost(author.actor, { publicId: own }, h.db)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists newest activity first in keyset pages, filtered by language, link and author', async () => {
    await h.db.execute(sql`DELETE FROM posts`);
    const a = await post(author, { language: 'fi', movie: MOVIE });
    const b = await post(other, { language: 'en', release: RELEASE });
    const c = await post(author, { language: 'other' });
    // Distinct activity times: a newest (a reply came in), then c, then b.
    await h.db.execute(sql`UPDATE posts SET last_activity_at = now() - interval '3 hours' WHERE public_id = ${b}`);
    await h.db.execute(sql`UPDATE posts SET last_activity_at = now() - interval '2 hours' WHERE public_id = ${c}`);
    await h.db.execute(sql`UPDATE posts SET last_activity_at = now() - interval '1 hour' WHERE public_id = ${a}`);
    const ids = async (q: Parameters<typeof listPosts>[0]) =>
      (await listPosts(q, {}, h.db)).items.map((p) => p.public_id);
    expect(await ids({})).toEqual([a, c, b]);
    const first = await listPosts({}, { limit: 2 }, h.db);
    expect(first.items.map((p) => p.public_id)).toEqual([a, c]);
    const second = await listPosts({}, { limit: 2, cursor: first.next_cursor }, h.db);
    expect(second).toMatchObject({ next_cursor: null });
    expect(second.items.map((p) => p.public_id)).toEqual([b]);
    expect(await ids({ la: 'fi' })).toEqual([a]);
    expect(await ids({ movie: MOVIE })).toEqual([a]);
    expect(await ids({ release: RELEASE })).toEqual([b]);
    expect(await ids({ user: author.actor.publicId })).toEqual([a, c]);
    expect(await ids({ movie: 'noSuchMovie' })).toEqual([]);
    expect((await listPosts({}, {}, h.db)).items[2]).toMatchObject({
      release: { public_id: RELEASE, name: 'Sisu (4K UHD)' },
      author: { public_id: other.actor.publicId, name: 'Reader 1' },
    });
    await expect(listPosts({}, { cursor: 'garbage' }, h.db)).rejects.toMatchObject({ code: 'bad_cursor' });
  });

  it('API: POST 401 / 400 / 200 / 429, GET list and one, PATCH 403, DELETE by an admin with a reason', async () => {
    await unlimit();
    const body = { headline: 'Blu-ray or 4K?', body: 'Thoughts?', language: 'en', movie: MOVIE };
    expect((await postsPost(req('POST', '/api/posts', { body }))).status).toBe(401);
    const invalid = await postsPost(
      req('POST', '/api/posts', { body: { ...body, headline: '' }, cookie: other.cookie }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'invalid', fields: { headline: 'required' } });
    const created = await postsPost(req('POST', '/api/posts', { body, cookie: other.cookie }));
    expect(created.status).toBe(200);
    const dto = (await created.json()) as { public_id: string };
    // A second write within 15 seconds waits.
    const tooSoon = await postsPost(req('POST', '/api/posts', { body, cookie: other.cookie }));
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    const list = await postsGet(req('GET', `/api/posts?movie=${MOVIE}&la=en`));
    expect(((await list.json()) as { items: { public_id: string }[] }).items.map((p) => p.public_id)).toEqual([
      dto.public_id,
    ]);
    expect((await postsGet(req('GET', '/api/posts?la=sv'))).status).toBe(400);
    const one = await postGet(req('GET', `/api/posts/${dto.public_id}`), ctx(dto.public_id));
    expect(await one.json()).toMatchObject({ headline: 'Blu-ray or 4K?', body: 'Thoughts?' });
    expect((await postGet(req('GET', '/api/posts/noSuchPost1'), ctx('noSuchPost1'))).status).toBe(404);
    const patch = (cookie: string) =>
      postPatch(req('PATCH', `/api/posts/${dto.public_id}`, { body: { body: 'Edited' }, cookie }), ctx(dto.public_id));
    expect((await patch(author.cookie)).status).toBe(403);
    expect((await patch(other.cookie)).status).toBe(200);
    const del = (cookie: string, b?: unknown) =>
      postDelete(req('DELETE', `/api/posts/${dto.public_id}`, { body: b, cookie }), ctx(dto.public_id));
    expect((await del(author.cookie)).status).toBe(403);
    const noReason = await del(admin.cookie);
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ fields: { reason: 'required' } });
    expect((await del(admin.cookie, { reason: 'Duplicate topic' })).status).toBe(200);
    expect(await getPost(dto.public_id, h.db)).toBeNull();
  });
});
