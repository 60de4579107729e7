/**
 * Reviews on PGlite and PostgreSQL: create, update and delete (author only; an admin deletes
 * with a reason and the event says so), validation with field keys, the release-rating rule,
 * listing filters, text search and keyset pages, the writing limits, DTOs without e-mail
 * addresses, the API routes, and the best-edition ranking checked against numbers worked out by
 * hand from the Bayesian average in docs/community.md.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as reviewsGet, POST as reviewsPost } from '@/app/api/reviews/route';
import { DELETE as reviewDelete, GET as reviewGet, PATCH as reviewPatch } from '@/app/api/reviews/[publicId]/route';
import { bestEditions, hasEditionRatings } from '@/lib/data/best-editions';
import { getTitle, listTitles } from '@/lib/data/movies';
import { getRelease, listReleases } from '@/lib/data/releases';
import { resetLimit } from '@/lib/data/rate-limits';
import { searchAll } from '@/lib/data/search';
import {
  createReview,
  deleteReview,
  getReview,
  listReviews,
  reviewFormChoices,
  updateReview,
} from '@/lib/data/reviews';
import { wasEdited } from '@/lib/format';
import type { ReviewInput } from '@/lib/validation/reviews';
import { apiRequest, backdate, insertCatalogue, openCommunityDb, publicIdContext } from '../support/community';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import type { PublishedEvent } from '../support/published-events';

const published = vi.hoisted(() => [] as PublishedEvent[]);
vi.mock('@/lib/data/events', async (importOriginal) =>
  (await import('../support/published-events')).recordingPublish(await importOriginal(), published),
);

assertPostgresConfiguredInCi();

/** Movies and releases (`[release, [movies]]`) with names made from their public ids. */
function catalogue(movieIds: string[], rel: [string, string[]][]): Parameters<typeof insertCatalogue>[1] {
  return {
    movies: movieIds.map((p) => ({
      publicId: p,
      name: `Movie ${p}`,
      titleKey: `movie ${p}`.toLowerCase(),
      year: 2000,
    })),
    releases: rel.map(([r, ms]) => ({
      publicId: r,
      name: `Release ${r}`,
      format: 1,
      nameKey: r.toLowerCase(),
      movies: ms,
    })),
  };
}

