/**
 * The route half of the policy matrix (the pure half: tests/unit/policies.test.ts): every mutating
 * API route called for real, as a visitor, a member who does not own the resource, an admin who
 * does not own it, the owner, and the owner's cookie from another site. Owned resources answer
 * 401 to visitors, 404 to everyone but the owner (admins included: a private list stays private
 * and its existence is not revealed), 403 to a cookie from another origin, and 2xx to the owner.
 * A new mutating route adds its row to ROUTES; the last test fails for a route with no row.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { POST as collectionsPost } from '@/app/api/collections/route';
import { DELETE as collectionDelete, PATCH as collectionPatch } from '@/app/api/collections/[publicId]/route';
import { POST as restorePost } from '@/app/api/collections/[publicId]/restore/route';
import { POST as entriesPost } from '@/app/api/collections/[publicId]/entries/route';
import { DELETE as entryDelete, PATCH as entryPatch } from '@/app/api/collections/[publicId]/entries/[entryId]/route';
import { POST as entryMovePost } from '@/app/api/collections/[publicId]/entries/[entryId]/move/route';
import { POST as importsPost } from '@/app/api/collections/[publicId]/imports/route';
import { POST as picksPost } from '@/app/api/collections/[publicId]/imports/[importId]/picks/route';
import { POST as dialogPost } from '@/app/api/me/collection_entries/route';
import { DELETE as meDelete, PATCH as mePatch } from '@/app/api/me/route';
import { POST as passwordPost } from '@/app/api/me/password/route';
import { DELETE as pictureDelete, POST as picturePost } from '@/app/api/me/picture/route';
import { POST as picturesPost } from '@/app/api/pictures/route';
import { POST as tokensPost } from '@/app/api/me/tokens/route';
import { DELETE as tokenDelete } from '@/app/api/me/tokens/[id]/route';
import { DELETE as sessionsDelete } from '@/app/api/me/sessions/route';
import { DELETE as sessionDelete } from '@/app/api/me/sessions/[id]/route';
import { POST as identityConfirm, DELETE as identityDelete } from '@/app/api/me/identities/[provider]/route';
import { POST as emailPost } from '@/app/api/me/email/route';
import { POST as releaseTogglePost } from '@/app/api/releases/[publicId]/toggles/route';
import { POST as titleTogglePost } from '@/app/api/titles/[publicId]/toggles/route';
import { POST as postsPost } from '@/app/api/posts/route';
import { DELETE as postDelete, PATCH as postPatch } from '@/app/api/posts/[publicId]/route';
import { POST as postTogglePost } from '@/app/api/posts/[publicId]/toggles/route';
import { POST as postCommentsPost } from '@/app/api/posts/[publicId]/comments/route';
import { POST as reviewCommentsPost } from '@/app/api/reviews/[publicId]/comments/route';
import { DELETE as commentDelete, PATCH as commentPatch } from '@/app/api/comments/[publicId]/route';
import { POST as commentTogglePost } from '@/app/api/comments/[publicId]/toggles/route';
import { sql } from 'drizzle-orm';
import { POST as reviewsPost } from '@/app/api/reviews/route';
import { DELETE as reviewDelete, PATCH as reviewPatch } from '@/app/api/reviews/[publicId]/route';
import { POST as reviewTogglePost } from '@/app/api/reviews/[publicId]/toggles/route';
import { POST as friendshipPost } from '@/app/api/users/[publicId]/friendship/route';
import { POST as notificationsSeenPost } from '@/app/api/notifications/seen/route';
import { POST as pusherAuthPost } from '@/app/api/pusher/auth/route';
import { POST as changesPost } from '@/app/api/changes/route';
import { POST as suggestionsPost } from '@/app/api/collections/[publicId]/suggestions/route';
import { PATCH as changePatch } from '@/app/api/changes/[publicId]/route';
import { POST as changeApprovePost } from '@/app/api/changes/[publicId]/approve/route';
import { POST as changeDiscardPost } from '@/app/api/changes/[publicId]/discard/route';
import { POST as changeWithdrawPost } from '@/app/api/changes/[publicId]/withdraw/route';
import { POST as changesBulkApprovePost } from '@/app/api/changes/bulk_approve/route';
import { POST as contactAnswerPost } from '@/app/api/contact/[publicId]/answer/route';
import { POST as contactClosePost } from '@/app/api/contact/[publicId]/close/route';
import { POST as revisionRevertPost } from '@/app/api/revisions/[id]/revert/route';
import { POST as revertContributionsPost } from '@/app/api/users/[publicId]/revert_contributions/route';
import { POST as adminImportPost } from '@/app/api/admin/import/route';
import { POST as adminImportRefreshPost } from '@/app/api/admin/import/[publicId]/route';
import { importExternalMovie } from '@/lib/data/external-import';
import { startTmdbServer, TMDB_TEST_KEY, type TmdbServer } from '../support/tmdb-server';
import { approveChangeRequest, submitChangeRequest } from '@/lib/data/change-requests';
import { sendContactMessage } from '@/lib/data/contact';
import { changeFriendship, type FriendshipAction } from '@/lib/data/friendships';
import { createReview } from '@/lib/data/reviews';
import { addEntry, createCollection, setCollectionDeleted } from '@/lib/data/collections';
import { importIntoCollection } from '@/lib/data/collection-import';
import { parseImportFile } from '@/lib/collections/import-parse';
import { createApiToken } from '@/lib/data/api-tokens';
import { createSession, listSessions } from '@/lib/data/sessions';
import { insertReview, openCommunityDb, ORIGIN } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

assertPostgresConfiguredInCi();

const MOVIE = 'pmMovie0001';
const RELEASE = 'pmRelease01';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Kind = 'visitor' | 'member' | 'admin' | 'owner' | 'foreign';
/** What a call got: an exact status, or any 2xx. */
type Expect = number | '2xx';
/**
 * Per call: the request's path params, path and body, made for the owner's fresh resource; for a
 * friendship, `party` is the other member of the pair with the same call aimed at the owner.
 */
