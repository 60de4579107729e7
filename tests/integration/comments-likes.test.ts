/**
 * Comments and likes of reviews, posts and comments on PGlite and PostgreSQL: comments of a
 * review and replies to a post (reply-to only within the thread, the thread's comments_count and
 * a post's last activity, oldest-first keyset pages, edit and delete rules, admin delete with a
 * reason, events), likes through the toggle mechanism with their likes_count (no self-likes), the
 * writing limits (15 seconds, 10 a day for new accounts, 100 for older ones), exact counters under
 * concurrent writes, and account deletion taking the user's comments and likes out of other
 * people's counters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { movies } from '@/db/schema';
import { GET as postCommentsGet, POST as postCommentsPost } from '@/app/api/posts/[publicId]/comments/route';
import { POST as reviewCommentsPost } from '@/app/api/reviews/[publicId]/comments/route';
import { DELETE as commentDelete, PATCH as commentPatch } from '@/app/api/comments/[publicId]/route';
import { GET as commentTogglesGet, POST as commentTogglesPost } from '@/app/api/comments/[publicId]/toggles/route';
import { POST as postTogglesPost } from '@/app/api/posts/[publicId]/toggles/route';
import { addComment, deleteComment, getComment, listComments, updateComment } from '@/lib/data/comments';
import { listCommunityLikes, listLikes, listUserLikes, setToggle, toggleState } from '@/lib/data/toggles';
import { deleteAccount } from '@/lib/data/users';
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
import type { PublishedEvent } from '../support/published-events';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

const published = vi.hoisted(() => [] as PublishedEvent[]);
vi.mock('@/lib/data/events', async (importOriginal) =>
  (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
);

assertPostgresConfiguredInCi();

const MOVIE = 'clMovie0001';

describe.each(testEngines())('comments and likes on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let admin: Member;
  const member = () => registerMember(h.db, { label: 'Commenter', n: ++n });
  const ctx = publicIdContext;
  const req = apiRequest;
  const unlimit = () => forgetWriteLimits(h.db);
  /** A post of `who`. */
  const post = (who: Member) => writePost(h.db, who, { headline: `Topic ${++n}`, body: 'First', language: 'en' });
  /** A review of `who`, written straight to the table. */
  async function review(who: Member): Promise<string> {
    const publicId = `clRev${++n}`;
    await insertReview(h.db, { publicId, author: who, movie: MOVIE, headline: 'Review', body: 'Text' });
    return publicId;
  }
  /** A comment of `who` on a thread, writing limits forgotten first. */
  async function comment(
    who: Member,
    thread: { type: 'review' | 'post'; publicId: string },
    replyTo: string | null = null,
  ): Promise<string> {
    await unlimit();
    const r = await addComment(who.actor, { thread, input: { body: `Comment ${++n}`, reply_to: replyTo } }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.comment.public_id;
  }
  const counters = async (table: 'posts' | 'reviews' | 'comments', publicId: string) => {
    const cols = table === 'comments' ? sql`likes_count, 0 AS comments_count` : sql`likes_count, comments_count`;
    const [r] = await queryRows<{ likes_count: number; comments_count: number }>(
      h.db,
      sql`SELECT ${cols} FROM ${sql.raw(table)} WHERE public_id = ${publicId}`,
    );
    return { likes: Number(r.likes_count), comments: Number(r.comments_count) };
  };

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 }],
    }));
  });
  beforeEach(() => {
    published.length = 0;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('replies to a post: counts, moves its last activity, reply-to within the thread only, events name the authors', async () => {
    const [owner, a, b] = [await member(), await member(), await member()];
    const p = await post(owner);
    const other = await post(owner);
    await h.db.execute(sql`UPDATE posts SET last_activity_at = now() - interval '1 day' WHERE public_id = ${p}`);
    const first = await comment(a, { type: 'post', publicId: p });
    published.length = 0;
    const reply = await comment(b, { type: 'post', publicId: p }, first);
    expect(published).toEqual([
      {
        name: 'comment.created',
        event: expect.objectContaining({
          userId: b.actor.userId,
          thread: expect.objectContaining({ type: 'post', publicId: p, authorId: owner.actor.userId }),
          replyToAuthorId: a.actor.userId,
        }),
      },
    ]);
    expect(await getComment(reply, h.db)).toMatchObject({
      body: expect.stringMatching(/^Comment /),
      author: { public_id: b.actor.publicId, name: expect.stringMatching(/^Commenter /) },
      reply_to: { public_id: first, author: { public_id: a.actor.publicId } },
      thread: { type: 'post', public_id: p },
      likes_count: 0,
    });
    expect(await counters('posts', p)).toEqual({ likes: 0, comments: 2 });
    const [act] = await queryRows<{ fresh: boolean }>(
      h.db,
      sql`SELECT last_activity_at > now() - interval '1 minute' AS fresh FROM posts WHERE public_id = ${p}`,
    );
    expect(act.fresh).toBe(true);
    await unlimit();
    expect(
      await addComment(
        a.actor,
        { thread: { type: 'post', publicId: other }, input: { body: 'x', reply_to: first } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { reply_to: 'replyToOtherThread' } });
    expect(
      await addComment(
        a.actor,
        { thread: { type: 'post', publicId: p }, input: { body: ' ', reply_to: 'nope' } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { body: 'required' } });
    expect(
      await addComment(
        a.actor,
        { thread: { type: 'post', publicId: p }, input: { body: 'x', reply_to: 'nope' } },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { reply_to: 'invalid' } });
    await expect(
      addComment(a.actor, { thread: { type: 'post', publicId: 'noSuchPost' }, input: { body: 'x' } }, h.db),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await counters('posts', other)).toEqual({ likes: 0, comments: 0 });
  });

  it("comments of a review count in the review's comments_count; lists are oldest first in keyset pages", async () => {
    const [owner, a] = [await member(), await member()];
    const rv = await review(owner);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await comment(i % 2 ? owner : a, { type: 'review', publicId: rv }));
    expect(await counters('reviews', rv)).toEqual({ likes: 0, comments: 5 });
    const first = await listComments({ type: 'review', publicId: rv }, { limit: 3 }, h.db);
    expect(first?.items.map((c) => c.public_id)).toEqual(ids.slice(0, 3));
    const second = await listComments({ type: 'review', publicId: rv }, { limit: 3, cursor: first?.next_cursor }, h.db);
    expect(second?.items.map((c) => c.public_id)).toEqual(ids.slice(3));
    expect(second?.next_cursor).toBeNull();
    expect(await listComments({ type: 'review', publicId: 'noSuchRev' }, {}, h.db)).toBeNull();
    expect(JSON.stringify(first)).not.toContain('@example.fi');
  });

  it('edit and delete: the author only (updated_at moves); an admin deletes with a reason; replies stay; counters drop', async () => {
    const [owner, a, b] = [await member(), await member(), await member()];
    // A discussion of the movie: its replies count on the movie's cached pages.
    const p = await writePost(h.db, owner, { headline: `Topic ${++n}`, body: 'First', language: 'en', movie: MOVIE });
    const c1 = await comment(a, { type: 'post', publicId: p });
    const c2 = await comment(b, { type: 'post', publicId: p }, c1);
    // Written an hour ago: the edit's updated_at (its transaction's time) is then strictly later.
    const written = await backdate(h.db, 'comments', c1);
    const times = async () => {
      const c = await getComment(c1, h.db);
      return { created_at: c!.created_at, updated_at: c!.updated_at };
    };
    await expect(updateComment(b.actor, { publicId: c1, input: { body: 'Mine' } }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await times()).toEqual(written);
    const edited = await updateComment(a.actor, { publicId: c1, input: { body: 'Edited text' } }, h.db);
    expect(edited.ok && edited.comment.body).toBe('Edited text');
    const after = await times();
    expect(after.created_at).toBe(written.created_at);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(written.updated_at));
    expect(wasEdited(after.created_at, after.updated_at)).toBe(true);
    await expect(deleteComment(b.actor, { publicId: c1 }, h.db)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await deleteComment(admin.actor, { publicId: c1 }, h.db)).toEqual({
      ok: false,
      errors: { reason: 'required' },
    });
    published.length = 0;
    expect(await deleteComment(admin.actor, { publicId: c1, reason: 'Insults' }, h.db)).toEqual({ ok: true });
    expect(published).toEqual([
      {
        name: 'comment.deleted',
        event: expect.objectContaining({
          userId: a.actor.userId,
          byAdmin: true,
          reason: 'Insults',
          // The movie's pages list the discussion with its reply count: they are revalidated.
          thread: expect.objectContaining({ type: 'post', publicId: p, pages: [{ type: 'movie', publicId: MOVIE }] }),
        }),
      },
    ]);
    expect(await getComment(c2, h.db)).toMatchObject({ public_id: c2, reply_to: null });
    expect(await counters('posts', p)).toEqual({ likes: 0, comments: 1 });
    published.length = 0;
    expect(await deleteComment(b.actor, { publicId: c2 }, h.db)).toEqual({ ok: true });
    expect(published).toEqual([
      {
        name: 'comment.deleted',
        event: expect.objectContaining({
          userId: b.actor.userId,
          byAdmin: false,
          reason: null,
          thread: expect.objectContaining({ pages: [{ type: 'movie', publicId: MOVIE }] }),
        }),
      },
    ]);
    expect(await counters('posts', p)).toEqual({ likes: 0, comments: 0 });
    // A comment of a review: no cached page shows a review's replies, so none is named.
    const rv = await review(owner);
    const onReview = await comment(a, { type: 'review', publicId: rv });
    published.length = 0;
    expect(await deleteComment(a.actor, { publicId: onReview }, h.db)).toEqual({ ok: true });
    expect(published).toEqual([
      {
        name: 'comment.deleted',
        event: expect.objectContaining({
          thread: expect.objectContaining({ type: 'review', publicId: rv, pages: [] }),
        }),
      },
    ]);
  });

  it('likes of a review, a post and a comment: one row each, counters follow, no self-likes, toggle state', async () => {
    const [owner, a, b] = [await member(), await member(), await member()];
    const p = await post(owner);
    const rv = await review(owner);
    const c = await comment(owner, { type: 'post', publicId: p });
    for (const [item, publicId, table] of [
      ['post', p, 'posts'],
      ['review', rv, 'reviews'],
      ['comment', c, 'comments'],
    ] as const) {
      expect(await setToggle(a.actor, { kind: 'like', item, publicId, on: true }, h.db)).toEqual({
        on: true,
        count: 1,
      });
      expect(await setToggle(a.actor, { kind: 'like', item, publicId, on: true }, h.db)).toEqual({
        on: true,
        count: 1,
      });
      expect(await setToggle(b.actor, { kind: 'like', item, publicId, on: true }, h.db)).toEqual({
        on: true,
        count: 2,
      });
      await expect(setToggle(owner.actor, { kind: 'like', item, publicId, on: true }, h.db)).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(setToggle(a.actor, { kind: 'have', item, publicId, on: true }, h.db)).rejects.toMatchObject({
        code: 'bad_param',
      });
      expect(await setToggle(b.actor, { kind: 'like', item, publicId, on: false }, h.db)).toEqual({
        on: false,
        count: 1,
      });
      expect((await counters(table, publicId)).likes).toBe(1);
      expect(await toggleState(a.actor, { item, publicId }, h.db)).toEqual({
        counts: { like: 1 },
        mine: { like: true },
      });
      expect(await toggleState(null, { item, publicId }, h.db)).toEqual({ counts: { like: 1 }, mine: null });
    }
    const [rows] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM likes WHERE user_id = ${a.actor.userId}`,
    );
    expect(rows.n).toBe(3);
    const ev = published.filter((e) => e.name === 'like.changed').map((e) => (e.event.item as { type: string }).type);
    expect(ev).toEqual(['post', 'post', 'post', 'review', 'review', 'review', 'comment', 'comment', 'comment']);
  });

  it("a user's likes: movies and releases in listLikes, reviews, posts and comments in listCommunityLikes", async () => {
    const [owner, fan] = [await member(), await member()];
    const p = await post(owner);
    const rv = await review(owner);
    const c = await comment(owner, { type: 'review', publicId: rv });
    await setToggle(fan.actor, { kind: 'like', item: 'movie', publicId: MOVIE, on: true }, h.db);
    for (const [item, publicId] of [
      ['post', p],
      ['review', rv],
      ['comment', c],
    ] as const) {
      await setToggle(fan.actor, { kind: 'like', item, publicId, on: true }, h.db);
      // Distinct like times, in this order.
      await h.db.execute(
        sql`UPDATE likes SET created_at = now() - make_interval(secs => ${item === 'post' ? 30 : item === 'review' ? 20 : 10})
            WHERE user_id = ${fan.actor.userId} AND ${sql.raw(`${item}_id`)} IS NOT NULL`,
      );
    }
    const catalogue = await listLikes(fan.actor.publicId, {}, h.db);
    expect(catalogue.items.map((l) => l.movie?.public_id)).toEqual([MOVIE]);
    const first = await listCommunityLikes(fan.actor.publicId, { limit: 2 }, h.db);
    expect(first.items).toEqual([
      {
        kind: 'comment',
        public_id: c,
        title: 'Review',
        author: { public_id: owner.actor.publicId, name: expect.stringMatching(/^Commenter /) },
        thread: { type: 'review', public_id: rv },
        liked_at: expect.any(String),
      },
      expect.objectContaining({ kind: 'review', public_id: rv, title: 'Review', thread: null }),
    ]);
    const second = await listCommunityLikes(fan.actor.publicId, { limit: 2, cursor: first.next_cursor }, h.db);
    expect(second.items.map((l) => [l.kind, l.public_id])).toEqual([['post', p]]);
    expect(second.next_cursor).toBeNull();
  });

  it('the likes page data (listUserLikes): both lists, each paged by its own cursor', async () => {
    const [owner, fan] = [await member(), await member()];
    await h.db.insert(movies).values({ publicId: 'clMovie0002', name: 'Rare Exports', titleKey: 'rare exports' });
    const p = await post(owner);
    const rv = await review(owner);
    const c = await comment(owner, { type: 'post', publicId: p });
    const liked: ['movie' | 'post' | 'review' | 'comment', string][] = [
      ['movie', MOVIE],
      ['movie', 'clMovie0002'],
      ['post', p],
      ['review', rv],
      ['comment', c],
    ];
    for (const [i, [item, publicId]] of liked.entries()) {
      await setToggle(fan.actor, { kind: 'like', item, publicId, on: true }, h.db);
      // Distinct like times: the later in the list, the newer.
      await h.db.execute(
        sql`UPDATE likes SET created_at = now() - make_interval(secs => ${100 - i})
            WHERE id = (SELECT max(id) FROM likes WHERE user_id = ${fan.actor.userId})`,
      );
    }
    const first = await listUserLikes(fan.actor.publicId, { limit: 1 }, h.db);
    expect(first.catalogue.items.map((l) => l.movie?.public_id)).toEqual(['clMovie0002']);
    expect(first.community.items).toEqual([
      {
        kind: 'comment',
        public_id: c,
        title: expect.stringMatching(/^Topic /),
        author: { public_id: owner.actor.publicId, name: expect.stringMatching(/^Commenter /) },
        thread: { type: 'post', public_id: p },
        liked_at: expect.any(String),
      },
    ]);
    const communityCursor = first.community.next_cursor;
    const next = await listUserLikes(fan.actor.publicId, { limit: 1, communityCursor }, h.db);
    expect(next.catalogue).toEqual(first.catalogue);
    expect(next.community.items.map((l) => [l.kind, l.public_id])).toEqual([['review', rv]]);
    const both = await listUserLikes(
      fan.actor.publicId,
      { limit: 1, cursor: first.catalogue.next_cursor, communityCursor: next.community.next_cursor },
      h.db,
    );
    expect(both.catalogue.items.map((l) => l.movie?.public_id)).toEqual([MOVIE]);
    expect(both.catalogue.next_cursor).toBeNull();
    expect(both.community.items.map((l) => [l.kind, l.public_id, l.title])).toEqual([
      ['post', p, expect.stringMatching(/^Topic /)],
    ]);
    expect(both.community.next_cursor).toBeNull();
    // One list's cursor is no cursor of the other.
    await expect(
      listUserLikes(fan.actor.publicId, { communityCursor: first.catalogue.next_cursor }, h.db),
    ).rejects.toMatchObject({ code: 'bad_cursor' });
  });

  it('API: comment routes and like toggles (401, 400, 403 for a self-like, 200)', async () => {
    const [owner, a] = [await member(), await member()];
    const p = await post(owner);
    const rv = await review(owner);
    await unlimit();
    expect(
      (await postCommentsPost(req('POST', `/api/posts/${p}/comments`, { body: { body: 'Hi' } }), ctx(p))).status,
    ).toBe(401);
    const bad = await postCommentsPost(req('POST', `/api/posts/${p}/comments`, { body: {}, cookie: a.cookie }), ctx(p));
    expect(bad.status).toBe(400);
    const ok = await postCommentsPost(
      req('POST', `/api/posts/${p}/comments`, { body: { body: 'Nice topic' }, cookie: a.cookie }),
      ctx(p),
    );
    expect(ok.status).toBe(200);
    const created = (await ok.json()) as { public_id: string };
    // A second comment right away meets the writing limit: 429 with the wait, the writing message.
    const early = await postCommentsPost(
      req('POST', `/api/posts/${p}/comments`, { body: { body: 'And another thing' }, cookie: a.cookie }),
      ctx(p),
    );
    expect(early.status).toBe(429);
    const wait = Number(early.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    expect(await early.json()).toEqual({
      error: `You are writing faster than the writing limits allow. Try again in ${wait} seconds.`,
      code: 'writing_limited',
    });
    await unlimit();
    const onReview = await reviewCommentsPost(
      req('POST', `/api/reviews/${rv}/comments`, { body: { body: 'Agreed' }, cookie: a.cookie }),
      ctx(rv),
    );
    expect(onReview.status).toBe(200);
    expect(await counters('reviews', rv)).toEqual({ likes: 0, comments: 1 });
    const list = await postCommentsGet(req('GET', `/api/posts/${p}/comments?limit=10`), ctx(p));
    expect(((await list.json()) as { items: { body: string }[] }).items.map((c) => c.body)).toEqual(['Nice topic']);
    expect((await postCommentsGet(req('GET', '/api/posts/nope/comments'), ctx('nope'))).status).toBe(404);
    const id = created.public_id;
    const patch = await commentPatch(
      req('PATCH', `/api/comments/${id}`, { body: { body: 'Changed' }, cookie: a.cookie }),
      ctx(id),
    );
    expect(await patch.json()).toMatchObject({ body: 'Changed' });
    const like = (cookie: string) =>
      commentTogglesPost(
        req('POST', `/api/comments/${id}/toggles`, { body: { kind: 'like', on: true }, cookie }),
        ctx(id),
      );
    expect((await like(a.cookie)).status).toBe(403);
    const liked = await like(owner.cookie);
    expect(await liked.json()).toEqual({ kind: 'like', on: true, count: 1 });
    expect(
      (
        await postTogglesPost(
          req('POST', `/api/posts/${p}/toggles`, { body: { kind: 'seen', on: true }, cookie: a.cookie }),
          ctx(p),
        )
      ).status,
    ).toBe(400);
    expect(await (await commentTogglesGet(req('GET', `/api/comments/${id}/toggles`), ctx(id))).json()).toEqual({
      counts: { like: 1 },
      mine: null,
    });
    expect((await commentDelete(req('DELETE', `/api/comments/${id}`, { cookie: owner.cookie }), ctx(id))).status).toBe(
      403,
    );
    expect((await commentDelete(req('DELETE', `/api/comments/${id}`, { cookie: a.cookie }), ctx(id))).status).toBe(200);
    expect(await counters('posts', p)).toEqual({ likes: 0, comments: 0 });
  });

  it('counters stay exact under concurrent likes and comments (many users at once, and one user racing itself)', async () => {
    const owner = await member();
    const p = await post(owner);
    const users = await Promise.all(Array.from({ length: 10 }, () => member()));
    await unlimit();
    await Promise.all(
      users.flatMap((u) => [
        setToggle(u.actor, { kind: 'like', item: 'post', publicId: p, on: true }, h.db),
        setToggle(u.actor, { kind: 'like', item: 'post', publicId: p, on: true }, h.db),
        addComment(u.actor, { thread: { type: 'post', publicId: p }, input: { body: 'Me too' } }, h.db),
      ]),
    );
    expect(await counters('posts', p)).toEqual({ likes: 10, comments: 10 });
    await Promise.all(
      users.slice(0, 4).map((u) => setToggle(u.actor, { kind: 'like', item: 'post', publicId: p, on: false }, h.db)),
    );
    expect(await counters('posts', p)).toEqual({ likes: 6, comments: 10 });
  });

  it('writing limits: one per 15 seconds; 10 a day for a new account, 100 for an older one', async () => {
    const [owner, fresh, old] = [await member(), await member(), await member()];
    const p = await post(owner);
    await unlimit();
    const write = (who: Member) =>
      addComment(who.actor, { thread: { type: 'post', publicId: p }, input: { body: 'Again' } }, h.db);
    expect((await write(fresh)).ok).toBe(true);
    await expect(write(fresh)).rejects.toMatchObject({ code: 'writing_limited', status: 429 });
    const burstOnly = () => h.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'writeBurst%'`);
    for (let i = 1; i < 10; i++) {
      await burstOnly();
      expect((await write(fresh)).ok).toBe(true);
    }
    await burstOnly();
    await expect(write(fresh)).rejects.toMatchObject({ code: 'writing_limited' });
    await h.db.execute(sql`UPDATE users SET created_at = now() - interval '2 days' WHERE id = ${old.actor.userId}`);
    for (let i = 0; i < 11; i++) {
      await burstOnly();
      expect((await write(old)).ok).toBe(true);
    }
    const [day] = await queryRows<{ points: number }>(
      h.db,
      sql`SELECT points FROM rate_limits WHERE key = ${`writeDay:${old.actor.userId}`}`,
    );
    expect(Number(day.points)).toBe(11);
    expect(await counters('posts', p)).toEqual({ likes: 0, comments: 21 });
  });

  it("account deletion takes the user's comments and likes out of other people's counters", async () => {
    const [owner, leaving, stays] = [await member(), await member(), await member()];
    const p = await post(owner);
    const rv = await review(owner);
    const ownerComment = await comment(owner, { type: 'post', publicId: p });
    await comment(leaving, { type: 'post', publicId: p }, ownerComment);
    await comment(leaving, { type: 'post', publicId: p });
    await comment(leaving, { type: 'review', publicId: rv });
    const staysComment = await comment(stays, { type: 'review', publicId: rv });
    const leavingPost = await post(leaving);
    const onLeavingPost = await comment(stays, { type: 'post', publicId: leavingPost });
    for (const [item, publicId] of [
      ['post', p],
      ['review', rv],
      ['comment', ownerComment],
      ['comment', staysComment],
    ] as const) {
      await setToggle(leaving.actor, { kind: 'like', item, publicId, on: true }, h.db);
      const like = setToggle(stays.actor, { kind: 'like', item, publicId, on: true }, h.db);
      // Nobody likes their own comment: that one like is refused, the others are stored.
      if (publicId === staysComment) await expect(like).rejects.toMatchObject({ code: 'forbidden' });
      else expect((await like).on).toBe(true);
    }
    await setToggle(stays.actor, { kind: 'like', item: 'post', publicId: leavingPost, on: true }, h.db);
    expect(await counters('posts', p)).toEqual({ likes: 2, comments: 3 });
    expect(await counters('reviews', rv)).toEqual({ likes: 2, comments: 2 });
    expect(await counters('comments', ownerComment)).toEqual({ likes: 2, comments: 0 });
    expect(await counters('comments', staysComment)).toEqual({ likes: 1, comments: 0 });

    expect(await deleteAccount(leaving.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });

    expect(await counters('posts', p)).toEqual({ likes: 1, comments: 1 });
    expect(await counters('reviews', rv)).toEqual({ likes: 1, comments: 1 });
    expect(await counters('comments', ownerComment)).toEqual({ likes: 1, comments: 0 });
    expect(await counters('comments', staysComment)).toEqual({ likes: 0, comments: 0 });
    expect(await getComment(onLeavingPost, h.db)).toBeNull();
    // Every counter equals the rows that remain.
    const drift = await queryRows<{ kind: string; public_id: string }>(
      h.db,
      sql`SELECT 'post' AS kind, p.public_id FROM posts p
          WHERE p.likes_count <> (SELECT count(*) FROM likes WHERE post_id = p.id)
             OR p.comments_count <> (SELECT count(*) FROM comments WHERE post_id = p.id)
          UNION ALL SELECT 'review', r.public_id FROM reviews r
          WHERE r.likes_count <> (SELECT count(*) FROM likes WHERE review_id = r.id)
             OR r.comments_count <> (SELECT count(*) FROM comments WHERE review_id = r.id)
          UNION ALL SELECT 'comment', c.public_id FROM comments c
          WHERE c.likes_count <> (SELECT count(*) FROM likes WHERE comment_id = c.id)`,
    );
    expect(drift).toEqual([]);
  });
});
