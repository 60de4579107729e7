import 'server-only';
/**
 * Accounts and sessions (spec §3 User, §4, §6). Reads return public fields only: no e-mail and no
 * password hash ever leaves this module except to the account's own session (`getOwnAccount`).
 * Session tokens and other secrets are random 32-byte base64url strings handed to the browser
 * once; the database keeps their SHA-256.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { apiTokens, passwordResetTokens, userSessions, users } from '@/db/schema';
import type { Actor, Role } from '@/lib/auth/actor';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '@/lib/auth/password';
import { AVATAR_SIZES, removePicture } from '@/lib/images';
import { foldText } from '@/lib/text';
import { API_TOKEN_NAME_MAX, RESET_TOKEN_MINUTES } from '@/lib/validation/limits';
import { fieldErrors, profileSchema, registerSchema, type FieldErrors, type ProfileInput, type RegisterInput } from '@/lib/validation/users';
import { keysetRows, pageOf, type KeysetSort } from './keyset';
import { resolveDb } from './sql';
import { inTransaction, publish } from './events';
import { newPublicId } from './public-id';
import type { Page } from './types';

/** Days a session lasts after its last use ("remember me"; extended on use). */
export const SESSION_DAYS = 30;
/** A session's expiry is pushed forward at most this often (seconds), to spare a write per request. */
export const SESSION_TOUCH_SECONDS = 3600;


/** A user as any visitor may see it (`/api/users`, user pages): public fields only. */
export type PublicUser = {
  public_id: string;
  name: string;
  role: Role;
  country: number | null;
  municipality: string | null;
  picture: string | null;
  points: number;
  social: { facebook: string | null; instagram: string | null; youtube: string | null; tiktok: string | null; x: string | null };
  created_at: string;
};

/** One session in the owner's session list; `current` marks the one making the request. */
export type SessionInfo = { id: number; created_at: string; last_used_at: string; expires_at: string; user_agent: string | null; ip: string | null; current: boolean };

/** A new random secret (32 bytes, base64url) and its SHA-256 (hex), which is what is stored. */
export function newSecret(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

/** SHA-256 (hex) of a secret token. */
export function hashSecret(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

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
    social: { facebook: r.facebookUrl, instagram: r.instagramUrl, youtube: r.youtubeUrl, tiktok: r.tiktokUrl, x: r.xUrl },
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
  if (!nameKey) return { ok: false, errors: { name: 'invalid' } };
  const passwordHash = await hashPassword(v.password);
  const r = await insertAccount({ name: v.name, nameKey, email: v.email, passwordHash, country: v.country, role: opts.role ?? 'basic' }, d);
  if (r.ok) return r;
  return { ok: false, errors: r.taken === 'email' ? { email: 'emailInUse' } : { name: 'nameInUse' } };
}

/**
 * Inserts an account whose fields are already validated (`nameKey` = foldText(name), `email`
 * lower-cased), with the default lists every user has (the `account.created` event: lib/data/shortcut-lists.ts createDefaultLists). Shared
 * by password registration and Facebook/Google registration (social.ts).
 * @returns the new user, or which unique field (`email` or `name`) is taken
 */
export async function insertAccount(
  values: { name: string; nameKey: string; email: string; passwordHash: string | null; country: number | null; role: Role },
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
 * The account id for an e-mail and password, or null. An unknown e-mail costs the same argon2
 * verification as a wrong password, so timing does not tell which one was wrong.
 */
export async function verifyCredentials(email: string, password: string, db?: Db): Promise<number | null> {
  const d = await resolveDb(db);
  const [u] = await d
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!u) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(u.passwordHash, password)) ? u.id : null;
}

/**
 * Starts a session for a user. `userAgent` is cut to 300 characters.
 * @returns the token for the browser (shown once) and its expiry
 */
export async function createSession(userId: number, meta: { userAgent?: string | null; ip?: string | null } = {}, db?: Db): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const d = await resolveDb(db);
  const { token, hash } = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const [row] = await d
    .insert(userSessions)
    .values({ userId, tokenHash: hash, expiresAt, userAgent: meta.userAgent?.slice(0, 300) ?? null, ip: meta.ip ?? null })
    .returning({ id: userSessions.id });
  return { token, sessionId: row.id, expiresAt };
}

/**
 * The actor of a session token, or null when the token is unknown, revoked or expired. A session
 * used after SESSION_TOUCH_SECONDS gets its expiry pushed to SESSION_DAYS from now.
 */
