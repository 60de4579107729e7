/**
 * The route half of the policy matrix (the pure half: tests/unit/policies.test.ts): every API route
 * that writes, and every one that reads private data, called for real.
 *
 * Writes are called as a visitor, a member who does not own the resource, an admin who does not own
 * it, the owner, and the owner's cookie from another site. Owned resources answer 401 to visitors,
 * 404 to everyone but the owner (admins included: a private list stays private and its existence is
 * not revealed), 403 to a cookie from another origin, and the route's own success status to the
 * owner. Every call is checked for what it did, not only for its status: a refused call (any 4xx)
 * must leave every table as it was (a digest of each table's rows, taken before and after; only the
 * rate-limit counters, which count attempts, may move), and a successful one must show its effect
 * (the row it made, changed or removed; the signature or cookie it answered).
 *
 * Reads of private data (a private or trashed collection, its entries, export, value, imports and
 * pictures; notifications, friend requests, trades, the stream, /api/me and its lists, the
 * suggestion and contact queues) are called as a visitor, another member, an admin and the owner:
 * the expected status, the owner's private marker in the answer for exactly the kinds that may see
 * it (an admin never sees another member's private collection), and no table changed by a read.
 * Reads take no origin check (another site cannot read the answer), so they have no foreign kind.
 *
 * The guard at the end finds the routes on disk (every way of exporting a handler: `export const`,
 * destructured, `export function`, `export { … }` and re-exports) and fails for a write route
 * without a row, a member or admin GET route without a read row, a row or exemption naming no route,
 * and a policy of lib/auth/policies.ts that no row exercises.
 */
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbHandle } from '@/db';
import * as policies from '@/lib/auth/policies';
import { verifyPassword } from '@/lib/auth/password';
import { LINK_COOKIE } from '@/lib/auth/link-grant';
import { GET as collectionsGet, POST as collectionsPost } from '@/app/api/collections/route';
import {
  DELETE as collectionDelete,
  GET as collectionGet,
  PATCH as collectionPatch,
} from '@/app/api/collections/[publicId]/route';
import { POST as restorePost } from '@/app/api/collections/[publicId]/restore/route';
import { GET as entriesGet, POST as entriesPost } from '@/app/api/collections/[publicId]/entries/route';
import { GET as exportGet } from '@/app/api/collections/[publicId]/export/route';
import { GET as valueGet } from '@/app/api/collections/[publicId]/value/route';
import { GET as picturesGet } from '@/app/api/collections/[publicId]/pictures/route';
import { DELETE as entryDelete, PATCH as entryPatch } from '@/app/api/collections/[publicId]/entries/[entryId]/route';
import { POST as entryMovePost } from '@/app/api/collections/[publicId]/entries/[entryId]/move/route';
import { GET as importsGet, POST as importsPost } from '@/app/api/collections/[publicId]/imports/route';
import { GET as importGet } from '@/app/api/collections/[publicId]/imports/[importId]/route';
import { GET as importProgressGet } from '@/app/api/collections/[publicId]/imports/[importId]/progress/route';
import { GET as unknownDiscsGet } from '@/app/api/collections/[publicId]/imports/[importId]/unknown_discs/route';
import { POST as picksPost } from '@/app/api/collections/[publicId]/imports/[importId]/picks/route';
import { POST as dialogPost } from '@/app/api/me/collection_entries/route';
import { GET as meCollectionsGet } from '@/app/api/me/collections/route';
import { GET as wantedOffersGet } from '@/app/api/me/wanted_offers/route';
import { DELETE as meDelete, GET as meGet, PATCH as mePatch } from '@/app/api/me/route';
import { POST as passwordPost } from '@/app/api/me/password/route';
import { DELETE as pictureDelete, POST as picturePost } from '@/app/api/me/picture/route';
import { POST as picturesPost } from '@/app/api/pictures/route';
import { GET as tokensGet, POST as tokensPost } from '@/app/api/me/tokens/route';
import { GET as calendarGet, POST as calendarPost } from '@/app/api/me/calendar/route';
import { GET as meBarcodesGet } from '@/app/api/me/barcodes/route';
import { GET as barcodeGet } from '@/app/api/barcodes/[code]/route';
import { DELETE as tokenDelete } from '@/app/api/me/tokens/[id]/route';
import { DELETE as sessionsDelete, GET as sessionsGet } from '@/app/api/me/sessions/route';
import { DELETE as sessionDelete } from '@/app/api/me/sessions/[id]/route';
import { GET as identitiesGet } from '@/app/api/me/identities/route';
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
import { POST as reviewsPost } from '@/app/api/reviews/route';
import { DELETE as reviewDelete, PATCH as reviewPatch } from '@/app/api/reviews/[publicId]/route';
import { POST as reviewTogglePost } from '@/app/api/reviews/[publicId]/toggles/route';
import { POST as friendshipPost } from '@/app/api/users/[publicId]/friendship/route';
import { GET as friendRequestsGet } from '@/app/api/friend_requests/route';
import { GET as streamGet } from '@/app/api/stream/route';
import { GET as tradesGet } from '@/app/api/trades/route';
import { GET as notificationsGet } from '@/app/api/notifications/route';
import { POST as notificationsSeenPost } from '@/app/api/notifications/seen/route';
import { POST as pusherAuthPost } from '@/app/api/pusher/auth/route';
import { GET as changesGet, POST as changesPost } from '@/app/api/changes/route';
import { POST as suggestionsPost } from '@/app/api/collections/[publicId]/suggestions/route';
import { GET as changeGet, PATCH as changePatch } from '@/app/api/changes/[publicId]/route';
import { GET as changeReviewGet } from '@/app/api/changes/[publicId]/review/route';
import { POST as changeApprovePost } from '@/app/api/changes/[publicId]/approve/route';
import { POST as changeDiscardPost } from '@/app/api/changes/[publicId]/discard/route';
import { POST as changeWithdrawPost } from '@/app/api/changes/[publicId]/withdraw/route';
import { POST as changesBulkApprovePost } from '@/app/api/changes/bulk_approve/route';
import { GET as contactListGet, POST as contactPost } from '@/app/api/contact/route';
import { GET as contactGet } from '@/app/api/contact/[publicId]/route';
import { POST as contactAnswerPost } from '@/app/api/contact/[publicId]/answer/route';
import { POST as contactClosePost } from '@/app/api/contact/[publicId]/close/route';
import { GET as revertPreviewGet, POST as revisionRevertPost } from '@/app/api/revisions/[id]/revert/route';
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
/** The barcode of {@link RELEASE}: the scanner's lookups find it by this. */
const RELEASE_EAN = '6417832001237';
/** A movie with a poster: the picture a collection of it may show. */
const POSTER_MOVIE = 'pmPoster001';
const POSTER_URL = 'https://img.example/pm-poster.jpg';
/** A valid EAN-13 that no release has: an import row with it is an unknown disc. */
const UNKNOWN_EAN = '6401234567897';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Kind = 'visitor' | 'member' | 'admin' | 'owner' | 'foreign';
/** The exact status each kind of caller gets. */
type Expect = Record<Kind, number>;
/** The names of the policies (lib/auth/policies.ts) a row exercises. */
type Policy = Extract<keyof typeof policies, `can${string}`>;
/** What a successful call answered and who made it: its effect is checked against these. */
type EffectContext = { caller: Member; res: Response; body: unknown };
/** Whether a successful call did what it should (the row it made, changed or removed, or its answer). */
type Effect = (ctx: EffectContext) => Promise<boolean>;
/**
 * Per call: the request's path params, path and body, made for the owner's fresh resource, and the
 * effect a success must show; for a friendship, `party` is the other member of the pair with the
 * same call aimed at the owner.
 */
type Call = {
  params: Record<string, string>;
  path: string;
  body?: unknown;
  field?: string;
  /** More fields of a multipart body (beside the file). */
  fields?: Record<string, string>;
  party?: { member: Member; params: Record<string, string>; path: string };
  effect?: Effect;
};
type RouteRow = {
  route: string;
  method: string;
  handler: Handler;
  policy: Policy[];
  setup: (owner: Member) => Promise<Call>;
  expect: Expect;
  /**
   * The caller acts on their own account or lists: members and admins act as fresh accounts of
   * their own, and `setup` prepares that account's data.
   */
  self?: boolean;
  /** A friendship row: what the other member of the pair gets for the same action. */
  party?: number;
};

/** The kinds of caller of a read (reads have no origin check: see the header). */
type ReadKind = Exclude<Kind, 'foreign'>;
/** A read of the owner's private data: `marker` is a text of it that only the allowed kinds may get. */
type ReadCall = { params: Record<string, string>; path: string; marker: string | null };
type ReadRow = {
  route: string;
  handler: Handler;
  policy: Policy[];
  setup: (owner: Member) => Promise<ReadCall>;
  expect: Record<ReadKind, number>;
  /** The kinds whose answer carries the owner's private marker. */
  sees: ReadKind[];
};

/** An owned resource: the owner may, nobody else may, and nobody else learns it exists. */
const OWNED: Expect = { visitor: 401, member: 404, admin: 404, owner: 200, foreign: 403 };
/** Content of its author (reviews, posts, comments, suggestions): others get 403. */
const AUTHOR_ONLY: Expect = { visitor: 401, member: 403, admin: 403, owner: 200, foreign: 403 };
/** Admins may delete anyone's content (with a reason). */
const AUTHOR_OR_ADMIN: Expect = { ...AUTHOR_ONLY, admin: 200 };
/** A like of someone's content: every member but its author. */
const NOT_OWN: Expect = { visitor: 401, member: 200, admin: 200, owner: 403, foreign: 403 };
/** The caller's own account or lists: every logged-in user acts on their own. */
const SELF: Expect = { visitor: 401, member: 200, admin: 200, owner: 200, foreign: 403 };
/** Admins' decisions (approving, discarding suggestions): everyone else 403, the author included. */
const ADMIN_ONLY: Expect = { visitor: 401, member: 403, admin: 200, owner: 403, foreign: 403 };
/**
 * An answer to a friendship of the owner (the path names the other member): anyone else acts on a
 * pair of their own that has no such state, a refused transition (409); admins have no exception.
 */
