import 'server-only';
/**
 * Accounts and profiles: registration, credentials, the owner's own data
 * ("edit my data", password change, picture, deletion) and public profiles. Reads return public
 * fields only: no e-mail and no password hash ever leaves this module except to the account's
 * own session (`getOwnAccount`). Each function on an account's own data asks its policy
 * (lib/auth/policies.ts canSeePrivateProfile, canEditProfile, canChangeCredentials,
 * canDeleteAccount) and writes only the actor's row (`WHERE id = actor`). Sessions, API tokens and
 * password resets have modules of their own.
 */
import { hasControlCharacters } from '@/lib/one-line';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db';
import { AppError, fieldErrors } from '@/lib/errors';
import { passwordResetTokens, users } from '@/db/schema';
import { hasRole, type Actor, type Role } from '@/lib/auth/actor';
import { canChangeCredentials, canDeleteAccount, canEditProfile, canSeePrivateProfile } from '@/lib/auth/policies';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { AVATAR_SIZES, removePicture } from '@/lib/images';
import { foldText } from '@/lib/text';
import {
  emailSchema,
  profileSchema,
  registerSchema,
  type FieldErrors,
  type ProfileInput,
  type RegisterInput,
} from '@/lib/validation/users';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { inList, queryRows, resolveDb } from './sql';
import { overStored } from './partial-update';
import { revokeAllApiTokens } from './api-tokens';
import { confirmIdentity, reauthenticate, type ReauthRefused } from './reauth';
import { revokeAllSessions } from './sessions';
import { inTransaction, publish } from './events';
import { newPublicId } from './public-id';
import { collectionVisibleTo } from './collection-visibility';
import {
  ownPendingChangesSql,
  parseOwnPendingChanges,
  PENDING_COUNT_SQL,
  type OwnPendingChange,
} from './pending-changes';
import type { Page } from './types';

/** A user as any visitor may see it (`/api/users`, user pages): public fields only. */
export type PublicUser = {
  public_id: string;
  name: string;
  role: Role;
  country: number | null;
  municipality: string | null;
  picture: string | null;
  points: number;
  social: {
    facebook: string | null;
    instagram: string | null;
    youtube: string | null;
    tiktok: string | null;
    x: string | null;
  };
  created_at: string;
};

const PUBLIC_COLUMNS = {
  publicId: users.publicId,
  name: users.name,
  role: users.role,
  country: users.country,
  municipality: users.municipality,
  picture: users.picture,
  points: users.points,
  facebookUrl: users.facebookUrl,
  instagramUrl: users.instagramUrl,
  youtubeUrl: users.youtubeUrl,
  tiktokUrl: users.tiktokUrl,
  xUrl: users.xUrl,
  createdAt: users.createdAt,
};

/** The mail and notification flags ("edit my data"), read for the owner only. */
const FLAG_COLUMNS = {
  newsletter: users.newsletter,
  emailNotifications: users.emailNotifications,
  userEmail: users.userEmail,
  reviewNotifications: users.reviewNotifications,
  releaseNotifications: users.releaseNotifications,
};

type PublicRow = Pick<typeof users.$inferSelect, keyof typeof PUBLIC_COLUMNS>;