export async function sessionActor(token: string | null | undefined, db?: Db): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  const d = await resolveDb(db);
  const [s] = await d
    .select({ sessionId: userSessions.id, lastUsedAt: userSessions.lastUsedAt, userId: users.id, publicId: users.publicId, name: users.name, role: users.role })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.tokenHash, hashSecret(token)), gt(userSessions.expiresAt, new Date())))
    .limit(1);
  if (!s) return null;
  if (Date.now() - new Date(s.lastUsedAt).getTime() > SESSION_TOUCH_SECONDS * 1000) {
    await d
      .update(userSessions)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
      .where(eq(userSessions.id, s.sessionId));
  }
  return { userId: s.userId, publicId: s.publicId, name: s.name, role: s.role, sessionId: s.sessionId };
}

/** The actor's sessions that have not expired, most recently used first. */
export async function listSessions(actor: Actor, db?: Db): Promise<SessionInfo[]> {
  const d = await resolveDb(db);
  const rows = await d
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, actor.userId), gt(userSessions.expiresAt, new Date())))
    .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.id));
  return rows.map((r) => ({
    id: r.id,
    created_at: new Date(r.createdAt).toISOString(),
    last_used_at: new Date(r.lastUsedAt).toISOString(),
    expires_at: new Date(r.expiresAt).toISOString(),
    user_agent: r.userAgent,
    ip: r.ip,
    current: r.id === actor.sessionId,
  }));
}

/**
 * Ends one of the actor's own sessions (another user's session id is ignored).
 * @returns true when a session was ended
 */
export async function revokeSession(actor: Actor, sessionId: number, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const gone = await d
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, actor.userId)))
    .returning({ id: userSessions.id });
  return gone.length > 0;
}

/**
 * Ends every session of the actor ("log out everywhere"), or every other one with `keepCurrent`.
 * @returns the number of sessions ended
 */
export async function revokeAllSessions(actor: Actor, opts: { keepCurrent?: boolean } = {}, db?: Db): Promise<number> {
  const d = await resolveDb(db);
  const keep = opts.keepCurrent && actor.sessionId != null ? ne(userSessions.id, actor.sessionId) : undefined;
  const gone = await d
    .delete(userSessions)
    .where(and(eq(userSessions.userId, actor.userId), keep))
    .returning({ id: userSessions.id });
  return gone.length;
}

/** Outcome of {@link changePassword}: field errors are message keys (namespace `forms`). */
export type ChangePasswordResult = { ok: true; sessionsEnded: number } | { ok: false; errors: FieldErrors };

/**
 * Changes the actor's password after checking the current one (`current: credentialsIncorrect`
 * when wrong), and ends every other session of the account.
 */
export async function changePassword(actor: Actor, current: string, next: string, db?: Db): Promise<ChangePasswordResult> {
  const problem = passwordProblem(next);
  if (problem) return { ok: false, errors: { password: problem === 'tooShort' ? 'passwordTooShort' : problem === 'tooLong' ? 'maxLength' : 'passwordCommon' } };
  const d = await resolveDb(db);
  const [u] = await d.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!u || !(await verifyPassword(u.passwordHash, current))) return { ok: false, errors: { current: 'credentialsIncorrect' } };
  const passwordHash = await hashPassword(next);
  const sessionsEnded = await d.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    return revokeAllSessions(actor, { keepCurrent: true }, tx as unknown as Db);
  });
  return { ok: true, sessionsEnded };
}

/** A personal API token as its owner sees it in the list (the token itself is shown once, at creation). */
export type ApiTokenInfo = { id: number; name: string; created_at: string; last_used_at: string | null };

/** Most API tokens one account may hold. */
export const API_TOKENS_MAX = 10;

/**
 * Creates a personal API token for `Authorization: Bearer <token>`.
 * @returns the token (shown once) and its id; null when the name is empty or too long or the
 *   account already holds API_TOKENS_MAX tokens
 */
export async function createApiToken(actor: Actor, name: string, db?: Db): Promise<{ id: number; token: string } | null> {
  const label = name.trim();
  if (!label || label.length > API_TOKEN_NAME_MAX) return null;
  const d = await resolveDb(db);
  const [{ n }] = await d.select({ n: sql<number>`count(*)::int` }).from(apiTokens).where(eq(apiTokens.userId, actor.userId));
  if (n >= API_TOKENS_MAX) return null;
  const { token, hash } = newSecret();
  const [row] = await d.insert(apiTokens).values({ userId: actor.userId, name: label, tokenHash: hash }).returning({ id: apiTokens.id });
  return { id: row.id, token };
}