const PAIR_ONLY: Expect = { visitor: 401, member: 409, admin: 409, owner: 200, foreign: 403 };

/** A private item behind a public route: nobody but the owner learns it exists, admins included. */
const PRIVATE_ITEM: Record<ReadKind, number> = { visitor: 404, member: 404, admin: 404, owner: 200 };
/** A private item behind a members' route. */
const PRIVATE_OWNED: Record<ReadKind, number> = { visitor: 401, member: 404, admin: 404, owner: 200 };
/** The caller's own list: every member gets theirs, which never holds the owner's data. */
const OWN_LIST: Record<ReadKind, number> = { visitor: 401, member: 200, admin: 200, owner: 200 };
/** The author's own item, which moderators read too. */
const AUTHOR_OR_MODERATOR: Record<ReadKind, number> = { visitor: 401, member: 404, admin: 200, owner: 200 };
/** The admins' queues. */
const ADMIN_READ: Record<ReadKind, number> = { visitor: 401, member: 403, admin: 200, owner: 403 };

/** Tables a refused call may still change: the rate limits count attempts, refused ones too. */
const ATTEMPT_COUNTERS = new Set(['rate_limits']);

/** The handler exports of a route file: method and `auth` (null when the export is not a `route({ auth })` literal). */
type RouteExport = { method: string; auth: string | null };
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The file a module specifier of `from` names (`@/…` or relative), or null when it is not in the tree. */
function resolveModule(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.resolve(spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const f of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  return null;
}

/** The `auth` of a `route({ …, auth: '…' })` call, or null for any other expression. */
function authOf(init: ts.Expression | undefined): string | null {
  if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'route')
    return null;
  const [spec] = init.arguments;
  if (!spec || !ts.isObjectLiteralExpression(spec)) return null;
  for (const p of spec.properties)
    if (
      ts.isPropertyAssignment(p) &&
      ts.isIdentifier(p.name) &&
      p.name.text === 'auth' &&
      ts.isStringLiteral(p.initializer)
    )
      return p.initializer.text;
  return null;
}

/**
 * The HTTP method handlers a route file exports, found in its syntax tree: `export const POST =`,
 * `export const { GET, POST } =`, `export (async) function POST`, `export { POST }` (of a local
 * declaration, or renamed: `export { handler as POST }`), `export { POST } from '…'` and
 * `export * from '…'` (followed into the module).
 */
function routeExports(file: string, seen: Set<string> = new Set()): RouteExport[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const locals = new Map<string, ts.Expression | undefined>();
  for (const st of src.statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name)) locals.set(d.name.text, d.initializer);
  const out: RouteExport[] = [];
  const add = (name: string, auth: string | null) => {
    if (METHODS.has(name)) out.push({ method: name, auth });
  };
  for (const st of src.statements) {
    if (ts.isVariableStatement(st) && exported(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) add(d.name.text, authOf(d.initializer));
        else if (ts.isObjectBindingPattern(d.name))
          for (const e of d.name.elements) if (ts.isIdentifier(e.name)) add(e.name.text, null);
      }
    } else if (ts.isFunctionDeclaration(st) && exported(st) && st.name) add(st.name.text, null);
    else if (ts.isExportDeclaration(st)) {
      const target = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null;
      if (!st.exportClause) {
        // export * from '…': whatever that module exports.
        const f = target ? resolveModule(file, target) : null;
        if (f) out.push(...routeExports(f, seen));
      } else if (ts.isNamedExports(st.exportClause))
        for (const e of st.exportClause.elements) {
          const local = (e.propertyName ?? e.name).text;
          add(e.name.text, target ? null : authOf(locals.get(local)));
        }
    }
  }
  return out;
}

/** Every route file under `dir` with its exports, keyed `METHOD /api/…` as the matrix rows name them. */
function routesOnDisk(dir: string): Map<string, string | null> {
  const found = new Map<string, string | null>();
  const segment: Record<string, string> = {
    publicId: '{id}',
    id: '{id}',
    entryId: '{entry}',
    importId: '{import}',
    provider: '{provider}',
  };
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^route\.(ts|tsx|js|mjs)$/.test(e.name)) {
        const url = `/${path.relative('app', path.dirname(p)).split(path.sep).join('/')}`.replace(
          /\[(\w+)\]/g,
          (_, k: string) => segment[k] ?? `{${k}}`,
        );
        for (const x of routeExports(p)) found.set(`${x.method} ${url}`, x.auth);
      }
    }
  };
  walk(dir);
  return found;
}

/**
 * Routes that write without a member's session, checked elsewhere (auth-routes, social-login, api-unknown):
 * logging in and out, registering, the password reset, the provider flow, and the unknown-path catch-all.
 */
const PUBLIC_WRITES = [
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/password_reset',
  'POST /api/password_reset/redeem',
  'POST /api/social/register',
  'POST /api/auth/[...nextauth]',
  'POST /api/[...path]',
  'PUT /api/[...path]',
  'PATCH /api/[...path]',
  'DELETE /api/[...path]',
];
/** Public GET routes that answer private data to its owner: each must have a read row. */
const PRIVATE_PUBLIC_READS = [
  'GET /api/me',
  'GET /api/collections/{id}',
  'GET /api/collections/{id}/entries',
  'GET /api/collections/{id}/export',
  'GET /api/collections/{id}/value',
  'GET /api/barcodes/{code}',
];