function toPublicUser(r: PublicRow): PublicUser {
  return {
    public_id: r.publicId,
    name: r.name,
    role: r.role,
    country: r.country,
    municipality: r.municipality,
    picture: r.picture,
    points: r.points,
    social: {
      facebook: r.facebookUrl,
      instagram: r.instagramUrl,
      youtube: r.youtubeUrl,
      tiktok: r.tiktokUrl,
      x: r.xUrl,
    },
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** Outcome of {@link registerUser}: the new user, or message keys per field (namespace `forms`). */
export type RegisterResult = { ok: true; user: PublicUser; userId: number } | { ok: false; errors: FieldErrors };

/**
 * Creates a basic account (or an admin with `role: 'admin'`, for the command line). Field errors:
 * the schema's (required, lengths, e-mail form, password length and match, country), `password:
 * passwordCommon` for a common password, `email: emailInUse` and `name: nameInUse` for taken ones.
 * Bot checks and rate limits are the caller's (the registration action).
 */
export async function registerUser(input: RegisterInput, opts: { role?: Role } = {}, db?: Db): Promise<RegisterResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  if (passwordProblem(v.password) === 'common') return { ok: false, errors: { password: 'passwordCommon' } };
  const d = await resolveDb(db);
  const nameKey = foldText(v.name);
  // A name is shown on one line everywhere, mail included: no line breaks or other control characters.
  if (!nameKey || hasControlCharacters(v.name)) return { ok: false, errors: { name: 'invalid' } };
  const passwordHash = await hashPassword(v.password);
  const r = await insertAccount(
    { name: v.name, nameKey, email: v.email, passwordHash, country: v.country, role: opts.role ?? 'basic' },
    d,
  );
  if (r.ok) return r;
  return { ok: false, errors: r.taken === 'email' ? { email: 'emailInUse' } : { name: 'nameInUse' } };
}

/**
 * Inserts an account whose fields are already validated (`nameKey` = foldText(name), `email`
 * lower-cased), with the default lists every user has (the `account.created` event: lib/data/shortcut-lists.ts createDefaultLists). Shared
 * by password registration and Facebook/Google registration (linked-identities.ts).
 * @returns the new user, or which unique field (`email` or `name`) is taken
 */
export async function insertAccount(
  values: {
    name: string;
    nameKey: string;
    email: string;
    passwordHash: string | null;
    country: number | null;
    role: Role;
  },
  d: Db,
): Promise<{ ok: true; user: PublicUser; userId: number } | { ok: false; taken: 'email' | 'name' }> {
  return inTransaction(d, async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ publicId: newPublicId(), ...values })
      .onConflictDoNothing()
      .returning({ id: users.id, ...PUBLIC_COLUMNS });
    if (inserted[0]) {
      const { id, ...row } = inserted[0];
      await publish(tx, 'account.created', { userId: id });
      return { ok: true as const, userId: id, user: toPublicUser(row) };
    }
    const [taken] = await tx
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} = ${values.email} OR ${users.nameKey} = ${values.nameKey}`)
      .limit(1);
    return { ok: false as const, taken: taken?.email === values.email ? ('email' as const) : ('name' as const) };
  });
}

/**
 * The account id for an e-mail and password, or null. An unknown e-mail and an account without a
 * password (Facebook or Google only) cost the same argon2 verification (against a decoy hash) as
 * a wrong password, so timing tells none of them apart.
 */
export async function verifyCredentials(email: string, password: string, db?: Db): Promise<number | null> {
  const d = await resolveDb(db);
  const [u] = await d
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!u?.passwordHash) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(u.passwordHash, password)) ? u.id : null;
}

/** Outcome of {@link changeEmail}: the owner's account view, or message keys per field (`forms`). */
export type ChangeEmailResult =
  { ok: true; account: OwnAccount } | { ok: false; errors: FieldErrors } | { ok: false; rateLimited: number };

/**
 * Changes the actor's e-mail address after re-authentication ({@link confirmIdentity}: `current`
 * is the password). The address follows the registration rules (`email: emailRequired`... as the
 * schema's keys, `email: emailInUse` when another account has it, never naming that account);
 * `_form: nothingToUpdate` when it is the same. Open password reset links (mailed to the old
 * address) are spent.
 * @throws AppError unauthorized when the actor may not change its own credentials (canChangeCredentials)
 */
export async function changeEmail(
  actor: Actor,
  input: { current: string; email: string },
  db?: Db,
): Promise<ChangeEmailResult> {
  if (!canChangeCredentials(actor, actor.userId)) throw new AppError('unauthorized');
  const parsed = z.object({ email: emailSchema }).safeParse({ email: input.email });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const email = parsed.data.email;
  const d = await resolveDb(db);
  const confirmed = await confirmIdentity(actor, input.current, d);
  if (!confirmed.ok) return confirmed;
  const [current] = await d.select({ email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!current) return { ok: false, errors: { _form: 'submitFailed' } };
  if (current.email === email) return { ok: false, errors: { _form: 'nothingToUpdate' } };
  const changed = await inTransaction(d, async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, actor.userId)))
      .limit(1);
    if (taken) return false;
    // A concurrent change to the same address still fails on the unique index (users_email_key).
    await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, actor.userId), isNull(passwordResetTokens.usedAt)));
    return true;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e)) return false;
    throw e;
  });
  if (!changed) return { ok: false, errors: { email: 'emailInUse' } };
  const account = await getOwnAccount(actor, d);
  return account ? { ok: true, account } : { ok: false, errors: { _form: 'submitFailed' } };
}

/** Whether a database error is a unique violation (SQLSTATE 23505), also when wrapped by drizzle. */
function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause)
    if ((x as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Outcome of {@link changePassword}: field errors are message keys (namespace `forms`). */
export type ChangePasswordResult =
  | { ok: true; sessionsEnded: number; tokensRevoked: number }
  | { ok: false; errors: FieldErrors }
  | { ok: false; rateLimited: number };

/**
 * Changes the actor's password after checking the current one (`current: credentialsIncorrect`
 * when wrong; failures count against the account's login limit, see {@link confirmIdentity}),
 * ends every other session of the account and, unless `revokeTokens` is false, revokes every
 * personal API token (the default: whoever knew the old password may have made one).
 * @throws AppError unauthorized when the actor may not change its own credentials (canChangeCredentials)
 */
export async function changePassword(
  actor: Actor,
  passwords: { current: string; next: string; revokeTokens?: boolean },
  db?: Db,
): Promise<ChangePasswordResult> {
  if (!canChangeCredentials(actor, actor.userId)) throw new AppError('unauthorized');
  const { current, next, revokeTokens = true } = passwords;
  const problem = passwordProblem(next);
  if (problem)
    return {
      ok: false,
      errors: {
        password: problem === 'tooShort' ? 'passwordTooShort' : problem === 'tooLong' ? 'maxLength' : 'passwordCommon',
      },
    };
  const d = await resolveDb(db);
  const [u] = await d
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  // An account without a password sets one through the password reset, not here.
  if (!u?.passwordHash) return { ok: false, errors: { current: 'credentialsIncorrect' } };
  const confirmed = await confirmIdentity(actor, current, d);
  if (!confirmed.ok) return confirmed;
  const passwordHash = await hashPassword(next);
  return d.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    const sessionsEnded = await revokeAllSessions(actor, { keepCurrent: true }, tx as unknown as Db);
    const tokensRevoked = revokeTokens ? await revokeAllApiTokens(actor.userId, tx as unknown as Db) : 0;
    return { ok: true as const, sessionsEnded, tokensRevoked };
  });
}

/**
 * The logged-in user's own account view (`/api/me`, the edit page): public fields plus settings.
 * No e-mail address leaves the server, not even to its owner: `email_hint` shows its first letter
 * and domain ("j…@example.fi") so the owner recognises it. Never the password hash.
 */
export type OwnAccount = PublicUser & {
  email_hint: string;
  /** False for an account that logs in only through Facebook or Google (re-authenticates by a fresh login). */
  has_password: boolean;
  newsletter: boolean;
  email_notifications: boolean;
  user_email: boolean;
  review_notifications: boolean;
  release_notifications: boolean;
  notifications_unseen_count: number;
  /**
   * The member's own suggestions waiting for approval about an entity that exists (the item pages'
   * "awaiting approval" notice): request and entity public ids, entity and kind.
   */
  own_pending_changes: OwnPendingChange[];
  /** Admins only (absent for everyone else): how many change requests wait in /admin/changes. */
  pending_changes_count?: number;
};

/** "jaana@example.fi" → "j…@example.fi". */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…';
}

/**
 * The actor's own account, or null when it is gone: one query (for an admin with the count of
 * the change-request queue).
 * @throws AppError unauthorized when the actor may not see its own private profile (canSeePrivateProfile)
 */
export async function getOwnAccount(actor: Actor, db?: Db): Promise<OwnAccount | null> {
  if (!canSeePrivateProfile(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const admin = hasRole(actor, 'admin');
  const [r] = await d
    .select({
      ...PUBLIC_COLUMNS,
      ...FLAG_COLUMNS,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      // The partial index notifications_unseen_idx serves the count.
      // (The outer table is named as such: drizzle writes a column of a select as its bare name.)
      unseen: sql<number>`(SELECT count(*)::int FROM notifications n WHERE n.user_id = "users"."id" AND n.seen_at IS NULL)`,
      ownPending: ownPendingChangesSql(sql`"users"."id"`),
      // Counted for admins only: a member's /me asks nothing of the queue.
      ...(admin ? { pendingChanges: PENDING_COUNT_SQL } : {}),
    })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!r) return null;
  return {
    ...toPublicUser(r),
    email_hint: emailHint(r.email),
    has_password: Boolean(r.hasPassword),
    newsletter: r.newsletter,
    email_notifications: r.emailNotifications,
    user_email: r.userEmail,
    review_notifications: r.reviewNotifications,
    release_notifications: r.releaseNotifications,
    notifications_unseen_count: Number(r.unseen),
    own_pending_changes: parseOwnPendingChanges(r.ownPending),
    ...('pendingChanges' in r ? { pending_changes_count: Number(r.pendingChanges) } : {}),
  };
}

/** Users per page of `/users` and `GET /api/users`. */
export const USER_PAGE_SIZE = 48;

const USER_SORT: KeysetSort = { name: 'name', expr: sql`u.name_key`, cast: 'text', dir: 'asc' };

/**
 * One page of users by name (folded), optionally those whose name contains `q` (case-, accent-
 * and punctuation-insensitive; trigram index) and those who gave `country` (an id of
 * lib/validation/enums.ts COUNTRIES) in their profile. Public fields only.
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listUsers(
  query: { q?: string | null; country?: number | null },
  page: Paging = {},
  db?: Db,
): Promise<Page<PublicUser>> {
  const { cursor = null, limit = USER_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const q = foldText(query.q);
  const conds = [q ? sql`u.name_key LIKE ${`%${q}%`}` : null, query.country ? sql`u.country = ${query.country}` : null];
  const rows = await keysetRows<{ id: number; sk: string | null } & Record<string, unknown>>(d, {
    columns: sql`u.id, u.public_id, u.name, u.role, u.country, u.municipality, u.picture, u.points, u.facebook_url, u.instagram_url, u.youtube_url,
      u.tiktok_url, u.x_url, u.created_at`,
    from: sql`users u`,
    conds: conds.filter((c) => c !== null),
    sort: USER_SORT,
    idCol: sql`u.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: USER_SORT }, (r) =>
    toPublicUser({
      publicId: r.public_id as string,
      name: r.name as string,
      role: r.role as Role,
      country: r.country as number | null,
      municipality: r.municipality as string | null,
      picture: r.picture as string | null,
      points: r.points as number,
      facebookUrl: r.facebook_url as string | null,
      instagramUrl: r.instagram_url as string | null,
      youtubeUrl: r.youtube_url as string | null,
      tiktokUrl: r.tiktok_url as string | null,
      xUrl: r.x_url as string | null,
      createdAt: new Date(r.created_at as string | Date),
    }),
  );
}