type Call = {
  params: Record<string, string>;
  path: string;
  body?: unknown;
  field?: string;
  /** More fields of a multipart body (beside the file). */
  fields?: Record<string, string>;
  party?: { member: Member; params: Record<string, string>; path: string };
};
type RouteRow = {
  route: string;
  method: string;
  handler: Handler;
  setup: (owner: Member) => Promise<Call>;
  expect: Record<Kind, Expect>;
  /** A friendship row: what the other member of the pair gets for the same action. */
  party?: Expect;
};

/** An owned resource: the owner may, nobody else may, and nobody else learns it exists. */
const OWNED: Record<Kind, Expect> = { visitor: 401, member: 404, admin: 404, owner: '2xx', foreign: 403 };
/** Public content of its author (a review): others get 403; an admin may delete it with a reason. */
const AUTHORED: Record<Kind, Expect> = { visitor: 401, member: 403, admin: 403, owner: '2xx', foreign: 403 };
/** Content of its author that everyone sees (posts, comments): others get 403. */
const AUTHOR_ONLY: Record<Kind, Expect> = { visitor: 401, member: 403, admin: 403, owner: '2xx', foreign: 403 };
/** A like of someone's content: every member but its author. */
const NOT_OWN: Record<Kind, Expect> = { visitor: 401, member: '2xx', admin: '2xx', owner: 403, foreign: 403 };
/** The caller's own account or lists: every logged-in user acts on their own. */
const SELF: Record<Kind, Expect> = { visitor: 401, member: '2xx', admin: '2xx', owner: '2xx', foreign: 403 };
/**
 * An answer to a friendship of the owner (the path names the other member): anyone else acts on a
 * pair of their own that has no such state, a refused transition (409); admins have no exception.
 */
/** Admins' decisions (approving, discarding suggestions): everyone else 403, the author included. */
const ADMIN_ONLY: Record<Kind, Expect> = { visitor: 401, member: 403, admin: '2xx', owner: 403, foreign: 403 };
const PAIR_ONLY: Record<Kind, Expect> = { visitor: 401, member: 409, admin: 409, owner: '2xx', foreign: 403 };

