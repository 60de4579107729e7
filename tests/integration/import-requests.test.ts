/**
 * A member's request that an admin import a movie from the external movie database (change
 * requests of kind `import`): the IMDb id and type are checked, a movie already in the catalogue or
 * already asked for is refused, nothing is asked from TMDb until an admin approves; approval reads
 * the title from the local TMDb stand-in and writes it, crediting the member with the revision and
 * the 2 points; TMDb failing leaves the request waiting. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import {
  amendChangeRequest,
  approveChangeRequest,
  getChangeRequest,
  submitChangeRequest,
} from '@/lib/data/change-requests';
import { getTitle } from '@/lib/data/movies';
import { openCommunityDb } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import { startTmdbServer, TMDB_TEST_KEY, type TmdbServer } from '../support/tmdb-server';
import { codeOf } from '../support/app-error';

assertPostgresConfiguredInCi();

describe.each(testEngines())('import requests on %s', (engine) => {
  let h: DbHandle;
  let admin: Member;
  let member: Member;
  let other: Member;
  let tmdb: TmdbServer;
  const pointsOf = async (m: Member) =>
    Number(
      (await queryRows<{ points: number }>(h.db, sql`SELECT points FROM users WHERE id = ${m.actor.userId}`))[0].points,
    );

  beforeAll(async () => {
    tmdb = await startTmdbServer();
    vi.stubEnv('TMDB_API_URL', tmdb.url);
    vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [
        {
          publicId: 'seedReload1',
          sourceId: 'wp:The_Matrix_Reloaded',
          name: 'The Matrix Reloaded',
          titleKey: 'matrix reloaded',
          year: 2003,
          imdbId: 'tt0234215',
        },
      ],
    }));
    member = await registerMember(h.db, { label: 'Asker', n: 1 });
    other = await registerMember(h.db, { label: 'Asker', n: 2 });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await tmdb?.close();
    await h?.close();
  });

  it('checks the id, refuses a movie the catalogue has or one asked for, and asks TMDb nothing until approval', async () => {
    const ask = (who: Member, values: Record<string, unknown>) =>
      submitChangeRequest(who.actor, { entity: 'movie', kind: 'import', values }, h.db);
    expect(await ask(member, { imdb_id: 'nm0000206', type: 1 })).toMatchObject({
      ok: false,
      errors: { imdb_id: 'invalid' },
    });
    expect(await ask(member, { imdb_id: 'tt0133093', type: 9 })).toMatchObject({
      ok: false,
      errors: { type: 'invalid' },
    });
    expect(await ask(member, { type: 1 })).toMatchObject({ ok: false, errors: { imdb_id: 'required' } });
    expect(await ask(member, { imdb_id: 'tt0234215', type: 1 })).toEqual({
      ok: false,
      errors: { imdb_id: 'importKnown' },
      params: { movie: 'The Matrix Reloaded' },
    });
    // Only a movie is imported.
    expect(
      await codeOf(() =>
        submitChangeRequest(
          member.actor,
          { entity: 'release', kind: 'import', values: { imdb_id: 'tt0133093', type: 1 } },
          h.db,
        ),
      ),
    ).toBe('invalid_value');
    const before = tmdb.requests.length;
    const r = await ask(member, { imdb_id: 'tt0133093', type: 1 });
    expect(r).toMatchObject({
      ok: true,
      request: {
        entity: 'movie',
        kind: 'import',
        status: 'pending',
        changes: { imdb_id: { after: 'tt0133093' }, type: { after: 1 } },
      },
    });
    expect(tmdb.requests.length).toBe(before);
    expect(await ask(other, { imdb_id: 'tt0133093', type: 1 })).toMatchObject({
      ok: false,
      errors: { imdb_id: 'importRequested' },
    });
  });

  it('an admin’s approval imports it and credits the member with the revision and 2 points; TMDb failing leaves it waiting', async () => {
    const failing = await submitChangeRequest(
      member.actor,
      { entity: 'movie', kind: 'import', values: { imdb_id: 'tt0000500', type: 1 } },
      h.db,
    );
    if (!failing.ok) throw new Error(JSON.stringify(failing.errors));
    expect(await codeOf(() => approveChangeRequest(admin.actor, failing.request.public_id, {}, h.db))).toBe(
      'external_unavailable',
    );
    expect((await getChangeRequest(admin.actor, failing.request.public_id, h.db))!.status).toBe('pending');
    // The member corrects the id: the amended request is the one run.
    const amended = await amendChangeRequest(
      member.actor,
      failing.request.public_id,
      { values: { imdb_id: 'tt0959621' } },
      h.db,
    );
    expect(amended).toMatchObject({ ok: true, request: { changes: { imdb_id: { after: 'tt0959621' } } } });

    const [pending] = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT public_id FROM change_requests WHERE kind = 'import' AND status = 'pending' AND changes -> 'imdb_id' ->> 'after' = 'tt0133093'`,
    );
    const before = await pointsOf(member);
    const adminBefore = await pointsOf(admin);
    const done = await approveChangeRequest(admin.actor, pending.public_id, {}, h.db);
    expect(done).toMatchObject({ status: 'approved', entity: 'movie', entity_name: 'The Matrix' });
    const movie = await getTitle(done.entity_public_id!, h.db);
    expect(movie).toMatchObject({ name: 'The Matrix', imdb_id: 'tt0133093' });
    expect(await pointsOf(member)).toBe(before + 2);
    expect(await pointsOf(admin)).toBe(adminBefore);
    const [rev] = await queryRows<{ user_id: number; approved_by_id: number; points: number; source_id: string }>(
      h.db,
      sql`SELECT r.user_id, r.approved_by_id, r.points, r.source_id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id
          WHERE c.public_id = ${pending.public_id} AND r.entity_type = 'movie' AND r.entity_public_id = ${done.entity_public_id}`,
    );
    expect(rev).toMatchObject({ user_id: member.actor.userId, approved_by_id: admin.actor.userId, points: 2 });
    expect(rev.source_id).toMatch(/^tmdb:/);
  });
});