/** A country that members gave in their profiles, with how many did (the users list's filter). */
export type UserCountry = { country: number; members: number };

/** The countries members gave in their profiles, the most members first, then by id. */
export async function userCountries(db?: Db): Promise<UserCountry[]> {
  const d = await resolveDb(db);
  const rows = await queryRows<{ country: number; members: number | string }>(
    d,
    sql`SELECT country, count(*) AS members FROM users WHERE country IS NOT NULL
        GROUP BY country ORDER BY count(*) DESC, country`,
  );
  return rows.map((r) => ({ country: Number(r.country), members: Number(r.members) }));
}

/** What the users list says of each member besides points: reviews written, items owned. */
export type UserListCounts = { reviews: number; owned: number };

/**
 * For the members of a users list page (public ids): how many reviews each has written and how
 * many items their public "owned" lists (style 3, not in the trash) hold, the same for every
 * viewer. Members not found are absent from the map.
 */
export async function userListCounts(publicIds: readonly string[], db?: Db): Promise<Map<string, UserListCounts>> {
  if (!publicIds.length) return new Map();
  const d = await resolveDb(db);
  const rows = await queryRows<UserListCounts & { public_id: string }>(
    d,
    sql`SELECT u.public_id,
          (SELECT count(*) FROM reviews r WHERE r.user_id = u.id)::int AS reviews,
          (SELECT coalesce(sum(c.entries_count), 0) FROM collections c
            WHERE c.user_id = u.id AND c.style = 3 AND c.visibility = 'public' AND c.deleted_at IS NULL)::int AS owned
        FROM users u WHERE ${inList(sql`u.public_id`, publicIds)}`,
  );
  return new Map(rows.map((r) => [r.public_id, { reviews: Number(r.reviews), owned: Number(r.owned) }]));
}