/** The actor's API tokens, newest first. */
export async function listApiTokens(actor: Actor, db?: Db): Promise<ApiTokenInfo[]> {
  const d = await resolveDb(db);
  const rows = await d.select().from(apiTokens).where(eq(apiTokens.userId, actor.userId)).orderBy(desc(apiTokens.id));
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: new Date(r.createdAt).toISOString(), last_used_at: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null }));
}

/** Revokes one of the actor's API tokens. @returns true when one was revoked */
export async function revokeApiToken(actor: Actor, id: number, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const gone = await d
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.userId)))
    .returning({ id: apiTokens.id });
  return gone.length > 0;
}

/** The actor of a personal API token (`sessionId` null), or null for an unknown or revoked token. */
export async function apiTokenActor(token: string | null | undefined, db?: Db): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  const d = await resolveDb(db);
  const [t] = await d
    .select({ tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, userId: users.id, publicId: users.publicId, name: users.name, role: users.role })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashSecret(token)))
    .limit(1);
  if (!t) return null;
  if (!t.lastUsedAt || Date.now() - new Date(t.lastUsedAt).getTime() > SESSION_TOUCH_SECONDS * 1000) {
    await d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, t.tokenId));
  }
  return { userId: t.userId, publicId: t.publicId, name: t.name, role: t.role, sessionId: null };
}

/**
 * Ends the session of a session token (logout). Unknown tokens are ignored.
 * @returns true when a session was ended
 */
export async function endSession(token: string | null | undefined, db?: Db): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const d = await resolveDb(db);
  const gone = await d.delete(userSessions).where(eq(userSessions.tokenHash, hashSecret(token))).returning({ id: userSessions.id });
  return gone.length > 0;
}

/**
 * The logged-in user's own account view (`/api/me`, the edit page): public fields plus settings.
 * No e-mail address leaves the server, not even to its owner: `email_hint` shows its first letter
 * and domain ("j…@example.fi") so the owner recognises it. Never the password hash.
 */
export type OwnAccount = PublicUser & {
  email_hint: string;
  newsletter: boolean;
  email_notifications: boolean;
  user_email: boolean;
  review_notifications: boolean;
  release_notifications: boolean;
  notifications_unseen_count: number;
};

/** "jaana@example.fi" → "j…@example.fi". */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…';
}

/** The actor's own account, or null when it is gone. */
export async function getOwnAccount(actor: Actor, db?: Db): Promise<OwnAccount | null> {
  const d = await resolveDb(db);
  const [r] = await d
    .select({ ...PUBLIC_COLUMNS, ...FLAG_COLUMNS, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!r) return null;
  return {
    ...toPublicUser(r),
    email_hint: emailHint(r.email),
    newsletter: r.newsletter,
    email_notifications: r.emailNotifications,
    user_email: r.userEmail,
    review_notifications: r.reviewNotifications,
    release_notifications: r.releaseNotifications,
    // Notifications arrive with moderation (a later issue); until then there are none.
    notifications_unseen_count: 0,
  };
}

/** Users per page of `/users` and `GET /api/users`. */
export const USER_PAGE_SIZE = 48;

const USER_SORT: KeysetSort = { name: 'name', expr: sql`u.name_key`, cast: 'text', dir: 'asc' };

/**
 * One page of users by name (folded), optionally those whose name contains `q` (case-, accent-
 * and punctuation-insensitive; trigram index). Public fields only.
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listUsers(query: { q?: string | null }, cursor?: string | null, limit = USER_PAGE_SIZE, db?: Db): Promise<Page<PublicUser>> {
  const d = await resolveDb(db);
  const q = foldText(query.q);
  const rows = await keysetRows<{ id: number; sk: string | null } & Record<string, unknown>>(d, {
    columns: sql`u.id, u.public_id, u.name, u.role, u.country, u.municipality, u.picture, u.points, u.facebook_url, u.instagram_url, u.youtube_url, u.tiktok_url, u.x_url, u.created_at`,
    from: sql`users u`,
    conds: q ? [sql`u.name_key LIKE ${`%${q}%`}`] : [],
    sort: USER_SORT,
    idCol: sql`u.id`,
    cursor,
    limit,
  });
  return pageOf(rows, limit, USER_SORT, (r) =>
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

/** Outcome of {@link updateProfile}: field errors are message keys (`_form: nothingToUpdate`). */
export type UpdateProfileResult = { ok: true; account: OwnAccount } | { ok: false; errors: FieldErrors };

/**
 * Saves the actor's profile ("edit my data": country, municipality, social links, flags). Every
 * field is given (the form sends them all); `_form: nothingToUpdate` when nothing differs.
 */
export async function updateProfile(actor: Actor, input: ProfileInput, db?: Db): Promise<UpdateProfileResult> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const v = parsed.data;
  const d = await resolveDb(db);
  const [current] = await d
    .select({ ...PUBLIC_COLUMNS, ...FLAG_COLUMNS })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!current) return { ok: false, errors: { _form: 'submitFailed' } };
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
 */