describe.each(testEngines())('policy matrix on the API routes, on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let member: Member;
  let admin: Member;

  async function shelf(
    owner: Member,
    opts: { category?: 'movies' | 'releases'; deleted?: boolean } = {},
  ): Promise<string> {
    const r = await createCollection(
      owner.actor,
      {
        name: `Shelf ${++n}`,
        description: null,
        visibility: 'public',
        category: opts.category ?? 'releases',
        style: 1,
        shortcut_default: false,
      },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    if (opts.deleted)
      await setCollectionDeleted(owner.actor, { publicId: r.collection.public_id, deleted: true }, h.db);
    return r.collection.public_id;
  }
  async function review(owner: Member): Promise<string> {
    const r = await createReview(
      owner.actor,
      { movie: MOVIE, headline: 'Matrix review', body: 'Text', language: 'en' },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.review.public_id;
  }
  /** A discussion of `owner` (written straight to the table: the writing limits are not under test here). */
  async function discussion(owner: Member): Promise<string> {
    const publicId = `pmPost${++n}`;
    await h.db.execute(
      sql`INSERT INTO posts (public_id, user_id, headline, body, language) VALUES (${publicId}, ${owner.actor.userId}, 'Topic', 'Text', 'en')`,
    );
    return publicId;
  }
  /** A comment of `owner` on a discussion of its own. */
  async function comment(owner: Member): Promise<string> {
    const post = await discussion(owner);
    const publicId = `pmCom${++n}`;
    await h.db.execute(
      sql`INSERT INTO comments (public_id, user_id, post_id, body)
          SELECT ${publicId}, ${owner.actor.userId}, id, 'Comment' FROM posts WHERE public_id = ${post}`,
    );
    return publicId;
  }
  /** A pending suggestion of `owner` (a new person). */
  async function suggestion(owner: Member): Promise<string> {
    const r = await submitChangeRequest(
      owner.actor,
      { entity: 'person', kind: 'new', values: { name: `Suggested Person ${++n}` } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request.public_id;
  }
  /** A person nobody credits, added by the admin (applied at once): @returns its public id. */
  async function unusedPerson(): Promise<string> {
    const r = await submitChangeRequest(
      admin.actor,
      { entity: 'person', kind: 'new', values: { name: `Doomed Person ${++n}` } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request.entity_public_id!;
  }
  /** `owner`'s pending request to delete a fresh person: @returns the request's public id. */
  async function deletion(owner: Member): Promise<string> {
    const r = await submitChangeRequest(
      owner.actor,
      { entity: 'person', kind: 'delete', target: await unusedPerson(), note: 'A duplicate' },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.request.public_id;
  }
  /** A deletion by `owner`, approved by the admin: @returns the id of its 'delete' revision. */
  async function approvedDeletion(owner: Member): Promise<string> {
    const publicId = await deletion(owner);
    await approveChangeRequest(admin.actor, publicId, {}, h.db);
    const [row] = await queryRows<{ id: number | string }>(
      h.db,
      sql`SELECT r.id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id WHERE c.public_id = ${publicId}`,
    );
    return String(row.id);
  }
  /** An edit of the release by `owner`, approved by the admin: @returns the id of its revision. */
  async function approvedEdit(owner: Member): Promise<string> {
    const r = await submitChangeRequest(
      owner.actor,
      { entity: 'release', kind: 'edit', target: RELEASE, values: { packaging_notes: `Matrix notes ${++n}` } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    await approveChangeRequest(admin.actor, r.request.public_id, {}, h.db);
    const [row] = await queryRows<{ id: number | string }>(
      h.db,
      sql`SELECT r.id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id
          WHERE c.public_id = ${r.request.public_id}`,
    );
    return String(row.id);
  }
  /** A contact message sent by `owner`: @returns its public id. */
  async function contactMessage(owner: Member): Promise<string> {
    const r = await sendContactMessage(
      owner.actor,
      { subject: 'Matrix', message: 'A question' },
      { ip: 'matrix' },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r.message.public_id;
  }
  /** The local TMDb stand-in of the import rows, started on first use (TMDB_API_URL and TMDB_API_KEY point at it). */
  let tmdb: TmdbServer | null = null;
  async function startedTmdb(): Promise<void> {
    if (tmdb) return;
    tmdb = await startTmdbServer();
    vi.stubEnv('TMDB_API_URL', tmdb.url);
    vi.stubEnv('TMDB_API_KEY', TMDB_TEST_KEY);
  }
  /** The Matrix imported from the TMDb stand-in by the admin: @returns its public id. */
  async function importedMovie(): Promise<string> {
    await startedTmdb();
    const r = await importExternalMovie(admin.actor, { imdb_id: 'tt0133093', type: 1 }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.import.movie.public_id;
  }
  async function entry(owner: Member): Promise<{ publicId: string; entryId: string }> {
    const publicId = await shelf(owner);
    const r = await addEntry(owner.actor, { collection: publicId, item: { type: 'release', publicId: RELEASE } }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { publicId, entryId: String(r.entry.id) };
  }

  const ROUTES: RouteRow[] = [
    {
      route: '/api/collections',
      method: 'POST',
      handler: collectionsPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/collections',
        body: { name: 'New', category: 'releases', style: 1, visibility: 'public' },
      }),
    },
    {
      route: '/api/collections/{id}',
      method: 'PATCH',
      handler: collectionPatch as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}`,
          body: { name: 'Renamed', visibility: 'public', style: 1 },
        };
      },
    },
    {
      route: '/api/collections/{id}',
      method: 'DELETE',
      handler: collectionDelete as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return { params: { publicId }, path: `/api/collections/${publicId}` };
      },
    },
    {
      route: '/api/collections/{id}/restore',
      method: 'POST',
      handler: restorePost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o, { deleted: true });
        return { params: { publicId }, path: `/api/collections/${publicId}/restore`, body: {} };
      },
    },
    {
      route: '/api/collections/{id}/entries',
      method: 'POST',
      handler: entriesPost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/entries`,
          body: { release: RELEASE, price: '9.90', currency: 'EUR' },
        };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}',
      method: 'PATCH',
      handler: entryPatch as Handler,
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        return {
          params: { publicId, entryId },
          path: `/api/collections/${publicId}/entries/${entryId}`,
          body: { comment: 'Slipcover', condition: 2 },
        };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}',
      method: 'DELETE',
      handler: entryDelete as Handler,
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        return { params: { publicId, entryId }, path: `/api/collections/${publicId}/entries/${entryId}` };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}/move',
      method: 'POST',
      handler: entryMovePost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        const target = await shelf(o);
        return {
          params: { publicId, entryId },
          path: `/api/collections/${publicId}/entries/${entryId}/move`,
          body: { collection: target },
        };
      },
    },
    {
      route: '/api/collections/{id}/imports',
      method: 'POST',
      handler: importsPost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o, { category: 'movies' });
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/imports`,
          body: new File(['title,year\nSisu,2022\n'], 'shelf.csv', { type: 'text/csv' }),
        };
      },
    },
    {
      route: '/api/collections/{id}/imports/{import}/picks',
      method: 'POST',
      handler: picksPost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o, { category: 'movies' });
        const parsed = parseImportFile('twins.csv', 'title\nTwin Peaks Film\n');
        const r = await importIntoCollection(o.actor, { collection: publicId, fileName: 'twins.csv', parsed }, h.db);
        if (!r.ok) throw new Error(r.error);
        const row = r.report.rows[0];
        expect(row.status).toBe('ambiguous');
        return {
          params: { publicId, importId: r.report.public_id },
          path: `/api/collections/${publicId}/imports/${r.report.public_id}/picks`,
          body: { line: row.line, item: row.candidates[0].public_id },
        };
      },
    },
    {
      route: '/api/me/collection_entries',
      method: 'POST',
      handler: dialogPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/me/collection_entries',
        body: { release: RELEASE, collection: 'new', new_name: 'From the dialog' },
      }),
    },
    {
      route: '/api/releases/{id}/toggles',
      method: 'POST',
      handler: releaseTogglePost as Handler,
      expect: SELF,
      setup: async () => ({
        params: { publicId: RELEASE },
        path: `/api/releases/${RELEASE}/toggles`,
        body: { kind: 'have', on: true },
      }),
    },
    {
      route: '/api/titles/{id}/toggles',
      method: 'POST',
      handler: titleTogglePost as Handler,
      expect: SELF,
      setup: async () => ({
        params: { publicId: MOVIE },
        path: `/api/titles/${MOVIE}/toggles`,
        body: { kind: 'seen', on: true },
      }),
    },
    // Discussions and comments are public content of their author: others get 403, admins delete
    // with a reason (the author's own deletion ignores it); nobody likes their own.
    {
      route: '/api/posts',
      method: 'POST',
      handler: postsPost as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/posts', body: { headline: 'New', body: 'Text', language: 'en' } }),
    },
    {
      route: '/api/posts/{id}',
      method: 'PATCH',
      handler: postPatch as Handler,
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await discussion(o);
        return { params: { publicId }, path: `/api/posts/${publicId}`, body: { headline: 'Edited' } };
      },
    },
    {
      route: '/api/posts/{id}',
      method: 'DELETE',
      handler: postDelete as Handler,
      expect: { ...AUTHOR_ONLY, admin: '2xx' },
      setup: async (o) => {
        const publicId = await discussion(o);
        return { params: { publicId }, path: `/api/posts/${publicId}`, body: { reason: 'Off topic' } };
      },
    },
    {
      route: '/api/posts/{id}/toggles',
      method: 'POST',
      handler: postTogglePost as Handler,
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await discussion(o);
        return { params: { publicId }, path: `/api/posts/${publicId}/toggles`, body: { kind: 'like', on: true } };
      },
    },
    {
      route: '/api/posts/{id}/comments',
      method: 'POST',
      handler: postCommentsPost as Handler,
      expect: SELF,
      setup: async (o) => {
        const publicId = await discussion(o);
        return { params: { publicId }, path: `/api/posts/${publicId}/comments`, body: { body: 'Reply' } };
      },
    },
    {
      route: '/api/reviews/{id}/comments',
      method: 'POST',
      handler: reviewCommentsPost as Handler,
      expect: SELF,
      setup: async (o) => {
        const publicId = `pmRv${++n}`;
        await insertReview(h.db, { publicId, author: o, movie: MOVIE, headline: 'Review', body: 'Text' });
        return { params: { publicId }, path: `/api/reviews/${publicId}/comments`, body: { body: 'Comment' } };
      },
    },
    {
      route: '/api/comments/{id}',
      method: 'PATCH',
      handler: commentPatch as Handler,
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await comment(o);
        return { params: { publicId }, path: `/api/comments/${publicId}`, body: { body: 'Edited' } };
      },
    },
    {
      route: '/api/comments/{id}',
      method: 'DELETE',
      handler: commentDelete as Handler,
      expect: { ...AUTHOR_ONLY, admin: '2xx' },
      setup: async (o) => {
        const publicId = await comment(o);
        return { params: { publicId }, path: `/api/comments/${publicId}`, body: { reason: 'Off topic' } };
      },
    },
    {
      route: '/api/comments/{id}/toggles',
      method: 'POST',
      handler: commentTogglePost as Handler,
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await comment(o);
        return { params: { publicId }, path: `/api/comments/${publicId}/toggles`, body: { kind: 'like', on: true } };
      },
    },
    {
      route: '/api/me',
      method: 'PATCH',
      handler: mePatch as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/me', body: { country: '4', municipality: `Tampere ${++n}` } }),
    },
    {
      route: '/api/me/password',
      method: 'POST',
      handler: passwordPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/me/password',
        body: { current: 'Slipcover-Shelf-77', password: 'Steelbook-Shelf-88', password2: 'Steelbook-Shelf-88' },
      }),
    },
    {
      route: '/api/me/picture',
      method: 'POST',
      handler: picturePost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/me/picture',
        field: 'picture',
        body: new File(
          [
            new Uint8Array(
              await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
                .png()
                .toBuffer(),
            ),
          ],
          'me.png',
          { type: 'image/png' },
        ),
      }),
    },
    // A picture of a release: any member uploads one (waiting for approval; an admin's is public at once).
    {
      route: '/api/pictures',
      method: 'POST',
      handler: picturesPost as Handler,
      expect: SELF,
      setup: async () => {
        const [release] = await queryRows<{ public_id: string }>(
          h.db,
          sql`SELECT public_id FROM releases WHERE approved AND deleted_at IS NULL ORDER BY id LIMIT 1`,
        );
        return {
          params: {},
          path: '/api/pictures',
          field: 'picture',
          fields: { release: release.public_id, type: '8' },
          body: new File(
            [
              new Uint8Array(
                await sharp({ create: { width: 40, height: 60, channels: 3, background: '#996633' } })
                  .png()
                  .toBuffer(),
              ),
            ],
            'cover.png',
            { type: 'image/png' },
          ),
        };
      },
    },
    {
      route: '/api/me/picture',
      method: 'DELETE',
      handler: pictureDelete as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/me/picture' }),
    },
    {
      route: '/api/me/tokens',
      method: 'POST',
      handler: tokensPost as Handler,
      expect: SELF,
      // Re-authentication: the current password of the fresh account (tests/support/members.ts).
      setup: async () => ({
        params: {},
        path: '/api/me/tokens',
        body: { name: 'Matrix', current: 'Slipcover-Shelf-77' },
      }),
    },
    {
      route: '/api/me/email',
      method: 'POST',
      handler: emailPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/me/email',
        body: { email: `matrix-moved-${++n}@example.fi`, current: 'Slipcover-Shelf-77' },
      }),
    },
    {
      route: '/api/me/identities/{provider}',
      method: 'POST',
      handler: identityConfirm as Handler,
      expect: SELF,
      setup: async () => ({
        params: { provider: 'google' },
        path: '/api/me/identities/google',
        body: { current: 'Slipcover-Shelf-77' },
      }),
    },
    {
      route: '/api/me/tokens/{id}',
      method: 'DELETE',
      handler: tokenDelete as Handler,
      expect: OWNED,
      setup: async (o) => {
        const t = await createApiToken(o.actor, { name: `Token ${++n}`, current: MEMBER_PASSWORD }, h.db);
        if (!t.ok) throw new Error('no token');
        return { params: { id: String(t.id) }, path: `/api/me/tokens/${t.id}` };
      },
    },
    {
      route: '/api/me/sessions',
      method: 'DELETE',
      handler: sessionsDelete as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/me/sessions' }),
    },
    {
      route: '/api/me/sessions/{id}',
      method: 'DELETE',
      handler: sessionDelete as Handler,
      expect: OWNED,
      setup: async (o) => {
        await createSession(o.actor.userId, { userAgent: 'second device' }, h.db);
        const other = (await listSessions(o.actor, h.db)).find((s) => !s.current && s.user_agent === 'second device');
        if (!other) throw new Error('no second session');
        return { params: { id: String(other.id) }, path: `/api/me/sessions/${other.id}` };
      },
    },
    // Nobody here linked Google: a member is refused with the form's message (400), never 2xx.
    {
      route: '/api/me/identities/{provider}',
      method: 'DELETE',
      handler: identityDelete as Handler,
      expect: { visitor: 401, member: 400, admin: 400, owner: 400, foreign: 403 },
      setup: async () => ({ params: { provider: 'google' }, path: '/api/me/identities/google' }),
    },
    {
      route: '/api/reviews',
      method: 'POST',
      handler: reviewsPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/reviews',
        body: { movie: MOVIE, headline: 'New', body: 'Text', language: 'en' },
      }),
    },
    {
      route: '/api/reviews/{id}',
      method: 'PATCH',
      handler: reviewPatch as Handler,
      expect: AUTHORED,
      setup: async (o) => {
        const publicId = await review(o);
        return {
          params: { publicId },
          path: `/api/reviews/${publicId}`,
          body: { headline: 'Edited', body: 'Text', language: 'fi' },
        };
      },
    },
    // Admins delete anyone's review with a reason (the author's own deletion ignores it).
    {
      route: '/api/reviews/{id}',
      method: 'DELETE',
      handler: reviewDelete as Handler,
      expect: { ...AUTHORED, admin: '2xx' },
      setup: async (o) => {
        const publicId = await review(o);
        return { params: { publicId }, path: `/api/reviews/${publicId}`, body: { reason: 'Off topic' } };
      },
    },
    {
      route: '/api/reviews/{id}/toggles',
      method: 'POST',
      handler: reviewTogglePost as Handler,
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await review(o);
        return { params: { publicId }, path: `/api/reviews/${publicId}/toggles`, body: { kind: 'like', on: true } };
      },
    },
    // Friendships: the path names the other member; the owner acts on the pair with them.
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      expect: { visitor: 401, member: '2xx', admin: '2xx', owner: '2xx', foreign: 403 },
      party: '2xx',
      setup: async (o) => pairCall(o, await registerMember(h.db, { label: 'Pal', n: ++n }), 'request'),
    },
    ...(['accept', 'reject'] as const).map((action): RouteRow => ({
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      expect: PAIR_ONLY,
      // The requester may not answer their own request.
      party: 409,
      setup: async (o) => {
        const requester = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(requester, o, 'request');
        return pairCall(o, requester, action);
      },
    })),
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      expect: PAIR_ONLY,
      // Only the requester cancels.
      party: 409,
      setup: async (o) => {
        const addressee = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(o, addressee, 'request');
        return pairCall(o, addressee, 'cancel');
      },
    },
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      expect: PAIR_ONLY,
      // Either friend removes.
      party: '2xx',
      setup: async (o) => {
        const friend = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(o, friend, 'request');
        await befriendStep(friend, o, 'accept');
        return pairCall(o, friend, 'remove');
      },
    },
    // Last: deletes the account of whoever calls it.
    {
      route: '/api/me',
      method: 'DELETE',
      handler: meDelete as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/me', body: { confirm: true, current: 'Slipcover-Shelf-77' } }),
    },
    // Notifications: each member marks their own seen and subscribes to their own channel only.
    {
      route: '/api/notifications/seen',
      method: 'POST',
      handler: notificationsSeenPost as Handler,
      expect: SELF,
      setup: async () => ({ params: {}, path: '/api/notifications/seen', body: {} }),
    },
    {
      route: '/api/pusher/auth',
      method: 'POST',
      handler: pusherAuthPost as Handler,
      expect: { visitor: 401, member: 403, admin: 403, owner: '2xx', foreign: 403 },
      setup: async (o) => ({
        params: {},
        path: '/api/pusher/auth',
        body: { socket_id: '123.456', channel_name: `private-user-${o.actor.publicId}` },
      }),
    },
    {
      route: '/api/changes',
      method: 'POST',
      handler: changesPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/changes',
        body: { entity: 'person', kind: 'new', values: { name: `Matrix Person ${++n}` } },
      }),
    },
    // A deletion request: any member suggests one (an admin's applies at once).
    {
      route: '/api/changes',
      method: 'POST',
      handler: changesPost as Handler,
      expect: SELF,
      setup: async () => ({
        params: {},
        path: '/api/changes',
        body: { entity: 'person', kind: 'delete', target: await unusedPerson(), note: 'A duplicate' },
      }),
    },
    {
      route: '/api/changes/{id}/approve',
      method: 'POST',
      handler: changeApprovePost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await deletion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/approve`, body: {} };
      },
    },
    {
      route: '/api/changes/{id}/discard',
      method: 'POST',
      handler: changeDiscardPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await deletion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/discard`, body: { reason: 'Not a duplicate' } };
      },
    },
    {
      route: '/api/changes/{id}/withdraw',
      method: 'POST',
      handler: changeWithdrawPost as Handler,
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await deletion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/withdraw` };
      },
    },
    {
      route: '/api/changes/{id}/approve',
      method: 'POST',
      handler: changeApprovePost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/approve`, body: {} };
      },
    },
    {
      route: '/api/changes/{id}/discard',
      method: 'POST',
      handler: changeDiscardPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/discard`, body: { reason: 'No source' } };
      },
    },
    // Contact messages are the admins' to answer and close, the sender's own included.
    {
      route: '/api/contact/{id}/answer',
      method: 'POST',
      handler: contactAnswerPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await contactMessage(o);
        return { params: { publicId }, path: `/api/contact/${publicId}/answer`, body: { answer: 'Thank you' } };
      },
    },
    {
      route: '/api/contact/{id}/close',
      method: 'POST',
      handler: contactClosePost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await contactMessage(o);
        return { params: { publicId }, path: `/api/contact/${publicId}/close` };
      },
    },
    {
      route: '/api/collections/{id}/suggestions',
      method: 'POST',
      handler: suggestionsPost as Handler,
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/suggestions`,
          body: {
            discs: [{ ean: '5051892002424', values: { name: `Matrix Disc ${++n}`, format: 1, movies: [MOVIE] } }],
          },
        };
      },
    },
    {
      route: '/api/changes/{id}',
      method: 'PATCH',
      handler: changePatch as Handler,
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}`, body: { note: 'From the sleeve' } };
      },
    },
    {
      route: '/api/changes/{id}/withdraw',
      method: 'POST',
      handler: changeWithdrawPost as Handler,
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return { params: { publicId }, path: `/api/changes/${publicId}/withdraw` };
      },
    },
    {
      route: '/api/changes/bulk_approve',
      method: 'POST',
      handler: changesBulkApprovePost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => ({ params: {}, path: '/api/changes/bulk_approve', body: { ids: [await suggestion(o)] } }),
    },
    {
      route: '/api/revisions/{id}/revert',
      method: 'POST',
      handler: revisionRevertPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const id = await approvedEdit(o);
        return { params: { id }, path: `/api/revisions/${id}/revert` };
      },
    },
    // Reverting a deletion restores the item: admins only.
    {
      route: '/api/revisions/{id}/revert',
      method: 'POST',
      handler: revisionRevertPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const id = await approvedDeletion(o);
        return { params: { id }, path: `/api/revisions/${id}/revert` };
      },
    },
    {
      route: '/api/users/{id}/revert_contributions',
      method: 'POST',
      handler: revertContributionsPost as Handler,
      expect: ADMIN_ONLY,
      setup: async (o) => {
        await approvedEdit(o);
        const publicId = o.actor.publicId;
        return { params: { publicId }, path: `/api/users/${publicId}/revert_contributions` };
      },
    },
    // The import from the external movie database (TMDb) and a movie's refresh from it: admins only.
    {
      route: '/api/admin/import',
      method: 'POST',
      handler: adminImportPost as Handler,
      expect: ADMIN_ONLY,
      setup: async () => {
        await startedTmdb();
        return { params: {}, path: '/api/admin/import', body: { imdb_id: 'tt0133093', type: 1 } };
      },
    },
    {
      route: '/api/admin/import/{id}',
      method: 'POST',
      handler: adminImportRefreshPost as Handler,
      expect: ADMIN_ONLY,
      setup: async () => {
        const publicId = await importedMovie();
        return { params: { publicId }, path: `/api/admin/import/${publicId}` };
      },
    },
  ];

  /** `who` acts on the friendship with `other`. */
  async function befriendStep(who: Member, other: Member, action: FriendshipAction): Promise<void> {
    const r = await changeFriendship(who.actor, { publicId: other.actor.publicId, action }, h.db);
    if (!r?.ok) throw new Error(`${action} failed`);
  }
  /** The call of `action` by the owner on the pair with `other`, and the same call by `other`. */
  function pairCall(owner: Member, other: Member, action: FriendshipAction): Call {
    const path = (p: string) => `/api/users/${p}/friendship`;
    return {
      params: { publicId: other.actor.publicId },
      path: path(other.actor.publicId),
      body: { action },
      party: { member: other, params: { publicId: owner.actor.publicId }, path: path(owner.actor.publicId) },
    };
  }

  function request(method: string, call: Call, headers: Record<string, string>): Request {
    let body: BodyInit | undefined;
    if (call.body instanceof File) {
      const form = new FormData();
      form.set(call.field ?? 'file', call.body);
      for (const [k, v] of Object.entries(call.fields ?? {})) form.set(k, v);
      body = form;
    } else if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    return new Request(`${ORIGIN}${call.path}`, { method, headers, body });
  }

  function matches(status: number, expected: Expect): boolean {
    return expected === '2xx' ? status >= 200 && status < 300 : status === expected;
  }

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [
        { publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 },
        { publicId: 'pmTwinA0001', name: 'Twin Peaks Film', titleKey: 'twin peaks film', year: 1990 },
        { publicId: 'pmTwinB0001', name: 'Twin Peaks Film', titleKey: 'twin peaks film', year: 2005 },
      ],
      releases: [{ publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray' }],
    }));
    member = await registerMember(h.db, { label: 'Bystander', n: 1 });
  });
  afterAll(async () => {
    await h?.close();
    await tmdb?.close();
    vi.unstubAllEnvs();
  });

  it('every mutating route has a row (routes found on disk)', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name === 'route.ts') {
          const src = fs.readFileSync(p, 'utf8');
          for (const m of ['POST', 'PATCH', 'PUT', 'DELETE'])
            if (
              new RegExp(`export const (\\{[^}]*\\b${m}\\b[^}]*\\}|${m}\\b)|toggleRoutes`).test(src) &&
              new RegExp(`\\b${m}\\b`).test(src)
            )
              found.push(`${m} ${path.relative('app', path.dirname(p))}`);
        }
      }
    };
    walk(path.join('app', 'api'));
    // Public writes (log in, register, password reset, the provider flow, the contact form) and the
    // unknown-path catch-all take no session; everything else must be in the matrix.
    const publicWrites =
      /^(POST|PUT|PATCH|DELETE) api\/(login|logout|register|password_reset|social|auth|contact$|\[\.\.\.path\])/;
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.route}`));
    const toRow = (s: string) =>
      s
        .replace(
          /\[(publicId|id|entryId|importId|provider)\]/g,
          (_, k: string) =>
            ({ publicId: '{id}', id: '{id}', entryId: '{entry}', importId: '{import}', provider: '{provider}' })[k] ??
            k,
        )
        .replace(/^(\w+) api/, '$1 /api');
    const missing = found.filter((f) => !publicWrites.test(f) && !covered.has(toRow(f)));
    expect(found.length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('as the other member of a friendship', async () => {
    const results: string[] = [];
    for (const row of ROUTES.filter((r) => r.party !== undefined)) {
      const owner = await registerMember(h.db, { label: 'Owner', n: ++n });
      const call = await row.setup(owner);
      const party = call.party!;
      const res = await row.handler(
        request(
          row.method,
          { ...call, params: party.params, path: party.path },
          {
            origin: ORIGIN,
            cookie: party.member.cookie,
          },
        ),
        { params: Promise.resolve(party.params) },
      );
      if (!matches(res.status, row.party!))
        results.push(`${row.method} ${row.route} ${JSON.stringify(call.body)}: ${res.status} (expected ${row.party})`);
    }
    expect(results).toEqual([]);
  });

  for (const kind of ['visitor', 'member', 'admin', 'foreign', 'owner'] as const) {
    it(`as ${kind}`, async () => {
      const results: string[] = [];
      for (const row of ROUTES) {
        // Each call gets a fresh owner and resource, so a 2xx of one row never changes another's.
        const owner = await registerMember(h.db, { label: 'Owner', n: ++n });
        const call = await row.setup(owner);
        const caller = kind === 'member' ? member : kind === 'admin' ? admin : owner;
        const headers: Record<string, string> =
          kind === 'visitor'
            ? { origin: ORIGIN }
            : kind === 'foreign'
              ? { origin: 'https://evil.example', cookie: owner.cookie }
              : { origin: ORIGIN, cookie: caller.cookie };
        // The self rows act on the caller's own account: members and admins get fresh ones too.
        if ((kind === 'member' || kind === 'admin') && row.expect === SELF)
          headers.cookie = (
            await registerMember(h.db, {
              label: kind === 'admin' ? 'Admin' : 'Member',
              n: ++n,
              role: kind === 'admin' ? 'admin' : 'basic',
            })
          ).cookie;
        const res = await row.handler(request(row.method, call, headers), { params: Promise.resolve(call.params) });
        const expected = row.expect[kind];
        if (!matches(res.status, expected))
          results.push(
            `${row.method} ${row.route} ${JSON.stringify(call.body ?? null)}: ${res.status} (expected ${expected}) ${await res.text()}`,
          );
      }
      expect(results).toEqual([]);
    });
  }
});