describe('policy matrix route finder', () => {
  it('the route finder sees every way of exporting a handler', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
    try {
      const write = (name: string, text: string) => {
        const f = path.join(dir, name);
        fs.writeFileSync(f, text);
        return f;
      };
      write('impl.ts', 'export async function POST() {}\nexport function DELETE() {}\n');
      const cases: [string, string, RouteExport[]][] = [
        [
          'const.ts',
          "export const PATCH = route({ method: 'PATCH', auth: 'member' });",
          [{ method: 'PATCH', auth: 'member' }],
        ],
        [
          'destructured.ts',
          "export const { GET, POST } = toggleRoutes('post');",
          [
            { method: 'GET', auth: null },
            { method: 'POST', auth: null },
          ],
        ],
        [
          'async-function.ts',
          'export async function POST(request: Request) { return new Response(); }',
          [{ method: 'POST', auth: null }],
        ],
        ['function.ts', 'export function PUT() { return new Response(); }', [{ method: 'PUT', auth: null }]],
        [
          'local.ts',
          "const handler = route({ method: 'DELETE', auth: 'admin' });\nconst GET = route({ auth: 'public' });\nexport { handler as DELETE, GET };",
          [
            { method: 'DELETE', auth: 'admin' },
            { method: 'GET', auth: 'public' },
          ],
        ],
        ['reexport.ts', "export { POST } from './impl';", [{ method: 'POST', auth: null }]],
        [
          'star.ts',
          "export * from './impl';",
          [
            { method: 'POST', auth: null },
            { method: 'DELETE', auth: null },
          ],
        ],
        ['other.ts', "export const dynamic = 'force-dynamic';\nexport function helper() {}", []],
      ];
      for (const [name, text, want] of cases) expect(routeExports(write(name, text)), name).toEqual(want);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testEngines())('policy matrix on the API routes, on %s', (engine) => {
  let h: DbHandle;
  let n = 0;
  let member: Member;
  let admin: Member;

  /** Whether the query returns a row. */
  async function exists(q: SQL): Promise<boolean> {
    return (await queryRows(h.db, q)).length > 0;
  }
  /** The internal id of a collection, release, movie… by public id, as SQL. */
  const idOf = (table: 'collections' | 'releases' | 'movies' | 'posts' | 'reviews' | 'comments', publicId: string) =>
    sql`(SELECT id FROM ${sql.raw(table)} WHERE public_id = ${publicId})`;

  /**
   * A digest of every table's rows (count and hash of the sorted rows), the attempt counters left
   * out: equal digests mean nothing was written.
   */
  async function digest(): Promise<Map<string, string>> {
    const tables = (
      await queryRows<{ t: string }>(h.db, sql`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)
    )
      .map((r) => r.t)
      .filter((t) => !ATTEMPT_COUNTERS.has(t))
      .sort();
    const parts = tables.map(
      (
        t,
      ) => sql`SELECT ${t}::text AS t, count(*)::text || ':' || md5(coalesce(string_agg(x.r, ',' ORDER BY x.r), '')) AS d
        FROM (SELECT md5(y::text) AS r FROM ${sql.identifier(t)} y) x`,
    );
    const rows = await queryRows<{ t: string; d: string }>(h.db, sql.join(parts, sql` UNION ALL `));
    return new Map(rows.map((r) => [r.t, r.d]));
  }
  /** The tables whose digest differs. */
  function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
    return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t)).sort();
  }

  async function shelf(
    owner: Member,
    opts: {
      category?: 'movies' | 'releases';
      deleted?: boolean;
      visibility?: 'public' | 'private';
      style?: number;
      name?: string;
    } = {},
  ): Promise<string> {
    const r = await createCollection(
      owner.actor,
      {
        name: opts.name ?? `Shelf ${++n}`,
        description: null,
        visibility: opts.visibility ?? 'public',
        category: opts.category ?? 'releases',
        style: opts.style ?? 1,
        shortcut_default: false,
      },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    if (opts.deleted)
      await setCollectionDeleted(owner.actor, { publicId: r.collection.public_id, deleted: true }, h.db);
    return r.collection.public_id;
  }
  /** Adds the release (or `movie`) to `owner`'s collection with the entry fields given. */
  async function put(
    owner: Member,
    collection: string,
    fields: { comment?: string; price?: string; movie?: string } = {},
  ): Promise<string> {
    const item = fields.movie
      ? { type: 'movie' as const, publicId: fields.movie }
      : { type: 'release' as const, publicId: RELEASE };
    const r = await addEntry(
      owner.actor,
      {
        collection,
        item,
        comment: fields.comment ?? null,
        comment_language: fields.comment ? 'en' : null,
        price: fields.price ?? null,
        currency: fields.price ? 'EUR' : null,
      },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return String(r.entry.id);
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
  async function discussion(owner: Member, headline = 'Topic'): Promise<string> {
    const publicId = `pmPost${++n}`;
    await h.db.execute(
      sql`INSERT INTO posts (public_id, user_id, headline, body, language) VALUES (${publicId}, ${owner.actor.userId}, ${headline}, 'Text', 'en')`,
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
  /** A pending suggestion of `owner` (a new person named `name`). */
  async function suggestion(owner: Member, name = `Suggested Person ${++n}`): Promise<string> {
    const r = await submitChangeRequest(owner.actor, { entity: 'person', kind: 'new', values: { name } }, h.db);
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
  /** `owner`'s pending request to delete a fresh person: @returns the request's and the person's public ids. */
  async function deletion(owner: Member): Promise<{ request: string; person: string }> {
    const person = await unusedPerson();
    const r = await submitChangeRequest(
      owner.actor,
      { entity: 'person', kind: 'delete', target: person, note: 'A duplicate' },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return { request: r.request.public_id, person };
  }
  /** The id of the revision an approved request made. */
  async function revisionOf(requestPublicId: string): Promise<string> {
    const [row] = await queryRows<{ id: number | string }>(
      h.db,
      sql`SELECT r.id FROM revisions r JOIN change_requests c ON c.id = r.change_request_id WHERE c.public_id = ${requestPublicId}`,
    );
    return String(row.id);
  }
  /** A deletion by `owner`, approved by the admin: @returns its 'delete' revision and the person. */
  async function approvedDeletion(owner: Member): Promise<{ revision: string; person: string }> {
    const { request, person } = await deletion(owner);
    await approveChangeRequest(admin.actor, request, {}, h.db);
    return { revision: await revisionOf(request), person };
  }
  /** An edit of the release by `owner`, approved by the admin: @returns its revision and the notes it set. */
  async function approvedEdit(owner: Member): Promise<{ revision: string; notes: string }> {
    const notes = `Matrix notes ${++n}`;
    const r = await submitChangeRequest(
      owner.actor,
      { entity: 'release', kind: 'edit', target: RELEASE, values: { packaging_notes: notes } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    await approveChangeRequest(admin.actor, r.request.public_id, {}, h.db);
    return { revision: await revisionOf(r.request.public_id), notes };
  }
  /** Whether the release's packaging notes are something else than `notes` (an edit reverted). */
  const notesReverted = (notes: string) =>
    exists(sql`SELECT 1 FROM releases WHERE public_id = ${RELEASE} AND packaging_notes IS DISTINCT FROM ${notes}`);
  /** A contact message sent by `owner`: @returns its public id. */
  async function contactMessage(owner: Member, subject = 'Matrix'): Promise<string> {
    const r = await sendContactMessage(owner.actor, { subject, message: 'A question' }, { ip: 'matrix' }, h.db);
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r.message.public_id;
  }
  /** Whether the request or message `publicId` of `table` is in `status`. */
  const statusIs = (table: 'change_requests' | 'contact_messages', publicId: string, status: string) =>
    exists(sql`SELECT 1 FROM ${sql.raw(table)} WHERE public_id = ${publicId} AND status = ${status}`);
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
  /**
   * Makes the stored Matrix differ from TMDb (a runtime of 1 minute), so that an import or a refresh
   * has something to write; the effect: TMDb's 136 minutes again.
   */
  async function staleMatrix(): Promise<Effect> {
    await h.db.execute(sql`UPDATE movies SET runtime_min = 1 WHERE imdb_id = 'tt0133093'`);
    return () =>
      exists(sql`SELECT 1 FROM movies WHERE imdb_id = 'tt0133093' AND runtime_min = 136 AND deleted_at IS NULL`);
  }
  async function entry(owner: Member): Promise<{ publicId: string; entryId: string }> {
    const publicId = await shelf(owner);
    return { publicId, entryId: await put(owner, publicId) };
  }
  /** Whether the entry `entryId` is gone. */
  const entryGone = (entryId: string) =>
    exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM collection_entries WHERE id = ${Number(entryId)})`);
  /** Whether `caller`'s list of `style` holds the release (or the movie). */
  const listHolds = (caller: Member, style: number, item: { release?: string; movie?: string }) =>
    exists(
      sql`SELECT 1 FROM collection_entries e JOIN collections c ON c.id = e.collection_id
          WHERE c.user_id = ${caller.actor.userId} AND c.style = ${style} AND c.deleted_at IS NULL
            AND ${item.movie ? sql`e.movie_id = ${idOf('movies', item.movie)}` : sql`e.release_id = ${idOf('releases', item.release ?? RELEASE)}`}`,
    );
  /** Whether `caller` likes the review, post or comment. */
  const likes = (caller: Member, table: 'reviews' | 'posts' | 'comments', publicId: string) =>
    exists(
      sql`SELECT 1 FROM likes WHERE user_id = ${caller.actor.userId}
            AND ${sql.raw({ reviews: 'review_id', posts: 'post_id', comments: 'comment_id' }[table])} = ${idOf(table, publicId)}`,
    );
  /** Whether the row `publicId` of `table` is gone. */
  const gone = (table: 'posts' | 'reviews' | 'comments', publicId: string) =>
    exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM ${sql.raw(table)} WHERE public_id = ${publicId})`);
  /** Whether the friendship of `a` and `b` is in `state`. */
  const pairIs = (a: Member, b: Member, state: string) =>
    exists(
      sql`SELECT 1 FROM friendships WHERE state = ${state}
            AND LEAST(requester_id, addressee_id) = ${Math.min(a.actor.userId, b.actor.userId)}
            AND GREATEST(requester_id, addressee_id) = ${Math.max(a.actor.userId, b.actor.userId)}`,
    );
  /** `who` acts on the friendship with `other`. */
  async function befriendStep(who: Member, other: Member, action: FriendshipAction): Promise<void> {
    const r = await changeFriendship(who.actor, { publicId: other.actor.publicId, action }, h.db);
    if (!r?.ok) throw new Error(`${action} failed`);
  }
  /** `a` and `b` become friends. */
  async function befriend(a: Member, b: Member): Promise<void> {
    await befriendStep(a, b, 'request');
    await befriendStep(b, a, 'accept');
  }
  /**
   * The call of `action` by the owner on the pair with `other`, and the same call by `other`; the
   * effect: the pair of the caller and the member the path names is in `state`.
   */
  function pairCall(owner: Member, other: Member, action: FriendshipAction, state: string): Call {
    const path = (p: string) => `/api/users/${p}/friendship`;
    return {
      params: { publicId: other.actor.publicId },
      path: path(other.actor.publicId),
      body: { action },
      party: { member: other, params: { publicId: owner.actor.publicId }, path: path(owner.actor.publicId) },
      effect: ({ caller }) => pairIs(caller, caller.actor.userId === other.actor.userId ? owner : other, state),
    };
  }
  /**
   * Waits until no import into the collection is queued or running (an accepted import runs after
   * the response), so that its writes land before the next call's digest.
   */
  async function importsSettled(collection: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const busy = await exists(
        sql`SELECT 1 FROM collection_imports WHERE collection_id = ${idOf('collections', collection)} AND status IN ('queued', 'running')`,
      );
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the import into ${collection} did not finish`);
  }
  /** A small PNG upload. */
  async function png(name: string, size: { width: number; height: number }, colour: string): Promise<File> {
    const bytes = await sharp({ create: { ...size, channels: 3, background: colour } })
      .png()
      .toBuffer();
    return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
  }

  const ROUTES: RouteRow[] = [
    {
      route: '/api/collections',
      method: 'POST',
      handler: collectionsPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const name = `New ${++n}`;
        return {
          params: {},
          path: '/api/collections',
          body: { name, category: 'releases', style: 1, visibility: 'public' },
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM collections WHERE user_id = ${caller.actor.userId} AND name = ${name}`),
        };
      },
    },
    {
      route: '/api/collections/{id}',
      method: 'PATCH',
      handler: collectionPatch as Handler,
      policy: ['canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}`,
          body: { name: 'Renamed', visibility: 'public', style: 1 },
          effect: () => exists(sql`SELECT 1 FROM collections WHERE public_id = ${publicId} AND name = 'Renamed'`),
        };
      },
    },
    {
      route: '/api/collections/{id}',
      method: 'DELETE',
      handler: collectionDelete as Handler,
      policy: ['canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}`,
          effect: () => exists(sql`SELECT 1 FROM collections WHERE public_id = ${publicId} AND deleted_at IS NOT NULL`),
        };
      },
    },
    {
      route: '/api/collections/{id}/restore',
      method: 'POST',
      handler: restorePost as Handler,
      policy: ['canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o, { deleted: true });
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/restore`,
          body: {},
          effect: () => exists(sql`SELECT 1 FROM collections WHERE public_id = ${publicId} AND deleted_at IS NULL`),
        };
      },
    },
    {
      route: '/api/collections/{id}/entries',
      method: 'POST',
      handler: entriesPost as Handler,
      policy: ['canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/entries`,
          body: { release: RELEASE, price: '9.90', currency: 'EUR' },
          effect: () =>
            exists(
              sql`SELECT 1 FROM collection_entries WHERE collection_id = ${idOf('collections', publicId)}
                    AND release_id = ${idOf('releases', RELEASE)} AND price = 9.90 AND currency = 'EUR'`,
            ),
        };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}',
      method: 'PATCH',
      handler: entryPatch as Handler,
      policy: ['canEditEntry'],
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        return {
          params: { publicId, entryId },
          path: `/api/collections/${publicId}/entries/${entryId}`,
          body: { comment: 'Slipcover', condition: 2 },
          effect: () =>
            exists(
              sql`SELECT 1 FROM collection_entries WHERE id = ${Number(entryId)} AND comment = 'Slipcover' AND condition = 2`,
            ),
        };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}',
      method: 'DELETE',
      handler: entryDelete as Handler,
      policy: ['canEditEntry'],
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        return {
          params: { publicId, entryId },
          path: `/api/collections/${publicId}/entries/${entryId}`,
          effect: () => entryGone(entryId),
        };
      },
    },
    {
      route: '/api/collections/{id}/entries/{entry}/move',
      method: 'POST',
      handler: entryMovePost as Handler,
      policy: ['canEditEntry', 'canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const { publicId, entryId } = await entry(o);
        const target = await shelf(o);
        return {
          params: { publicId, entryId },
          path: `/api/collections/${publicId}/entries/${entryId}/move`,
          body: { collection: target },
          effect: async () =>
            (await entryGone(entryId)) &&
            exists(
              sql`SELECT 1 FROM collection_entries WHERE collection_id = ${idOf('collections', target)}
                    AND release_id = ${idOf('releases', RELEASE)}`,
            ),
        };
      },
    },
    {
      route: '/api/collections/{id}/imports',
      method: 'POST',
      handler: importsPost as Handler,
      policy: ['canEditCollection'],
      expect: { ...OWNED, owner: 202 },
      setup: async (o) => {
        const publicId = await shelf(o, { category: 'movies' });
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/imports`,
          body: new File(['title,year\nSisu,2022\n'], 'shelf.csv', { type: 'text/csv' }),
          // The import runs after the answer: done, it has added Sisu.
          effect: async () => {
            await importsSettled(publicId);
            return exists(
              sql`SELECT 1 FROM collection_imports i JOIN collection_entries e ON e.collection_id = i.collection_id
                  WHERE i.collection_id = ${idOf('collections', publicId)} AND i.status = 'done'
                    AND e.movie_id = ${idOf('movies', MOVIE)}`,
            );
          },
        };
      },
    },
    {
      route: '/api/collections/{id}/imports/{import}/picks',
      method: 'POST',
      handler: picksPost as Handler,
      policy: ['canAccessImport', 'canEditCollection'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o, { category: 'movies' });
        const parsed = parseImportFile('twins.csv', 'title\nTwin Peaks Film\n');
        const r = await importIntoCollection(o.actor, { collection: publicId, fileName: 'twins.csv', parsed }, h.db);
        if (!r.ok) throw new Error(r.error);
        const row = r.report.rows[0];
        expect(row.status).toBe('ambiguous');
        const pick = row.candidates[0].public_id;
        return {
          params: { publicId, importId: r.report.public_id },
          path: `/api/collections/${publicId}/imports/${r.report.public_id}/picks`,
          body: { line: row.line, item: pick },
          effect: () =>
            exists(
              sql`SELECT 1 FROM collection_entries WHERE collection_id = ${idOf('collections', publicId)}
                    AND movie_id = ${idOf('movies', pick)}`,
            ),
        };
      },
    },
    {
      route: '/api/me/collection_entries',
      method: 'POST',
      handler: dialogPost as Handler,
      policy: ['canUseMemberFeatures', 'canEditCollection'],
      expect: SELF,
      self: true,
      setup: async () => {
        const name = `From the dialog ${++n}`;
        return {
          params: {},
          path: '/api/me/collection_entries',
          body: { release: RELEASE, collection: 'new', new_name: name },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM collection_entries e JOIN collections c ON c.id = e.collection_id
                  WHERE c.user_id = ${caller.actor.userId} AND c.name = ${name} AND e.release_id = ${idOf('releases', RELEASE)}`,
            ),
        };
      },
    },
    {
      route: '/api/releases/{id}/toggles',
      method: 'POST',
      handler: releaseTogglePost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: { publicId: RELEASE },
        path: `/api/releases/${RELEASE}/toggles`,
        body: { kind: 'have', on: true },
        // HAVE: the release in the caller's owned list (style 3).
        effect: ({ caller }) => listHolds(caller, 3, { release: RELEASE }),
      }),
    },
    {
      route: '/api/titles/{id}/toggles',
      method: 'POST',
      handler: titleTogglePost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: { publicId: MOVIE },
        path: `/api/titles/${MOVIE}/toggles`,
        body: { kind: 'seen', on: true },
        // Seen: the movie in the caller's watched list (style 2).
        effect: ({ caller }) => listHolds(caller, 2, { movie: MOVIE }),
      }),
    },
    // Discussions and comments are public content of their author: others get 403, admins delete
    // with a reason (the author's own deletion ignores it); nobody likes their own.
    {
      route: '/api/posts',
      method: 'POST',
      handler: postsPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const headline = `New topic ${++n}`;
        return {
          params: {},
          path: '/api/posts',
          body: { headline, body: 'Text', language: 'en' },
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM posts WHERE user_id = ${caller.actor.userId} AND headline = ${headline}`),
        };
      },
    },
    {
      route: '/api/posts/{id}',
      method: 'PATCH',
      handler: postPatch as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await discussion(o);
        return {
          params: { publicId },
          path: `/api/posts/${publicId}`,
          body: { headline: 'Edited' },
          effect: () => exists(sql`SELECT 1 FROM posts WHERE public_id = ${publicId} AND headline = 'Edited'`),
        };
      },
    },
    {
      route: '/api/posts/{id}',
      method: 'DELETE',
      handler: postDelete as Handler,
      policy: ['canEditOwnContent', 'canModerate'],
      expect: AUTHOR_OR_ADMIN,
      setup: async (o) => {
        const publicId = await discussion(o);
        return {
          params: { publicId },
          path: `/api/posts/${publicId}`,
          body: { reason: 'Off topic' },
          effect: () => gone('posts', publicId),
        };
      },
    },
    {
      route: '/api/posts/{id}/toggles',
      method: 'POST',
      handler: postTogglePost as Handler,
      policy: ['canLike'],
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await discussion(o);
        return {
          params: { publicId },
          path: `/api/posts/${publicId}/toggles`,
          body: { kind: 'like', on: true },
          effect: ({ caller }) => likes(caller, 'posts', publicId),
        };
      },
    },
    {
      route: '/api/posts/{id}/comments',
      method: 'POST',
      handler: postCommentsPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async (o) => {
        const publicId = await discussion(o);
        return {
          params: { publicId },
          path: `/api/posts/${publicId}/comments`,
          body: { body: 'Reply' },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM comments WHERE post_id = ${idOf('posts', publicId)} AND user_id = ${caller.actor.userId} AND body = 'Reply'`,
            ),
        };
      },
    },
    {
      route: '/api/reviews/{id}/comments',
      method: 'POST',
      handler: reviewCommentsPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async (o) => {
        const publicId = `pmRv${++n}`;
        await insertReview(h.db, { publicId, author: o, movie: MOVIE, headline: 'Review', body: 'Text' });
        return {
          params: { publicId },
          path: `/api/reviews/${publicId}/comments`,
          body: { body: 'Comment' },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM comments WHERE review_id = ${idOf('reviews', publicId)} AND user_id = ${caller.actor.userId} AND body = 'Comment'`,
            ),
        };
      },
    },
    {
      route: '/api/comments/{id}',
      method: 'PATCH',
      handler: commentPatch as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await comment(o);
        return {
          params: { publicId },
          path: `/api/comments/${publicId}`,
          body: { body: 'Edited' },
          effect: () => exists(sql`SELECT 1 FROM comments WHERE public_id = ${publicId} AND body = 'Edited'`),
        };
      },
    },
    {
      route: '/api/comments/{id}',
      method: 'DELETE',
      handler: commentDelete as Handler,
      policy: ['canEditOwnContent', 'canModerate'],
      expect: AUTHOR_OR_ADMIN,
      setup: async (o) => {
        const publicId = await comment(o);
        return {
          params: { publicId },
          path: `/api/comments/${publicId}`,
          body: { reason: 'Off topic' },
          effect: () => gone('comments', publicId),
        };
      },
    },
    {
      route: '/api/comments/{id}/toggles',
      method: 'POST',
      handler: commentTogglePost as Handler,
      policy: ['canLike'],
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await comment(o);
        return {
          params: { publicId },
          path: `/api/comments/${publicId}/toggles`,
          body: { kind: 'like', on: true },
          effect: ({ caller }) => likes(caller, 'comments', publicId),
        };
      },
    },
    {
      route: '/api/me',
      method: 'PATCH',
      handler: mePatch as Handler,
      policy: ['canEditProfile'],
      expect: SELF,
      self: true,
      setup: async () => {
        const municipality = `Tampere ${++n}`;
        return {
          params: {},
          path: '/api/me',
          body: { country: '4', municipality },
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM users WHERE id = ${caller.actor.userId} AND municipality = ${municipality}`),
        };
      },
    },
    {
      route: '/api/me/password',
      method: 'POST',
      handler: passwordPost as Handler,
      policy: ['canChangeCredentials'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: {},
        path: '/api/me/password',
        body: { current: MEMBER_PASSWORD, password: 'Steelbook-Shelf-88', password2: 'Steelbook-Shelf-88' },
        effect: async ({ caller }) => {
          const [u] = await queryRows<{ password_hash: string }>(
            h.db,
            sql`SELECT password_hash FROM users WHERE id = ${caller.actor.userId}`,
          );
          return !!u && (await verifyPassword(u.password_hash, 'Steelbook-Shelf-88'));
        },
      }),
    },
    {
      route: '/api/me/picture',
      method: 'POST',
      handler: picturePost as Handler,
      policy: ['canEditProfile'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: {},
        path: '/api/me/picture',
        field: 'picture',
        body: await png('me.png', { width: 64, height: 64 }, '#336699'),
        effect: ({ caller }) =>
          exists(sql`SELECT 1 FROM users WHERE id = ${caller.actor.userId} AND picture IS NOT NULL`),
      }),
    },
    // A picture of a release: any member uploads one (waiting for approval; an admin's is public at once).
    {
      route: '/api/pictures',
      method: 'POST',
      handler: picturesPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const [release] = await queryRows<{ public_id: string; pictures: number }>(
          h.db,
          sql`SELECT r.public_id, (SELECT count(*)::int FROM pictures p WHERE p.release_id = r.id) AS pictures
              FROM releases r WHERE r.approved AND r.deleted_at IS NULL ORDER BY r.id LIMIT 1`,
        );
        return {
          params: {},
          path: '/api/pictures',
          field: 'picture',
          fields: { release: release.public_id, type: '8' },
          body: await png('cover.png', { width: 40, height: 60 }, '#996633'),
          effect: () =>
            exists(
              sql`SELECT 1 WHERE (SELECT count(*) FROM pictures WHERE release_id = ${idOf('releases', release.public_id)}) > ${Number(release.pictures)}`,
            ),
        };
      },
    },
    {
      route: '/api/me/picture',
      method: 'DELETE',
      handler: pictureDelete as Handler,
      policy: ['canEditProfile'],
      expect: SELF,
      self: true,
      // The account has a picture (a name only: no files to remove).
      setup: async (o) => {
        await h.db.execute(sql`UPDATE users SET picture = 'pm-missing.webp' WHERE id = ${o.actor.userId}`);
        return {
          params: {},
          path: '/api/me/picture',
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM users WHERE id = ${caller.actor.userId} AND picture IS NULL`),
        };
      },
    },
    {
      route: '/api/me/tokens',
      method: 'POST',
      handler: tokensPost as Handler,
      policy: ['canManageApiToken'],
      expect: SELF,
      self: true,
      // Re-authentication: the current password of the fresh account (tests/support/members.ts).
      setup: async () => ({
        params: {},
        path: '/api/me/tokens',
        body: { name: 'Matrix', current: MEMBER_PASSWORD },
        effect: ({ caller }) =>
          exists(sql`SELECT 1 FROM api_tokens WHERE user_id = ${caller.actor.userId} AND name = 'Matrix'`),
      }),
    },
    {
      route: '/api/me/calendar',
      method: 'POST',
      handler: calendarPost as Handler,
      policy: ['canManageCalendar'],
      expect: SELF,
      self: true,
      // A reset moves the caller's calendar key on by one (and no one else's).
      setup: async () => {
        const before = new Map(
          (await queryRows<{ id: number; v: number }>(h.db, sql`SELECT id, calendar_key_version AS v FROM users`)).map(
            (r) => [r.id, Number(r.v)],
          ),
        );
        return {
          params: {},
          path: '/api/me/calendar',
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM users WHERE id = ${caller.actor.userId}
                  AND calendar_key_version = ${(before.get(caller.actor.userId) ?? 0) + 1}`,
            ),
        };
      },
    },
    {
      route: '/api/me/email',
      method: 'POST',
      handler: emailPost as Handler,
      policy: ['canChangeCredentials'],
      expect: SELF,
      self: true,
      setup: async () => {
        const email = `matrix-moved-${++n}@example.fi`;
        return {
          params: {},
          path: '/api/me/email',
          body: { email, current: MEMBER_PASSWORD },
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM users WHERE id = ${caller.actor.userId} AND email = ${email}`),
        };
      },
    },
    // Confirming the password before linking writes nothing: the effect is the 10-minute grant cookie.
    {
      route: '/api/me/identities/{provider}',
      method: 'POST',
      handler: identityConfirm as Handler,
      policy: ['canChangeCredentials'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: { provider: 'google' },
        path: '/api/me/identities/google',
        body: { current: MEMBER_PASSWORD },
        effect: async ({ res }) => new RegExp(`(^|, )${LINK_COOKIE}=[^;,]+`).test(res.headers.get('set-cookie') ?? ''),
      }),
    },
    {
      route: '/api/me/tokens/{id}',
      method: 'DELETE',
      handler: tokenDelete as Handler,
      policy: ['canManageApiToken'],
      expect: OWNED,
      setup: async (o) => {
        const t = await createApiToken(o.actor, { name: `Token ${++n}`, current: MEMBER_PASSWORD }, h.db);
        if (!t.ok) throw new Error('no token');
        return {
          params: { id: String(t.id) },
          path: `/api/me/tokens/${t.id}`,
          effect: () => exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM api_tokens WHERE id = ${t.id})`),
        };
      },
    },
    {
      route: '/api/me/sessions',
      method: 'DELETE',
      handler: sessionsDelete as Handler,
      policy: ['canManageSession', 'canManageApiToken'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: {},
        path: '/api/me/sessions',
        effect: ({ caller }) =>
          exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM user_sessions WHERE user_id = ${caller.actor.userId})`),
      }),
    },
    {
      route: '/api/me/sessions/{id}',
      method: 'DELETE',
      handler: sessionDelete as Handler,
      policy: ['canManageSession'],
      expect: OWNED,
      setup: async (o) => {
        await createSession(o.actor.userId, { userAgent: 'second device' }, h.db);
        const other = (await listSessions(o.actor, h.db)).find((s) => !s.current && s.user_agent === 'second device');
        if (!other) throw new Error('no second session');
        return {
          params: { id: String(other.id) },
          path: `/api/me/sessions/${other.id}`,
          effect: () => exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM user_sessions WHERE id = ${other.id})`),
        };
      },
    },
    // Nobody here linked Google: a member is refused with the form's message (400), never 2xx.
    {
      route: '/api/me/identities/{provider}',
      method: 'DELETE',
      handler: identityDelete as Handler,
      policy: ['canChangeCredentials'],
      expect: { visitor: 401, member: 400, admin: 400, owner: 400, foreign: 403 },
      setup: async () => ({ params: { provider: 'google' }, path: '/api/me/identities/google' }),
    },
    {
      route: '/api/reviews',
      method: 'POST',
      handler: reviewsPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const headline = `New review ${++n}`;
        return {
          params: {},
          path: '/api/reviews',
          body: { movie: MOVIE, headline, body: 'Text', language: 'en' },
          effect: ({ caller }) =>
            exists(sql`SELECT 1 FROM reviews WHERE user_id = ${caller.actor.userId} AND headline = ${headline}`),
        };
      },
    },
    {
      route: '/api/reviews/{id}',
      method: 'PATCH',
      handler: reviewPatch as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await review(o);
        return {
          params: { publicId },
          path: `/api/reviews/${publicId}`,
          body: { headline: 'Edited', body: 'Text', language: 'fi' },
          effect: () =>
            exists(
              sql`SELECT 1 FROM reviews WHERE public_id = ${publicId} AND headline = 'Edited' AND language = 'fi'`,
            ),
        };
      },
    },
    // Admins delete anyone's review with a reason (the author's own deletion ignores it).
    {
      route: '/api/reviews/{id}',
      method: 'DELETE',
      handler: reviewDelete as Handler,
      policy: ['canEditOwnContent', 'canModerate'],
      expect: AUTHOR_OR_ADMIN,
      setup: async (o) => {
        const publicId = await review(o);
        return {
          params: { publicId },
          path: `/api/reviews/${publicId}`,
          body: { reason: 'Off topic' },
          effect: () => gone('reviews', publicId),
        };
      },
    },
    {
      route: '/api/reviews/{id}/toggles',
      method: 'POST',
      handler: reviewTogglePost as Handler,
      policy: ['canLike'],
      expect: NOT_OWN,
      setup: async (o) => {
        const publicId = await review(o);
        return {
          params: { publicId },
          path: `/api/reviews/${publicId}/toggles`,
          body: { kind: 'like', on: true },
          effect: ({ caller }) => likes(caller, 'reviews', publicId),
        };
      },
    },
    // Friendships: the path names the other member; the owner acts on the pair with them.
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      policy: ['canChangeFriendship'],
      expect: { visitor: 401, member: 200, admin: 200, owner: 200, foreign: 403 },
      party: 200,
      setup: async (o) => pairCall(o, await registerMember(h.db, { label: 'Pal', n: ++n }), 'request', 'invited'),
    },
    ...(
      [
        ['accept', 'accepted'],
        ['reject', 'rejected'],
      ] as const
    ).map(([action, state]): RouteRow => ({
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      policy: ['canChangeFriendship'],
      expect: PAIR_ONLY,
      // The requester may not answer their own request.
      party: 409,
      setup: async (o) => {
        const requester = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(requester, o, 'request');
        return pairCall(o, requester, action, state);
      },
    })),
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      policy: ['canChangeFriendship'],
      expect: PAIR_ONLY,
      // Only the requester cancels.
      party: 409,
      setup: async (o) => {
        const addressee = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(o, addressee, 'request');
        return pairCall(o, addressee, 'cancel', 'cancelled');
      },
    },
    {
      route: '/api/users/{id}/friendship',
      method: 'POST',
      handler: friendshipPost as Handler,
      policy: ['canChangeFriendship'],
      expect: PAIR_ONLY,
      // Either friend removes.
      party: 200,
      setup: async (o) => {
        const friend = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriend(o, friend);
        return pairCall(o, friend, 'remove', 'removed');
      },
    },
    // Deletes the account of whoever calls it (each call is made by a fresh account).
    {
      route: '/api/me',
      method: 'DELETE',
      handler: meDelete as Handler,
      policy: ['canDeleteAccount'],
      expect: SELF,
      self: true,
      setup: async () => ({
        params: {},
        path: '/api/me',
        body: { confirm: true, current: MEMBER_PASSWORD },
        effect: ({ caller }) =>
          exists(sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = ${caller.actor.userId})`),
      }),
    },
    // Notifications: each member marks their own seen (here a friend request's notice) and subscribes
    // to their own channel only.
    {
      route: '/api/notifications/seen',
      method: 'POST',
      handler: notificationsSeenPost as Handler,
      policy: ['canReadNotifications'],
      expect: SELF,
      self: true,
      setup: async (o) => {
        await befriendStep(await registerMember(h.db, { label: 'Pal', n: ++n }), o, 'request');
        return {
          params: {},
          path: '/api/notifications/seen',
          body: {},
          effect: async ({ caller }) =>
            (await exists(sql`SELECT 1 FROM notifications WHERE user_id = ${caller.actor.userId}`)) &&
            exists(
              sql`SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE user_id = ${caller.actor.userId} AND seen_at IS NULL)`,
            ),
        };
      },
    },
    // The channel check is the route's own (the channel names the caller's public id); it writes nothing.
    {
      route: '/api/pusher/auth',
      method: 'POST',
      handler: pusherAuthPost as Handler,
      policy: [],
      expect: { visitor: 401, member: 403, admin: 403, owner: 200, foreign: 403 },
      setup: async (o) => ({
        params: {},
        path: '/api/pusher/auth',
        body: { socket_id: '123.456', channel_name: `private-user-${o.actor.publicId}` },
        effect: async ({ body }) => /^[^:]+:[0-9a-f]{64}$/.test(String((body as { auth?: unknown }).auth)),
      }),
    },
    // The contact form: a member sends as the account; a visitor needs the bot check (none here: 400).
    {
      route: '/api/contact',
      method: 'POST',
      handler: contactPost as Handler,
      policy: ['canSendContactMessage'],
      expect: { ...SELF, visitor: 400 },
      self: true,
      setup: async () => {
        const subject = `Matrix contact ${++n}`;
        return {
          params: {},
          path: '/api/contact',
          body: {
            subject,
            message: 'A question',
            movie: '',
            release: '',
            locale: 'en',
            name: 'Visitor',
            email: 'visitor@example.fi',
            altcha: '',
          },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM contact_messages WHERE user_id = ${caller.actor.userId} AND subject = ${subject} AND status = 'open'`,
            ),
        };
      },
    },
    {
      route: '/api/changes',
      method: 'POST',
      handler: changesPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const name = `Matrix Person ${++n}`;
        return {
          params: {},
          path: '/api/changes',
          body: { entity: 'person', kind: 'new', values: { name } },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM change_requests WHERE user_id = ${caller.actor.userId} AND kind = 'new'
                    AND changes -> 'name' ->> 'after' = ${name}`,
            ),
        };
      },
    },
    // A deletion request: any member suggests one (an admin's applies at once).
    {
      route: '/api/changes',
      method: 'POST',
      handler: changesPost as Handler,
      policy: ['canUseMemberFeatures'],
      expect: SELF,
      self: true,
      setup: async () => {
        const person = await unusedPerson();
        return {
          params: {},
          path: '/api/changes',
          body: { entity: 'person', kind: 'delete', target: person, note: 'A duplicate' },
          effect: ({ caller }) =>
            exists(
              sql`SELECT 1 FROM change_requests WHERE user_id = ${caller.actor.userId} AND kind = 'delete'
                    AND entity_type = 'person' AND entity_id = (SELECT id FROM persons WHERE public_id = ${person})`,
            ),
        };
      },
    },
    {
      route: '/api/changes/{id}/approve',
      method: 'POST',
      handler: changeApprovePost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const { request, person } = await deletion(o);
        return {
          params: { publicId: request },
          path: `/api/changes/${request}/approve`,
          body: {},
          effect: async () =>
            (await statusIs('change_requests', request, 'approved')) &&
            exists(sql`SELECT 1 FROM persons WHERE public_id = ${person} AND deleted_at IS NOT NULL`),
        };
      },
    },
    {
      route: '/api/changes/{id}/discard',
      method: 'POST',
      handler: changeDiscardPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const { request } = await deletion(o);
        return {
          params: { publicId: request },
          path: `/api/changes/${request}/discard`,
          body: { reason: 'Not a duplicate' },
          effect: () => statusIs('change_requests', request, 'discarded'),
        };
      },
    },
    {
      route: '/api/changes/{id}/withdraw',
      method: 'POST',
      handler: changeWithdrawPost as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const { request } = await deletion(o);
        return {
          params: { publicId: request },
          path: `/api/changes/${request}/withdraw`,
          effect: () => statusIs('change_requests', request, 'withdrawn'),
        };
      },
    },
    {
      route: '/api/changes/{id}/approve',
      method: 'POST',
      handler: changeApprovePost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return {
          params: { publicId },
          path: `/api/changes/${publicId}/approve`,
          body: {},
          effect: () => statusIs('change_requests', publicId, 'approved'),
        };
      },
    },
    {
      route: '/api/changes/{id}/discard',
      method: 'POST',
      handler: changeDiscardPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return {
          params: { publicId },
          path: `/api/changes/${publicId}/discard`,
          body: { reason: 'No source' },
          effect: () => statusIs('change_requests', publicId, 'discarded'),
        };
      },
    },
    // Contact messages are the admins' to answer and close, the sender's own included.
    {
      route: '/api/contact/{id}/answer',
      method: 'POST',
      handler: contactAnswerPost as Handler,
      policy: ['canHandleContactMessages'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await contactMessage(o);
        return {
          params: { publicId },
          path: `/api/contact/${publicId}/answer`,
          body: { answer: 'Thank you' },
          effect: () => statusIs('contact_messages', publicId, 'answered'),
        };
      },
    },
    {
      route: '/api/contact/{id}/close',
      method: 'POST',
      handler: contactClosePost as Handler,
      policy: ['canHandleContactMessages'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await contactMessage(o);
        return {
          params: { publicId },
          path: `/api/contact/${publicId}/close`,
          effect: () => statusIs('contact_messages', publicId, 'closed'),
        };
      },
    },
    {
      route: '/api/collections/{id}/suggestions',
      method: 'POST',
      handler: suggestionsPost as Handler,
      policy: ['canEditOwnContent', 'canUseMemberFeatures'],
      expect: OWNED,
      setup: async (o) => {
        const publicId = await shelf(o);
        return {
          params: { publicId },
          path: `/api/collections/${publicId}/suggestions`,
          body: {
            discs: [{ ean: '5051892002424', values: { name: `Matrix Disc ${++n}`, format: 1, movies: [MOVIE] } }],
          },
          effect: () =>
            exists(sql`SELECT 1 FROM change_requests WHERE collection_id = ${idOf('collections', publicId)}`),
        };
      },
    },
    {
      route: '/api/changes/{id}',
      method: 'PATCH',
      handler: changePatch as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return {
          params: { publicId },
          path: `/api/changes/${publicId}`,
          body: { note: 'From the sleeve' },
          effect: () =>
            exists(sql`SELECT 1 FROM change_requests WHERE public_id = ${publicId} AND note = 'From the sleeve'`),
        };
      },
    },
    {
      route: '/api/changes/{id}/withdraw',
      method: 'POST',
      handler: changeWithdrawPost as Handler,
      policy: ['canEditOwnContent'],
      expect: AUTHOR_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return {
          params: { publicId },
          path: `/api/changes/${publicId}/withdraw`,
          effect: () => statusIs('change_requests', publicId, 'withdrawn'),
        };
      },
    },
    {
      route: '/api/changes/bulk_approve',
      method: 'POST',
      handler: changesBulkApprovePost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const publicId = await suggestion(o);
        return {
          params: {},
          path: '/api/changes/bulk_approve',
          body: { ids: [publicId] },
          effect: () => statusIs('change_requests', publicId, 'approved'),
        };
      },
    },
    {
      route: '/api/revisions/{id}/revert',
      method: 'POST',
      handler: revisionRevertPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const { revision, notes } = await approvedEdit(o);
        return {
          params: { id: revision },
          path: `/api/revisions/${revision}/revert`,
          effect: () => notesReverted(notes),
        };
      },
    },
    // Reverting a deletion restores the item: admins only.
    {
      route: '/api/revisions/{id}/revert',
      method: 'POST',
      handler: revisionRevertPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const { revision, person } = await approvedDeletion(o);
        return {
          params: { id: revision },
          path: `/api/revisions/${revision}/revert`,
          effect: () => exists(sql`SELECT 1 FROM persons WHERE public_id = ${person} AND deleted_at IS NULL`),
        };
      },
    },
    {
      route: '/api/users/{id}/revert_contributions',
      method: 'POST',
      handler: revertContributionsPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async (o) => {
        const { notes } = await approvedEdit(o);
        const publicId = o.actor.publicId;
        return {
          params: { publicId },
          path: `/api/users/${publicId}/revert_contributions`,
          effect: () => notesReverted(notes),
        };
      },
    },
    // The import from the external movie database (TMDb) and a movie's refresh from it: admins only.
    {
      route: '/api/admin/import',
      method: 'POST',
      handler: adminImportPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async () => {
        await startedTmdb();
        return {
          params: {},
          path: '/api/admin/import',
          body: { imdb_id: 'tt0133093', type: 1 },
          effect: await staleMatrix(),
        };
      },
    },
    {
      route: '/api/admin/import/{id}',
      method: 'POST',
      handler: adminImportRefreshPost as Handler,
      policy: ['canModerate'],
      expect: ADMIN_ONLY,
      setup: async () => {
        const publicId = await importedMovie();
        return { params: { publicId }, path: `/api/admin/import/${publicId}`, effect: await staleMatrix() };
      },
    },
  ];

  /**
   * A private (or trashed public) releases collection of `owner` with one entry priced 9.90 EUR: its
   * name and the entry's comment are the owner's private markers.
   */
  async function privateShelf(
    owner: Member,
    opts: { trashed?: boolean } = {},
  ): Promise<{ publicId: string; name: string; note: string }> {
    const name = `Private shelf ${++n}`;
    const note = `Private note ${n}`;
    const publicId = await shelf(owner, { name, visibility: opts.trashed ? 'public' : 'private' });
    await put(owner, publicId, { comment: note, price: '9.90' });
    if (opts.trashed) await setCollectionDeleted(owner.actor, { publicId, deleted: true }, h.db);
    return { publicId, name, note };
  }
  /** An import of `owner`'s private collection, done: the file's name is the marker. */
  async function doneImport(
    owner: Member,
    file: { category: 'movies' | 'releases'; text: string },
  ): Promise<{ publicId: string; importId: string; fileName: string }> {
    const publicId = await shelf(owner, { category: file.category, visibility: 'private' });
    const fileName = `matrix-${++n}.csv`;
    const parsed = parseImportFile(fileName, file.text);
    const r = await importIntoCollection(owner.actor, { collection: publicId, fileName, parsed }, h.db);
    if (!r.ok) throw new Error(r.error);
    return { publicId, importId: r.report.public_id, fileName };
  }
  const importPath = (i: { publicId: string; importId: string }, tail = '') =>
    `/api/collections/${i.publicId}/imports/${i.importId}${tail}`;

  const READS: ReadRow[] = [
    // A private collection and everything read from it: the owner only (an admin gets 404 too).
    ...(
      [
        ['', collectionGet, 'name'],
        ['/entries', entriesGet, 'note'],
        ['/export?format=json', exportGet, 'name'],
        ['/value', valueGet, 'total'],
      ] as const
    ).map(([tail, handler, marker]): ReadRow => ({
      route: `/api/collections/{id}${tail.replace(/\?.*/, '')}`,
      handler: handler as Handler,
      policy: ['canViewCollection'],
      expect: PRIVATE_ITEM,
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o);
        return {
          params: { publicId: c.publicId },
          path: `/api/collections/${c.publicId}${tail}`,
          marker: marker === 'total' ? '"total_eur":"9.90"' : c[marker],
        };
      },
    })),
    // A public collection in the trash is its owner's alone.
    {
      route: '/api/collections/{id}',
      handler: collectionGet as Handler,
      policy: ['canViewCollection'],
      expect: PRIVATE_ITEM,
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o, { trashed: true });
        return { params: { publicId: c.publicId }, path: `/api/collections/${c.publicId}`, marker: c.name };
      },
    },
    {
      route: '/api/collections/{id}/entries',
      handler: entriesGet as Handler,
      policy: ['canViewCollection'],
      expect: PRIVATE_ITEM,
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o, { trashed: true });
        return { params: { publicId: c.publicId }, path: `/api/collections/${c.publicId}/entries`, marker: c.note };
      },
    },
    // Lists of collections leave out another member's private ones and trash (the list filters by
    // lib/data/collection-visibility.ts, the SQL of canViewCollection).
    {
      route: '/api/collections',
      handler: collectionsGet as Handler,
      policy: ['canViewCollection'],
      expect: { visitor: 200, member: 200, admin: 200, owner: 200 },
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o);
        return { params: {}, path: `/api/collections?user=${o.actor.publicId}`, marker: c.name };
      },
    },
    {
      route: '/api/collections',
      handler: collectionsGet as Handler,
      policy: ['canViewCollection'],
      expect: { visitor: 200, member: 200, admin: 200, owner: 200 },
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o, { trashed: true });
        return { params: {}, path: '/api/collections?deleted=1', marker: c.name };
      },
    },
    // The pictures a collection may show: another member's collection gives none.
    {
      route: '/api/collections/{id}/pictures',
      handler: picturesGet as Handler,
      policy: ['canEditCollection'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const publicId = await shelf(o, { category: 'movies', visibility: 'private' });
        await put(o, publicId, { movie: POSTER_MOVIE });
        return { params: { publicId }, path: `/api/collections/${publicId}/pictures`, marker: POSTER_URL };
      },
    },
    {
      route: '/api/collections/{id}/imports',
      handler: importsGet as Handler,
      policy: ['canEditCollection'],
      expect: PRIVATE_OWNED,
      sees: ['owner'],
      setup: async (o) => {
        const i = await doneImport(o, { category: 'movies', text: 'title,year\nSisu,2022\n' });
        return { params: { publicId: i.publicId }, path: `/api/collections/${i.publicId}/imports`, marker: i.fileName };
      },
    },
    ...(
      [
        ['', importGet],
        ['/progress', importProgressGet],
      ] as const
    ).map(([tail, handler]): ReadRow => ({
      route: `/api/collections/{id}/imports/{import}${tail}`,
      handler: handler as Handler,
      policy: ['canAccessImport'],
      expect: PRIVATE_OWNED,
      sees: ['owner'],
      setup: async (o) => {
        const i = await doneImport(o, { category: 'movies', text: 'title,year\nSisu,2022\n' });
        return {
          params: { publicId: i.publicId, importId: i.importId },
          path: importPath(i, tail),
          marker: i.fileName,
        };
      },
    })),
    {
      route: '/api/collections/{id}/imports/{import}/unknown_discs',
      handler: unknownDiscsGet as Handler,
      policy: ['canAccessImport'],
      expect: PRIVATE_OWNED,
      sees: ['owner'],
      setup: async (o) => {
        const i = await doneImport(o, { category: 'releases', text: `ean,title\n${UNKNOWN_EAN},Matrix Disc\n` });
        return {
          params: { publicId: i.publicId, importId: i.importId },
          path: importPath(i, '/unknown_discs'),
          marker: UNKNOWN_EAN,
        };
      },
    },
    // The member's own lists: another member or an admin gets their own, never the owner's.
    {
      route: '/api/notifications',
      handler: notificationsGet as Handler,
      policy: ['canReadNotifications'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const pal = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(pal, o, 'request');
        return { params: {}, path: '/api/notifications', marker: pal.actor.name };
      },
    },
    {
      route: '/api/friend_requests',
      handler: friendRequestsGet as Handler,
      policy: ['canSeeSocialFeed'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const pal = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriendStep(pal, o, 'request');
        return { params: {}, path: '/api/friend_requests', marker: pal.actor.name };
      },
    },
    // A trade: the owner wants the release, a friend has it for trade.
    {
      route: '/api/trades',
      handler: tradesGet as Handler,
      policy: ['canSeeSocialFeed'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const pal = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriend(o, pal);
        await put(o, await shelf(o, { style: 4 }));
        await put(pal, await shelf(pal, { style: 7 }));
        return { params: {}, path: '/api/trades', marker: pal.actor.name };
      },
    },
    {
      route: '/api/stream',
      handler: streamGet as Handler,
      policy: ['canSeeSocialFeed'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const pal = await registerMember(h.db, { label: 'Pal', n: ++n });
        await befriend(o, pal);
        const headline = `Friends only topic ${++n}`;
        await discussion(pal, headline);
        return { params: {}, path: '/api/stream', marker: headline };
      },
    },
    // The owner wants the release, which someone offers for sale.
    {
      route: '/api/me/wanted_offers',
      handler: wantedOffersGet as Handler,
      policy: ['canSeeSocialFeed'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const seller = await registerMember(h.db, { label: 'Seller', n: ++n });
        await put(o, await shelf(o, { style: 4, visibility: 'private' }));
        await put(seller, await shelf(seller, { style: 5 }), { price: '12.00' });
        return { params: {}, path: '/api/me/wanted_offers', marker: `"public_id":"${RELEASE}"` };
      },
    },
    {
      route: '/api/me',
      handler: meGet as Handler,
      policy: ['canSeePrivateProfile'],
      expect: { visitor: 401, member: 200, admin: 200, owner: 200 },
      sees: ['owner'],
      setup: async (o) => ({ params: {}, path: '/api/me', marker: o.actor.publicId }),
    },
    {
      route: '/api/me/sessions',
      handler: sessionsGet as Handler,
      policy: ['canManageSession'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const device = `Matrix device ${++n}`;
        await createSession(o.actor.userId, { userAgent: device }, h.db);
        return { params: {}, path: '/api/me/sessions', marker: device };
      },
    },
    {
      route: '/api/me/tokens',
      handler: tokensGet as Handler,
      policy: ['canManageApiToken'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const name = `Matrix token ${++n}`;
        const t = await createApiToken(o.actor, { name, current: MEMBER_PASSWORD }, h.db);
        if (!t.ok) throw new Error('no token');
        return { params: {}, path: '/api/me/tokens', marker: name };
      },
    },
    {
      route: '/api/me/calendar',
      handler: calendarGet as Handler,
      policy: ['canManageCalendar'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => ({ params: {}, path: '/api/me/calendar', marker: `/calendar/${o.actor.publicId}/` }),
    },
    // The scanner's barcode list: a member's own releases, private lists included.
    {
      route: '/api/me/barcodes',
      handler: meBarcodesGet as Handler,
      policy: ['canReadOwnBarcodes'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => ({ params: {}, path: '/api/me/barcodes', marker: (await privateShelf(o)).name }),
    },
    // A scanned barcode: anyone finds the release; only its owner learns which private list holds it.
    {
      route: '/api/barcodes/{code}',
      handler: barcodeGet as Handler,
      policy: ['canReadOwnBarcodes'],
      expect: { visitor: 200, member: 200, admin: 200, owner: 200 },
      sees: ['owner'],
      setup: async (o) => ({
        params: { code: RELEASE_EAN },
        path: `/api/barcodes/${RELEASE_EAN}`,
        marker: (await privateShelf(o)).name,
      }),
    },
    {
      route: '/api/me/identities',
      handler: identitiesGet as Handler,
      policy: ['canSeePrivateProfile'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        await h.db.execute(
          sql`INSERT INTO user_identities (user_id, provider, subject) VALUES (${o.actor.userId}, 'google', ${`pm-${++n}`})`,
        );
        return { params: {}, path: '/api/me/identities', marker: '"linked":["google"]' };
      },
    },
    {
      route: '/api/me/collections',
      handler: meCollectionsGet as Handler,
      policy: ['canUseMemberFeatures'],
      expect: OWN_LIST,
      sees: ['owner'],
      setup: async (o) => {
        const c = await privateShelf(o);
        return { params: {}, path: `/api/me/collections?release=${RELEASE}`, marker: c.name };
      },
    },
    // Suggestions: the author's own, which the admins read in their queue.
    {
      route: '/api/changes',
      handler: changesGet as Handler,
      policy: ['canEditOwnContent', 'canModerate'],
      expect: OWN_LIST,
      sees: ['admin', 'owner'],
      setup: async (o) => {
        const name = `Queued Person ${++n}`;
        await suggestion(o, name);
        return { params: {}, path: `/api/changes?user=${o.actor.publicId}`, marker: name };
      },
    },
    {
      route: '/api/changes/{id}',
      handler: changeGet as Handler,
      policy: ['canEditOwnContent', 'canModerate'],
      expect: AUTHOR_OR_MODERATOR,
      sees: ['admin', 'owner'],
      setup: async (o) => {
        const name = `Queued Person ${++n}`;
        const publicId = await suggestion(o, name);
        return { params: { publicId }, path: `/api/changes/${publicId}`, marker: name };
      },
    },
    {
      route: '/api/changes/{id}/review',
      handler: changeReviewGet as Handler,
      policy: ['canModerate'],
      expect: ADMIN_READ,
      sees: ['admin'],
      setup: async (o) => {
        const name = `Queued Person ${++n}`;
        const publicId = await suggestion(o, name);
        return { params: { publicId }, path: `/api/changes/${publicId}/review`, marker: name };
      },
    },
    {
      route: '/api/revisions/{id}/revert',
      handler: revertPreviewGet as Handler,
      policy: ['canModerate'],
      expect: ADMIN_READ,
      sees: ['admin'],
      setup: async (o) => {
        const { revision, notes } = await approvedEdit(o);
        return { params: { id: revision }, path: `/api/revisions/${revision}/revert`, marker: notes };
      },
    },
    // Contact messages: the admins read them, their sender included does not.
    {
      route: '/api/contact',
      handler: contactListGet as Handler,
      policy: ['canHandleContactMessages'],
      expect: ADMIN_READ,
      sees: ['admin'],
      setup: async (o) => {
        const subject = `Matrix question ${++n}`;
        await contactMessage(o, subject);
        return { params: {}, path: '/api/contact', marker: subject };
      },
    },
    {
      route: '/api/contact/{id}',
      handler: contactGet as Handler,
      policy: ['canHandleContactMessages'],
      expect: ADMIN_READ,
      sees: ['admin'],
      setup: async (o) => {
        const subject = `Matrix question ${++n}`;
        const publicId = await contactMessage(o, subject);
        return { params: { publicId }, path: `/api/contact/${publicId}`, marker: subject };
      },
    },
  ];

  function request(
    method: string,
    call: Pick<Call, 'path' | 'body' | 'field' | 'fields'>,
    headers: Record<string, string>,
  ): Request {
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

  /** The answer's JSON body, or its text when it is not JSON. */
  function parsed(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  /**
   * One write: the status is the expected one; a refused call (4xx) changed no table; a successful
   * one shows its effect. @returns the problems found (empty when none)
   */
  async function checkWrite(
    label: string,
    send: () => Promise<Response>,
    expected: number,
    ctx: { caller: Member | null; effect?: Effect },
  ): Promise<string[]> {
    const before = await digest();
    const res = await send();
    const text = await res.clone().text();
    const problems: string[] = [];
    if (res.status !== expected) problems.push(`${label}: ${res.status} (expected ${expected}) ${text.slice(0, 200)}`);
    if (res.status >= 200 && res.status < 300) {
      if (!ctx.effect || !ctx.caller) problems.push(`${label}: ${res.status} but the row checks no effect`);
      else if (!(await ctx.effect({ caller: ctx.caller, res, body: parsed(text) })))
        problems.push(`${label}: ${res.status} but its effect is missing`);
    } else {
      const changed = changedTables(before, await digest());
      if (changed.length) problems.push(`${label}: refused with ${res.status} but changed ${changed.join(', ')}`);
    }
    return problems;
  }

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [
        { publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 },
        { publicId: 'pmTwinA0001', name: 'Twin Peaks Film', titleKey: 'twin peaks film', year: 1990 },
        { publicId: 'pmTwinB0001', name: 'Twin Peaks Film', titleKey: 'twin peaks film', year: 2005 },
        { publicId: POSTER_MOVIE, name: 'Poster Film', titleKey: 'poster film', year: 2001, posterUrl: POSTER_URL },
      ],
      releases: [{ publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray', ean: RELEASE_EAN }],
    }));
    member = await registerMember(h.db, { label: 'Bystander', n: 1 });
  });
  afterAll(async () => {
    await h?.close();
    await tmdb?.close();
    vi.unstubAllEnvs();
  });

  it('every write route and every members-only read has a row; every row, exemption and policy is real', () => {
    const found = routesOnDisk(path.join('app', 'api'));
    const key = (method: string, route: string) => `${method} ${route}`;
    const writeRows = new Set(ROUTES.map((r) => key(r.method, r.route)));
    const readRows = new Set(READS.map((r) => key('GET', r.route)));
    const writes = [...found.keys()].filter((k) => !k.startsWith('GET '));
    // A new write route fails here until it has a row (or is a public write listed above).
    expect(writes.filter((k) => !writeRows.has(k) && !PUBLIC_WRITES.includes(k))).toEqual([]);
    // A members' or admins' GET route, and the public ones that answer private data, need a read row.
    const privateReads = [...found.entries()]
      .filter(([k, auth]) => k.startsWith('GET ') && (auth === 'member' || auth === 'admin'))
      .map(([k]) => k);
    expect([...privateReads, ...PRIVATE_PUBLIC_READS].filter((k) => !readRows.has(k))).toEqual([]);
    // The floor: every row and exemption names a route the walk found (a walk that found nothing fails).
    expect([...writeRows, ...readRows, ...PUBLIC_WRITES, ...PRIVATE_PUBLIC_READS].filter((k) => !found.has(k))).toEqual(
      [],
    );
    // Every policy is exercised by some row.
    const named = new Set([...ROUTES, ...READS].flatMap((r) => r.policy));
    const all = Object.keys(policies).filter((k) => k.startsWith('can'));
    expect(all.filter((p) => !named.has(p as Policy))).toEqual([]);
  });

  it('as the other member of a friendship', async () => {
    const results: string[] = [];
    for (const row of ROUTES.filter((r) => r.party !== undefined)) {
      const owner = await registerMember(h.db, { label: 'Owner', n: ++n });
      const call = await row.setup(owner);
      const party = call.party!;
      results.push(
        ...(await checkWrite(
          `${row.method} ${row.route} ${JSON.stringify(call.body)} by the other member`,
          () =>
            row.handler(
              request(row.method, { ...call, path: party.path }, { origin: ORIGIN, cookie: party.member.cookie }),
              { params: Promise.resolve(party.params) },
            ),
          row.party!,
          { caller: party.member, effect: call.effect },
        )),
      );
    }
    expect(results).toEqual([]);
  });

  for (const kind of ['visitor', 'member', 'admin', 'foreign', 'owner'] as const) {
    it(`writes as ${kind}`, async () => {
      const results: string[] = [];
      for (const row of ROUTES) {
        // Each call gets a fresh owner and resource, so a success of one row never changes another's.
        const owner = await registerMember(h.db, { label: 'Owner', n: ++n });
        // The self rows act on the caller's own account: members and admins get fresh ones too.
        const self =
          row.self && (kind === 'member' || kind === 'admin')
            ? await registerMember(h.db, {
                label: kind === 'admin' ? 'Admin' : 'Member',
                n: ++n,
                role: kind === 'admin' ? 'admin' : 'basic',
              })
            : null;
        const call = await row.setup(self ?? owner);
        const caller =
          kind === 'visitor' ? null : (self ?? (kind === 'member' ? member : kind === 'admin' ? admin : owner));
        const headers: Record<string, string> =
          kind === 'visitor'
            ? { origin: ORIGIN }
            : kind === 'foreign'
              ? { origin: 'https://evil.example', cookie: owner.cookie }
              : { origin: ORIGIN, cookie: caller!.cookie };
        results.push(
          ...(await checkWrite(
            `${row.method} ${row.route} ${JSON.stringify(call.body instanceof File ? call.body.name : (call.body ?? null))}`,
            () => row.handler(request(row.method, call, headers), { params: Promise.resolve(call.params) }),
            row.expect[kind],
            { caller, effect: call.effect },
          )),
        );
      }
      expect(results).toEqual([]);
    });
  }

  for (const kind of ['visitor', 'member', 'admin', 'owner'] as const) {
    it(`reads of private data as ${kind}`, async () => {
      const results: string[] = [];
      for (const row of READS) {
        const owner = await registerMember(h.db, { label: 'Owner', n: ++n });
        const call = await row.setup(owner);
        const caller = kind === 'member' ? member : kind === 'admin' ? admin : kind === 'owner' ? owner : null;
        const label = `GET ${call.path}`;
        const before = await digest();
        const res = await row.handler(
          request('GET', call, caller ? { origin: ORIGIN, cookie: caller.cookie } : { origin: ORIGIN }),
          { params: Promise.resolve(call.params) },
        );
        const text = await res.text();
        if (res.status !== row.expect[kind])
          results.push(`${label}: ${res.status} (expected ${row.expect[kind]}) ${text.slice(0, 200)}`);
        if (call.marker !== null && text.includes(call.marker) !== row.sees.includes(kind))
          results.push(`${label}: the owner's ${call.marker} ${row.sees.includes(kind) ? 'is missing' : 'leaked'}`);
        const changed = changedTables(before, await digest());
        if (changed.length) results.push(`${label}: a read changed ${changed.join(', ')}`);
      }
      expect(results).toEqual([]);
    });
  }
});