describe.each(testEngines())('reviews on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let author: Member;
  let other: Member;
  let admin: Member;
  const member = () => registerMember(h.db, { label: 'Reviewer', n: ++n });

  /** Creates a review, first clearing the author's 15-second limit (the limit has its own test). */
  async function write(who: Member, input: ReviewInput) {
    await resetLimit('reviewBurst', String(who.actor.userId), h.db);
    const r = await createReview(who.actor, input, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.review;
  }
  const base = (extra: Partial<ReviewInput> = {}): ReviewInput => ({
    movie: 'rvMovieA',
    headline: 'A fine film',
    body: 'Plain text body.',
    language: 'en',
    ...extra,
  });
  const json = (method: string, path: string, cookie: string | null, body?: unknown) =>
    apiRequest(method, path, { cookie, body });
  const ctx = publicIdContext;

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(
      engine,
      catalogue(
        ['rvMovieA', 'rvMovieB'],
        [
          ['rvRelA1', ['rvMovieA']],
          ['rvRelA2', ['rvMovieA', 'rvMovieB']],
          ['rvRelB1', ['rvMovieB']],
        ],
      ),
    ));
    author = await member();
    other = await member();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a review with its release, ratings and video; the DTO names the author without an e-mail address', async () => {
    published.length = 0;
    const r = await write(author, {
      ...base({ headline: 'Sisu in 4K', ingress: 'Short lead', body: 'Line one\n\nLine two' }),
      release: 'rvRelA1',
      watch_source: 'cinema',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      rating_movie: 'excellent',
      rating_picture: 'good',
      rating_package: 'worst',
    });
    expect(r).toMatchObject({
      headline: 'Sisu in 4K',
      ingress: 'Short lead',
      body: 'Line one\n\nLine two',
      language: 'en',
      watch_source: 1,
      youtube_id: 'dQw4w9WgXcQ',
      ratings: { movie: 5, release: null, picture: 4, sound: null, extras: null, package: 1 },
      movie: { public_id: 'rvMovieA', name: 'Movie rvMovieA', year: 2000 },
      release: { public_id: 'rvRelA1', name: 'Release rvRelA1', format: 1 },
      author: { public_id: author.actor.publicId, name: author.actor.name },
      likes_count: 0,
      comments_count: 0,
    });
    expect(Object.keys(r.author).sort()).toEqual(['name', 'public_id']);
    expect(Object.keys(r.release!).sort()).toEqual(['format', 'name', 'public_id']);
    expect(JSON.stringify(r)).not.toContain('@example.fi');
    expect(JSON.stringify(await listReviews({}, {}, h.db))).not.toContain('@example.fi');
    const [row] = await queryRows<{ search_text: string }>(
      h.db,
      sql`SELECT search_text FROM reviews WHERE public_id = ${r.public_id}`,
    );
    expect(row!.search_text).toBe('sisu in 4k short lead line one line two');
    expect(published.map((p) => p.name)).toEqual(['review.created']);
    expect(published[0]!.event).toMatchObject({
      authorId: author.actor.userId,
      releaseId: expect.any(Number),
      pages: [
        { type: 'movie', publicId: 'rvMovieA' },
        { type: 'release', publicId: 'rvRelA1' },
      ],
    });
  });

  it("the form offers the movie's releases with format, label and year to tell editions apart", async () => {
    await h.db.execute(
      sql`INSERT INTO labels (public_id, name, name_key) VALUES ('rvLabel01', 'Arrow Video', 'arrow video')`,
    );
    await h.db.execute(
      sql`UPDATE releases SET label_id = (SELECT id FROM labels WHERE public_id = 'rvLabel01'), street_date = '2021-06-21',
            release_year = 2020 WHERE public_id = 'rvRelA1'`,
    );
    await h.db.execute(sql`UPDATE releases SET format = 7, release_year = 1999 WHERE public_id = 'rvRelA2'`);
    const choices = await reviewFormChoices('rvMovieA', h.db);
    expect(choices?.movie).toMatchObject({ public_id: 'rvMovieA', name: 'Movie rvMovieA' });
    expect(choices?.releases).toEqual([
      { public_id: 'rvRelA1', name: 'Release rvRelA1', format: 1, label: 'Arrow Video', year: 2021 },
      { public_id: 'rvRelA2', name: 'Release rvRelA2', format: 7, label: null, year: 1999 },
    ]);
    expect(await reviewFormChoices('noSuchMov', h.db)).toBeNull();
  });

  it('field errors: required fields, a bad YouTube address, release ratings without a release, a release of another movie', async () => {
    const who = await member();
    expect(
      await createReview(
        who.actor,
        { movie: 'rvMovieA', headline: ' ', body: '', language: 'xx' } as unknown as ReviewInput,
        h.db,
      ),
    ).toEqual({
      ok: false,
      errors: { headline: 'required', body: 'required', language: 'required' },
    });
    expect(
      await createReview(who.actor, base({ youtube_url: 'https://example.com/v', rating_sound: 'good' }), h.db),
    ).toEqual({
      ok: false,
      errors: { youtube_url: 'youtubeInvalid', rating_sound: 'ratingNeedsRelease' },
    });
    expect(await createReview(who.actor, base({ release: 'rvRelB1', rating_sound: 'good' }), h.db)).toEqual({
      ok: false,
      errors: { release: 'releaseNotOfMovie' },
    });
    expect(await createReview(who.actor, base({ release: 'noSuchRel' }), h.db)).toEqual({
      ok: false,
      errors: { release: 'releaseNotOfMovie' },
    });
    await expect(createReview(who.actor, base({ movie: 'noSuchMovie' }), h.db)).rejects.toMatchObject({
      code: 'not_found',
    });
    // A release holding both movies is accepted for either.
    const r = await write(who, base({ movie: 'rvMovieB', release: 'rvRelA2', rating_extras: 'mediocre' }));
    expect(r.ratings.extras).toBe(3);
  });

  it('only the author updates; release ratings still need a release; updated_at moves on an edit only', async () => {
    const r = await write(author, base({ release: 'rvRelA1', rating_picture: 'good' }));
    // Written an hour ago: an edit's updated_at (its transaction's time) is then strictly later.
    const written = await backdate(h.db, 'reviews', r.public_id);
    const times = async () => {
      const x = await getReview(r.public_id, h.db);
      return { created_at: x!.created_at, updated_at: x!.updated_at };
    };
    await expect(updateReview(other.actor, { publicId: r.public_id, ...base() }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(updateReview(admin.actor, { publicId: r.public_id, ...base() }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(updateReview(author.actor, { publicId: 'nope12345', ...base() }, h.db)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await times()).toEqual(written);
    // The form sends every field: taking the release away with a picture rating left is refused.
    expect(
      await updateReview(
        author.actor,
        { publicId: r.public_id, ...base({ release: '', rating_picture: 'good' }) },
        h.db,
      ),
    ).toEqual({
      ok: false,
      errors: { rating_picture: 'ratingNeedsRelease' },
    });
    // A partial change (an API client's PATCH) keeps what it leaves out, and the rules hold for the
    // merged review: the stored picture rating still needs the stored release.
    expect(await times()).toEqual(written);
    const only = await updateReview(author.actor, { publicId: r.public_id, headline: 'Only the headline' }, h.db);
    if (!only.ok) throw new Error('partial update failed');
    expect(only.review).toMatchObject({
      headline: 'Only the headline',
      body: 'Plain text body.',
      language: 'en',
      release: { public_id: 'rvRelA1' },
      ratings: { picture: 4 },
    });
    // Refused changes leave the review as it was: updated_at too. The partial change moved it.
    expect(Date.parse(only.review.updated_at)).toBeGreaterThan(Date.parse(written.updated_at));
    expect(only.review.created_at).toBe(written.created_at);
    expect(wasEdited(only.review.created_at, only.review.updated_at)).toBe(true);
    const partly = await backdate(h.db, 'reviews', r.public_id);
    expect(await updateReview(author.actor, { publicId: r.public_id, release: null }, h.db)).toEqual({
      ok: false,
      errors: { rating_picture: 'ratingNeedsRelease' },
    });
    expect(await times()).toEqual(partly);
    published.length = 0;
    const u = await updateReview(
      author.actor,
      {
        publicId: r.public_id,
        ...base({ headline: 'Changed mind', language: 'fi', rating_movie: 'bad', release: '', rating_picture: '' }),
      },
      h.db,
    );
    if (!u.ok) throw new Error('update failed');
    expect(u.review).toMatchObject({
      headline: 'Changed mind',
      language: 'fi',
      release: null,
      ratings: { movie: 2, picture: null },
    });
    expect(Date.parse(u.review.updated_at)).toBeGreaterThan(Date.parse(partly.updated_at));
    expect(u.review.created_at).toBe(partly.created_at);
    expect(await times()).toEqual({ created_at: partly.created_at, updated_at: u.review.updated_at });
    expect(published.map((p) => p.name)).toEqual(['review.updated']);
    // The release was taken away: its page is revalidated too.
    expect(published[0]!.event).toMatchObject({
      releaseId: null,
      pages: [
        { type: 'movie', publicId: 'rvMovieA' },
        { type: 'release', publicId: 'rvRelA1' },
      ],
    });
  });

  it('the author deletes their own; others may not; an admin deletes with a reason and the event says so', async () => {
    // Deleted reviews leave the movie's and the release's cached pages: the event names both.
    const pages = [
      { type: 'movie', publicId: 'rvMovieA' },
      { type: 'release', publicId: 'rvRelA2' },
    ];
    const mine = await write(author, base({ release: 'rvRelA2' }));
    await expect(deleteReview(other.actor, { publicId: mine.public_id }, h.db)).rejects.toMatchObject({
      code: 'forbidden',
    });
    published.length = 0;
    expect(await deleteReview(author.actor, { publicId: mine.public_id }, h.db)).toEqual({ ok: true });
    expect(await getReview(mine.public_id, h.db)).toBeNull();
    expect(published).toEqual([
      {
        name: 'review.deleted',
        event: expect.objectContaining({ authorId: author.actor.userId, byAdmin: false, reason: null, pages }),
      },
    ]);

    const theirs = await write(author, base({ release: 'rvRelA2' }));
    expect(await deleteReview(admin.actor, { publicId: theirs.public_id }, h.db)).toEqual({
      ok: false,
      errors: { reason: 'required' },
    });
    expect(await getReview(theirs.public_id, h.db)).not.toBeNull();
    published.length = 0;
    expect(await deleteReview(admin.actor, { publicId: theirs.public_id, reason: 'Spam link' }, h.db)).toEqual({
      ok: true,
    });
    expect(await getReview(theirs.public_id, h.db)).toBeNull();
    expect(published).toEqual([
      {
        name: 'review.deleted',
        event: expect.objectContaining({ authorId: author.actor.userId, byAdmin: true, reason: 'Spam link', pages }),
      },
    ]);
  });

  it('lists newest first with la, fi=video, fi=release, q, movie, release and user filters and keyset pages', async () => {
    const w = await member();
    const mk = (extra: Partial<ReviewInput>) => write(w, base({ headline: 'Plain', ...extra }));
    const a = await mk({ headline: 'Finnish words', language: 'fi', body: 'Hyvä kuvanlaatu' });
    const b = await mk({ youtube_url: 'https://youtu.be/dQw4w9WgXcQ', body: 'Video review of the Criterion disc' });
    const c = await mk({ release: 'rvRelA2', movie: 'rvMovieB', body: 'Sound mix is superb' });
    const d = await mk({ language: 'other', body: 'Criterion Collection spine' });
    const ids = (p: { items: { public_id: string }[] }) => p.items.map((i) => i.public_id);
    const mineOnly = { user: w.actor.publicId };
    expect(ids(await listReviews(mineOnly, {}, h.db))).toEqual([d.public_id, c.public_id, b.public_id, a.public_id]);
    expect(ids(await listReviews({ ...mineOnly, la: 'fi' }, {}, h.db))).toEqual([a.public_id]);
    expect(ids(await listReviews({ ...mineOnly, fi: 'video' }, {}, h.db))).toEqual([b.public_id]);
    expect(ids(await listReviews({ ...mineOnly, fi: 'release' }, {}, h.db))).toEqual([c.public_id]);
    expect(ids(await listReviews({ ...mineOnly, movie: 'rvMovieB' }, {}, h.db))).toEqual([c.public_id]);
    expect(ids(await listReviews({ release: 'rvRelA2', user: w.actor.publicId }, {}, h.db))).toEqual([c.public_id]);
    expect(ids(await listReviews({ q: 'criterion' }, {}, h.db))).toEqual([d.public_id, b.public_id]);
    expect(ids(await listReviews({ q: 'CRITERION spine' }, {}, h.db))).toEqual([d.public_id]);
    expect(ids(await listReviews({ q: 'hyva' }, {}, h.db))).toEqual([a.public_id]);
    expect(ids(await listReviews({ user: 'noSuchUser' }, {}, h.db))).toEqual([]);
    const p1 = await listReviews(mineOnly, { limit: 3 }, h.db);
    expect(ids(p1)).toEqual([d.public_id, c.public_id, b.public_id]);
    expect(p1.items[0]).not.toHaveProperty('body');
    const p2 = await listReviews(mineOnly, { limit: 3, cursor: p1.next_cursor }, h.db);
    expect(ids(p2)).toEqual([a.public_id]);
    expect(p2.next_cursor).toBeNull();
    await expect(listReviews(mineOnly, { cursor: 'garbage' }, h.db)).rejects.toMatchObject({ code: 'bad_cursor' });
  });

  it('the global search lists reviews holding every word, not for short words only', async () => {
    const w = await member();
    const r = await write(w, base({ headline: 'Zanzibar steelbook', body: 'Grainy transfer' }));
    const found = await searchAll('zanzibar grainy', h.db);
    expect(found.reviews.map((i) => i.public_id)).toEqual([r.public_id]);
    expect(found.reviews[0]).toMatchObject({ headline: 'Zanzibar steelbook', author: { name: w.actor.name } });
    expect((await searchAll('zanzibar crisp', h.db)).reviews).toEqual([]);
    expect((await searchAll('za', h.db)).reviews).toEqual([]);
  });

  it('a query of 1- and 2-letter words only matches the start of the text, as discussions do (no scan of every review)', async () => {
    const w = await member();
    const start = await write(w, base({ headline: 'Zq edition review', body: 'Fine' }));
    await resetLimit('reviewBurst', String(w.actor.userId), h.db);
    const middle = await write(w, base({ headline: 'The zq edition', body: 'Fine' }));
    const ids = async (q: string) => (await listReviews({ q }, {}, h.db)).items.map((r) => r.public_id);
    expect(await ids('zq')).toEqual([start.public_id]);
    // With a longer word every word may stand anywhere.
    expect((await ids('zq edition')).sort()).toEqual([start.public_id, middle.public_id].sort());
  });

  it('writing limits: one review per 15 seconds; 10 a day for an account younger than a day, 100 for older ones', async () => {
    const w = await member();
    await write(w, base());
    await expect(createReview(w.actor, base(), h.db)).rejects.toMatchObject({ code: 'writing_limited', status: 429 });
    for (let i = 0; i < 9; i++) await write(w, base());
    await resetLimit('reviewBurst', String(w.actor.userId), h.db);
    await expect(createReview(w.actor, base(), h.db)).rejects.toMatchObject({ code: 'writing_limited' });
    await queryRows(h.db, sql`UPDATE users SET created_at = now() - interval '2 days' WHERE id = ${w.actor.userId}`);
    const r = await write(w, base());
    expect(r.headline).toBe('A fine film');
  });

  it('the API: list, create, get, patch and delete with their statuses', async () => {
    const w = await member();
    await resetLimit('reviewBurst', String(w.actor.userId), h.db);
    const unauth = await reviewsPost(json('POST', '/api/reviews', null, base()), { params: Promise.resolve({}) });
    expect(unauth.status).toBe(401);
    const bad = await reviewsPost(json('POST', '/api/reviews', w.cookie, base({ rating_picture: 'good' })), {
      params: Promise.resolve({}),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid', fields: { rating_picture: 'ratingNeedsRelease' } });
    const created = await reviewsPost(json('POST', '/api/reviews', w.cookie, base({ headline: 'Via API' })), {
      params: Promise.resolve({}),
    });
    expect(created.status).toBe(200);
    const dto = (await created.json()) as { public_id: string; headline: string; body: string };
    expect(dto.headline).toBe('Via API');
    const again = await reviewsPost(json('POST', '/api/reviews', w.cookie, base()), { params: Promise.resolve({}) });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const got = await reviewGet(json('GET', `/api/reviews/${dto.public_id}`, null), ctx(dto.public_id));
    expect(got.status).toBe(200);
    expect(((await got.json()) as { body: string }).body).toBe('Plain text body.');
    expect((await reviewGet(json('GET', '/api/reviews/unknown99', null), ctx('unknown99'))).status).toBe(404);

    const list = await reviewsGet(json('GET', `/api/reviews?user=${w.actor.publicId}&la=en`, null), {
      params: Promise.resolve({}),
    });
    expect(((await list.json()) as { items: { public_id: string }[] }).items.map((i) => i.public_id)).toEqual([
      dto.public_id,
    ]);
    expect((await reviewsGet(json('GET', '/api/reviews?fi=cut', null), { params: Promise.resolve({}) })).status).toBe(
      400,
    );

    const patchOther = await reviewPatch(
      json('PATCH', `/api/reviews/${dto.public_id}`, other.cookie, base()),
      ctx(dto.public_id),
    );
    expect(patchOther.status).toBe(403);
    const patched = await reviewPatch(
      json('PATCH', `/api/reviews/${dto.public_id}`, w.cookie, base({ headline: 'Edited' })),
      ctx(dto.public_id),
    );
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { headline: string }).headline).toBe('Edited');
    // PATCH with one field changes that field only.
    const partial = await reviewPatch(
      json('PATCH', `/api/reviews/${dto.public_id}`, w.cookie, { ingress: 'A short lead.' }),
      ctx(dto.public_id),
    );
    expect(partial.status).toBe(200);
    expect(await partial.json()).toMatchObject({ headline: 'Edited', ingress: 'A short lead.', body: dto.body });
    const badPartial = await reviewPatch(
      json('PATCH', `/api/reviews/${dto.public_id}`, w.cookie, { headline: '' }),
      ctx(dto.public_id),
    );
    expect(badPartial.status).toBe(400);
    expect(await badPartial.json()).toMatchObject({ fields: { headline: 'required' } });

    const adminNoReason = await reviewDelete(
      json('DELETE', `/api/reviews/${dto.public_id}`, admin.cookie, {}),
      ctx(dto.public_id),
    );
    expect(adminNoReason.status).toBe(400);
    expect(await adminNoReason.json()).toMatchObject({ fields: { reason: 'required' } });
    const del = await reviewDelete(json('DELETE', `/api/reviews/${dto.public_id}`, w.cookie, {}), ctx(dto.public_id));
    expect(del.status).toBe(200);
    expect((await reviewGet(json('GET', `/api/reviews/${dto.public_id}`, null), ctx(dto.public_id))).status).toBe(404);
  });
});

describe.each(testEngines())('best edition on %s', (engine) => {
  let h: DbHandle;
  let n = 0;

  beforeAll(async () => {
    h = await createTestDb(engine);
    await insertCatalogue(
      h.db,
      catalogue(
        ['beMovie', 'beOther'],
        [
          ['beAlpha', ['beMovie']],
          ['beBeta', ['beMovie']],
          ['beGamma', ['beMovie']],
          ['beDelta', ['beMovie']],
          ['beElse', ['beOther']],
        ],
      ),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  /** One review of beMovie with picture, sound, extras and package ratings (5..1). */
  async function rate(release: string, [picture, sound, extras, pkg]: number[]) {
    const who = await registerMember(h.db, { label: 'Rater', n: ++n });
    const r = await createReview(
      who.actor,
      {
        movie: 'beMovie',
        release,
        headline: 'Edition notes',
        body: 'Body',
        language: 'en',
        rating_movie: 1,
        rating_picture: picture,
        rating_sound: sound,
        rating_extras: extras,
        rating_package: pkg,
      },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
  }

  it('without any rating the prior is 3 and every release is listed unranked by name', async () => {
    expect(await hasEditionRatings('beMovie', h.db)).toBe(false);
    const b = await bestEditions('beMovie', h.db);
    expect(b?.prior).toEqual({ weight: 3, mean: { picture: 3, sound: 3, extras: 3, package: 3 } });
    expect(b?.releases.map((r) => [r.release.public_id, r.rank, r.overall])).toEqual([
      ['beAlpha', null, null],
      ['beBeta', null, null],
      ['beDelta', null, null],
      ['beGamma', null, null],
    ]);
    expect(await bestEditions('noSuchMovie', h.db)).toBeNull();
  });

  it('ranks by the Bayesian average (C = 3, m = the catalogue mean of each aspect)', async () => {
    // Alpha: three reviews (picture, sound, extras, package); Beta one perfect review; Delta one of the worst.
    await rate('beAlpha', [5, 5, 5, 5]);
    await rate('beAlpha', [5, 4, 3, 4]);
    await rate('beAlpha', [5, 5, 5, 5]);
    await rate('beBeta', [5, 5, 5, 5]);
    await rate('beDelta', [1, 1, 1, 1]);
    expect(await hasEditionRatings('beMovie', h.db)).toBe(true);
    expect(await hasEditionRatings('noSuchMovie', h.db)).toBe(false);
    const b = (await bestEditions('beMovie', h.db))!;
    // m: picture 21/5 = 4.2, sound 20/5 = 4, extras 19/5 = 3.8, package 20/5 = 4.
    expect(b.prior.mean.picture).toBeCloseTo(4.2, 10);
    expect(b.prior.mean.sound).toBeCloseTo(4, 10);
    expect(b.prior.mean.extras).toBeCloseTo(3.8, 10);
    expect(b.prior.mean.package).toBeCloseTo(4, 10);
    expect(b.releases.map((r) => [r.release.public_id, r.rank])).toEqual([
      ['beAlpha', 1],
      ['beBeta', 2],
      ['beDelta', 3],
      ['beGamma', null],
    ]);
    const [alpha, beta, delta, gamma] = b.releases;
    // Alpha: picture (3·4.2 + 15)/6 = 4.6; sound (12 + 14)/6 = 4.3333; extras (11.4 + 13)/6 = 4.0667; package 4.3333.
    expect(alpha!.aspects.picture).toEqual({ score: expect.closeTo(4.6, 10), count: 3, mean: 5 });
    expect(alpha!.aspects.sound.score).toBeCloseTo(26 / 6, 10);
    expect(alpha!.aspects.extras.score).toBeCloseTo(24.4 / 6, 10);
    expect(alpha!.aspects.package.score).toBeCloseTo(26 / 6, 10);
    expect(alpha!.overall).toBeCloseTo(13 / 3, 10);
    expect(alpha!.ratings_count).toBe(12);
    expect(alpha!.reviews_count).toBe(3);
    // Beta: one perfect review ranks below Alpha although its plain mean is higher:
    // picture (12.6 + 5)/4 = 4.4, sound 17/4 = 4.25, extras 16.4/4 = 4.1, package 4.25; overall 4.25.
    expect(beta!.aspects.picture).toEqual({ score: expect.closeTo(4.4, 10), count: 1, mean: 5 });
    expect(beta!.overall).toBeCloseTo(4.25, 10);
    // Delta: picture 13.6/4 = 3.4, sound 13/4, extras 12.4/4, package 13/4; overall 3.25.
    expect(delta!.overall).toBeCloseTo(3.25, 10);
    expect(beta!.reviews_count).toBe(1);
    expect(gamma).toMatchObject({ rank: null, overall: null, ratings_count: 0, reviews_count: 0 });
    expect(gamma!.aspects.picture).toEqual({ score: expect.closeTo(4.2, 10), count: 0, mean: null });
  });

  it('a release and a movie carry their member ratings: the reviews, and per aspect the count and mean', async () => {
    // Alpha's three reviews above: picture 5, 5, 5; sound 5, 4, 5; extras 5, 3, 5; package 5, 4, 5; none rates the release as a whole.
    const alpha = await getRelease('beAlpha', h.db);
    expect(alpha?.member_ratings).toEqual({
      reviews: 3,
      aspects: {
        release: { count: 0, mean: null },
        picture: { count: 3, mean: 5 },
        sound: { count: 3, mean: expect.closeTo(14 / 3, 10) },
        extras: { count: 3, mean: expect.closeTo(13 / 3, 10) },
        package: { count: 3, mean: expect.closeTo(14 / 3, 10) },
      },
    });
    const gamma = await getRelease('beGamma', h.db);
    expect(gamma?.member_ratings.reviews).toBe(0);
    expect(gamma?.member_ratings.aspects.picture).toEqual({ count: 0, mean: null });
    // The movie: all five reviews rate it 1 (worst); the other movie has none.
    expect((await getTitle('beMovie', h.db))?.member_ratings).toEqual({
      reviews: 5,
      aspects: { movie: { count: 5, mean: 1 } },
    });
    expect((await getTitle('beOther', h.db))?.member_ratings).toEqual({
      reviews: 0,
      aspects: { movie: { count: 0, mean: null } },
    });
  });

  it('the reviewed filter of the title and release lists: items with a review', async () => {
    const titles = await listTitles({ fi: ['reviewed'] }, {}, h.db);
    expect(titles.items.map((i) => i.public_id)).toEqual(['beMovie']);
    const rels = await listReleases({ fi: ['reviewed'], so: 'name' }, {}, h.db);
    expect(rels.items.map((i) => i.public_id).sort()).toEqual(['beAlpha', 'beBeta', 'beDelta']);
  });

  it('the catalogue totals behind the prior stay exact through every kind of write to reviews', async () => {
    const aspects = ['picture', 'sound', 'extras', 'package'] as const;
    const columns = aspects.flatMap((a) => [`${a}_n`, `${a}_sum`]).join(', ');
    const kept = async () =>
      (
        await queryRows<Record<string, number | string>>(h.db, sql.raw(`SELECT ${columns} FROM review_rating_totals`))
      ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));
    const counted = async () =>
      (
        await queryRows<Record<string, number | string>>(
          h.db,
          sql.raw(
            `SELECT ${aspects.map((a) => `count(rating_${a}) AS ${a}_n, coalesce(sum(rating_${a}), 0) AS ${a}_sum`).join(', ')}
             FROM reviews WHERE release_id IS NOT NULL`,
          ),
        )
      ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));
    const exact = async (step: string) => expect(await kept(), step).toEqual(await counted());

    // The five reviews of the tests above, written through the data layer.
    await exact('after createReview');
    expect((await kept())[0]).toMatchObject({ picture_n: 5, picture_sum: 21 });
    await h.db.execute(sql`UPDATE reviews SET rating_picture = 1, rating_sound = NULL WHERE release_id IS NOT NULL`);
    await exact('ratings changed');
    await h.db.execute(sql`UPDATE reviews SET likes_count = likes_count + 1, headline = headline || '!'`);
    await exact('a counter and a text changed');
    await h.db.execute(
      sql`INSERT INTO reviews (public_id, user_id, movie_id, release_id, headline, body, language, rating_picture, rating_extras)
          SELECT 'copy' || id, user_id, movie_id, release_id, headline, body, language, 4, 2 FROM reviews`,
    );
    await exact('several rows inserted at once');
    await h.db.execute(
      sql`UPDATE reviews SET release_id = NULL WHERE public_id LIKE 'copy%' AND rating_extras = 2 AND id % 2 = 0`,
    );
    await exact('releases unlinked');
    await h.db.execute(sql`DELETE FROM releases WHERE public_id = 'beDelta'`);
    await exact('a release deleted (its reviews unlinked by the foreign key)');
    await h.db.execute(
      sql`DELETE FROM users WHERE id = (SELECT user_id FROM reviews WHERE release_id IS NOT NULL LIMIT 1)`,
    );
    await exact('an account deleted (its reviews deleted by the foreign key)');
    await h.db.execute(sql`DELETE FROM reviews WHERE public_id LIKE 'copy%'`);
    await exact('several rows deleted at once');
    expect((await bestEditions('beMovie', h.db))!.prior.mean.picture).toBeCloseTo(1, 10);
    await h.db.execute(sql`TRUNCATE reviews CASCADE`);
    await exact('reviews truncated');
    expect((await bestEditions('beMovie', h.db))!.prior.mean).toEqual({ picture: 3, sound: 3, extras: 3, package: 3 });
  });
});