/** Outcome of {@link updateProfile}: field errors are message keys (`_form: nothingToUpdate`). */
export type UpdateProfileResult = { ok: true; account: OwnAccount } | { ok: false; errors: FieldErrors };

/**
 * Saves the actor's profile ("edit my data": country, municipality, social links, flags). The
 * form sends every field; a field left out (undefined: an API client's partial PATCH) keeps its
 * stored value. `_form: nothingToUpdate` when nothing differs.
 * @throws AppError unauthorized when the actor may not edit its own profile (canEditProfile)
 */
export async function updateProfile(actor: Actor, input: Partial<ProfileInput>, db?: Db): Promise<UpdateProfileResult> {
  if (!canEditProfile(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const [current] = await d
    .select({ ...PUBLIC_COLUMNS, ...FLAG_COLUMNS })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!current) return { ok: false, errors: { _form: 'submitFailed' } };
  const stored: ProfileInput = {
    country: current.country ?? '',
    municipality: current.municipality ?? '',
    facebookUrl: current.facebookUrl ?? '',
    instagramUrl: current.instagramUrl ?? '',
    youtubeUrl: current.youtubeUrl ?? '',
    tiktokUrl: current.tiktokUrl ?? '',
    xUrl: current.xUrl ?? '',
    newsletter: current.newsletter,
    emailNotifications: current.emailNotifications,
    userEmail: current.userEmail,
    reviewNotifications: current.reviewNotifications,
    releaseNotifications: current.releaseNotifications,
  };
  const parsed = profileSchema.safeParse(overStored(stored, input));
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const changed = (Object.keys(v) as (keyof typeof v)[]).some((k) => v[k] !== current[k]);
  if (!changed) return { ok: false, errors: { _form: 'nothingToUpdate' } };
  await d
    .update(users)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
  const account = await getOwnAccount(actor, d);
  return account ? { ok: true, account } : { ok: false, errors: { _form: 'submitFailed' } };
}

/**
 * Sets (or with null removes) the actor's profile picture: a file stored by lib/images.ts
 * storePicture; the previous picture's variants (`sizes`) are deleted.
 * @throws AppError unauthorized when the actor may not edit its own profile (canEditProfile)
 */
export async function setUserPicture(
  actor: Actor,
  picture: { file: string | null; sizes: string[] },
  db?: Db,
): Promise<void> {
  if (!canEditProfile(actor, actor.userId)) throw new AppError('unauthorized');
  const { file, sizes } = picture;
  const d = await resolveDb(db);
  const [before] = await d.select({ picture: users.picture }).from(users).where(eq(users.id, actor.userId)).limit(1);
  await d.update(users).set({ picture: file, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  if (before?.picture && before.picture !== file) removePicture(before.picture, sizes);
}

/** What a member has done on the site, as counts (the profile's activity summary). */
export type UserActivity = { reviews: number; posts: number; friends: number; collections: number };

/**
 * Counts of a member's reviews, discussions (posts), friends (accepted) and the collections the
 * viewer may see (public ones not in the trash, and the viewer's own not in the trash): the same
 * items the user page's tabs list. Each count is an index range scan on the member's id.
 * @returns the counts, or null for an unknown user
 */
export async function userActivity(viewer: Actor | null, publicId: string, db?: Db): Promise<UserActivity | null> {
  const d = await resolveDb(db);
  const visible = collectionVisibleTo(viewer);
  const [row] = await queryRows<UserActivity>(
    d,
    sql`SELECT
          (SELECT count(*) FROM reviews r WHERE r.user_id = u.id)::int AS reviews,
          (SELECT count(*) FROM posts p WHERE p.user_id = u.id)::int AS posts,
          ((SELECT count(*) FROM friendships f WHERE f.requester_id = u.id AND f.state = 'accepted')
            + (SELECT count(*) FROM friendships f WHERE f.addressee_id = u.id AND f.state = 'accepted'))::int AS friends,
          (SELECT count(*) FROM collections c
            WHERE c.user_id = u.id AND c.deleted_at IS NULL AND ${visible})::int AS collections
        FROM users u WHERE u.public_id = ${publicId}`,
  );
  return row ?? null;
}

/**
 * The entries of a member's collections of one style (lib/validation/collection-limits.ts COLLECTION_STYLES:
 * 3 owned, 4 wanted, 2 watched …) that the viewer may see. `collection` is the public id of the
 * collection when only one of that style is visible (the profile links to it), else null.
 */
export type CollectedStyle = { style: number; entries: number; collections: number; collection: string | null };

/**
 * How many items a member keeps per collection style, over the collections the viewer may see
 * (public ones not in the trash, and the viewer's own not in the trash; the same ones the
 * collections tab lists), styles without entries left out, in style order. Counts come from the
 * collections' `entries_count`.
 * @returns one row per style holding entries; empty for an unknown user
 */
export async function userCollected(viewer: Actor | null, publicId: string, db?: Db): Promise<CollectedStyle[]> {
  const d = await resolveDb(db);
  const rows = await queryRows<CollectedStyle>(
    d,
    sql`SELECT c.style, sum(c.entries_count)::int AS entries, count(*)::int AS collections,
          CASE WHEN count(*) = 1 THEN min(c.public_id) END AS collection
        FROM collections c JOIN users u ON u.id = c.user_id
        WHERE u.public_id = ${publicId} AND c.deleted_at IS NULL AND ${collectionVisibleTo(viewer)}
        GROUP BY c.style HAVING sum(c.entries_count) > 0
        ORDER BY c.style`,
  );
  return rows.map((r) => ({ ...r, style: Number(r.style) }));
}

/** One public user by public id, or null. */
export async function getUser(publicId: string, db?: Db): Promise<PublicUser | null> {
  const d = await resolveDb(db);
  const [r] = await d.select(PUBLIC_COLUMNS).from(users).where(eq(users.publicId, publicId)).limit(1);
  return r ? toPublicUser(r) : null;
}

/**
 * Deletes the actor's account and everything that belongs to it, in one transaction: irreversible. Only
 * after re-authentication ({@link reauthenticate}: `current` is the account's password, or ""
 * for an account without one, which needs a login within FRESH_LOGIN_SECONDS). The
 * `account.deleting` event lets other domains take the user out of derived rows first (toggle
 * counters); the user's own rows (sessions, tokens, collections, entries, likes, import reports,
 * unknown barcodes) go with the user row (foreign keys ON DELETE CASCADE).
 * @returns `{ ok: true }` when deleted; `current: credentialsIncorrect | reauthFreshLogin` when
 *   not confirmed (also for an account that is already gone: there is no password to check)
 * @throws AppError unauthorized when the actor may not delete its own account (canDeleteAccount);
 *   rate_limited after 5 wrong passwords (the account's login limit); not_found when the account
 *   went between the confirmation and the deletion
 */
export async function deleteAccount(actor: Actor, current: string, db?: Db): Promise<{ ok: true } | ReauthRefused> {
  if (!canDeleteAccount(actor, actor.userId)) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const refused = await reauthenticate(actor, current, d);
  if (refused) return refused;
  const gone = await inTransaction(d, async (tx) => {
    await publish(tx, 'account.deleting', { userId: actor.userId, pages: [], collections: [] });
    return tx.delete(users).where(eq(users.id, actor.userId)).returning({ id: users.id, picture: users.picture });
  });
  // The profile picture's files go once the rows are gone (files are not transactional).
  if (!gone[0]) throw new AppError('not_found');
  if (gone[0].picture) removePicture(gone[0].picture, Object.keys(AVATAR_SIZES));
  return { ok: true };
}
