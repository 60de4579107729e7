/**
 * What the review and discussion pages read, on PGlite and PostgreSQL: the item pages a post and
 * its replies revalidate (the events' `pages`), the viewer's likes of a page of comments, what a
 * new post is about, the discussions of one item, and a reply through the comments API keeping
 * the comment it answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { POST as postComment } from '@/app/api/posts/[publicId]/comments/route';
import { addComment, getComment } from '@/lib/data/comments';
import { addEntry, createCollection, setCollectionDeleted, updateCollection } from '@/lib/data/collections';
import { deletePost, listPosts, postLinkTarget } from '@/lib/data/posts';
import { likedPublicIds, setToggle } from '@/lib/data/toggles';
import { deleteAccount } from '@/lib/data/users';
import {
  apiRequest,
  forgetWriteLimits,
  insertCatalogue,
  insertReview,
  openCommunityDb,
  publicIdContext,
  writePost,
} from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';
import type { PublishedEvent } from '../support/published-events';

const published = vi.hoisted(() => [] as PublishedEvent[]);
vi.mock('@/lib/data/events', async (importOriginal) =>
  (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
);

assertPostgresConfiguredInCi();

const MOVIE = 'ctMovie0001';
const RELEASE = 'ctRelease01';
const REVIEW = 'ctReview001';

describe.each(testEngines())('review and discussion threads on %s', (engine) => {
  let h: DbHandle;
  let a: Member;
  let b: Member;
  const post = (who: Member, link: Record<string, string>) =>
    writePost(h.db, who, { headline: 'Worth the upgrade?', body: 'First message', language: 'en', ...link });
  const comment = async (who: Member, thread: { type: 'review' | 'post'; publicId: string }, replyTo?: string) => {
    await forgetWriteLimits(h.db);
    const r = await addComment(who.actor, { thread, input: { body: 'A reply', reply_to: replyTo ?? null } }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.comment.public_id;
  };

  beforeAll(async () => {
    ({ h } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Alien', titleKey: 'alien', year: 1979 }],
      releases: [{ publicId: RELEASE, name: 'Alien (4K UHD)', format: 5, nameKey: 'alien 4k uhd', movies: [MOVIE] }],
    }));
    a = await registerMember(h.db, { label: 'Opener', n: 1 });
    b = await registerMember(h.db, { label: 'Replier', n: 1 });
    await insertReview(h.db, { publicId: REVIEW, author: a, movie: MOVIE, headline: 'Perfect', body: 'Sharp' });
  });
  beforeEach(() => {
    published.length = 0;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a post and its replies name the cached page that lists them; a post about a review names none', async () => {
    const onRelease = await post(a, { release: RELEASE });
    expect(published.at(-1)).toMatchObject({
      name: 'post.created',
      event: { pages: [{ type: 'release', publicId: RELEASE }] },
    });
    const onMovie = await post(a, { movie: MOVIE });
    expect(published.at(-1)).toMatchObject({ event: { pages: [{ type: 'movie', publicId: MOVIE }] } });
    await comment(b, { type: 'post', publicId: onRelease });
    expect(published.at(-1)).toMatchObject({
      name: 'comment.created',
      event: { thread: { pages: [{ type: 'release', publicId: RELEASE }] } },
    });
    await comment(b, { type: 'review', publicId: REVIEW });
    expect(published.at(-1)).toMatchObject({ name: 'comment.created', event: { thread: { pages: [] } } });
    const onReview = await post(b, { review: REVIEW });
    expect(published.at(-1)).toMatchObject({ name: 'post.created', event: { pages: [] } });
    published.length = 0;
    expect(await deletePost(a.actor, { publicId: onMovie }, h.db)).toEqual({ ok: true });
    expect(published).toEqual([
      expect.objectContaining({
        name: 'post.deleted',
        event: expect.objectContaining({ pages: [{ type: 'movie', publicId: MOVIE }] }),
      }),
    ]);
    expect((await listPosts({ review: REVIEW }, {}, h.db)).items.map((p) => p.public_id)).toEqual([onReview]);
    expect((await listPosts({ release: RELEASE }, {}, h.db)).items.map((p) => p.public_id)).toEqual([onRelease]);
  });

  it('tells which comments of a page the viewer liked, in one query, and nothing for visitors', async () => {
    const p = await post(a, { movie: MOVIE });
    const first = await comment(a, { type: 'post', publicId: p });
    const second = await comment(a, { type: 'post', publicId: p });
    await setToggle(b.actor, { kind: 'like', item: 'comment', publicId: second, on: true }, h.db);
    expect(await likedPublicIds(b.actor.userId, 'comment', [first, second], h.db)).toEqual(new Set([second]));
    expect(await likedPublicIds(a.actor.userId, 'comment', [first, second], h.db)).toEqual(new Set());
    expect(await likedPublicIds(null, 'comment', [first, second], h.db)).toEqual(new Set());
    expect(await likedPublicIds(b.actor.userId, 'comment', [], h.db)).toEqual(new Set());
    await setToggle(b.actor, { kind: 'like', item: 'post', publicId: p, on: true }, h.db);
    expect(await likedPublicIds(b.actor.userId, 'post', [p], h.db)).toEqual(new Set([p]));
  });

  it('names what a new post is about; an unknown item is null', async () => {
    expect(await postLinkTarget({ type: 'movie', publicId: MOVIE }, h.db)).toEqual({
      type: 'movie',
      publicId: MOVIE,
      name: 'Alien',
    });
    expect(await postLinkTarget({ type: 'review', publicId: REVIEW }, h.db)).toMatchObject({ name: 'Perfect' });
    expect(await postLinkTarget({ type: 'release', publicId: 'ctNoSuch001' }, h.db)).toBeNull();
  });

  it('a reply through the API keeps the comment it answers', async () => {
    const p = await post(a, { movie: MOVIE });
    const first = await comment(a, { type: 'post', publicId: p });
    await forgetWriteLimits(h.db);
    const res = await postComment(
      apiRequest('POST', `/api/posts/${p}/comments`, { body: { body: 'Thanks!', reply_to: first }, cookie: b.cookie }),
      publicIdContext(p),
    );
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { public_id: string; reply_to: unknown };
    expect(reply.reply_to).toEqual({ public_id: first, author: { public_id: a.actor.publicId, name: a.actor.name } });
    expect((await getComment(reply.public_id, h.db))?.reply_to?.public_id).toBe(first);
  });

  it('deleting an account revalidates the pages that showed its reviews and the discussions it took part in', async () => {
    const leaver = await registerMember(h.db, { label: 'Leaver', n: 1 });
    const other = 'ctMovie0002';
    await insertCatalogue(h.db, { movies: [{ publicId: other, name: 'Aliens', titleKey: 'aliens', year: 1986 }] });
    await insertReview(h.db, { publicId: 'ctReview002', author: leaver, movie: other, headline: 'Loud', body: 'Fun' });
    const liked = 'ctMovie0003';
    const started = 'ctMovie0004';
    await insertCatalogue(h.db, {
      movies: [
        { publicId: liked, name: 'Alien 3', titleKey: 'alien 3', year: 1992 },
        { publicId: started, name: 'Prometheus', titleKey: 'prometheus', year: 2012 },
      ],
    });
    const onRelease = await post(a, { release: RELEASE });
    await comment(leaver, { type: 'post', publicId: onRelease });
    // A discussion the member only liked, and one they started.
    const onLiked = await post(a, { movie: liked });
    await setToggle(leaver.actor, { kind: 'like', item: 'post', publicId: onLiked, on: true }, h.db);
    await forgetWriteLimits(h.db);
    await post(leaver, { movie: started });
    published.length = 0;
    expect(await deleteAccount(leaver.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    const event = published.find((e) => e.name === 'account.deleting')?.event as { pages: unknown[] } | undefined;
    expect(event?.pages).toEqual(
      expect.arrayContaining([
        { type: 'movie', publicId: other },
        { type: 'release', publicId: RELEASE },
        { type: 'movie', publicId: liked },
        { type: 'movie', publicId: started },
      ]),
    );
    expect(event?.pages).toHaveLength(4);
  });

  it('a collection saved, trashed or restored, or its owner deleted, revalidates the pages of its entries', async () => {
    const keeper = await registerMember(h.db, { label: 'Keeper', n: 1 });
    const made = await createCollection(keeper.actor, { name: 'Trade pile', category: 'releases', style: 7 }, h.db);
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const id = made.collection.public_id;
    await addEntry(keeper.actor, { collection: id, item: { type: 'release', publicId: RELEASE } }, h.db);
    const pagesOf = (name: string) =>
      published.filter((e) => e.name === name).map((e) => (e.event as { pages: unknown[] }).pages);
    const releasePage = [{ type: 'release', publicId: RELEASE }];

    // Made private: the release's "In collections" tab and offers must drop it at once.
    published.length = 0;
    const saved = await updateCollection(
      keeper.actor,
      { publicId: id, name: 'Trade pile', style: 7, visibility: 'private' },
      h.db,
    );
    expect(saved.ok).toBe(true);
    expect(pagesOf('collection.changed')).toEqual([releasePage]);
    published.length = 0;
    await setCollectionDeleted(keeper.actor, { publicId: id, deleted: true }, h.db);
    await setCollectionDeleted(keeper.actor, { publicId: id, deleted: false }, h.db);
    expect(pagesOf('collection.changed')).toEqual([releasePage, releasePage]);

    // Public again, then the owner leaves: the pages naming the collection are revalidated too.
    await updateCollection(keeper.actor, { publicId: id, name: 'Trade pile', style: 7, visibility: 'public' }, h.db);
    published.length = 0;
    expect(await deleteAccount(keeper.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    expect(pagesOf('account.deleting')).toEqual([releasePage]);
  });
});
