/**
 * The member toggles (HAVE, WANTED, seen, want to see, like) on PGlite and PostgreSQL: shortcut
 * collections created on first use and kept in step with the toggles, counters exact (also under
 * concurrent toggles on PostgreSQL's connection pool), the route handlers' 401 / 400 / 403 / 404,
 * and account deletion taking a user's toggles out of the counters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { movies, releases } from '@/db/schema';
import { GET as releaseTogglesGet, POST as releaseTogglesPost } from '@/app/api/releases/[publicId]/toggles/route';
import { POST as titleTogglesPost } from '@/app/api/titles/[publicId]/toggles/route';
import { setToggle, toggleState } from '@/lib/data/toggles';
import { deleteAccount } from '@/lib/data/users';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const RELEASE = 'tglRelease1';
const MOVIE = 'tglMovie001';

describe.each(testEngines())('toggles on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  /** A fresh user, its actor and session cookie. */
  const member = () => registerMember(h.db, { label: 'Toggler', n: ++n });
  const ctx = (publicId: string) => ({ params: Promise.resolve({ publicId }) });
  /** A JSON POST to `path` with `cookie` (none: a visitor) from `origin` (null: no Origin header). */
  const post = (
    path: string,
    body: unknown,
    { cookie, origin = ORIGIN }: { cookie?: string; origin?: string | null } = {},
  ) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await h.db
      .insert(movies)
      .values({ publicId: MOVIE, name: 'Kuolleet ja haudatut', titleKey: 'kuolleet ja haudatut', year: 1981 });
    await h.db
      .insert(releases)
      .values({ publicId: RELEASE, name: 'Dead & Buried (4K UHD)', format: 5, nameKey: 'dead buried 4k uhd' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('HAVE fills the shortcut "owns" collection, created on first use; on twice counts once; off empties it', async () => {
    const { actor } = await member();
    const [none] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM collections WHERE user_id = ${actor.userId} AND style = 3`,
    );
    expect(none.n).toBe(0);
    expect(await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db)).toEqual({
      on: true,
      count: 1,
    });
    expect(await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db)).toEqual({
      on: true,
      count: 1,
    });
    const lists = await queryRows<{
      style: number;
      category: string;
      entries_count: number;
      shortcut_default: boolean;
    }>(
      h.db,
      sql`SELECT style, category, entries_count, shortcut_default FROM collections WHERE user_id = ${actor.userId} AND style = 3`,
    );
    expect(lists).toEqual([{ style: 3, category: 'releases', entries_count: 1, shortcut_default: true }]);
    expect((await toggleState(actor, { item: 'release', publicId: RELEASE }, h.db))?.mine).toEqual({
      have: true,
      wanted: false,
      like: false,
    });

    expect(await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: false }, h.db)).toEqual({
      on: false,
      count: 0,
    });
    expect(await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: false }, h.db)).toEqual({
      on: false,
      count: 0,
    });
    const [entries] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM collection_entries e JOIN collections c ON c.id = e.collection_id WHERE c.user_id = ${actor.userId}`,
    );
    expect(entries.n).toBe(0);
  });

  it('seen, want to see and like on a movie; WANTED and like on a release; each toggle its own counter', async () => {
    const a = await member();
    const b = await member();
    await setToggle(a.actor, { kind: 'seen', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setToggle(b.actor, { kind: 'seen', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setToggle(a.actor, { kind: 'want_see', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setToggle(b.actor, { kind: 'like', item: 'movie', publicId: MOVIE, on: true }, h.db);
    await setToggle(a.actor, { kind: 'wanted', item: 'release', publicId: RELEASE, on: true }, h.db);
    await setToggle(a.actor, { kind: 'like', item: 'release', publicId: RELEASE, on: true }, h.db);
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts).toEqual({
      seen: 2,
      want_see: 1,
      like: 1,
    });
    expect((await toggleState(a.actor, { item: 'movie', publicId: MOVIE }, h.db))?.mine).toEqual({
      seen: true,
      want_see: true,
      like: false,
    });
    expect((await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts).toEqual({
      have: 0,
      wanted: 1,
      like: 1,
    });
    await expect(
      setToggle(a.actor, { kind: 'have', item: 'movie', publicId: MOVIE, on: true }, h.db),
    ).rejects.toMatchObject({ code: 'bad_param', status: 400 });
    await expect(
      setToggle(a.actor, { kind: 'have', item: 'release', publicId: 'noSuchRel', on: true }, h.db),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('counters stay exact under concurrent toggles (many users at once, and one user racing itself)', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => member()));
    const before = (await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts.have ?? 0;
    await Promise.all(
      users.map((u) => setToggle(u.actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db)),
    );
    await Promise.all(
      users.flatMap((u) => [
        setToggle(u.actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db),
        setToggle(u.actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db),
      ]),
    );
    expect((await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts.have).toBe(before + 12);
    await Promise.all(
      users
        .slice(0, 5)
        .flatMap((u) => [
          setToggle(u.actor, { kind: 'have', item: 'release', publicId: RELEASE, on: false }, h.db),
          setToggle(u.actor, { kind: 'have', item: 'release', publicId: RELEASE, on: false }, h.db),
        ]),
    );
    const [real] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          JOIN releases r ON r.id = e.release_id WHERE c.style = 3 AND r.public_id = ${RELEASE}`,
    );
    expect((await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts.have).toBe(real.n);
    expect(real.n).toBe(before + 7);
    const [shortcuts] = await queryRows<{ n: number }>(
      h.db,
      sql`SELECT count(*)::int AS n FROM collections WHERE style = 3 AND shortcut_default GROUP BY user_id ORDER BY 1 DESC LIMIT 1`,
    );
    expect(shortcuts.n).toBe(1);
  });

  it('deleting an account takes its toggles and likes out of the counters', async () => {
    const { actor } = await member();
    const before = await toggleState(null, { item: 'release', publicId: RELEASE }, h.db);
    const movieBefore = await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db);
    await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: true }, h.db);
    await setToggle(actor, { kind: 'like', item: 'release', publicId: RELEASE, on: true }, h.db);
    await setToggle(actor, { kind: 'seen', item: 'movie', publicId: MOVIE, on: true }, h.db);
    expect((await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts.have).toBe(
      (before?.counts.have ?? 0) + 1,
    );
    expect(await deleteAccount(actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    expect((await toggleState(null, { item: 'release', publicId: RELEASE }, h.db))?.counts).toEqual(before?.counts);
    expect((await toggleState(null, { item: 'movie', publicId: MOVIE }, h.db))?.counts).toEqual(movieBefore?.counts);
  });

  it('limits: 60 toggles and 30 likes a minute per member, then 429 action_limited with Retry-After, nothing changed', async () => {
    const { actor, cookie } = await member();
    for (let i = 0; i < 60; i++)
      await setToggle(actor, { kind: 'have', item: 'release', publicId: RELEASE, on: i % 2 === 0 }, h.db);
    const refused = await releaseTogglesPost(
      post(`/api/releases/${RELEASE}/toggles`, { kind: 'have', on: true }, { cookie }),
      ctx(RELEASE),
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'action_limited' });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await toggleState(actor, { item: 'release', publicId: RELEASE }, h.db))?.mine?.have).toBe(false);
    // Likes count on their own: 30 pass, the 31st is refused and leaves the like as it was.
    for (let i = 0; i < 30; i++)
      await setToggle(actor, { kind: 'like', item: 'movie', publicId: MOVIE, on: i % 2 === 0 }, h.db);
    await expect(
      setToggle(actor, { kind: 'like', item: 'movie', publicId: MOVIE, on: true }, h.db),
    ).rejects.toMatchObject({ code: 'action_limited' });
    expect((await toggleState(actor, { item: 'movie', publicId: MOVIE }, h.db))?.mine?.like).toBe(false);
  });

  it('route handlers: visitors get 401 with the login prompt, bad input 400, other origins 403, unknown ids 404', async () => {
    const { cookie } = await member();
    const visitor = await releaseTogglesPost(
      post(`/api/releases/${RELEASE}/toggles`, { kind: 'have', on: true }),
      ctx(RELEASE),
    );
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: 'You must be logged in to use this feature', code: 'unauthorized' });
    const ok = await releaseTogglesPost(
      post(`/api/releases/${RELEASE}/toggles`, { kind: 'wanted', on: true }, { cookie }),
      ctx(RELEASE),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ kind: 'wanted', on: true });
    const state = await releaseTogglesGet(
      new Request(`${ORIGIN}/api/releases/${RELEASE}/toggles`, { headers: { cookie } }),
      ctx(RELEASE),
    );
    expect(((await state.json()) as { mine: Record<string, boolean> }).mine.wanted).toBe(true);
    const anon = await releaseTogglesGet(new Request(`${ORIGIN}/api/releases/${RELEASE}/toggles`), ctx(RELEASE));
    expect(((await anon.json()) as { mine: unknown }).mine).toBeNull();
    expect(
      (await titleTogglesPost(post(`/api/titles/${MOVIE}/toggles`, { kind: 'have', on: true }, { cookie }), ctx(MOVIE)))
        .status,
    ).toBe(400);
    expect(
      (
        await titleTogglesPost(
          post(`/api/titles/${MOVIE}/toggles`, { kind: 'seen', on: 'yes' }, { cookie }),
          ctx(MOVIE),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await titleTogglesPost(
          post(`/api/titles/${MOVIE}/toggles`, { kind: 'seen', on: true }, { cookie, origin: 'https://evil.example' }),
          ctx(MOVIE),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await titleTogglesPost(
          post('/api/titles/noSuchMovie/toggles', { kind: 'seen', on: true }, { cookie }),
          ctx('noSuchMovie'),
        )
      ).status,
    ).toBe(404);
  });
});