export async function setUserPicture(actor: Actor, file: string | null, sizes: string[], db?: Db): Promise<void> {
  const d = await resolveDb(db);
  const [before] = await d.select({ picture: users.picture }).from(users).where(eq(users.id, actor.userId)).limit(1);
  await d.update(users).set({ picture: file, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  if (before?.picture && before.picture !== file) removePicture(before.picture, sizes);
}


/**
 * Creates a one-time password reset token for the account of an e-mail address.
 * @returns the token (for the mailed link) and the user's name, or null for an unknown address
 */
export async function createPasswordReset(email: string, db?: Db): Promise<{ token: string; name: string; email: string } | null> {
  const d = await resolveDb(db);
  const [u] = await d.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!u) return null;
  const { token, hash } = newSecret();
  await d.insert(passwordResetTokens).values({ userId: u.id, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) });
  return { token, name: u.name, email: u.email };
}

/** Outcome of {@link redeemPasswordReset}: field errors are message keys (`_form: resetInvalid`). */
export type RedeemResult = { ok: true; userId: number } | { ok: false; errors: FieldErrors };

/**
 * Sets a new password with a reset token: the token must exist, be unused and unexpired; it is
 * spent, every other reset token of the account too, and every session of the account ends.
 */
export async function redeemPasswordReset(token: string, password: string, password2: string, db?: Db): Promise<RedeemResult> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, errors: { password: problem === 'tooShort' ? 'passwordTooShort' : problem === 'tooLong' ? 'maxLength' : 'passwordCommon' } };
  if (password !== password2) return { ok: false, errors: { password2: 'passwordsDoNotMatch' } };
  if (!token || token.length > 100) return { ok: false, errors: { _form: 'resetInvalid' } };
  const d = await resolveDb(db);
  const passwordHash = await hashPassword(password);
  return d.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashSecret(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return { ok: false, errors: { _form: 'resetInvalid' } } as RedeemResult;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(userSessions).where(eq(userSessions.userId, spent.userId));
    return { ok: true, userId: spent.userId } as RedeemResult;
  });
}

/** One public user by public id, or null. */
export async function getUser(publicId: string, db?: Db): Promise<PublicUser | null> {
  const d = await resolveDb(db);
  const [r] = await d.select(PUBLIC_COLUMNS).from(users).where(eq(users.publicId, publicId)).limit(1);
  return r ? toPublicUser(r) : null;
}

/**
 * Deletes the actor's account and everything §4 lists, in one transaction: irreversible. The
 * `account.deleting` event lets other domains take the user out of derived rows first (toggle
 * counters); the user's own rows (sessions, tokens, collections, entries, likes, import reports,
 * unknown barcodes) go with the user row (foreign keys ON DELETE CASCADE).
 * @returns true when the account existed
 */
export async function deleteAccount(actor: Actor, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const gone = await inTransaction(d, async (tx) => {
    await publish(tx, 'account.deleting', { userId: actor.userId });
    return tx.delete(users).where(eq(users.id, actor.userId)).returning({ id: users.id, picture: users.picture });
  });
  // The profile picture's files go once the rows are gone (files are not transactional).
  if (gone[0]?.picture) removePicture(gone[0].picture, Object.keys(AVATAR_SIZES));
  return gone.length > 0;
}

/** Deletes expired sessions and spent or expired reset tokens. @returns rows deleted */
export async function purgeExpiredSessions(db?: Db): Promise<number> {
  const d = await resolveDb(db);
  const now = new Date();
  const a = await d.delete(userSessions).where(lt(userSessions.expiresAt, now)).returning({ id: userSessions.id });
  const b = await d.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.id });
  return a.length + b.length;
}
